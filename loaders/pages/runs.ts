// The all-runs page's data: one slim row per run (the table's and the chart's columns) and the steps' titles.
import type {ColumnsOf, Report, RunRow, RunsIndexRow, RunsPage} from "../report-types.js";
import {runColumns} from "../analysis/run-cells.js";

export function runsPage(report: Report, rows: readonly RunRow[]): RunsPage {
  const columns = ["step", "label", "scenario", "error", ...new Set([report.study.objective, "mean_tpot_ms"])];
  return {
    study: report.study,
    steps: report.steps.map((s) => ({id: s.id, title: s.title})),
    columns: runColumns(rows, columns) as ColumnsOf<RunsIndexRow>
  };
}
