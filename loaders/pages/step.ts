// A step page's data: the step's report, its runs with the metrics they printed, and the names its verdict mentions.
import type {StepReport} from "../analysis/derive.js";
import type {Report, StudyInfo} from "../analysis/report.js";
import type {RunRow} from "../runs/rows.js";
import type {Finding} from "../finding.js";
import {metricColumns, runCells} from "../analysis/run-cells.js";
import {stepNames} from "./step-names.js";
import {stepCurves, type StepCurves} from "./load-curves.js";
import type {RunCells} from "../analysis/run-cells.js";
import type {StepNames} from "./step-names.js";
import {REPEAT_FINDING_CODES} from "../analysis/repeat-checks.js";
import type {Coverage} from "../analysis/coverage.js";

/** `stepRows`: the step's runs; `metrics`: the runs table's metric columns in print order. */
export function stepPage(
  report: Report,
  step: StepReport,
  stepRows: readonly RunRow[],
  metrics: readonly string[]
): StepPage {
  const printed = metrics.filter((m) => stepRows.some((r) => typeof r[m] === "number"));
  const incumbent = step.verdict.incumbent;
  const curves = stepCurves(report, step);
  const incumbentStep =
    incumbent && incumbent.step !== step.id ? report.steps.find((s) => s.id === incumbent.step) : null;
  const codes = new Set<string>(REPEAT_FINDING_CODES);
  const ids = new Set(stepRows.map((r) => r.run));
  const repeatFlags = report.findings.filter((f) => codes.has(f.code));
  return {
    study: report.study,
    step,
    steps: [
      stepNames(step),
      ...(incumbent && incumbentStep ? [stepNames(incumbentStep, new Set([incumbent.candidate]))] : [])
    ],
    metrics: printed,
    rows: stepRows.map((r) => runCells(r, printed)),
    ...(curves ? {curves} : {}),
    findings: [
      ...repeatFlags.filter((f) => f.run != null && ids.has(f.run)),
      ...repeatFlags.filter((f) => f.run == null)
    ],
    ...(step.kind === "selection" ? {coverage: stepCoverage(report.coverage, step.id)} : {})
  };
}

/** The coverage figures that concern one step: its untried combinations, its close decisions, its single engine. */
export function stepCoverage(coverage: Coverage, step: string): Coverage {
  return {
    ...coverage,
    steps: coverage.steps.filter((s) => s.step === step),
    close: coverage.close.filter((c) => c.step === step),
    single_engine: coverage.single_engine.filter((s) => s.step === step)
  };
}

/** Every step's page data, in plan order. */
export function* stepPages(report: Report, rows: readonly RunRow[]): Generator<StepPage> {
  const metrics = metricColumns(rows);
  const byStep = new Map<string, RunRow[]>();
  for (const row of rows) {
    const list = byStep.get(row.step);
    if (list) list.push(row);
    else byStep.set(row.step, [row]);
  }
  for (const step of report.steps) yield stepPage(report, step, byStep.get(step.id) ?? [], metrics);
}

/** One step page (data/steps/<step>.json): the step, its runs and the names its verdict mentions. */
export interface StepPage {
  study: StudyInfo;
  step: StepReport;
  /** This step and the step the best configuration so far comes from. */
  steps: StepNames[];
  /** Metric columns these runs printed, in the tool's print order. */
  metrics: string[];
  /** The step's archived runs: status and the metrics above. */
  rows: RunCells[];
  /** Findings on whether the repeats repeat: the step's points' own, then the study-wide ones. */
  findings?: Finding[];
  /** Load curves of the step's ladder scenarios (absent without a ladder). */
  curves?: StepCurves;
  /** Selection steps: what the path left unmeasured around this step (stepCoverage). */
  coverage?: Coverage;
}
