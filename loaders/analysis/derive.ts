// Derives the write-up from the runs: step standings, the greedy verdicts, the recommended configuration, the headline.
import {desc, escape, from} from "arquero";
import {FINDING_FORMS, type Finding} from "../finding.js";
import type {RunRow} from "../runs/rows.js";
import type {Summary} from "../stats/summary.js";
import {plannedRuns, runId, type PlanCandidate, type PlanStep, type StudyPlan} from "../study/plan.js";
import {aggregatePoints, pointRow, type Point} from "./points.js";
import {chooseLoadPoints, OUTSIDE_SLO, type CurveChoice} from "./ladder.js";
import {studyConfidence} from "../study/repeats.js";
import {addedOptions, sameMeaning, SERVER_ADDRESS_OPTIONS} from "../command/argv-meaning.js";
import {
  conservativeChoice,
  conservativeRule,
  decidingScenario,
  geometricMeanScores,
  type ConservativeChoice,
  type ConservativeRule,
  type Contender
} from "./decision.js";
import {shellCommand} from "../runs/rows.js";
import {notRunReason} from "../runs/not-run.js";
import {shownCommand} from "./shown-command.js";
import {interval, type GainInterval} from "./gain-interval.js";
import {geometricGain} from "../stats/geometric-gain.js";
export type {GainInterval} from "./gain-interval.js";
import {RUN_ERRORS, type RunStatus} from "../runs/read-runs.js";
import {fillForm, type Text} from "../text.js";

export interface Derived {
  steps: StepReport[];
  /** `outside_slo`: no load point of the baseline's curve meets the SLO (why, in words). */
  baseline: {step: string; candidate: string; run: string; outside_slo?: string};
  /** `model`: the one the recommended configuration serves (a study may hold candidates of several models);
   * `outside_slo`: no configuration met the study's SLO, so this is the baseline, which does not meet it either. */
  recommended: {
    step: string;
    candidate: string;
    label: string;
    server_command: string;
    engine: string;
    model: string;
    outside_slo?: true;
  };
  headline: HeadlineRow[];
  /** Where a page marks another configuration recommended than the selection's winner: the baseline against it, per
   * scenario, in its other-workloads step or as a step candidate it equals or extends. Not the headline; what the
   * page's own headline figures are checked against. */
  page_headline: HeadlineRow[];
  summary: SummaryRow[];
  findings: Finding[];
  /** Each ladder curve's chosen point (empty for a study without ladders). */
  choices: CurveChoice[];
  /** A point's objective over its repeats, by any of its run ids (coverage and the second look weigh gaps with it). */
  objectiveOf: (run: string) => Summary | null;
}

/** Relative change in percent, (after − before) / before. */
export function changePercent(before: number, after: number): number {
  return ((after - before) / before) * 100;
}

/** `runs`: the candidate's planned runs in plan order. */
function candidateInfo(plan: StudyPlan, candidate: PlanCandidate, runs: string[]): CandidateInfo {
  return {
    id: candidate.id,
    label: candidate.label,
    engine: candidate.engine,
    model: candidate.model,
    quantization: candidate.quantization,
    role: candidate.role,
    server_command: shownCommand(plan, candidate.server, candidate.model),
    runs
  };
}

type RankedRow = RunRow & {value: number | null};

/** Every row ranked by the objective, best first, failed or missing results last (one table, one sort). */
export function rankRows(
  rows: RunRow[],
  objective: string,
  outside: ReadonlyMap<string, string> = new Map()
): RankedRow[] {
  // A table without rows has no columns for the expressions to name.
  if (rows.length === 0) return [];
  return (
    from(rows)
      // escape(): rows without any result have no objective column for a parsed expression to name.
      .derive({
        value: escape((d: RunRow) =>
          d.status === "ok" && !outside.has(d.run) ? ((d[objective] as number | undefined) ?? null) : null
        )
      })
      .derive({missing: "d => d.value == null", incomplete: "d => d.partial != null"})
      .orderby("missing", "incomplete", desc("value"))
      .objects() as RankedRow[]
  );
}

/** Candidates of a step on one scenario from its point rows ranked by rankRows; candidates without a run last. */
function standings(
  ranked: RankedRow[],
  step: PlanStep,
  scenario: string,
  objective: string,
  points: Map<string, Point>,
  outside: ReadonlyMap<string, string>
): Standing[] {
  const labels = new Map(step.candidates.map((c) => [c.id, c.label]));
  const present = new Set(ranked.map((r) => r.candidate));
  const absent: Standing[] = step.candidates
    .filter((c) => !present.has(c.id))
    .map((c) => ({
      candidate: c.id,
      run: runId(step.id, c.id, scenario),
      runs: [],
      label: c.label,
      status: "failed",
      value: null,
      error: RUN_ERRORS.noRun,
      n: 0,
      failed_repeats: 0,
      ci_low: null,
      ci_high: null,
      partial: false
    }));
  return [
    ...ranked.map((r) => {
      const point = points.get(r.run)!;
      const summary = point.metrics[objective];
      const notRun = notRunReason(r);
      return {
        candidate: r.candidate,
        run: r.run,
        runs: point.rows.map((row) => row.run),
        label: labels.get(r.candidate) ?? r.label,
        status: outside.has(r.run) && r.status === "ok" ? ("outside-slo" as const) : r.status,
        value: r.value,
        error:
          r.status === "failed"
            ? r.error
            : outside.has(r.run)
              ? outside.get(r.run)!
              : r.value == null
                ? `no ${objective} in the result`
                : null,
        n: point.n,
        failed_repeats: point.failed,
        ci_low: summary?.ci_low ?? null,
        ci_high: summary?.ci_high ?? null,
        partial: r.partial != null,
        ...(notRun != null ? {not_run: notRun} : {}),
        mean_tpot_ms: r.status === "ok" && typeof r.mean_tpot_ms === "number" ? r.mean_tpot_ms : null,
        ...(typeof r.load === "number" && r.load_kind != null ? {load: {kind: String(r.load_kind), value: r.load}} : {})
      };
    }),
    ...absent
  ];
}

/** Two server commands compared as configurations: where each listens aside. */
const SERVER = {ignore: SERVER_ADDRESS_OPTIONS};

/** True when `argv` is `base` with more arguments appended: the same configuration, adapted. */
function extendsCommand(argv: string[], base: string[]): boolean {
  if (argv.length >= base.length && base.every((arg, i) => argv[i] === arg)) return true;
  // Spelled otherwise (`--model` for SGLang's `--model-path`, `--flag=value`): the same program, every option of the
  // base with the same values, wherever the server listens.
  return addedOptions(argv, base, SERVER) != null;
}

export function derive(plan: StudyPlan, allRows: RunRow[]): Derived {
  const objective = plan.objective;
  const confidence = studyConfidence(plan);
  const findings: Finding[] = [];
  // A ladder scenario's curve is judged by one point: its best within the SLO (ladder.ts).
  const {rows, choices} = chooseLoadPoints(plan, allRows, confidence);
  // Runs of a curve no point of which meets the SLO (its lowest load's, kept to stand for it): why, by run id.
  const outside = new Map<string, string>();
  for (const row of rows) if (row[OUTSIDE_SLO] != null) outside.set(row.run, String(row[OUTSIDE_SLO]));
  // Each point (step, candidate, scenario) once, keyed by its repeat-1 run id: every figure below is a point's mean.
  const points = new Map<string, Point>();
  for (const point of aggregatePoints(
    rows,
    [...new Set([objective, "mean_tpot_ms"])],
    confidence,
    plan.warmup_repeats ?? 0
  )) {
    points.set(point.key, point);
    // A point is found by any of its runs too: repeat 1 may be missing from the archive.
    for (const r of point.rows) points.set(r.run, point);
    // And a ladder's chosen point by its curve's id, which names no load.
    points.set(runId(point.step, point.candidate, point.scenario), point);
  }
  // The run id a point's figures are shown under: a ladder's chosen point, else the plain id.
  const pid = (step: string, candidate: string, scenario: string): string => {
    const id = runId(step, candidate, scenario);
    return points.get(id)?.key ?? id;
  };
  const summaryOf = (run: string, metric = objective): Summary | null => points.get(run)?.metrics[metric] ?? null;
  // A point standing for a curve that never meets the SLO has runs, but no score within the SLO.
  const isOutside = (run: string): boolean => points.get(run)?.rows.some((r) => outside.has(r.run)) ?? false;
  const value = (run: string): number | null => (isOutside(run) ? null : (summaryOf(run)?.mean ?? null));
  const notRun = (run: string): boolean => {
    const rows = points.get(run)?.rows ?? [];
    return rows.length > 0 && rows.every((r) => notRunReason(r) != null);
  };

  const baselineStep = plan.steps.find((s) => s.id === plan.baseline.step)!;
  const selectionScenario = decidingScenario(baselineStep) ?? baselineStep.scenarios[0];
  const baselineRun = pid(baselineStep.id, plan.baseline.candidate, selectionScenario);
  const baselineValue = value(baselineRun);
  // A baseline whose curve never meets the SLO ran: it has no score within the SLO, and nothing is wrong with the data.
  const baselineOutside = points.get(baselineRun)?.rows.find((r) => outside.has(r.run))?.[OUTSIDE_SLO];
  if (baselineValue == null && baselineOutside != null)
    findings.push({
      severity: "warning",
      code: "baseline-outside-slo",
      message: fillForm(FINDING_FORMS.baselineOutsideSlo, {
        label: baselineStep.candidates.find((c) => c.id === plan.baseline.candidate)?.label ?? plan.baseline.candidate,
        reason: String(baselineOutside)
      }),
      run: baselineRun,
      file: null,
      line: null
    });
  else if (baselineValue == null)
    findings.push({
      severity: "error",
      code: "baseline-missing",
      message: fillForm(FINDING_FORMS.baselineMissing, {run: baselineRun, metric: objective}),
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
  // One ranking of all rows, then split per step and scenario: a stable sort keeps each group's order, and arquero
  // compiles its expressions once instead of once per step and scenario.
  const rankedByGroup = new Map<string, RankedRow[]>();
  for (const row of rankRows([...new Set(points.values())].map(pointRow), objective, outside)) {
    const key = `${row.step}\0${row.scenario}`;
    const list = rankedByGroup.get(key);
    if (list) list.push(row);
    else rankedByGroup.set(key, [row]);
  }
  // Each candidate's planned runs (every scenario and repeat), by `<step>--<candidate>`.
  const plannedByGroup = new Map<string, string[]>();
  for (const p of plannedRuns(plan)) {
    const key = `${p.step.id}--${p.candidate.id}`;
    const list = plannedByGroup.get(key);
    if (list) list.push(p.run);
    else plannedByGroup.set(key, [p.run]);
  }
  const steps: StepReport[] = plan.steps.map((step) => {
    const stepStandings = Object.fromEntries(
      step.scenarios.map((scenario) => [
        scenario,
        standings(rankedByGroup.get(`${step.id}\0${scenario}`) ?? [], step, scenario, objective, points, outside)
      ])
    );
    const report = {
      id: step.id,
      kind: step.kind,
      title: step.title,
      scenarios: step.scenarios,
      candidates: step.candidates.map((c) => candidateInfo(plan, c, plannedByGroup.get(`${step.id}--${c.id}`) ?? [])),
      standings: stepStandings
    };
    if (step.kind !== "selection") {
      // Who leads each scenario, and by how much over the runner-up: held to the selection steps' rule.
      const leads = step.scenarios.flatMap((scenario) => {
        const [top, next] = stepStandings[scenario] ?? [];
        if (top?.value == null || next?.value == null) return [];
        return [
          {
            scenario,
            candidate: top.candidate,
            over: next.candidate,
            gain_percent: changePercent(next.value, top.value),
            gain_interval: interval(summaryOf(next.run), summaryOf(top.run), confidence)
          }
        ];
      });
      return {
        ...report,
        verdict: {
          kind: "comparison",
          incumbent: null,
          best: null,
          gain_percent: null,
          gain_interval: null,
          winner: null,
          leads
        }
      };
    }
    const before = incumbent;
    const beforeCandidate = incumbentCandidate;
    // The incumbent's run on a scenario: its own run there, else a candidate of this step running its command.
    const incumbentRun = (scenario: string): string | null => {
      if (!before) return null;
      const own = pid(before.step, before.candidate, scenario);
      if (value(own) != null) return own;
      const rerun =
        beforeCandidate && step.candidates.find((c) => sameMeaning(c.server, beforeCandidate.server, SERVER));
      return rerun ? pid(step.id, rerun.id, scenario) : null;
    };
    const incumbentValue = (scenario: string): number | null => {
      const run = incumbentRun(scenario);
      return run ? value(run) : null;
    };
    const deciding = decidingScenario(step);
    let best: StepVerdict["best"] = null;
    let gain: number | null = null;
    let kind: StepVerdict["kind"] = "no-improvement";
    let partialBest = false;
    let decision: StepDecision;
    let gainInterval: GainInterval | null = null;
    let basis: StepVerdict["basis"];
    const declared = !step.decision_default;
    const conservative = conservativeRule(step);
    if (deciding && conservative) {
      // median − 1.4826 × MAD of each configuration's repeats; ties go to the incumbent or the simpler one.
      const againstRun = incumbentRun(deciding);
      const against = againstRun ? value(againstRun) : null;
      basis = {rule: "scenario", scenario: deciding, incumbent_value: against};
      const contender = (stepId: string, c: PlanCandidate, run: string, isIncumbent: boolean): Contender => {
        const point = points.get(run);
        const counted = point ? point.rows.filter((r) => r.repeat > point.warmups) : [];
        const ok = counted.filter((r) => r.status === "ok");
        return {
          step: stepId,
          candidate: c.id,
          incumbent: isIncumbent,
          values: ok.map((r) => r[objective]).filter((v): v is number => typeof v === "number"),
          failed_runs: counted.length - ok.length,
          failed_requests: counted.reduce((sum, r) => sum + (typeof r.failed === "number" ? r.failed : 0), 0),
          server_args: c.server.length
        };
      };
      const inStep = (c: PlanCandidate): boolean =>
        againstRun != null && points.get(againstRun) === points.get(pid(step.id, c.id, deciding));
      const contenders = step.candidates.map((c) => contender(step.id, c, pid(step.id, c.id, deciding), inStep(c)));
      if (before && beforeCandidate && againstRun && !step.candidates.some(inStep))
        contenders.push(contender(before.step, beforeCandidate, againstRun, true));
      const runOf = (e: {step: string; candidate: string}): string => pid(e.step, e.candidate, deciding);
      const choice = conservativeChoice(contenders, conservative, (top, other) => {
        const i = interval(summaryOf(runOf(other)), summaryOf(runOf(top)), confidence);
        return i != null && i.low <= 0;
      });
      decision = {rule: "conservative", scenario: deciding, declared, ...conservative, ...choice};
      const winnerIsIncumbent =
        choice.winner != null &&
        contenders.some((c) => c.incumbent && c.candidate === choice.winner && c.step === choice.winner_step);
      if (choice.winner == null) kind = "all-failed";
      else if (winnerIsIncumbent || before == null) {
        const top = choice.top ? contenders.find((c) => c.candidate === choice.top)! : null;
        kind = top && !top.incumbent ? "within-noise" : "no-improvement";
        if (top && !top.incumbent) {
          const run = runOf(top);
          best = {candidate: top.candidate, run, value: value(run) ?? 0};
        }
      } else {
        const run = pid(step.id, choice.winner, deciding);
        best = {candidate: choice.winner, run, value: value(run) ?? 0};
        kind = "improved";
      }
      if (best && against != null) {
        gain = changePercent(against, best.value);
        gainInterval = againstRun ? interval(summaryOf(againstRun), summaryOf(best.run), confidence) : null;
      }
    } else if (deciding) {
      decision = {rule: "scenario", scenario: deciding, declared};
      const top = stepStandings[deciding]?.[0];
      best = top && top.value != null ? {candidate: top.candidate, run: top.run, value: top.value} : null;
      // Without the incumbent's value on the deciding scenario there is nothing to beat: the step's best leads.
      const againstRun = incumbentRun(deciding);
      const against = againstRun ? value(againstRun) : null;
      basis = {rule: "scenario", scenario: deciding, incumbent_value: against};
      // With repeats on both sides the best so far is kept unless the gain's interval lies above zero.
      gainInterval = againstRun && best ? interval(summaryOf(againstRun), summaryOf(best.run), confidence) : null;
      if (!best)
        kind = stepStandings[deciding]?.some((x) => x.status === "outside-slo") ? "none-within-slo" : "all-failed";
      // A partial result (cut off, or missing requests) never displaces the best so far.
      else if (
        before == null ||
        against == null ||
        (best.value > against && best.run !== before.run && !top!.partial)
      ) {
        gain = before == null || against == null ? null : changePercent(against, best.value);
        kind = gainInterval && gainInterval.low <= 0 ? "within-noise" : "improved";
      } else if (best.value > against && best.run !== before.run) {
        // Ahead, but on part of its workload: the pages give the gain and the reason it is not kept.
        gain = changePercent(against, best.value);
        partialBest = true;
      } else if (gainInterval && against != null) gain = changePercent(against, best.value);
    } else {
      const scores = geometricMeanScores(step, (c, s) => value(runId(step.id, c.id, s)), incumbentValue);
      decision = {rule: "geometric-mean", declared, scores};
      const top = scores.filter((s) => s.score != null).sort((a, b) => b.score! - a.score!)[0];
      basis = {rule: "geometric-mean", scenarios: step.scenarios.length, score: top?.score ?? null};
      const first = step.scenarios[0];
      const anyValue = step.candidates.some((c) => step.scenarios.some((s) => value(runId(step.id, c.id, s)) != null));
      if (top) {
        const run = pid(step.id, top.candidate, first);
        best = {candidate: top.candidate, run, value: value(run)!};
        const isIncumbent = before != null && before.step === step.id && before.candidate === top.candidate;
        if (top.score! > 1 && !isIncumbent) {
          gain = (top.score! - 1) * 100;
          // With repeats on both sides of every scenario the best so far is kept unless the interval lies above zero.
          const pairs = step.scenarios.map((s) => {
            const against = incumbentRun(s);
            return {before: against ? summaryOf(against) : null, after: summaryOf(runId(step.id, top.candidate, s))};
          });
          const g = geometricGain(pairs, confidence);
          gainInterval = g ? {low: g.gain_low, high: g.gain_high, confidence} : null;
          kind = gainInterval && gainInterval.low <= 0 ? "within-noise" : "improved";
        }
      } else if (!anyValue) kind = "all-failed";
      else
        findings.push({
          severity: "warning",
          code: "decision-incomplete",
          message: fillForm(FINDING_FORMS.decisionIncomplete, {
            step: step.id,
            metric: objective,
            scenarios: step.scenarios.join(", ")
          }),
          run: null,
          file: plan.file,
          line: null
        });
    }
    if (kind === "improved" && best) {
      incumbent = {candidate: best.candidate, step: step.id, run: best.run, value: best.value};
      incumbentCandidate = step.candidates.find((c) => c.id === best!.candidate)!;
    }
    return {
      ...report,
      decision,
      verdict: {
        kind,
        ...(before == null && baselineOutside != null && step.id === baselineStep.id
          ? {baseline_outside_slo: String(baselineOutside)}
          : {}),
        incumbent: before,
        best,
        gain_percent: gain,
        gain_interval: gainInterval,
        ...(partialBest ? {best_partial: true as const} : {}),
        winner: incumbent,
        basis
      }
    };
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
        message: fillForm(FINDING_FORMS.recommendedNotWinner, {
          step: step.id,
          candidate: c.id,
          winner: winner.id,
          command: shellCommand(winner.server)
        }),
        run: null,
        file: plan.file,
        line: null
      });
  const recommended = {
    step: winnerStep,
    candidate: winner.id,
    label: winner.label,
    engine: winner.engine,
    model: (adapted ?? winner).model,
    server_command: shownCommand(plan, (adapted ?? winner).server, (adapted ?? winner).model),
    // Decided within an SLO that no configuration met: the study's starting point stays, and meets it nowhere.
    ...(plan.within_slo && incumbent == null ? {outside_slo: true as const} : {})
  };

  // Headline: each scenario's baseline against the recommended configuration.
  const baselineCandidate = baselineStep.candidates.find((c) => c.id === plan.baseline.candidate)!;
  type Pair = {scenario: string; baseline_run: string; recommended_run: string};
  const pagePairs: Pair[] = [];
  const pairs = plan.scenarios.flatMap((scenario): Pair[] => {
    // Where a generalization step ran the baseline and the recommendation side by side on the workload, those runs
    // are the comparison; else the baseline step's run against the winner's.
    const own = () =>
      baselineStep.scenarios.includes(scenario.id) && incumbent
        ? [
            {
              scenario: scenario.id,
              baseline_run: pid(baselineStep.id, baselineCandidate.id, scenario.id),
              recommended_run: pid(winnerStep, winner.id, scenario.id)
            }
          ]
        : [];
    for (const step of generalization) {
      if (!step.scenarios.includes(scenario.id)) continue;
      const base = step.candidates.find((c) => c.role === "baseline");
      const marked = step.candidates.find((c) => c.role === "recommended");
      const rec =
        adapted && step.candidates.includes(adapted)
          ? adapted
          : step.candidates.find(
              (c) => c.role !== "baseline" && c.engine === winner.engine && sameMeaning(c.server, winner.server, SERVER)
            );
      // The headline compares the recommended configuration: another candidate marked so is not shown under its name.
      if (base && marked && !rec) {
        findings.push({
          severity: "warning",
          code: "headline-not-recommended",
          message: fillForm(FINDING_FORMS.headlineNotRecommended, {
            scenario: scenario.id,
            step: step.id,
            candidate: marked.id,
            winner: winner.id
          }),
          run: runId(step.id, marked.id, scenario.id),
          file: plan.file,
          line: null
        });
        pagePairs.push({
          scenario: scenario.id,
          baseline_run: pid(step.id, base.id, scenario.id),
          recommended_run: pid(step.id, marked.id, scenario.id)
        });
        continue;
      }
      if (base && rec) {
        const pair = {
          scenario: scenario.id,
          baseline_run: pid(step.id, base.id, scenario.id),
          recommended_run: pid(step.id, rec.id, scenario.id)
        };
        // A side the step never ran on the workload (no result given, not a failure): the baseline step's runs are
        // the comparison where it has them, as a write-up's own table takes them.
        if ((notRun(pair.baseline_run) || notRun(pair.recommended_run)) && own().length) return own();
        return [pair];
      }
    }
    return own();
  });
  const tpot = (run: string): number | null => summaryOf(run, "mean_tpot_ms")?.mean ?? null;
  const headlineRow = (pair: Pair): HeadlineRow | null => {
    const before = value(pair.baseline_run);
    const after = value(pair.recommended_run);
    if (before == null || after == null) return null;
    const tpotBefore = tpot(pair.baseline_run);
    const tpotAfter = tpot(pair.recommended_run);
    return {
      ...pair,
      baseline_tps: before,
      recommended_tps: after,
      change_percent: changePercent(before, after),
      change_interval: interval(summaryOf(pair.baseline_run), summaryOf(pair.recommended_run), confidence),
      baseline_n: points.get(pair.baseline_run)?.n ?? 0,
      recommended_n: points.get(pair.recommended_run)?.n ?? 0,
      baseline_tpot_ms: tpotBefore,
      recommended_tpot_ms: tpotAfter,
      tpot_change_percent: tpotBefore != null && tpotAfter != null ? changePercent(tpotBefore, tpotAfter) : null
    };
  };
  const headline: HeadlineRow[] = pairs.flatMap((pair) => {
    const row = headlineRow(pair);
    if (row == null) {
      const before = value(pair.baseline_run);
      const after = value(pair.recommended_run);
      // The baseline-outside-slo finding already says why the baseline has no figure here.
      if (after != null && pair.baseline_run === baselineRun && baselineOutside != null) return [];
      findings.push({
        severity: "warning",
        code: "headline-incomplete",
        message: fillForm(FINDING_FORMS.headlineIncomplete, {
          scenario: pair.scenario,
          metric: objective,
          run: before == null ? pair.baseline_run : pair.recommended_run
        }),
        run: before == null ? pair.baseline_run : pair.recommended_run,
        file: null,
        line: null
      });
      return [];
    }
    return [row];
  });
  // The page's own recommendation on a workload its other-workloads step does not run: the run of a step candidate
  // its command equals or extends (a chat parser added), else one that extends it (an argument the page leaves out),
  // the fewest arguments apart; the baseline as the headline's.
  const pageCommand = pagePairs.length
    ? generalization.flatMap((s) => s.candidates).find((c) => c.role === "recommended" && c !== adapted)?.server
    : undefined;
  if (pageCommand) {
    // Each step candidate near the page's command, nearest first: how it is, whatever the workload.
    const near = plan.steps
      .filter((s) => s.kind !== "generalization")
      .flatMap((step) =>
        step.candidates.flatMap((candidate) => {
          const added = addedOptions(pageCommand, candidate.server, SERVER)?.length;
          const left = addedOptions(candidate.server, pageCommand, SERVER)?.length;
          return added != null || left != null
            ? [{step, candidate, tier: added != null ? 0 : 1, apart: added ?? left!}]
            : [];
        })
      )
      .sort((a, b) => a.tier - b.tier || a.apart - b.apart);
    for (const pair of pairs) {
      if (pagePairs.some((p) => p.scenario === pair.scenario)) continue;
      const run = near
        .filter(({step}) => step.scenarios.includes(pair.scenario))
        .map(({step, candidate}) => pid(step.id, candidate.id, pair.scenario))
        .find((r) => value(r) != null);
      if (run && run !== pair.recommended_run) pagePairs.push({...pair, recommended_run: run});
    }
  }
  const page_headline = pagePairs.flatMap((pair) => headlineRow(pair) ?? []);

  const summary: SummaryRow[] = steps
    .filter((s) => s.kind === "selection")
    .map((s) => ({
      step: s.id,
      title: s.title,
      gain_percent: s.verdict.kind === "improved" ? s.verdict.gain_percent : null,
      gain_interval: s.verdict.gain_interval
    }));

  return {
    steps,
    baseline: {
      step: baselineStep.id,
      candidate: plan.baseline.candidate,
      run: baselineRun,
      ...(baselineOutside != null ? {outside_slo: String(baselineOutside)} : {})
    },
    recommended,
    headline,
    page_headline,
    summary,
    findings,
    choices,
    objectiveOf: (run) => summaryOf(run)
  };
}

export interface CandidateInfo {
  id: string;
  label: string;
  engine: string;
  model: string;
  quantization: string;
  role: "baseline" | "recommended" | null;
  server_command: string;
  /** Run ids of this candidate, one per scenario of its step and repeat (rounds: each scenario, then again). */
  runs: string[];
}
/** A candidate's standing in a step, ordered best first; failed runs last with their error. */
export interface Standing {
  candidate: string;
  /** The point's first run (repeat 1). */
  run: string;
  /** Every archived run of the point, by repeat. */
  runs: string[];
  label: string;
  /** outside-slo: the candidate's runs ran, but no load point of its curve meets the SLO (`error` says why). */
  status: RunStatus | "outside-slo";
  /** The objective: the mean over the point's successful repeats (a single run's own value). */
  value: number | null;
  error: string | null;
  /** The run's result is partial (cut off or incomplete): ranked after the complete runs. */
  partial: boolean;
  /** Why the point was not run (a ladder level live mode left out, a configuration a write-up gives no result for):
   * its run.json says failed in the not-run phase; no failure. Absent for a point that ran. */
  not_run?: string;
  /** Successful and failed repeats of the point. */
  n: number;
  failed_repeats: number;
  /** Student-t interval of the mean at the study's confidence; null below two successful repeats. */
  ci_low: number | null;
  ci_high: number | null;
  /** Mean TPOT over the point's successful repeats (the step chart's second panel); null where none printed it. */
  mean_tpot_ms?: number | null;
  /** The load the point ran at (a ladder's level, or the scenario's fixed load); absent for a flood. */
  load?: {kind: string; value: number};
}
/** How a selection step picked its winner, as the step page states it. */
export type StepDecision =
  | {rule: "scenario"; scenario: string; declared: boolean}
  | ({rule: "conservative"; scenario: string; declared: boolean} & ConservativeRule & ConservativeChoice)
  | {
      rule: "geometric-mean";
      declared: boolean;
      /** Per candidate: the geometric mean of its per-scenario ratios to the incumbent, and the ratios. */
      scores: {candidate: string; score: number | null; ratios: Record<string, number | null>}[];
    };
export interface StepVerdict {
  /** improved: a candidate beat the best so far (significantly, when there are repeats); within-noise: one did on
   * average, but its gain's interval includes zero, so the best so far stays; no-improvement: none did; all-failed:
   * nothing ran; none-within-slo: candidates ran, but none has a load point within the SLO. */
  kind: "improved" | "within-noise" | "no-improvement" | "all-failed" | "none-within-slo" | "comparison";
  /** The step starts from the study's baseline, which no load point of its curve brings within the SLO (why, in
   * words): any candidate within the SLO replaces it, and no gain over it can be given. */
  baseline_outside_slo?: string;
  /** Best configuration before this step (null for the first step, which starts from the study baseline). */
  incumbent: {candidate: string; step: string; run: string; value: number} | null;
  /** Best candidate of this step (the winner when kind is improved). */
  best: {candidate: string; run: string; value: number} | null;
  /** Gain of the best candidate over the incumbent (or the baseline for the first step), percent; null when none
   * (within-noise and no-improvement keep the measured difference when there are repeats to weigh it). */
  gain_percent: number | null;
  /** The gain's interval; null when either side ran once (no interval can be computed). */
  gain_interval: GainInterval | null;
  /** The step's best is ahead of the best so far, but its result is partial, so it is not kept (no-improvement). */
  best_partial?: true;
  /** Best configuration after this step. */
  winner: {candidate: string; step: string; run: string; value: number} | null;
  /** What the gain compares (selection steps): the incumbent's value on the deciding scenario, or the best candidate's
   * geometric mean of per-scenario ratios over that many scenarios. */
  basis?:
    | {rule: "scenario"; scenario: string; incumbent_value: number | null}
    | {rule: "geometric-mean"; scenarios: number; score: number | null};
  /** A comparison step's leader on each scenario over the runner-up, with the gain's interval: it leads under the
   * study's rule only when that interval lies above zero (or when either side ran once). */
  leads?: {
    scenario: string;
    candidate: string;
    over: string;
    gain_percent: number;
    gain_interval: GainInterval | null;
  }[];
}
export interface StepReport {
  id: string;
  kind: "selection" | "generalization";
  title: Text;
  scenarios: string[];
  candidates: CandidateInfo[];
  /** Per scenario of the step, standings by the study objective. */
  standings: Record<string, Standing[]>;
  verdict: StepVerdict;
  /** Selection steps: the decision rule applied. */
  decision?: StepDecision;
}
export interface HeadlineRow {
  scenario: string;
  baseline_run: string;
  recommended_run: string;
  baseline_tps: number;
  recommended_tps: number;
  change_percent: number;
  /** The throughput change's interval; null when either side ran once. */
  change_interval: GainInterval | null;
  /** Successful repeats behind each side's mean. */
  baseline_n: number;
  recommended_n: number;
  baseline_tpot_ms: number | null;
  recommended_tpot_ms: number | null;
  tpot_change_percent: number | null;
}
export interface SummaryRow {
  step: string;
  title: Text;
  /** null renders as "—": nothing beat the best configuration so far. */
  gain_percent: number | null;
  /** The gain's interval (for a within-noise step too, where gain_percent is null); null for single runs. */
  gain_interval: GainInterval | null;
}
