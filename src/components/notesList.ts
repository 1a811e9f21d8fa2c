// The study's own notes and caveats, as a list in the page language.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {fill, pick, t, type Lang} from "./i18n.js";

export function notesList(report: {study: Pick<StudyInfo, "notes">}, lang: Lang): HTMLElement {
  const list = document.createElement("ul");
  list.className = "notes";
  for (const note of report.study.notes) {
    const item = document.createElement("li");
    item.append(...withLinks(pick(note, lang)));
    list.append(item);
  }
  return list;
}

// A Markdown link to an http(s) address, as write-ups write them in their notes; any other text stays text.
const MARKDOWN_LINK = /\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g;

/** The note's text, each Markdown link in it an anchor. */
function withLinks(text: string): (string | HTMLElement)[] {
  const parts: (string | HTMLElement)[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const anchor = document.createElement("a");
    anchor.setAttribute("href", match[2]);
    anchor.textContent = match[1];
    parts.push(text.slice(at, match.index), anchor);
    at = match.index + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((part) => part !== "");
}

/** The report's own caveat: what its figures rest on, single runs or the means of repeats. */
export function studyCaveat(report: {study: Pick<StudyInfo, "repeats" | "confidence">}, lang: Lang): string {
  const {min, max} = report.study.repeats;
  const level = `${+(report.study.confidence * 100).toFixed(1)}`;
  if (max <= 1) return t("studyCaveatSingle", lang);
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  return fill("studyCaveatRepeats", lang, {repeats, level});
}
