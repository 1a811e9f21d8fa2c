// Student's t distribution: CDF through the regularized incomplete beta function, quantile by bisection on the CDF.
// Hand-written: the one function needed is ~60 lines, while the npm alternatives were either unmaintained without
// types (jstat) or hundreds of packages for a t quantile (@stdlib/stats-base-dists-t-quantile, BENCHMARKS.md); tests pin it to
// published table values.

// Lanczos approximation (g = 7, 9 terms): ln Γ(x) to about 15 significant digits for x > 0.
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7
];

export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Continued fraction of the incomplete beta function (modified Lentz), converging for x < (a + 1) / (a + b + 2). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    // Even step, then odd step of the fraction.
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h;
}

/** Regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The fraction converges fast on one side of the mean; the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) covers the other.
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(a, b, x)) / a
    : 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** P(T ≤ t) for Student's t with df degrees of freedom (df > 0, not necessarily whole: Welch's df is not). */
export function tCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

const quantiles = new Map<string, number>();

/** The t with P(T ≤ t) = p. */
export function tQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df > 0)) throw new RangeError(`t quantile needs 0 < p < 1 and df > 0 (p ${p}, df ${df})`);
  if (p < 0.5) return -tQuantile(1 - p, df);
  if (p === 0.5) return 0;
  const key = `${p}:${df}`;
  const cached = quantiles.get(key);
  if (cached !== undefined) return cached;
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) hi *= 2;
  // Bisection: the CDF is monotone, and 200 halvings reach the limit of double precision.
  for (let i = 0; i < 200 && hi - lo > 1e-14 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  if (quantiles.size < 4096) quantiles.set(key, t);
  return t;
}
