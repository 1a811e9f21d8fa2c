// Summary statistics of one point's repeats with a Student-t interval of the mean, under AIPerf's names.
import {tQuantile} from "./t-distribution.js";

export interface Summary {
  n: number;
  mean: number;
  /** Sample standard deviation (n − 1); null for a single value, which has no spread to estimate. */
  std: number | null;
  min: number;
  max: number;
  /** Coefficient of variation, std / mean. */
  cv: number | null;
  /** Standard error of the mean, std / √n. */
  se: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Two-sided critical value of Student's t with n − 1 degrees of freedom at the confidence level. */
  t_critical: number | null;
  /** "log" where the Student-t interval would reach below zero for values that cannot be negative: the interval is
   * then mean × exp(±t · se / mean), the delta method's interval of log(mean), which stays above zero. */
  ci_scale?: "log";
}

export const STAT_NAMES = ["mean", "std", "min", "max", "cv", "se", "ci_low", "ci_high"] as const;

/** Two-sided critical value: the t with P(|T| ≤ t) = confidence. */
export function tCritical(confidence: number, df: number): number {
  return tQuantile(1 - (1 - confidence) / 2, df);
}

export function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Sample standard deviation (n − 1 in the denominator); two passes, so large means do not cancel digits away. */
export function sampleStd(values: readonly number[]): number {
  const m = mean(values);
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** null for no values. */
export function summarize(values: readonly number[], confidence: number): Summary | null {
  const n = values.length;
  if (n === 0) return null;
  const m = mean(values);
  const min = Math.min(...values);
  const max = Math.max(...values);
  if (n === 1)
    return {n, mean: m, std: null, min, max, cv: null, se: null, ci_low: null, ci_high: null, t_critical: null};
  const std = sampleStd(values);
  const se = std / Math.sqrt(n);
  const t = tCritical(confidence, n - 1);
  if (m - t * se < 0 && min >= 0 && m > 0) {
    const factor = Math.exp((t * se) / m);
    return {
      n,
      mean: m,
      std,
      min,
      max,
      cv: std / m,
      se,
      ci_low: m / factor,
      ci_high: m * factor,
      t_critical: t,
      ci_scale: "log"
    };
  }
  return {
    n,
    mean: m,
    std,
    min,
    max,
    cv: m !== 0 ? std / m : null,
    se,
    ci_low: m - t * se,
    ci_high: m + t * se,
    t_critical: t
  };
}
