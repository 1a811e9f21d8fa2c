// Gains with their confidence intervals, and the note a page shows on how many repeats its figures rest on.
import type {GainInterval, Standing} from "../../loaders/report-types.js";
import {formatPercent} from "./format.js";
import type {Lang} from "./i18n.js";

const signed = (x: number): string => formatPercent(x).replace("%", "");

/** "[+15.2, +22.3]" (percent points of the change); "" without an interval. */
export function formatInterval(interval: GainInterval | null | undefined): string {
  return interval ? `[${signed(interval.low)}, ${signed(interval.high)}]` : "";
}

/** "+18.7% [+15.2, +22.3]", or "+18.7%" for single runs. */
export function formatGain(value: number | null | undefined, interval: GainInterval | null | undefined): string {
  const text = formatPercent(value);
  return interval && value != null ? `${text} ${formatInterval(interval)}` : text;
}

/** "95 %": the confidence level as a page writes it. */
export function confidenceText(interval: GainInterval): string {
  return `${+(interval.confidence * 100).toFixed(1)}%`;
}

/** What the figures of a page rest on: single runs (no interval) or the repeats' means and intervals. */
export function repeatsNote(standings: readonly Standing[], confidence: number, lang: Lang): string {
  const ran = standings.filter((s) => s.n > 0);
  const most = Math.max(0, ...ran.map((s) => s.n));
  const level = `${+(confidence * 100).toFixed(1)}%`;
  if (most <= 1)
    return lang === "tr"
      ? "Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her kazanç tek bir ölçümdür ve gürültü dışlanamaz."
      : "Each point ran once: no interval can be computed, so each gain is a single measurement and noise cannot be ruled out.";
  const least = Math.min(...ran.map((s) => s.n));
  const repeats = least === most ? `${most}` : `${least}–${most}`;
  return lang === "tr"
    ? `Her değer ${repeats} tekrarın ortalamasıdır; aralıklar %${level.replace("%", "")} Student-t aralıklarıdır. Bir aday, kazancının Welch aralığı sıfırın üstündeyse seçilir.`
    : `Each figure is the mean of ${repeats} repeats; intervals are ${level} Student-t intervals. A candidate is kept only when the Welch interval of its gain lies above zero.`;
}
