// The sentences that state each step's outcome, computed from the step's standings and verdict.
import type {Standing, StepReport} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {StepNames} from "../../loaders/pages/step-names.js";
import {formatFixed} from "./format.js";
import {confidenceText, formatGain} from "./intervals.js";
import {fill, pick, t, type Lang, type StringKey} from "./i18n.js";
import {metricTitle, metricUnit} from "./metricLabels.js";

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
  return fill(load.kind === "request_rate" ? "loadAtRequestRate" : "loadAtConcurrency", lang, {value: load.value});
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
  const notRun = standings.filter((s) => s.value == null && s.not_run != null);
  const failed = standings.filter((s) => s.value == null && s.status !== "outside-slo" && s.not_run == null);
  let text = ranked
    .map((s, i) => {
      const sep = i === 0 ? "" : s.value === ranked[i - 1].value ? " = " : " > ";
      return sep + withValue(s.label, s.value, unit, loadText(s.load, lang));
    })
    .join("");
  if (outside.length) {
    const list = outside.map((s) => s.label).join(", ");
    text += `${text ? "; " : ""}${fill("rankingOutsideSlo", lang, {list})}`;
  }
  if (failed.length) {
    const list = failed.map((s) => s.label).join(", ");
    text += `${text ? "; " : ""}${fill("rankingFailed", lang, {list})}`;
  }
  if (notRun.length) {
    const list = notRun.map((s) => s.label).join(", ");
    text += `${text ? "; " : ""}${fill("rankingNotRun", lang, {list})}`;
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
  if (singleCandidate(step)) return t("stepIntroSingle", lang);
  return t(step.kind === "selection" ? "stepIntroSelection" : "stepIntroComparison", lang);
}

/** What a step of one candidate measured, with no contest told. */
function singleVerdictText(step: StepReport, report: StudyNames, lang: Lang): string {
  const label = candidateLabel(report, step.id, step.candidates[0].id);
  const standings = step.scenarios.map((s) => step.standings[s]?.[0]).filter((s) => s != null);
  const value = standings.length === 1 ? standings[0].value : null;
  const unit = metricUnit(report.study.objective);
  const measured = value == null ? null : `${formatFixed(value)}${unit ? ` ${unit}` : ""}`;
  return measured ? fill("singleMeasured", lang, {label, measured}) : fill("singleRan", lang, {label});
}

/** Where the step's candidates ran on different numbers of GPUs: that the step compares whole servers, and each
 * one's objective per GPU on each scenario, highest first; "" where all ran on as many. */
export function gpuNote(step: StepReport, report: StudyNames & {gpus?: Record<string, number>}, lang: Lang): string {
  const gpus = report.gpus;
  if (!gpus) return "";
  const label = (candidate: string) => candidateLabel(report, step.id, candidate);
  const counts = step.candidates
    .filter((c) => gpus[c.id] != null)
    .map((c) => fill("gpuCountItem", lang, {label: label(c.id), gpus: gpus[c.id]}))
    .join(", ");
  const perScenario = step.scenarios.flatMap((scenario) => {
    const perGpu = (step.standings[scenario] ?? [])
      .filter((s) => s.value != null && gpus[s.candidate] != null)
      .map((s) => ({label: label(s.candidate), value: s.value! / gpus[s.candidate]}))
      .sort((a, b) => b.value - a.value);
    if (perGpu.length < 2) return [];
    const ranking = perGpu.map((p) => `${p.label} ${formatFixed(p.value)}`).join(" > ");
    return [`${scenarioName(report, scenario, lang)}: ${ranking}`];
  });
  if (!perScenario.length) return "";
  return fill("gpuNote", lang, {
    counts,
    metric: metricTitle(report.study.objective, lang),
    perScenario: perScenario.join("; ")
  });
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
      ? shown(fill("incumbentFromStep", lang, {label: incumbentLabel, step: incumbentStep}), incumbentValue)
      : shown(incumbentLabel || "—", incumbentValue, incumbent?.run);
  const best = verdict.best;
  const bestLabel = best ? candidateLabel(report, step.id, best.candidate) : "";
  const score = geometric ? formatFixed(geometric.score, 3) : "";
  const bestText = shown(bestLabel, best?.value ?? null, best?.run);
  // Where a sentence names the step's best without the gain's own phrase: what its geometric mean was.
  const how =
    geometric && geometric.score != null ? fill("geometricHow", lang, {scenarios: geometric.scenarios, score}) : "";
  const rule = step.decision?.rule === "conservative" ? step.decision : null;
  if (rule && incumbent && best && (verdict.kind === "within-noise" || rule.winner_reason === "simpler-tie")) {
    const scoreOf = (candidate: string) => formatFixed(rule.scores.find((s) => s.candidate === candidate)?.score, 2);
    const margin = `${+rule.tie_margin.toFixed(2)} %`;
    if (verdict.kind === "within-noise")
      return fill("verdictConservativeTie", lang, {
        best: bestLabel,
        bestScore: scoreOf(best.candidate),
        incumbent: incumbentLabel,
        incumbentScore: scoreOf(incumbent.candidate),
        margin
      });
    return fill("verdictSimplerTie", lang, {
      best: bestText,
      tied: rule.tied.map((c) => candidateLabel(report, step.id, c)).join(", "),
      incumbent: incumbentText,
      gain: formatGain(verdict.gain_percent, verdict.gain_interval)
    });
  }
  const gain = formatGain(verdict.gain_percent, verdict.gain_interval);
  switch (verdict.kind) {
    case "improved":
      if (!best) return "";
      if (!incumbent && verdict.baseline_outside_slo) {
        const baseline = step.standings[step.scenarios[0]]?.find((s) => s.status === "outside-slo")?.label ?? "";
        return fill("verdictBaselineOutsideSlo", lang, {best: bestText, baseline});
      }
      if (!incumbent) return fill("verdictNoBaselineValue", lang, {best: bestText});
      if (geometric)
        return fill("verdictImprovedGeometric", lang, {
          best: bestText,
          gain,
          incumbent: incumbentText,
          scenarios: geometric.scenarios,
          score
        });
      return fill("verdictImproved", lang, {best: bestText, gain, incumbent: incumbentText});
    case "within-noise": {
      const level = verdict.gain_interval ? confidenceText(verdict.gain_interval) : "";
      return fill("verdictWithinNoise", lang, {
        best: bestText,
        gain,
        incumbent: incumbentText,
        how,
        level,
        percent: level.replace("%", "")
      });
    }
    case "no-improvement":
      // The best so far ran in this step and stayed on top: no candidate of the step is set against itself.
      if (best && incumbent && incumbent.step === step.id && best.candidate === incumbent.candidate)
        return fill("verdictNoImprovementKept", lang, {best: bestText, how});
      if (verdict.best_partial)
        return fill("verdictPartialAhead", lang, {best: bestText, how, gain, incumbent: incumbentText});
      return fill("verdictNoImprovement", lang, {best: bestText, how, incumbent: incumbentText});
    case "all-failed":
      return fill("verdictAllFailed", lang, {incumbent: incumbentText});
    case "none-within-slo":
      return incumbent
        ? fill("verdictNoneWithinSlo", lang, {incumbent: incumbentText})
        : t("verdictNoneWithinSloFirst", lang);
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
        return fill("comparisonNoiseItem", lang, {
          scenario: scenarioName(report, l.scenario, lang),
          gain: formatGain(x.gain_percent, x.gain_interval),
          over
        });
      })
      .join("; ");
    const level = noisy.length ? confidenceText(lead(noisy[0].scenario)!.gain_interval!) : "";
    const noiseText = noisy.length
      ? fill("comparisonAheadWithinNoise", lang, {level, percent: level.replace("%", ""), list: noise})
      : "";
    return fill(leads.length ? "comparisonLeadsIn" : "comparisonLeadsNowhere", lang, {
      recommended: recommended.label,
      leads: leads.length,
      scenarios: step.scenarios.length,
      where,
      noise: noiseText
    });
  }
  return leaders
    .map((l) => `${scenarioName(report, l.scenario, lang)}: ${l.top?.value != null ? l.top.label : "—"}`)
    .join("; ");
}

// Why a scored candidate was refused, by the reason the decision records.
const REFUSALS: Record<string, StringKey> = {
  "too-few-repeats": "refusalTooFewRepeats",
  "too-noisy": "refusalTooNoisy",
  "failed-requests": "refusalFailedRequests",
  "failed-runs": "refusalFailedRuns"
};

/** The step's decision rule in one sentence, with each candidate's geometric mean when that rule decides. */
export function decisionText(step: StepReport, report: StudyNames, lang: Lang): string {
  const decision = step.decision;
  // One candidate: no rule chose it.
  if (!decision || singleCandidate(step)) return "";
  if (decision.rule === "scenario") {
    const name = scenarioName(report, decision.scenario, lang);
    return fill(step.scenarios.length === 1 ? "decisionScenarioDecides" : "decisionScenarioWithContext", lang, {name});
  }
  if (decision.rule === "conservative") {
    const rule = fill(
      decision.allow_failed_requests ? "decisionConservativeFailedAllowed" : "decisionConservative",
      lang,
      {
        name: scenarioName(report, decision.scenario, lang),
        minRepeats: decision.min_repeats,
        cap: `${+(decision.mad_cap * 100).toFixed(2)} %`,
        margin: `${+decision.tie_margin.toFixed(2)} %`
      }
    );
    const refusal = (r: string): string => (Object.hasOwn(REFUSALS, r) ? t(REFUSALS[r], lang) : r);
    const scores = decision.scores
      .map((s) => {
        const candidate = candidateLabel(report, s.step, s.candidate);
        return s.refused
          ? fill("decisionRefused", lang, {candidate, reason: refusal(s.refused)})
          : `${candidate} ${formatFixed(s.score, 2)}`;
      })
      .join(", ");
    return scores ? fill("decisionScores", lang, {rule, scores}) : rule;
  }
  const scores = decision.scores
    .filter((s) => s.score != null)
    .sort((a, b) => b.score! - a.score!)
    .map((s) => `${candidateLabel(report, step.id, s.candidate)} ${formatFixed(s.score, 3)}`)
    .join(", ");
  const rule = t(decision.declared ? "decisionGeometric" : "decisionGeometricDefault", lang);
  return scores ? fill("decisionMeans", lang, {rule, scores}) : rule;
}
