// Gains with their confidence intervals, and the note a page shows on how many repeats its figures rest on.
import type {GainInterval} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
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
export function repeatsNote(study: Pick<StudyInfo, "confidence" | "repeats">, lang: Lang): string {
  const {min, max} = study.repeats;
  const level = `${+(study.confidence * 100).toFixed(1)}`;
  if (max <= 1)
    return lang === "tr"
      ? "Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her kazanç tek bir ölçümdür ve gürültü dışlanamaz."
      : "Each point ran once: no interval can be computed, so each gain is a single measurement and noise cannot be ruled out.";
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  return lang === "tr"
    ? `Her değer ${repeats} tekrarın ortalamasıdır; aralıklar %${level} Student-t aralıklarıdır. Bir aday ancak kazancının Welch aralığı sıfırın üstündeyse seçilir; aksi halde sonuç "gürültü içinde"dir.`
    : `Each figure is the mean of ${repeats} repeats; intervals are ${level}% Student-t intervals. A candidate is kept only when the Welch interval of its gain lies above zero; otherwise the step's result is "within noise".`;
}

/** What the study's load lets the report say about latency: a flood measures the queue, so no SLO can be judged. */
export function loadNote(study: Pick<StudyInfo, "load_regime" | "slo">, lang: Lang): string {
  if (study.load_regime === "flood")
    return lang === "tr"
      ? "Her senaryo tüm istekleri aynı anda gönderdi (istek hızı sınırsız, eşzamanlılık sınırı yok): gecikme burada sunucuyu değil kuyruğu ölçer, bu yüzden bu çalışmadan bir gecikme hedefi (SLO) sonucu çıkarılamaz."
      : "Every scenario sent all its requests at once (request rate inf, no concurrency limit): latency here measures the queue, not the server, so no latency-target (SLO) statement can be made from this study.";
  if (study.load_regime === "fixed")
    return lang === "tr"
      ? "Her senaryo tek bir yükte koşuldu: gecikme o yük için geçerlidir; bir yük eğrisi yoktur."
      : "Each scenario ran at one load: latency holds for that load only; there is no load curve.";
  return study.slo
    ? lang === "tr"
      ? "Senaryolar bir yük merdiveni boyunca koşuldu; her aday SLO içindeki en yüksek işlem hacmiyle değerlendirilir (adım sayfalarındaki yük eğrileri)."
      : "Scenarios ran up a load ladder; each candidate is judged by its highest throughput within the SLO (load curves on the step pages)."
    : lang === "tr"
      ? "Senaryolar bir yük merdiveni boyunca koşuldu (adım sayfalarındaki yük eğrileri)."
      : "Scenarios ran up a load ladder (load curves on the step pages).";
}
