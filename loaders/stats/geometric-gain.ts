// The interval of a geometric-mean gain over several scenarios: the mean log-ratio of after over before, its variance
// by the delta method (each side's (se / mean)², summed and divided by k²), Welch–Satterthwaite degrees of freedom.
import {tCritical, type Summary} from "./summary.js";

export interface GeometricGain {
  /** exp(mean log-ratio) − 1, percent: the geometric mean of the ratios as a gain. */
  gain_percent: number;
  df: number;
  t_critical: number;
  gain_low: number;
  gain_high: number;
}

/** null unless every scenario has two or more values on both sides (no variance, no interval). */
export function geometricGain(
  pairs: readonly {before: Summary | null; after: Summary | null}[],
  confidence: number
): GeometricGain | null {
  if (!pairs.length) return null;
  let logSum = 0;
  const terms: {v: number; df: number}[] = [];
  for (const {before, after} of pairs) {
    for (const side of [before, after]) if (!side || side.n < 2 || side.std == null || !(side.mean > 0)) return null;
    logSum += Math.log(after!.mean / before!.mean);
    for (const side of [before!, after!]) terms.push({v: (side.std! / side.mean) ** 2 / side.n, df: side.n - 1});
  }
  const k = pairs.length;
  const g = logSum / k;
  const total = terms.reduce((s, t) => s + t.v, 0);
  const se = Math.sqrt(total) / k;
  // The k² of the variance cancels in Welch–Satterthwaite's ratio; no spread at all leaves the pooled df.
  const df =
    total === 0 ? terms.reduce((s, t) => s + t.df, 0) : total ** 2 / terms.reduce((s, t) => s + t.v ** 2 / t.df, 0);
  const t = tCritical(confidence, df);
  const percent = (x: number) => (Math.exp(x) - 1) * 100;
  return {gain_percent: percent(g), df, t_critical: t, gain_low: percent(g - t * se), gain_high: percent(g + t * se)};
}
