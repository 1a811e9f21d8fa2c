// Mersenne Twister draws that match CPython's `random` and numpy's legacy `np.random` bit for bit, so a seed
// picks the same ShareGPT conversations and the same arrival gaps as `vllm bench serve`.

const N = 624;
const M = 397;

export class MT19937 {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  /** numpy `RandomState(seed)` / `np.random.seed(seed)` for a 32-bit int: init_genrand. */
  static fromInt(seed: number): MT19937 {
    const rng = new MT19937();
    rng.initGenrand(seed >>> 0);
    return rng;
  }

  /** CPython `random.seed(seed)` for an int: init_by_array over the 32-bit words of |seed|. */
  static fromPythonSeed(seed: number | bigint): MT19937 {
    let value = BigInt(seed);
    if (value < 0n) value = -value;
    const key: number[] = [];
    while (value > 0n) {
      key.push(Number(value & 0xffffffffn));
      value >>= 32n;
    }
    if (key.length === 0) key.push(0);
    const rng = new MT19937();
    rng.initByArray(key);
    return rng;
  }

  private initGenrand(seed: number): void {
    const mt = this.mt;
    mt[0] = seed >>> 0;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = N;
  }

  private initByArray(key: number[]): void {
    this.initGenrand(19650218);
    const mt = this.mt;
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1664525)) + key[j] + j) >>> 0;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = ((mt[i] ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
    this.index = N;
  }

  nextUint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      let kk = 0;
      for (; kk < N - M; kk++) {
        const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + M] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      for (; kk < N - 1; kk++) {
        const y = (mt[kk] & 0x80000000) | (mt[kk + 1] & 0x7fffffff);
        mt[kk] = mt[kk + (M - N)] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      const y = (mt[N - 1] & 0x80000000) | (mt[0] & 0x7fffffff);
      mt[N - 1] = mt[M - 1] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** 53-bit double in [0, 1): CPython `random.random()` and numpy's legacy `random_sample`. */
  nextDouble(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }
}

/** CPython's `random.Random` methods the datasets use. */
export class PythonRandom {
  private readonly mt: MT19937;

  constructor(seed: number) {
    this.mt = MT19937.fromPythonSeed(seed);
  }

  random(): number {
    return this.mt.nextDouble();
  }

  /** getrandbits(k) for 0 < k <= 32. */
  private bits(k: number): number {
    return this.mt.nextUint32() >>> (32 - k);
  }

  /** Uniform int in [0, n) by rejection, as `_randbelow_with_getrandbits`. */
  randbelow(n: number): number {
    if (n <= 0) throw new Error(`randbelow: n must be positive, got ${n}`);
    if (n > 2 ** 32) throw new Error(`randbelow: n above 2^32 is not supported (${n})`);
    const k = Math.floor(Math.log2(n)) + 1;
    if (k > 32) return this.randbelowWide(n);
    let r = this.bits(k);
    while (r >= n) r = this.bits(k);
    return r;
  }

  private randbelowWide(n: number): number {
    // n == 2^32 exactly: 33 bits, built from two words as CPython does (low word first).
    for (;;) {
      const low = this.mt.nextUint32();
      const high = this.mt.nextUint32() >>> 31;
      const r = high * 2 ** 32 + low;
      if (r < n) return r;
    }
  }

  shuffle<T>(items: T[]): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      const held = items[i];
      items[i] = items[j];
      items[j] = held;
    }
  }

  choice<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("choice from an empty sequence");
    return items[this.randbelow(items.length)];
  }
}

/** numpy's legacy global generator (`np.random.seed(s)`; `np.random.gamma`), as vLLM's arrival process uses it. */
export class NumpyLegacyRandom {
  private readonly mt: MT19937;
  private gaussHeld: number | null = null;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new Error(`numpy seed must be an integer in [0, 2^32), got ${seed}`);
    }
    this.mt = MT19937.fromInt(seed);
  }

  double(): number {
    return this.mt.nextDouble();
  }

  standardExponential(): number {
    return -Math.log(1 - this.double());
  }

  gauss(): number {
    if (this.gaussHeld !== null) {
      const held = this.gaussHeld;
      this.gaussHeld = null;
      return held;
    }
    let x1: number;
    let x2: number;
    let r2: number;
    do {
      x1 = 2 * this.double() - 1;
      x2 = 2 * this.double() - 1;
      r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1 || r2 === 0);
    const f = Math.sqrt((-2 * Math.log(r2)) / r2);
    this.gaussHeld = f * x1;
    return f * x2;
  }

  standardGamma(shape: number): number {
    if (shape === 1) return this.standardExponential();
    if (shape === 0) return 0;
    if (shape < 1) {
      for (;;) {
        const u = this.double();
        const v = this.standardExponential();
        if (u <= 1 - shape) {
          const x = Math.pow(u, 1 / shape);
          if (x <= v) return x;
        } else {
          const y = -Math.log((1 - u) / shape);
          const x = Math.pow(1 - shape + shape * y, 1 / shape);
          if (x <= v + y) return x;
        }
      }
    }
    const b = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * b);
    for (;;) {
      let x: number;
      let v: number;
      do {
        x = this.gauss();
        v = 1 + c * x;
      } while (v <= 0);
      v = v * v * v;
      const u = this.double();
      if (u < 1 - 0.0331 * (x * x) * (x * x)) return b * v;
      if (Math.log(u) < 0.5 * x * x + b * (1 - v + Math.log(v))) return b * v;
    }
  }

  gamma(shape: number, scale: number): number {
    return scale * this.standardGamma(shape);
  }
}
