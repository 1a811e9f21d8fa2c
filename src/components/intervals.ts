// Gains with their confidence intervals, and the note a page shows on how many repeats its figures rest on.
import type {GainInterval} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {Finding} from "../../loaders/finding.js";
import {formatPercent} from "./format.js";
import {fill, pick, t, type Lang} from "./i18n.js";

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
export function repeatsNote(
  study: Pick<StudyInfo, "confidence" | "repeats" | "warmup_repeats" | "level_seeds" | "single_candidate">,
  lang: Lang
): string {
  const {min, max} = study.repeats;
  const level = `${+(study.confidence * 100).toFixed(1)}`;
  // One candidate has no gains and nothing kept over another: the note speaks of its figures only.
  const alone = study.single_candidate === true;
  if (max <= 1) return t(alone ? "repeatsOnceFigure" : "repeatsOnceGain", lang);
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  const warm = study.warmup_repeats ?? 0;
  const warmups = warm ? fill(warm === 1 ? "repeatsWarmupOne" : "repeatsWarmupMany", lang, {warm}) : "";
  const seeds = study.level_seeds ? t("repeatsLevelSeeds", lang) : "";
  return fill(alone ? "repeatsMeans" : "repeatsMeansGains", lang, {repeats, level}) + warmups + seeds;
}

/** What a change says under the study's rule: with an interval, "up" or "down" only where it lies on one side of
 * zero, else "noise"; a single run's change counts as measured; "same" where both sides are the same runs. */
export function changeKind(
  change: number | null | undefined,
  interval: GainInterval | null | undefined,
  same = false
): "up" | "down" | "noise" | "same" | "none" {
  if (same) return "same";
  if (change == null || change === 0) return "none";
  if (interval) return interval.low > 0 ? "up" : interval.high < 0 ? "down" : "noise";
  return change > 0 ? "up" : "down";
}

/** The checks on whether a step's repeats repeat (prefix cache carried over, a cold repeat), as a warning list in the
 * page's language; "" when none fired. */
export function repeatFlags(page: {findings?: Finding[]}, lang: Lang): HTMLElement | string {
  const findings = page.findings ?? [];
  if (!findings.length) return "";
  const box = document.createElement("div");
  box.className = "note repeat-flags";
  const title = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = t("repeatFlagsTitle", lang);
  title.append(strong);
  const list = document.createElement("ul");
  for (const f of findings) {
    const item = document.createElement("li");
    const message = pick(f.text, lang) || f.message;
    item.textContent = f.run ? `${f.run}: ${message}` : message;
    list.append(item);
  }
  box.append(title, list);
  return box;
}

/** What the study's load lets the report say about latency: a flood measures the queue, so no SLO can be judged. */
export function loadNote(study: Pick<StudyInfo, "load_regime" | "slo">, lang: Lang): string {
  if (study.load_regime === "flood") return t("loadNoteFlood", lang);
  if (study.load_regime === "fixed") return t("loadNoteFixed", lang);
  return t(study.slo ? "loadNoteLadderSlo" : "loadNoteLadder", lang);
}
