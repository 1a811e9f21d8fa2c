// The sentences that state each step's outcome, computed from the step's standings and verdict.
import type {Standing, StepReport} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {StepNames} from "../../loaders/pages/step-names.js";
import {formatFixed} from "./format.js";
import {confidenceText, formatGain} from "./intervals.js";
import {pick, type Lang} from "./i18n.js";
import {metricUnit} from "./metricLabels.js";

/** What a page needs to name scenarios. */
export interface ScenarioNames {
  study: Pick<StudyInfo, "scenarios">;
}

/** What a page needs to name scenarios, steps and candidates, and the study's objective. */
export interface StudyNames {
  study: Pick<StudyInfo, "scenarios" | "objective">;
  steps: readonly StepNames[];
}

export function candidateLabel(report: Pick<StudyNames, "steps">, step: string, candidate: string): string {
  const found = report.steps.find((s) => s.id === step)?.candidates.find((c) => c.id === candidate);
  return found?.label ?? candidate;
}

export function scenarioName(report: ScenarioNames, scenario: string, lang: Lang): string {
  const found = report.study.scenarios.find((s) => s.id === scenario);
  return found ? pick(found.name, lang) : scenario;
}

function withValue(label: string, value: number | null, unit: string, at = ""): string {
  return `${label} (${formatFixed(value)}${unit ? ` ${unit}` : ""}${at})`;
}

/** " at concurrency 16": the load a point ran at, where it has one (a ladder's level or a fixed load). */
export function loadText(load: Standing["load"] | null | undefined, lang: Lang): string {
  if (!load) return "";
  if (load.kind === "request_rate")
    return lang === "tr" ? `, saniyede ${load.value} istekte` : ` at ${load.value} requests/s`;
  return lang === "tr" ? `, eşzamanlılık ${load.value}` : ` at concurrency ${load.value}`;
}

/** The load of the point a step's standings name by its run. */
function loadOfRun(step: Pick<StepReport, "standings">, run: string | undefined): Standing["load"] | null {
  if (!run) return null;
  for (const list of Object.values(step.standings)) for (const s of list) if (s.run === run) return s.load ?? null;
  return null;
}

/** "A (2054.21 tok/s) > B (1730.98 tok/s); failed: C, D". Equal values are joined with "=". A candidate whose runs ran
 * but whose curve never meets the SLO is named as such, not as failed; a ladder point names its load. */
export function rankingText(standings: Standing[], objective: string, lang: Lang): string {
  const unit = metricUnit(objective);
  const ranked = standings.filter((s) => s.value != null);
  const outside = standings.filter((s) => s.value == null && s.status === "outside-slo");
  const failed = standings.filter((s) => s.value == null && s.status !== "outside-slo");
  let text = ranked
    .map((s, i) => {
      const sep = i === 0 ? "" : s.value === ranked[i - 1].value ? " = " : " > ";
      return sep + withValue(s.label, s.value, unit, loadText(s.load, lang));
    })
    .join("");
  if (outside.length) {
    const list = outside.map((s) => s.label).join(", ");
    text += `${text ? "; " : ""}${lang === "tr" ? "hiçbir yükte SLO içinde değil" : "never within the SLO"}: ${list}`;
  }
  if (failed.length) {
    const list = failed.map((s) => s.label).join(", ");
    text += `${text ? "; " : ""}${lang === "tr" ? "başarısız" : "failed"}: ${list}`;
  }
  return text;
}

/** The best so far's value the step's gain is computed against: on the deciding scenario, where the verdict has it. */
export function comparedIncumbentValue(verdict: StepReport["verdict"]): number | null {
  const basis = verdict.basis;
  if (basis?.rule === "scenario" && basis.incumbent_value != null) return basis.incumbent_value;
  return verdict.incumbent?.value ?? null;
}

/** A step that tried one configuration with nothing before it: there is nothing to rank, choose or compare. A later
 * step of one candidate still weighs it against the best configuration so far. */
export function singleCandidate(step: Pick<StepReport, "id" | "candidates" | "verdict">): boolean {
  const incumbent = step.verdict.incumbent;
  return step.candidates.length === 1 && (incumbent == null || incumbent.step === step.id);
}

/** The ranking on each of the step's scenarios; none for a step of one candidate, which ranks nothing. */
export function rankingLines(
  step: StepReport,
  report: {study: Pick<StudyInfo, "objective">},
  lang: Lang
): {scenario: string; text: string}[] {
  if (singleCandidate(step)) return [];
  return step.scenarios.map((scenario) => ({
    scenario,
    text: rankingText(step.standings[scenario] ?? [], report.study.objective, lang)
  }));
}

/** The step page's opening sentence: how its candidates are compared, or that there was one. */
export function stepIntroText(step: Pick<StepReport, "id" | "kind" | "candidates" | "verdict">, lang: Lang): string {
  if (singleCandidate(step))
    return lang === "tr"
      ? "Bu adımın benchmark'ını tek bir yapılandırma çalıştırdı: sıralanacak ya da aralarından seçilecek bir şey yok."
      : "One configuration ran this step's benchmark: there is nothing to rank or to choose between.";
  if (step.kind === "selection")
    return lang === "tr"
      ? "Aşağıdaki adayların hepsi aynı benchmark'ı çalıştırdı ve çalışmanın hedef metriğine göre sıralandı. Adımın en iyisinin korunması için şimdiye kadar bulunan en iyi yapılandırmayı geçmesi gerekir."
      : "Every candidate below ran the same benchmark. They are ranked by the study's objective; the step's best has to beat the best configuration found so far to be kept.";
  return lang === "tr"
    ? "Bu adım, sabit yapılandırmaları seçim sırasında kullanılmayan senaryolarda çalıştırır ve sonucun o senaryolara taşınıp taşınmadığına bakar."
    : "This step takes fixed configurations to scenarios the selection did not use, to see whether the result carries over.";
}

/** What a step of one candidate measured, with no contest told. */
function singleVerdictText(step: StepReport, report: StudyNames, lang: Lang): string {
  const label = candidateLabel(report, step.id, step.candidates[0].id);
  const standings = step.scenarios.map((s) => step.standings[s]?.[0]).filter((s) => s != null);
  const value = standings.length === 1 ? standings[0].value : null;
  const unit = metricUnit(report.study.objective);
  const measured = value == null ? null : `${formatFixed(value)}${unit ? ` ${unit}` : ""}`;
  if (lang === "tr")
    return measured
      ? `${label} ${measured} ölçtü; karşılaştırılacak başka bir şey yoktu.`
      : `${label} bu adımın senaryolarını çalıştırdı; karşılaştırılacak başka bir şey yoktu.`;
  return measured
    ? `${label} measured ${measured}; there was nothing to compare it with.`
    : `${label} ran this step's scenarios; there was nothing to compare it with.`;
}

/** One sentence on what the step decided. */
export function verdictText(step: StepReport, report: StudyNames, lang: Lang): string {
  if (singleCandidate(step)) return singleVerdictText(step, report, lang);
  const unit = metricUnit(report.study.objective);
  const verdict = step.verdict;
  const basis = verdict.basis;
  // A geometric-mean gain is over several scenarios: no one scenario's value stands beside it.
  const geometric = basis?.rule === "geometric-mean" ? basis : null;
  const shown = (label: string, value: number | null, run?: string) =>
    geometric ? label : withValue(label, value, unit, loadText(loadOfRun(step, run), lang));
  const incumbent = verdict.incumbent;
  const incumbentValue = comparedIncumbentValue(verdict);
  const incumbentLabel = incumbent ? candidateLabel(report, incumbent.step, incumbent.candidate) : "";
  const incumbentStep = incumbent ? pick(report.steps.find((s) => s.id === incumbent.step)?.title, lang) : "";
  // "TensorRT-LLM from Engine selection (2054.21 tok/s)": where the best so far comes from, when another step.
  const incumbentText =
    incumbent && incumbent.step !== step.id
      ? lang === "tr"
        ? `${incumbentStep} adımındaki ${shown(incumbentLabel, incumbentValue)}`
        : `${shown(`${incumbentLabel} from ${incumbentStep}`, incumbentValue)}`
      : shown(incumbentLabel || "—", incumbentValue, incumbent?.run);
  const best = verdict.best;
  const bestLabel = best ? candidateLabel(report, step.id, best.candidate) : "";
  const score = geometric ? formatFixed(geometric.score, 3) : "";
  const bestText = shown(bestLabel, best?.value ?? null, best?.run);
  // Where a sentence names the step's best without the gain's own phrase: what its geometric mean was.
  const how =
    geometric && geometric.score != null
      ? lang === "tr"
        ? ` (${geometric.scenarios} senaryodaki oranlarının geometrik ortalaması ${score})`
        : ` (the geometric mean of its ratios on ${geometric.scenarios} scenarios is ${score})`
      : "";
  const rule = step.decision?.rule === "conservative" ? step.decision : null;
  if (rule && incumbent && best && (verdict.kind === "within-noise" || rule.winner_reason === "simpler-tie")) {
    const scoreOf = (candidate: string) => formatFixed(rule.scores.find((s) => s.candidate === candidate)?.score, 2);
    const margin = `${+rule.tie_margin.toFixed(2)} %`;
    if (verdict.kind === "within-noise")
      return lang === "tr"
        ? `Beraberlik (temkinli kural): bu adımın en yüksek puanlısı ${bestLabel} (${scoreOf(best.candidate)}), ${incumbentLabel} (${scoreOf(incumbent.candidate)}) ile ${margin} ya da gürültü içinde berabere; beraberlik şimdiye kadarki en iyi yapılandırmada kalır.`
        : `A tie under the conservative rule: the step's top score, ${bestLabel} (${scoreOf(best.candidate)}), is within ${margin} or noise of ${incumbentLabel} (${scoreOf(incumbent.candidate)}), and a tie stays with the best configuration so far.`;
    return lang === "tr"
      ? `Kazanan ${bestText}: en yüksek puanla berabere kalanların (${rule.tied.map((c) => candidateLabel(report, step.id, c)).join(", ")}) en az sunucu argümanı olanı; ${incumbentText} yapılandırmasına göre ${formatGain(verdict.gain_percent, verdict.gain_interval)}. Şimdiye kadarki en iyi yapılandırma artık bu.`
      : `${bestText} wins as the simplest of the configurations tied on score (${rule.tied.map((c) => candidateLabel(report, step.id, c)).join(", ")}): the fewest server arguments; ${formatGain(verdict.gain_percent, verdict.gain_interval)} over ${incumbentText}. It becomes the best configuration so far.`;
  }
  switch (verdict.kind) {
    case "improved":
      if (!best) return "";
      if (!incumbent && verdict.baseline_outside_slo) {
        const baseline = step.standings[step.scenarios[0]]?.find((s) => s.status === "outside-slo")?.label ?? "";
        return lang === "tr"
          ? `Kazanan ${bestText}: temel yapılandırma ${baseline} hiçbir ölçülen yükte SLO içinde değil, bu yüzden SLO içindeki herhangi bir aday onun yerini alır; ona göre bir kazanç verilemez. Şimdiye kadarki en iyi yapılandırma artık bu.`
          : `${bestText} wins: the baseline, ${baseline}, is within the SLO at no measured load, so any candidate within it replaces it, and no gain over it can be given. It becomes the best configuration so far.`;
      }
      if (!incumbent)
        return lang === "tr"
          ? `Kazanan ${bestText}; karşılaştırılacak temel değer yok.`
          : `${bestText} wins; there is no baseline value to compare with.`;
      if (geometric)
        return lang === "tr"
          ? `Kazanan ${bestText}: ${geometric.scenarios} senaryodaki oranlarının geometrik ortalamasıyla (${score}) ${incumbentText} yapılandırmasına göre ${formatGain(verdict.gain_percent, verdict.gain_interval)}. Şimdiye kadarki en iyi yapılandırma artık bu.`
          : `${bestText} wins: ${formatGain(verdict.gain_percent, verdict.gain_interval)} over ${incumbentText}, the geometric mean of its ratios on ${geometric.scenarios} scenarios (${score}). It becomes the best configuration so far.`;
      return lang === "tr"
        ? `Kazanan ${bestText}: ${incumbentText} yapılandırmasına göre ${formatGain(verdict.gain_percent, verdict.gain_interval)}. Şimdiye kadarki en iyi yapılandırma artık bu.`
        : `${bestText} wins: ${formatGain(verdict.gain_percent, verdict.gain_interval)} over ${incumbentText}. It becomes the best configuration so far.`;
    case "within-noise": {
      const level = verdict.gain_interval ? confidenceText(verdict.gain_interval) : "";
      const gain = formatGain(verdict.gain_percent, verdict.gain_interval);
      return lang === "tr"
        ? `Gürültü içinde: bu adımın en iyisi ${bestText}, ${incumbentText} yapılandırmasına göre ${gain}${how}; %${level.replace("%", "")} aralık sıfırı içeriyor, bu yüzden en iyi yapılandırma değişmiyor.`
        : `Within noise: the step's best, ${bestText}, is ${gain} over ${incumbentText}${how}, but the ${level} interval includes zero, so ${incumbentText} stays the best configuration so far.`;
    }
    case "no-improvement":
      // The best so far ran in this step and stayed on top: no candidate of the step is set against itself.
      if (best && incumbent && incumbent.step === step.id && best.candidate === incumbent.candidate)
        return lang === "tr"
          ? `İyileşme yok: şimdiye kadarki en iyi yapılandırma ${bestText}${how} bu adımda da en iyisi; hiçbir aday onu geçemiyor.`
          : `No improvement: ${bestText}${how}, the best configuration so far, is also this step's best; no candidate beats it.`;
      return lang === "tr"
        ? `İyileşme yok: bu adımın en iyisi ${bestText}${how}, ${incumbentText} yapılandırmasını geçemiyor; en iyi yapılandırma değişmiyor.`
        : `No improvement: the step's best, ${bestText}${how}, does not beat ${incumbentText}, which stays the best configuration so far.`;
    case "all-failed":
      return lang === "tr"
        ? `İyileşme yok: bütün adaylar başarısız oldu; en iyi yapılandırma ${incumbentText} olarak kalıyor.`
        : `No improvement: every candidate failed, so ${incumbentText} stays the best configuration so far.`;
    case "none-within-slo":
      return lang === "tr"
        ? `Seçim yok: hiçbir aday hiçbir ölçülen yükte SLO içinde değil${incumbent ? `; en iyi yapılandırma ${incumbentText} olarak kalıyor` : ""}.`
        : `Nothing chosen: no candidate is within the SLO at any measured load${incumbent ? `, so ${incumbentText} stays the best configuration so far` : ""}.`;
    case "comparison":
      return comparisonText(step, report, lang);
  }
}

/** For a step that compares fixed configurations across scenarios: who leads where. */
function comparisonText(step: StepReport, report: ScenarioNames, lang: Lang): string {
  const leaders = step.scenarios.map((scenario) => ({scenario, top: step.standings[scenario]?.[0] ?? null}));
  const recommended = step.candidates.find((c) => c.role === "recommended");
  if (recommended) {
    const first = leaders.filter((l) => l.top?.value != null && l.top.candidate === recommended.id);
    // Ahead on average is a lead only where the gain's interval over the runner-up lies above zero.
    const lead = (scenario: string) => step.verdict.leads?.find((l) => l.scenario === scenario);
    const noisy = first.filter((l) => {
      const interval = lead(l.scenario)?.gain_interval;
      return interval != null && interval.low <= 0;
    });
    const leads = first.filter((l) => !noisy.includes(l));
    const where = leads.map((l) => scenarioName(report, l.scenario, lang)).join(", ");
    const noise = noisy
      .map((l) => {
        const x = lead(l.scenario)!;
        const over = step.candidates.find((c) => c.id === x.over)?.label ?? x.over;
        return `${scenarioName(report, l.scenario, lang)}: ${formatGain(x.gain_percent, x.gain_interval)} ${lang === "tr" ? `${over} yapılandırmasına göre` : `over ${over}`}`;
      })
      .join("; ");
    const level = noisy.length ? confidenceText(lead(noisy[0].scenario)!.gain_interval!) : "";
    const noiseText = noisy.length
      ? lang === "tr"
        ? ` Öndeki fark gürültü içinde (%${level.replace("%", "")} aralık sıfırı içeriyor): ${noise}.`
        : ` Ahead within noise (the ${level} interval includes zero): ${noise}.`
      : "";
    return lang === "tr"
      ? `${recommended.label}, ${step.scenarios.length} senaryonun ${leads.length} tanesinde önde${leads.length ? ` (${where})` : ""}.${noiseText}`
      : `${recommended.label} leads in ${leads.length} of ${step.scenarios.length} scenarios${leads.length ? ` (${where})` : ""}.${noiseText}`;
  }
  return leaders
    .map((l) => `${scenarioName(report, l.scenario, lang)}: ${l.top?.value != null ? l.top.label : "—"}`)
    .join("; ");
}

/** The step's decision rule in one sentence, with each candidate's geometric mean when that rule decides. */
export function decisionText(step: StepReport, report: StudyNames, lang: Lang): string {
  const decision = step.decision;
  // One candidate: no rule chose it.
  if (!decision || singleCandidate(step)) return "";
  const tr = lang === "tr";
  if (decision.rule === "scenario") {
    const name = scenarioName(report, decision.scenario, lang);
    if (step.scenarios.length === 1)
      return tr ? `Karar kuralı: ${name} senaryosu karar verir.` : `Decision rule: the ${name} scenario decides.`;
    return tr
      ? `Karar kuralı: ${name} senaryosu karar verir; diğer senaryolar yalnızca bağlam içindir.`
      : `Decision rule: the ${name} scenario decides; the other scenarios are shown for context.`;
  }
  if (decision.rule === "conservative") {
    const name = scenarioName(report, decision.scenario, lang);
    const cap = `${+(decision.mad_cap * 100).toFixed(2)} %`;
    const margin = `${+decision.tie_margin.toFixed(2)} %`;
    const failed = decision.allow_failed_requests;
    const rule = tr
      ? `Karar kuralı (temkinli): ${name} senaryosunda her yapılandırmanın puanı, en az ${decision.min_repeats} tekrarının medyan − 1.4826 × MAD değeridir; göreli yayılımı (1.4826 × MAD / medyan) ${cap} üzerinde olan aday reddedilir${failed ? "" : "; başarısız isteği olan bir koşu adayını dışarıda bırakır"}. En iyi puanın ${margin} yakınındaki ya da gürültü içindeki puanlar berabere sayılır: beraberlik şimdiye kadarki en iyi yapılandırmada kalır, o yoksa daha az sunucu argümanı olan yapılandırmaya gider.`
      : `Decision rule (conservative): on the ${name} scenario each configuration scores median − 1.4826 × MAD of its repeats, with at least ${decision.min_repeats} repeats; a candidate whose relative spread (1.4826 × MAD / median) exceeds ${cap} is refused${failed ? " (runs with failed requests are allowed by the plan)" : "; a run with failed requests disqualifies its candidate"}. Scores within ${margin} of the best, or within noise, tie: a tie goes to the best configuration so far, else to the one with fewer server arguments.`;
    const refusal = (r: string): string =>
      tr
        ? ({
            "too-few-repeats": "yetersiz tekrar",
            "too-noisy": "fazla gürültülü",
            "failed-requests": "başarısız istek",
            "failed-runs": "başarısız koşu"
          }[r] ?? r)
        : ({
            "too-few-repeats": "too few repeats",
            "too-noisy": "too noisy",
            "failed-requests": "failed requests",
            "failed-runs": "failed runs"
          }[r] ?? r);
    const scores = decision.scores
      .map(
        (s) =>
          `${candidateLabel(report, s.step, s.candidate)} ${s.refused ? `${tr ? "reddedildi" : "refused"} (${refusal(s.refused)})` : formatFixed(s.score, 2)}`
      )
      .join(", ");
    return scores ? `${rule} ${tr ? "Puanlar" : "Scores"}: ${scores}.` : rule;
  }
  const scores = decision.scores
    .filter((s) => s.score != null)
    .sort((a, b) => b.score! - a.score!)
    .map((s) => `${candidateLabel(report, step.id, s.candidate)} ${formatFixed(s.score, 3)}`)
    .join(", ");
  const rule = tr
    ? `Karar kuralı: her adayın senaryo başına şimdiye kadarki en iyi yapılandırmaya oranının geometrik ortalaması; 1'in üzerindeki en yüksek ortalama kazanır${decision.declared ? "" : " (plan bir kural belirtmediği için varsayılan)"}.`
    : `Decision rule: the geometric mean of each candidate's per-scenario ratio to the best configuration so far; the highest mean above 1 wins${decision.declared ? "" : " (the default, as the plan declares no rule)"}.`;
  return scores ? `${rule} ${tr ? "Ortalamalar" : "Means"}: ${scores}.` : rule;
}
