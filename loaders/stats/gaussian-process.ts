// A small Gaussian-process regression (Matérn 5/2 kernel, its length scale and noise chosen by marginal likelihood
// from a fixed grid) and expected improvement: the model that picks a search's next configuration. Written here rather
// than taken from a package: the search fits at most a few hundred points, and none of the JavaScript packages offers
// Matérn with a likelihood-chosen scale without a numerical-optimization dependency of its own.

export interface GpFit {
  x: number[][];
  lengthscale: number;
  /** Cholesky factor of K + σ²I (lower). */
  chol: number[][];
  alpha: number[];
  noise: number;
  /** y was standardized: mean and scale. */
  mean: number;
  scale: number;
  logLikelihood: number;
}

const LENGTHSCALES = [0.1, 0.15, 0.22, 0.33, 0.5, 0.75, 1.1];
/** Noise standard deviations, in units of y's own standard deviation. */
const NOISES = [0.02, 0.05, 0.1, 0.2, 0.4];

function matern52(a: number[], b: number[], lengthscale: number): number {
  let d2 = 0;
  for (let i = 0; i < a.length; i++) d2 += (a[i] - b[i]) ** 2;
  const r = Math.sqrt(5 * d2) / lengthscale;
  return (1 + r + (r * r) / 3) * Math.exp(-r);
}

/** Lower Cholesky factor of a symmetric positive-definite matrix; null when it is not. */
function cholesky(a: number[][]): number[][] | null {
  const n = a.length;
  const l = Array.from({length: n}, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      if (i === j) {
        if (sum <= 0) return null;
        l[i][i] = Math.sqrt(sum);
      } else l[i][j] = sum / l[j][j];
    }
  return l;
}

function forward(l: number[][], b: number[]): number[] {
  const y = new Array<number>(b.length);
  for (let i = 0; i < b.length; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i][k] * y[k];
    y[i] = sum / l[i][i];
  }
  return y;
}

function backward(l: number[][], y: number[]): number[] {
  const n = y.length;
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}

function fitWith(x: number[][], z: number[], lengthscale: number, noise: number): Omit<GpFit, "mean" | "scale"> | null {
  const n = x.length;
  const k = x.map((a, i) => x.map((b, j) => matern52(a, b, lengthscale) + (i === j ? noise * noise : 0)));
  const chol = cholesky(k);
  if (!chol) return null;
  const alpha = backward(chol, forward(chol, z));
  let logDet = 0;
  for (let i = 0; i < n; i++) logDet += Math.log(chol[i][i]);
  const fitTerm = z.reduce((s, v, i) => s + v * alpha[i], 0);
  return {x, chol, alpha, lengthscale, noise, logLikelihood: -0.5 * fitTerm - logDet - 0.5 * n * Math.log(2 * Math.PI)};
}

/** The model of y over x (points in [0, 1]^d) with the length scale and noise of highest marginal likelihood, from
 * a grid of both. One length scale for every coordinate: on the synthetic engine one per knob did worse (28 of 30 seeds
 * within noise against 30 of 30; BENCHMARKS.md), having more to fit from the few runs a search affords. */
export function fitGp(x: number[][], y: number[]): GpFit {
  const mean = y.reduce((s, v) => s + v, 0) / y.length;
  const variance = y.length > 1 ? y.reduce((s, v) => s + (v - mean) ** 2, 0) / (y.length - 1) : 0;
  const scale = variance > 0 ? Math.sqrt(variance) : 1;
  const z = y.map((v) => (v - mean) / scale);
  let best: Omit<GpFit, "mean" | "scale"> | null = null;
  for (const lengthscale of LENGTHSCALES)
    for (const noise of NOISES) {
      const fit = fitWith(x, z, lengthscale, noise);
      if (fit && (!best || fit.logLikelihood > best.logLikelihood)) best = fit;
    }
  // Only a matrix that no noise level makes positive definite fails every fit: duplicated points with much noise do not.
  if (!best) throw new Error("gaussian process: no length scale and noise gave a positive-definite kernel");
  return {...best, mean, scale};
}

/** Posterior mean and standard deviation at `point`, in y's units. */
export function predict(fit: GpFit, point: number[]): {mean: number; sd: number} {
  const k = fit.x.map((a) => matern52(a, point, fit.lengthscale));
  let mu = 0;
  for (let i = 0; i < k.length; i++) mu += k[i] * fit.alpha[i];
  const v = forward(fit.chol, k);
  let reduction = 0;
  for (const e of v) reduction += e * e;
  const variance = Math.max(1 - reduction, 1e-12);
  return {mean: fit.mean + fit.scale * mu, sd: fit.scale * Math.sqrt(variance)};
}

/** Standard normal density and distribution function (Abramowitz–Stegun 7.1.26 for erf, error below 1.5e-7). */
export function normalPdf(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + erf) : 0.5 * (1 - erf);
}

/** Expected improvement over `best` of a normal prediction (maximizing). */
export function expectedImprovement(mean: number, sd: number, best: number): number {
  if (sd <= 0) return Math.max(mean - best, 0);
  const z = (mean - best) / sd;
  return (mean - best) * normalCdf(z) + sd * normalPdf(z);
}
