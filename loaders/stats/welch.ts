// Welch's t-test of two points' means, as an interval of the difference and of the relative gain.
// Welch rather than a bootstrap of the ratio: with the 3–5 repeats a study affords, a bootstrap has only a few dozen
// distinct resamples and its intervals come out too narrow, while Welch's interval is exact for normal noise, needs no
// random seed (the same runs always give the same verdict), and does not assume both points share one variance.
import {tCritical, type Summary} from "./summary.js";

export interface Comparison {
  /** after.mean − before.mean */
  difference: number;
  /** Welch–Satterthwaite degrees of freedom. */
  df: number;
  t_critical: number;
  low: number;
  high: number;
  /** The interval of the difference excludes 0 on the side of a gain (after > before). */
  significant: boolean;
  /** The same interval relative to before's mean, percent. */
  gain_percent: number;
  gain_low: number;
  gain_high: number;
}

/** null when either side has a single value: its variance, and so any interval, is unknown. */
export function welch(before: Summary, after: Summary, confidence: number): Comparison | null {
  if (before.n < 2 || after.n < 2 || before.std == null || after.std == null) return null;
  const vb = before.std ** 2 / before.n;
  const va = after.std ** 2 / after.n;
  const difference = after.mean - before.mean;
  const se = Math.sqrt(vb + va);
  // Two identical constant samples have no spread: the difference is exactly what was measured.
  const df = se === 0 ? before.n + after.n - 2 : (vb + va) ** 2 / (vb ** 2 / (before.n - 1) + va ** 2 / (after.n - 1));
  const t = tCritical(confidence, df);
  const low = difference - t * se;
  const high = difference + t * se;
  const percent = (x: number) => (x / before.mean) * 100;
  return {
    difference,
    df,
    t_critical: t,
    low,
    high,
    significant: low > 0,
    gain_percent: percent(difference),
    gain_low: percent(low),
    gain_high: percent(high)
  };
}
