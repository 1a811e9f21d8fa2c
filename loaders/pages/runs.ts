// The all-runs page's data: one slim row per run (the table's and the chart's columns) and the steps' titles.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {ColumnsOf, RunCells} from "../analysis/run-cells.js";
import type {RunRow} from "../runs/rows.js";
import {runColumns} from "../analysis/run-cells.js";
import type {StepNames} from "./step-names.js";

// What the server measured, beside each run's figures (only the columns some run recorded).
const RUNS_TELEMETRY = ["kv_cache_usage_max", "preemptions", "prefix_cache_hit_rate", "gpu_utilization_mean"];

export function runsPage(report: Report, rows: readonly RunRow[]): RunsPage {
  const telemetry = RUNS_TELEMETRY.filter((c) => rows.some((r) => typeof r[c] === "number"));
  const slo = report.study.slo;
  const columns = [
    "step",
    "label",
    "scenario",
    "error",
    // Only where live mode left levels out: the table shows those as not run, not failed.
    ...(rows.some((r) => r.failed_phase === "not-run") ? ["failed_phase"] : []),
    // A ladder's load, and the SLO's statistics: what names a point and what it is judged on.
    ...(rows.some((r) => typeof r.load === "number") ? ["load_kind", "load"] : []),
    ...new Set([
      report.study.objective,
      "mean_tpot_ms",
      ...(slo?.limits.map((l) => `${l.statistic}_${l.metric}`) ?? []),
      ...(slo ? ["attainment"] : [])
    ]),
    ...telemetry,
    // Energy per output token where runs recorded telemetry (power_samples says where none came), cost with a price.
    ...(rows.some((r) => "power_samples" in r) ? ["power_samples", "j_per_output_token"] : []),
    ...(rows.some((r) => typeof r.output_tokens_per_dollar === "number") ? ["output_tokens_per_dollar"] : [])
  ];
  return {
    study: report.study,
    steps: report.steps.map((s) => ({id: s.id, title: s.title})),
    columns: runColumns(rows, columns) as ColumnsOf<RunsIndexRow>
  };
}

/** A row of the all-runs table. */
export type RunsIndexRow = RunCells<"step" | "label" | "scenario" | "error" | "failed_phase">;
/** The all-runs page: one slim row per run (the table's columns), steps for their titles and order. */
export interface RunsPage {
  study: StudyInfo;
  steps: Omit<StepNames, "candidates">[];
  columns: ColumnsOf<RunsIndexRow>;
}
