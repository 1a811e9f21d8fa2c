// The conservative score of a candidate's repeats: median − 1.4826 × MAD (1.4826 makes the MAD estimate a normal
// distribution's standard deviation), so a candidate that is fast only on some repeats does not win on its mean.

export const MAD_SCALE = 1.4826;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median absolute deviation from the median (unscaled). */
export function medianAbsoluteDeviation(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

export interface ConservativeScore {
  n: number;
  median: number;
  mad: number;
  /** median − 1.4826 × MAD */
  score: number;
  /** 1.4826 × MAD / median: the spread the cap is held to. */
  relative_mad: number;
}

export function conservativeScore(values: readonly number[]): ConservativeScore {
  const m = median(values);
  const mad = medianAbsoluteDeviation(values);
  return {
    n: values.length,
    median: m,
    mad,
    score: m - MAD_SCALE * mad,
    relative_mad: m > 0 ? (MAD_SCALE * mad) / m : Infinity
  };
}
