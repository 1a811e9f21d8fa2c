// A step page's data: the step's report, its runs with the metrics they printed, and the names its verdict mentions.
import type {StepReport} from "../analysis/derive.js";
import type {Report, StudyInfo} from "../analysis/report.js";
import type {RunRow} from "../runs/rows.js";
import type {Finding} from "../finding.js";
import {metricColumns, runCells, STEP_TELEMETRY} from "../analysis/run-cells.js";
import {aggregatePoints, pointRow} from "../analysis/points.js";
import {DEFAULT_CONFIDENCE} from "../study/repeats.js";
import {stepNames} from "./step-names.js";
import {stepCurves, type StepCurves} from "./load-curves.js";
import type {RunCells} from "../analysis/run-cells.js";
import type {StepNames} from "./step-names.js";
import {REPEAT_FINDING_CODES} from "../analysis/repeat-checks.js";
import type {Coverage} from "../analysis/coverage.js";
import {TELEMETRY_SUMMARY_METRICS} from "../telemetry/summary-metrics.js";

/** `stepRows`: the step's runs; `metrics`: the runs table's metric columns in print order. */
export function stepPage(
  report: Report,
  step: StepReport,
  stepRows: readonly RunRow[],
  metrics: readonly string[]
): StepPage {
  // Telemetry has a table of its own (stepTelemetry): the runs table keeps the benchmark's metrics.
  const telemetryColumns = new Set<string>(STEP_TELEMETRY);
  const printed = metrics.filter((m) => !telemetryColumns.has(m) && stepRows.some((r) => typeof r[m] === "number"));
  const telemetry = stepTelemetry(step, stepRows, report.study.warmup_repeats ?? 0);
  const incumbent = step.verdict.incumbent;
  const curves = stepCurves(report, step, stepRows);
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
    ...(step.kind === "selection" ? {coverage: stepCoverage(report.coverage, step.id)} : {}),
    ...(telemetry ? {telemetry} : {}),
    ...gpusOf(stepRows)
  };
}

/** Each candidate's GPU count, where the step's measured candidates ran on different numbers of GPUs. */
function gpusOf(stepRows: readonly RunRow[]): {gpus?: Record<string, number>} {
  const gpus: Record<string, number> = {};
  for (const r of stepRows) if (r.status === "ok" && r.gpu_count > 0) gpus[r.candidate] ??= r.gpu_count;
  return new Set(Object.values(gpus)).size > 1 ? {gpus} : {};
}

/** What a step's telemetry table shows, in the order a reader checks it (as on a run page): memory, queue, cache, GPU. */

/** Each of the step's points with its telemetry means over its successful repeats (pointRow), in plan order (scenario,
 * candidate, load); only the columns some point recorded; null when no run of the step recorded any. */
export function stepTelemetry(
  step: Pick<StepReport, "scenarios" | "candidates">,
  stepRows: readonly RunRow[],
  warmups: number
): StepTelemetry | null {
  const columns = TELEMETRY_SUMMARY_METRICS.filter((c) => stepRows.some((r) => typeof r[c] === "number"));
  if (!columns.length) return null;
  const order = (list: readonly string[], id: string) => (list.includes(id) ? list.indexOf(id) : list.length);
  const candidates = step.candidates.map((c) => c.id);
  const points = aggregatePoints(stepRows, [], DEFAULT_CONFIDENCE, warmups).sort(
    (a, b) =>
      order(step.scenarios, a.scenario) - order(step.scenarios, b.scenario) ||
      order(candidates, a.candidate) - order(candidates, b.candidate) ||
      Number(a.rows[0].load ?? 0) - Number(b.rows[0].load ?? 0)
  );
  return {
    columns,
    rows: points.map((point) => {
      const row = pointRow(point);
      const cells: StepTelemetryRow = {
        point: point.key,
        run: point.rows[0].run,
        label: point.rows[0].label,
        scenario: point.scenario,
        load_kind: typeof row.load_kind === "string" ? row.load_kind : null,
        load: typeof row.load === "number" ? row.load : null,
        n: point.n
      };
      for (const column of columns) cells[column] = point.n && typeof row[column] === "number" ? row[column] : null;
      return cells;
    })
  };
}

/** A step's telemetry table: its columns in print order and one row per point. */
export interface StepTelemetry {
  columns: string[];
  rows: StepTelemetryRow[];
}

/** One point's telemetry means; `run` is its repeat 1, for the link to a run page. */
export interface StepTelemetryRow {
  point: string;
  run: string;
  label: string;
  scenario: string;
  load_kind: string | null;
  load: number | null;
  /** Successful repeats the means rest on. */
  n: number;
  [column: string]: string | number | null;
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
  /** The step's points' server and GPU telemetry (absent where no run recorded any). */
  telemetry?: StepTelemetry;
  /** Each candidate's GPU count, where the measured candidates ran on different numbers (absent where all ran on as
   * many): the step compares whole servers, and the page gives each one's throughput per GPU beside its verdict. */
  gpus?: Record<string, number>;
}
