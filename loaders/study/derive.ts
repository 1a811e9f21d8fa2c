// Derives the write-up from the runs: step standings, the greedy verdicts, the recommended configuration, the headline.
import type {
  CandidateInfo,
  Finding,
  HeadlineRow,
  RunRow,
  Standing,
  StepDecision,
  StepReport,
  StepVerdict,
  SummaryRow
} from "../report-types.js";
import {sameMeaning} from "./argv-meaning.js";
import {
  candidateResult,
  decidingScenario,
  geometricMeanScores,
  rowsByPlannedRun,
  scenarioStandings
} from "./decision.js";
import {runId, type PlanCandidate, type PlanStep, type StudyPlan} from "./plan.js";
import {shellCommand} from "./rows.js";

export interface Derived {
  steps: StepReport[];
  baseline: {step: string; candidate: string; run: string};
  recommended: {step: string; candidate: string; label: string; server_command: string; engine: string};
  headline: HeadlineRow[];
  summary: SummaryRow[];
  findings: Finding[];
}

/** Relative change in percent, (after − before) / before. */
export function changePercent(before: number, after: number): number {
  return ((after - before) / before) * 100;
}

function candidateInfo(step: PlanStep, candidate: PlanCandidate): CandidateInfo {
  return {
    id: candidate.id,
    label: candidate.label,
    engine: candidate.engine,
    model: candidate.model,
    quantization: candidate.quantization,
    role: candidate.role,
    server_command: shellCommand(candidate.server),
    runs: step.scenarios.map((scenario) => runId(step.id, candidate.id, scenario))
  };
}

/** True when `argv` is `base` with more arguments appended: the same configuration, adapted. */
function extendsCommand(argv: string[], base: string[]): boolean {
  return argv.length >= base.length && base.every((arg, i) => argv[i] === arg);
}

export function derive(plan: StudyPlan, rows: RunRow[]): Derived {
  const objective = plan.objective;
  const findings: Finding[] = [];
  const byRun = new Map(rows.map((r) => [r.run, r]));
  // A candidate's value on a scenario is its repeats' mean.
  const groups = rowsByPlannedRun(rows);
  const value = (run: string): number | null => candidateResult(groups, run, "", objective).value;

  const baselineStep = plan.steps.find((s) => s.id === plan.baseline.step)!;
  const selectionScenario = decidingScenario(baselineStep) ?? baselineStep.scenarios[0];
  const baselineRun = runId(baselineStep.id, plan.baseline.candidate, selectionScenario);
  const baselineValue = value(baselineRun);
  if (baselineValue == null)
    findings.push({
      severity: "error",
      code: "baseline-missing",
      message: `the baseline run ${baselineRun} has no ${objective}; gains cannot be computed`,
      run: baselineRun,
      file: null,
      line: null
    });

  // Greedy elimination: the incumbent is the best configuration so far, starting from the baseline.
  let incumbent: StepVerdict["incumbent"] =
    baselineValue == null
      ? null
      : {candidate: plan.baseline.candidate, step: baselineStep.id, run: baselineRun, value: baselineValue};
  let incumbentCandidate: PlanCandidate | null = baselineStep.candidates.find((c) => c.id === plan.baseline.candidate)!;
  const steps: StepReport[] = plan.steps.map((step) => {
    const stepStandings = Object.fromEntries(
      step.scenarios.map((scenario) => [scenario, scenarioStandings(groups, step, scenario, objective)])
    );
    const report = {
      id: step.id,
      kind: step.kind,
      title: step.title,
      scenarios: step.scenarios,
      candidates: step.candidates.map((c) => candidateInfo(step, c)),
      standings: stepStandings
    };
    if (step.kind !== "selection")
      return {...report, verdict: {kind: "comparison", incumbent: null, best: null, gain_percent: null, winner: null}};
    const before = incumbent;
    const beforeCandidate = incumbentCandidate;
    // The incumbent's value on a scenario: its own run there, else a candidate of this step running its command.
    const incumbentValue = (scenario: string): number | null => {
      if (!before) return null;
      const own = value(runId(before.step, before.candidate, scenario));
      if (own != null) return own;
      const rerun = beforeCandidate && step.candidates.find((c) => sameMeaning(c.server, beforeCandidate.server));
      return rerun ? value(runId(step.id, rerun.id, scenario)) : null;
    };
    const deciding = decidingScenario(step);
    let best: StepVerdict["best"] = null;
    let gain: number | null = null;
    let kind: StepVerdict["kind"] = "no-improvement";
    let decision: StepDecision;
    const declared = !step.decision_default;
    if (deciding) {
      decision = {rule: "scenario", scenario: deciding, declared};
      const top = stepStandings[deciding]?.[0];
      best = top && top.value != null ? {candidate: top.candidate, run: top.run, value: top.value} : null;
      // Without the incumbent's value on the deciding scenario there is nothing to beat: the step's best leads.
      const against = before ? incumbentValue(deciding) : null;
      if (!best) kind = "all-failed";
      else if (before == null || against == null || (best.value > against && best.run !== before.run)) {
        kind = "improved";
        gain = before == null || against == null ? null : changePercent(against, best.value);
      }
    } else {
      const scores = geometricMeanScores(step, (c, s) => value(runId(step.id, c.id, s)), incumbentValue);
      decision = {rule: "geometric-mean", declared, scores};
      const top = scores.filter((s) => s.score != null).sort((a, b) => b.score! - a.score!)[0];
      const first = step.scenarios[0];
      const anyValue = step.candidates.some((c) => step.scenarios.some((s) => value(runId(step.id, c.id, s)) != null));
      if (top) {
        const run = runId(step.id, top.candidate, first);
        best = {candidate: top.candidate, run, value: value(run)!};
        const isIncumbent = before != null && before.step === step.id && before.candidate === top.candidate;
        if (top.score! > 1 && !isIncumbent) {
          kind = "improved";
          gain = (top.score! - 1) * 100;
        }
      } else if (!anyValue) kind = "all-failed";
      else
        findings.push({
          severity: "warning",
          code: "decision-incomplete",
          message: `step ${step.id}: no candidate has a ${objective} ratio to the incumbent on every scenario (${step.scenarios.join(", ")}), so the geometric mean cannot decide`,
          run: null,
          file: plan.file,
          line: null
        });
    }
    if (kind === "improved" && best) {
      incumbent = {candidate: best.candidate, step: step.id, run: best.run, value: best.value};
      incumbentCandidate = step.candidates.find((c) => c.id === best!.candidate)!;
    }
    return {...report, decision, verdict: {kind, incumbent: before, best, gain_percent: gain, winner: incumbent}};
  });

  const winnerStep = incumbent?.step ?? baselineStep.id;
  const winner = incumbentCandidate!;
  const generalization = plan.steps.filter((s) => s.kind === "generalization");
  const adapted = generalization
    .flatMap((s) => s.candidates.filter((c) => c.role === "recommended"))
    .find((c) => c.engine === winner.engine && extendsCommand(c.server, winner.server));
  for (const step of generalization)
    for (const c of step.candidates.filter((c) => c.role === "recommended" && c !== adapted))
      findings.push({
        severity: "warning",
        code: "recommended-not-winner",
        message: `step ${step.id}: candidate '${c.id}' is marked recommended but is not the selection winner '${winner.id}' (${shellCommand(winner.server)}) with arguments added`,
        run: null,
        file: plan.file,
        line: null
      });
  const recommended = {
    step: winnerStep,
    candidate: winner.id,
    label: winner.label,
    engine: winner.engine,
    server_command: shellCommand((adapted ?? winner).server)
  };

  // Headline: each scenario's baseline against the recommended configuration.
  const baselineCandidate = baselineStep.candidates.find((c) => c.id === plan.baseline.candidate)!;
  const pairs = plan.scenarios.flatMap((scenario) => {
    if (baselineStep.scenarios.includes(scenario.id) && incumbent)
      return [
        {
          scenario: scenario.id,
          baseline_run: runId(baselineStep.id, baselineCandidate.id, scenario.id),
          recommended_run: runId(winnerStep, winner.id, scenario.id)
        }
      ];
    for (const step of generalization) {
      if (!step.scenarios.includes(scenario.id)) continue;
      const base = step.candidates.find((c) => c.role === "baseline");
      const rec =
        adapted && step.candidates.includes(adapted) ? adapted : step.candidates.find((c) => c.role === "recommended");
      if (base && rec)
        return [
          {
            scenario: scenario.id,
            baseline_run: runId(step.id, base.id, scenario.id),
            recommended_run: runId(step.id, rec.id, scenario.id)
          }
        ];
    }
    return [];
  });
  const tpot = (run: string): number | null => {
    const v = byRun.get(run)?.mean_tpot_ms;
    return typeof v === "number" ? v : null;
  };
  const headline: HeadlineRow[] = pairs.flatMap((pair) => {
    const before = value(pair.baseline_run);
    const after = value(pair.recommended_run);
    if (before == null || after == null) {
      findings.push({
        severity: "warning",
        code: "headline-incomplete",
        message: `scenario ${pair.scenario}: no ${objective} for ${before == null ? pair.baseline_run : pair.recommended_run}; left out of the headline`,
        run: before == null ? pair.baseline_run : pair.recommended_run,
        file: null,
        line: null
      });
      return [];
    }
    const tpotBefore = tpot(pair.baseline_run);
    const tpotAfter = tpot(pair.recommended_run);
    return [
      {
        ...pair,
        baseline_tps: before,
        recommended_tps: after,
        change_percent: changePercent(before, after),
        baseline_tpot_ms: tpotBefore,
        recommended_tpot_ms: tpotAfter,
        tpot_change_percent: tpotBefore != null && tpotAfter != null ? changePercent(tpotBefore, tpotAfter) : null
      }
    ];
  });

  const summary: SummaryRow[] = steps
    .filter((s) => s.kind === "selection")
    .map((s) => ({
      step: s.id,
      title: s.title,
      gain_percent: s.verdict.kind === "improved" ? s.verdict.gain_percent : null
    }));

  return {
    steps,
    baseline: {step: baselineStep.id, candidate: plan.baseline.candidate, run: baselineRun},
    recommended,
    headline,
    summary,
    findings
  };
}
