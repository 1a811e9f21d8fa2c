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

/** The report's own caveat: what its figures rest on, single runs or the means of repeats. */
export function studyCaveat(report: {study: Pick<StudyInfo, "repeats" | "confidence">}, lang: Lang): string {
  const {min, max} = report.study.repeats;
  const level = `${+(report.study.confidence * 100).toFixed(1)}`;
  if (max <= 1)
    return lang === "tr"
      ? "Rapor bunlara kendi uyarısını ekler: buradaki her değer, her yapılandırmanın her senaryodaki tek bir koşusundan gelir. Koşudan koşuya değişkenlik ölçülmedi; adaylar arasındaki küçük farklar bu yüzden dikkatle okunmalıdır."
      : "The report adds one caveat of its own: every figure here comes from a single run of each configuration on each scenario. Run-to-run variation is not measured, so small differences between candidates should be read with care.";
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  return lang === "tr"
    ? `Rapor bunlara kendi uyarısını ekler: buradaki her değer, her yapılandırmanın her senaryodaki ${repeats} tekrarının ortalamasıdır ve %${level} aralığıyla verilir; bir fark ancak aralığı sıfırı dışarıda bıraktığında sayılır ve ${repeats} tekrar geniş aralıklar verir.`
    : `The report adds one caveat of its own: every figure here is the mean of ${repeats} repeats of each configuration on each scenario, with its ${level}% interval; a difference counts only when its interval excludes zero, and ${repeats} repeats give wide intervals.`;
}
