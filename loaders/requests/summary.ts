// Reduces a list of per-request values to what a page draws: count, moments, quantiles and a histogram.
import {orderStatistics} from "./order-statistics.js";

export interface Histogram {
  /** Bin edges, one more than counts; log-spaced when the values span more than a factor of 20. */
  edges: number[];
  counts: number[];
}

export interface Summary {
  count: number;
  mean: number;
  std: number;
  min: number;
  max: number;
  /** numpy-style linear percentiles, keyed "p1" … "p99.9". */
  quantiles: Record<string, number>;
  histogram: Histogram;
}

export const QUANTILES = [1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9];
export const HISTOGRAM_BINS = 40;

/** Summary of the first `length` values. */
export function summarize(values: Float64Array, length = values.length): Summary {
  const v = values.subarray(0, length);
  const quantiles: Record<string, number> = {};
  if (length === 0) {
    for (const q of QUANTILES) quantiles[`p${q}`] = 0;
    return {count: 0, mean: 0, std: 0, min: 0, max: 0, quantiles, histogram: {edges: [], counts: []}};
  }
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < length; i++) {
    const x = v[i];
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const mean = sum / length;
  let sq = 0;
  for (let i = 0; i < length; i++) sq += (v[i] - mean) * (v[i] - mean);
  const positions = QUANTILES.map((q) => ((length - 1) * q) / 100);
  const ranks = [...new Set(positions.flatMap((pos) => [Math.floor(pos), Math.min(length - 1, Math.floor(pos) + 1)]))];
  const at = new Map(orderStatistics(v, ranks, min, max).map((value, k) => [ranks[k], value]));
  QUANTILES.forEach((q, k) => {
    const lo = Math.floor(positions[k]);
    const a = at.get(lo)!;
    const b = at.get(Math.min(length - 1, lo + 1))!;
    quantiles[`p${q}`] = a + (b - a) * (positions[k] - lo);
  });
  return {count: length, mean, std: Math.sqrt(sq / length), min, max, quantiles, histogram: histogram(v, min, max)};
}

function histogram(values: Float64Array, min: number, max: number): Histogram {
  if (min === max) return {edges: [min, max], counts: [values.length]};
  const log = min > 0 && max / min > 20;
  const lo = log ? Math.log(min) : min;
  const hi = log ? Math.log(max) : max;
  const width = (hi - lo) / HISTOGRAM_BINS;
  const edges = Array.from({length: HISTOGRAM_BINS + 1}, (_, i) => (log ? Math.exp(lo + i * width) : lo + i * width));
  edges[0] = min;
  edges[HISTOGRAM_BINS] = max;
  const counts = new Array<number>(HISTOGRAM_BINS).fill(0);
  if (!log) {
    for (let i = 0; i < values.length; i++)
      counts[Math.min(HISTOGRAM_BINS - 1, Math.floor((values[i] - lo) / width))]++;
    return {edges, counts};
  }
  // Log bins without a logarithm per value: a table over fine linear slices gives the bin directly, and only the
  // few slices that straddle a bin edge fall back to a binary search on the edges.
  const inner = Float64Array.from(edges.slice(1, HISTOGRAM_BINS));
  const search = (x: number) => {
    let a = 0;
    let b = inner.length;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (inner[m] <= x) a = m + 1;
      else b = m;
    }
    return a;
  };
  const slices = 8192;
  const sliceScale = slices / (max - min);
  const table = new Int8Array(slices + 1);
  for (let k = 0; k <= slices; k++) {
    const from = search(min + k / sliceScale);
    const to = search(min + (k + 1) / sliceScale);
    table[k] = from === to ? from : -1;
  }
  const binCounts = new Float64Array(HISTOGRAM_BINS);
  for (let i = 0; i < values.length; i++) {
    const x = values[i];
    const bin = table[((x - min) * sliceScale) | 0];
    binCounts[bin >= 0 ? bin : search(x)]++;
  }
  binCounts.forEach((c, k) => (counts[k] = c));
  return {edges, counts};
}
