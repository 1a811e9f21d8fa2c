// numpy's `np.random.default_rng(seed)` (SeedSequence → PCG64 XSL-RR) and `Generator.integers`, bit for bit, so the
// random dataset draws the same lengths and offsets as `vllm bench serve` for the same seed.

const MASK64 = (1n << 64n) - 1n;
const MASK128 = (1n << 128n) - 1n;
const PCG_MULTIPLIER = (2549297995355413924n << 64n) + 4865540595714422341n;

const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const POOL_SIZE = 4;

function entropyWords(seed: number | bigint): number[] {
  let value = BigInt(seed);
  if (value < 0n) throw new Error(`seed must be non-negative, got ${seed}`);
  const words: number[] = [];
  while (value > 0n) {
    words.push(Number(value & 0xffffffffn));
    value >>= 32n;
  }
  return words.length ? words : [0];
}

/** numpy SeedSequence(seed).generate_state(words, uint32). */
export function seedSequenceState(seed: number | bigint, words: number): number[] {
  const entropy = entropyWords(seed);
  let hashConst = INIT_A;
  const hashmix = (input: number): number => {
    let value = (input ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    value = Math.imul(value, hashConst) >>> 0;
    return (value ^ (value >>> 16)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const result = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
    return (result ^ (result >>> 16)) >>> 0;
  };
  const pool = new Array<number>(POOL_SIZE).fill(0);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashmix(i < entropy.length ? entropy[i] : 0);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  }
  for (let src = POOL_SIZE; src < entropy.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  }
  const state: number[] = [];
  let constB = INIT_B;
  for (let i = 0; i < words; i++) {
    let value = (pool[i % POOL_SIZE] ^ constB) >>> 0;
    constB = Math.imul(constB, MULT_B) >>> 0;
    value = Math.imul(value, constB) >>> 0;
    state.push((value ^ (value >>> 16)) >>> 0);
  }
  return state;
}

export class PCG64 {
  private state = 0n;
  private readonly inc: bigint;
  private heldUint32: number | null = null;

  constructor(seed: number | bigint) {
    const w = seedSequenceState(seed, 8);
    const u64 = (k: number): bigint => (BigInt(w[2 * k + 1]) << 32n) | BigInt(w[2 * k]);
    const initState = (u64(0) << 64n) | u64(1);
    const initSeq = (u64(2) << 64n) | u64(3);
    this.inc = ((initSeq << 1n) | 1n) & MASK128;
    this.step();
    this.state = (this.state + initState) & MASK128;
    this.step();
  }

  private step(): void {
    this.state = (this.state * PCG_MULTIPLIER + this.inc) & MASK128;
  }

  nextUint64(): bigint {
    this.step();
    const high = this.state >> 64n;
    const low = this.state & MASK64;
    const xored = high ^ low;
    const rot = this.state >> 122n;
    return ((xored >> rot) | (xored << ((64n - rot) & 63n))) & MASK64;
  }

  /** Half of a 64-bit draw, low half first, as numpy's pcg64_next32. */
  nextUint32(): number {
    if (this.heldUint32 !== null) {
      const held = this.heldUint32;
      this.heldUint32 = null;
      return held;
    }
    const next = this.nextUint64();
    this.heldUint32 = Number(next >> 32n);
    return Number(next & 0xffffffffn);
  }
}

/** numpy `Generator` over PCG64: the `integers` draws vLLM's datasets make. */
export class NumpyGenerator {
  private readonly bits: PCG64;

  constructor(seed: number | bigint) {
    this.bits = new PCG64(seed);
  }

  /** One draw of `integers(low, high)` (high exclusive, int64 dtype). */
  integer(low: number, high: number): number {
    if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high) || high <= low) {
      throw new Error(`integers: need integers low < high, got ${low}, ${high}`);
    }
    const range = high - 1 - low;
    if (range === 0) return low;
    if (range <= 0xffffffff) {
      if (range === 0xffffffff) return low + this.bits.nextUint32();
      return low + this.boundedUint32(range);
    }
    return low + Number(this.boundedUint64(BigInt(range)));
  }

  /** `integers(low, high, size=n)`. */
  integers(low: number, high: number, size: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < size; i++) out.push(this.integer(low, high));
    return out;
  }

  // Lemire's nearly-divisionless bounded draw on 32-bit words (numpy buffered_bounded_lemire_uint32).
  private boundedUint32(range: number): number {
    const excl = range + 1;
    let m = BigInt(this.bits.nextUint32()) * BigInt(excl);
    let leftover = Number(m & 0xffffffffn);
    if (leftover < excl) {
      const threshold = (0xffffffff - range) % excl;
      while (leftover < threshold) {
        m = BigInt(this.bits.nextUint32()) * BigInt(excl);
        leftover = Number(m & 0xffffffffn);
      }
    }
    return Number(m >> 32n);
  }

  private boundedUint64(range: bigint): bigint {
    const excl = range + 1n;
    let m = this.bits.nextUint64() * excl;
    let leftover = m & MASK64;
    if (leftover < excl) {
      const threshold = (MASK64 - range) % excl;
      while (leftover < threshold) {
        m = this.bits.nextUint64() * excl;
        leftover = m & MASK64;
      }
    }
    return m >> 64n;
  }
}
