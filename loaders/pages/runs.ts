// The all-runs page's data: one slim row per run (the table's and the chart's columns) and the steps' titles.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {ColumnsOf, RunCells} from "../analysis/run-cells.js";
import type {RunRow} from "../runs/rows.js";
import {runColumns} from "../analysis/run-cells.js";
import type {StepNames} from "./step-names.js";

export function runsPage(report: Report, rows: readonly RunRow[]): RunsPage {
  const columns = ["step", "label", "scenario", "error", ...new Set([report.study.objective, "mean_tpot_ms"])];
  return {
    study: report.study,
    steps: report.steps.map((s) => ({id: s.id, title: s.title})),
    columns: runColumns(rows, columns) as ColumnsOf<RunsIndexRow>
  };
}

/** A row of the all-runs table. */
export type RunsIndexRow = RunCells<"step" | "label" | "scenario" | "error">;
/** The all-runs page: one slim row per run (the table's columns), steps for their titles and order. */
export interface RunsPage {
  study: StudyInfo;
  steps: Omit<StepNames, "candidates">[];
  columns: ColumnsOf<RunsIndexRow>;
}
