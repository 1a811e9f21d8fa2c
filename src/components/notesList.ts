// The study's own notes and caveats, as a list in the page language.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {fill, pick, t, type Lang} from "./i18n.js";

export function notesList(report: {study: Pick<StudyInfo, "notes">}, lang: Lang): HTMLElement {
  const list = document.createElement("ul");
  list.className = "notes";
  for (const note of report.study.notes) {
    const item = document.createElement("li");
    item.textContent = pick(note, lang);
    list.append(item);
  }
  return list;
}

/** The report's own caveat: what its figures rest on, single runs or the means of repeats. */
export function studyCaveat(report: {study: Pick<StudyInfo, "repeats" | "confidence">}, lang: Lang): string {
  const {min, max} = report.study.repeats;
  const level = `${+(report.study.confidence * 100).toFixed(1)}`;
  if (max <= 1) return t("studyCaveatSingle", lang);
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  return fill("studyCaveatRepeats", lang, {repeats, level});
}
