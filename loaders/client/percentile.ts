// numpy's reductions as vLLM calls them: mean/std by pairwise summation, median, percentile with linear interpolation.

const BLOCK = 128;

/** numpy's pairwise summation (float64 add.reduce), so sums agree with numpy to the last bit. */
function pairwiseSum(values: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[start + i];
    return sum;
  }
  if (n <= BLOCK) {
    const r = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => values[start + k]);
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let k = 0; k < 8; k++) r[k] += values[start + i + k];
    }
    let sum = r[0] + r[1] + (r[2] + r[3]) + (r[4] + r[5] + (r[6] + r[7]));
    for (; i < n; i++) sum += values[start + i];
    return sum;
  }
  let half = Math.floor(n / 2);
  half -= half % 8;
  return pairwiseSum(values, start, half) + pairwiseSum(values, start + half, n - half);
}

export function sum(values: ArrayLike<number>): number {
  return values.length ? pairwiseSum(values, 0, values.length) : 0;
}

/** np.mean; an empty list is 0, as vLLM's `np.mean(x or 0)`. */
export function mean(values: ArrayLike<number>): number {
  return values.length ? sum(values) / values.length : 0;
}

/** np.std (population, ddof=0); empty → 0. */
export function std(values: ArrayLike<number>): number {
  if (!values.length) return 0;
  const m = mean(values);
  const squares = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const d = values[i] - m;
    squares[i] = d * d;
  }
  return Math.sqrt(sum(squares) / values.length);
}

function sorted(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** np.median; empty → 0. */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  if (!n) return 0;
  const s = sorted(values);
  const mid = n >> 1;
  return n % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** np.percentile(values, p) with the default 'linear' method; empty → 0. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (!values.length) return 0;
  return percentileOfSorted(sorted(values), p);
}

export function percentileOfSorted(s: ArrayLike<number>, p: number): number {
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile must be in [0, 100], got ${p}`);
  const n = s.length;
  if (!n) return 0;
  const virtual = (n - 1) * (p / 100);
  const previous = Math.floor(virtual);
  const next = Math.min(previous + 1, n - 1);
  const gamma = virtual - previous;
  const a = s[previous];
  const b = s[next];
  const diff = b - a;
  // numpy's _lerp switches form at t = 0.5 for accuracy.
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}
