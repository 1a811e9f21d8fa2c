// Gains with their confidence intervals, and the note a page shows on how many repeats its figures rest on.
import type {GainInterval} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {Finding} from "../../loaders/finding.js";
import {formatPercent} from "./format.js";
import {pick, type Lang} from "./i18n.js";

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
  if (max <= 1)
    return lang === "tr"
      ? `Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her ${alone ? "değer" : "kazanç"} tek bir ölçümdür ve gürültü dışlanamaz.`
      : `Each point ran once: no interval can be computed, so each ${alone ? "figure" : "gain"} is a single measurement and noise cannot be ruled out.`;
  const repeats = min === max ? `${max}` : `${min}–${max}`;
  const warm = study.warmup_repeats ?? 0;
  const warmups = warm
    ? lang === "tr"
      ? ` Her noktanın ilk ${warm} tekrarı ısınmadır (plandaki warmup_repeats: ${warm}): koşuldu ve listelenir, ama hiçbir ortalama ya da aralık onu içermez.`
      : ` ${warm === 1 ? "Repeat 1" : `Repeats 1–${warm}`} of each point ${warm === 1 ? "is a warm-up" : "are warm-ups"} (warmup_repeats: ${warm} in the plan): ${warm === 1 ? "it ran and is listed, but no mean or interval includes it" : "they ran and are listed, but no mean or interval includes them"}.`
    : "";
  const seeds = study.level_seeds
    ? lang === "tr"
      ? " Her koşu kendi istemlerini gönderdi: L seviyeli bir yük merdiveninin 0'dan sayılan i. seviyesinde k. tekrar tohum + (k − 1) × L + i gönderdi."
      : " Each run sent its own prompts: repeat k at level i (from 0) of a load ladder of L levels sent seed + (k − 1) × L + i."
    : "";
  const means =
    lang === "tr"
      ? `Her değer ${repeats} tekrarın ortalamasıdır; aralıklar %${level} Student-t aralıklarıdır (sıfırın altına inecek olan bir aralık log ölçeğinde alınır: ortalama × exp(±t·se/ortalama)`
      : `Each figure is the mean of ${repeats} repeats; intervals are ${level}% Student-t intervals (one that would reach below zero is taken on the log scale instead: mean × exp(±t·se/mean)`;
  const gains = alone
    ? ")."
    : lang === "tr"
      ? `; −%100'ün altına inecek bir kazanç aralığı log-oran aralığıdır). Bir aday ancak kazancının Welch aralığı sıfırın üstündeyse seçilir; aksi halde sonuç "gürültü içinde"dir.`
      : `; a gain's that would fall below −100 % is the log-ratio interval). A candidate is kept only when the Welch interval of its gain lies above zero; otherwise the step's result is "within noise".`;
  return means + gains + warmups + seeds;
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
  strong.textContent =
    lang === "tr"
      ? "Tekrarlar birbirinden bağımsız değil (tps-report check bunları da bildirir):"
      : "The repeats are not independent (tps-report check reports these too):";
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
