// A step page's data: the step's report, its runs with the metrics they printed, and the names its verdict mentions.
import type {Report, RunRow, StepPage, StepReport} from "../report-types.js";
import {metricColumns, runCells} from "../analysis/run-cells.js";
import {stepNames} from "./step-names.js";
import {REPEAT_FINDING_CODES} from "../analysis/repeat-checks.js";

/** `stepRows`: the step's runs; `metrics`: the runs table's metric columns in print order. */
export function stepPage(
  report: Report,
  step: StepReport,
  stepRows: readonly RunRow[],
  metrics: readonly string[]
): StepPage {
  const printed = metrics.filter((m) => stepRows.some((r) => typeof r[m] === "number"));
  const incumbent = step.verdict.incumbent;
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
    findings: [
      ...repeatFlags.filter((f) => f.run != null && ids.has(f.run)),
      ...repeatFlags.filter((f) => f.run == null)
    ]
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
