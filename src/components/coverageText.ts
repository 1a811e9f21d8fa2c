// Coverage and second-look prose: what the greedy path left unmeasured, the close decisions, and whether the greedy
// choice survived its second look. Every figure comes from the page's data.
import type {Coverage, Setting} from "../../loaders/analysis/coverage.js";
import type {SecondLookReport} from "../../loaders/analysis/second-look.js";
import type {Text} from "../../loaders/text.js";
import {formatFixed} from "./format.js";
import {formatGain} from "./intervals.js";
import {NOT_RECORDED, pick, type Lang} from "./i18n.js";

/** What the prose names: engines and step titles. */
export interface CoverageNames {
  study: {engines: {id: string; name: string}[]};
  steps: {id: string; title: Text}[];
}

/** An engine's name; one no file named reads as such, not "tuned only on not recorded". */
function engineName(names: CoverageNames, id: string, lang: Lang): string {
  const name = names.study.engines.find((e) => e.id === id)?.name ?? id;
  if (name !== NOT_RECORDED) return name;
  return lang === "tr" ? "kaydedilmemiş bir motor" : "an engine that is not recorded";
}
const stepTitle = (names: CoverageNames, id: string, lang: Lang): string =>
  pick(names.steps.find((s) => s.id === id)?.title, lang) || id;

function dimName(dim: string, lang: Lang): string {
  if (dim === "engine") return lang === "tr" ? "motor" : "engine";
  if (dim === "quantization") return "quantization";
  return dim;
}

function valueText(names: CoverageNames, s: Setting, lang: Lang): string {
  if (s.dim === "engine") return engineName(names, s.value, lang);
  if (s.value === "default") return lang === "tr" ? "varsayılan" : "default";
  if (s.recorded === false) return lang === "tr" ? "kaydedilmemiş" : "not recorded";
  return s.value;
}

function settingText(names: CoverageNames, setting: Setting[], lang: Lang): string {
  return setting.map((s) => `${dimName(s.dim, lang)} ${valueText(names, s, lang)}`).join(", ");
}

const capitalized = (text: string): string => text.charAt(0).toLocaleUpperCase("tr") + text.slice(1);

/** The summary's coverage paragraph: how much of the space the recommendation rests on. */
export function coverageParagraph(coverage: Coverage, names: CoverageNames, lang: Lang): string {
  const tr = lang === "tr";
  const share = coverage.space ? `${formatFixed((coverage.measured / coverage.space) * 100, 0)} %` : "—";
  const dims = coverage.dims.map((d) => dimName(d.dim, lang)).join(" × ");
  const parts: string[] = [];
  if (coverage.dims.length === 0)
    return tr
      ? "Adımlar hiçbir ayarı değiştirmedi: öneri, ölçülen tek yapılandırmaya dayanıyor."
      : "The steps varied no setting: the recommendation rests on the one configuration measured.";
  parts.push(
    tr
      ? `Öneri, adımların denediği ayarların (${dims}) ${coverage.space} birleşiminden ölçülmüş ${coverage.measured} tanesine dayanıyor (${share})${coverage.outside_slo ? `; bunların ${coverage.outside_slo} tanesi hiçbir yükte SLO içinde değil` : ""}${coverage.failed ? `; ${coverage.failed} birleşim daha denendi ama başarısız oldu` : ""}.`
      : `The recommendation rests on ${coverage.measured} of the ${coverage.space} combinations of the settings the steps varied (${dims}): ${share} of that space was measured${coverage.outside_slo ? ` (${coverage.outside_slo} of them never within the SLO)` : ""}${coverage.failed ? `, and ${coverage.failed} more were tried but failed` : ""}.`
  );
  parts.push(
    coverage.untried
      ? tr
        ? `Önceki adımlarda geride kalanların sonraki bir adımın ayarlarıyla ${coverage.untried} birleşimi hiç koşulmadı.`
        : `${coverage.untried} combination${coverage.untried === 1 ? "" : "s"} of earlier runners-up with a later step's settings ${coverage.untried === 1 ? "was" : "were"} never run.`
      : tr
        ? "Önceki adımlarda geride kalanlar sonraki adımların her ayarıyla koşuldu."
        : "Every earlier runner-up was run with every later step's settings."
  );
  for (const s of coverage.single_engine)
    parts.push(
      tr
        ? `${stepTitle(names, s.step, lang)} yalnızca ${engineName(names, s.engine, lang)} üzerinde ayarlandı.`
        : `${stepTitle(names, s.step, lang)} was tuned only on ${engineName(names, s.engine, lang)}.`
    );
  const last = coverage.steps[coverage.steps.length - 1]?.step;
  for (const r of coverage.retests.filter((r) => r.retested_at.length === 0 && r.decided_at !== last)) {
    const decided = stepTitle(names, r.decided_at, lang);
    const after = r.last_varied_at === r.decided_at ? null : stepTitle(names, r.last_varied_at, lang);
    parts.push(
      tr
        ? `${capitalized(dimName(r.dim, lang))} kararı (${decided}) ${after ? `${after} adımından sonra` : "o adımdan sonra"} bir daha sınanmadı: sonraki hiçbir adım aynı ayarlarla iki farklı değerini başarıyla koşmadı.`
        : `The ${dimName(r.dim, lang)} decision (${decided}) was never re-tested after ${after ?? "it"}: no later step ran two of its values successfully with the same settings.`
    );
  }
  const close = coverage.close;
  const margin = `${+coverage.margin.toFixed(2)} %`;
  parts.push(
    close.length
      ? tr
        ? `${close.length} karar gürültü içinde ya da ${margin} sınırından yakındı, yol orada başka yöne gidebilirdi: ${close.map((c) => `${stepTitle(names, c.step, lang)} (${c.chosen.label}, ${c.runner_up.label} karşısında ${formatGain(c.gap_percent, c.gap_interval)})`).join("; ")}.`
        : `${close.length} decision${close.length === 1 ? " was" : "s were"} within noise or closer than ${margin}, where the path could have gone another way: ${close.map((c) => `${stepTitle(names, c.step, lang)} (${c.chosen.label} over ${c.runner_up.label} by ${formatGain(c.gap_percent, c.gap_interval)})`).join("; ")}.`
      : tr
        ? `Hiçbir karar gürültü içinde ya da ${margin} sınırından yakın değildi.`
        : `No decision was within noise or closer than ${margin}.`
  );
  return parts.join(" ");
}

/** A step page's coverage lines: this step's settings never run with earlier runners-up, and its close decisions. */
export function stepCoverageLines(coverage: Coverage, step: string, names: CoverageNames, lang: Lang): string[] {
  const tr = lang === "tr";
  const lines: string[] = [];
  const here = coverage.steps.find((s) => s.step === step);
  if (here?.untried.length)
    lines.push(
      (tr ? "Hiç koşulmayan birleşimler: " : "Never run: ") +
        here.untried
          .map((u) =>
            tr
              ? `${u.runner_up.label} ile ${settingText(names, u.setting, lang)}`
              : `${u.runner_up.label} with ${settingText(names, u.setting, lang)}`
          )
          .join("; ") +
        "."
    );
  const margin = `${+coverage.margin.toFixed(2)} %`;
  for (const c of coverage.close.filter((c) => c.step === step))
    lines.push(
      tr
        ? `Yakın karar: ${c.chosen.label}, ${c.runner_up.label} karşısında ${formatGain(c.gap_percent, c.gap_interval)} (${c.within_noise ? "gürültü içinde" : `${margin} sınırından yakın`}).`
        : `Close decision: ${c.chosen.label} over ${c.runner_up.label} by ${formatGain(c.gap_percent, c.gap_interval)} (${c.within_noise ? "within noise" : `closer than ${margin}`}).`
    );
  const single = coverage.single_engine.find((s) => s.step === step);
  if (single)
    lines.push(
      tr
        ? `Bu adım yalnızca ${engineName(names, single.engine, lang)} üzerinde ayarlandı.`
        : `This step was tuned only on ${engineName(names, single.engine, lang)}.`
    );
  return lines;
}

/** The second look's verdict in one paragraph. */
export function secondLookParagraph(look: SecondLookReport, _names: CoverageNames, lang: Lang): string {
  const tr = lang === "tr";
  const w = look.winner.label;
  const runs = `${look.runs_recorded}/${look.runs_planned}`;
  if (look.state === "nothing-to-run")
    return tr
      ? `İkinci bakış: ${w} çevresinde koşulacak yapılandırma yoktu (yakın karar yok ve öneri, adımların ayarladığı sayısal ayarların hiçbirini belirlemiyor).`
      : `Second look: there was nothing to run around ${w} (no close decision, and the recommendation sets none of the numeric settings the steps tuned).`;
  if (look.state === "pending")
    return tr
      ? `İkinci bakış sürüyor: ${runs} koşu kaydedildi; karar tüm koşular bitince verilir.`
      : `The second look is pending: ${runs} runs recorded; the verdict waits for all of them.`;
  const configs = look.candidates.length;
  if (look.state === "all-failed")
    return tr
      ? `İkinci bakış: ${look.runs_planned} koşusunun hepsi başarısız oldu, bu yüzden hiçbir şeye karar vermedi; açgözlü seçim ${w} sınanmadan duruyor.`
      : `Second look: every one of its ${look.runs_planned} runs failed, so it decided nothing; the greedy choice ${w} stands untested.`;
  if (look.state === "survives")
    return tr
      ? `Açgözlü seçim ${w} ikinci bakışta geçerliliğini koruyor: çevresindeki ${configs} yapılandırmadan (${look.runs_planned} koşu) hiçbiri onu çalışmanın kuralıyla geçemedi.`
      : `The greedy choice ${w} survives the second look: none of the ${configs} configurations around it (${look.runs_planned} runs) beat it under the study's rule.`;
  const r = look.recommendation!;
  const ci = r.ci_low != null && r.ci_high != null ? ` [${formatFixed(r.ci_low)}, ${formatFixed(r.ci_high)}]` : "";
  return tr
    ? `Açgözlü seçim ${w} ikinci bakışta geçerliliğini korumadı: ${r.label} ${formatFixed(r.value)} tok/s${ci} ile ona göre ${formatGain(r.gain_percent, r.gain_interval)}. Yeni öneri ${r.label}; sunucu komutu: ${r.server_command}`
    : `The greedy choice ${w} did not survive the second look: ${r.label} does ${formatFixed(r.value)} tok/s${ci}, ${formatGain(r.gain_percent, r.gain_interval)} over it. The new recommendation is ${r.label}; serve it with: ${r.server_command}`;
}

/** The step page's coverage list (nothing when the step left nothing out). */
export function stepCoverageList(
  coverage: Coverage | undefined,
  step: string,
  names: CoverageNames,
  lang: Lang
): HTMLElement | string {
  const lines = coverage ? stepCoverageLines(coverage, step, names, lang) : [];
  if (!lines.length) return "";
  const ul = document.createElement("ul");
  ul.className = "coverage";
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line;
    ul.append(li);
  }
  return ul;
}

/** The summary's second-look paragraph (nothing before the study has a second look). */
export function secondLookBlock(
  look: SecondLookReport | undefined,
  names: CoverageNames,
  lang: Lang
): HTMLElement | string {
  if (!look) return "";
  const p = document.createElement("p");
  p.className = "second-look";
  p.id = "second-look";
  p.textContent = secondLookParagraph(look, names, lang);
  return p;
}
