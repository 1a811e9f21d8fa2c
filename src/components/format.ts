// One number format for every page: vLLM's two decimals, integers for counts, signed one-decimal percentages.
import {isCountMetric, isShareMetric} from "./metricLabels.js";

export const DASH = "—";

function isNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** Two decimals, as `vllm bench serve` prints; "—" when there is no value. */
/** A load as tables and charts name it in a few characters, in any language: "c64", "2 r/s". */
export function shortLoad(kind: unknown, value: number | string): string {
  return kind === "request_rate" ? `${value} r/s` : `c${value}`;
}

export function formatFixed(value: number | null | undefined, digits = 2): string {
  return isNumber(value) ? value.toFixed(digits) : DASH;
}

export function formatCount(value: number | null | undefined): string {
  return isNumber(value) ? Math.round(value).toFixed(0) : DASH;
}

/** A non-negative `magnitude` to `digits` decimals, or to its first significant digit where those would read 0 (at most
 * six decimals). */
export function toSignificant(magnitude: number, digits: number): string {
  while (digits < 6 && magnitude !== 0 && Number(magnitude.toFixed(digits)) === 0) digits++;
  return magnitude.toFixed(digits);
}

/** Signed percentage with one decimal: +18.7%, −12.1% (a true minus sign), 0.0%; "—" when there is none. A change too
 * small for one decimal shows its first significant digit (−0.04%): the pages call it a gain or a loss by its sign. */
export function formatPercent(value: number | null | undefined): string {
  if (!isNumber(value)) return DASH;
  const magnitude = toSignificant(Math.abs(value), 1);
  if (Number(magnitude) === 0) return "0.0%";
  return `${value > 0 ? "+" : "−"}${magnitude}%`;
}

/** A share of a whole, e.g. measured over ceiling: 0.7039 → "70.4%" (one decimal, no sign); "—" when there is none. */
export function formatShare(ratio: number | null | undefined): string {
  return isNumber(ratio) ? `${(ratio * 100).toFixed(1)}%` : DASH;
}

/** Relative change of `after` over `before` in percent; null when it cannot be computed. */
export function percentChange(before: number | null | undefined, after: number | null | undefined): number | null {
  if (!isNumber(before) || !isNumber(after) || before === 0) return null;
  return ((after - before) / before) * 100;
}

/** A metric as vLLM prints it: counts as integers, shares (KV use, hit rate) as percentages, the rest with two
 * decimals. */
export function formatMetric(key: string, value: number | null | undefined): string {
  if (isShareMetric(key)) return formatShare(value);
  return isCountMetric(key) ? formatCount(value) : formatFixed(value);
}
