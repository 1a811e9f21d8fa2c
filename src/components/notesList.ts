// The study's own notes and caveats, as a list in the page language.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {pick, type Lang} from "./i18n.js";

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
