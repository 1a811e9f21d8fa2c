// The summary page's data: each step's verdict with the labels it names, and every run on the throughput/latency plane.
import type {ColumnsOf, Report, RunRow, SummaryPage, TradeoffRow} from "../report-types.js";
import {runColumns} from "../analysis/run-cells.js";
import {pointRows} from "../analysis/points.js";
import {stepNames} from "./step-names.js";

/** Points (each the mean of its successful repeats) that have both the objective and mean TPOT: the trade-off chart's
 * points and its Pareto front, as columns. */
export function tradeoffColumns(report: Report, rows: readonly RunRow[]): ColumnsOf<TradeoffRow> {
  const objective = report.study.objective;
  const points = pointRows(rows, report.study.warmup_repeats ?? 0).filter(
    (r) => r.status === "ok" && typeof r[objective] === "number" && typeof r.mean_tpot_ms === "number"
  );
  return runColumns(points, ["scenario", "label", ...new Set([objective, "mean_tpot_ms"])]) as ColumnsOf<TradeoffRow>;
}

export function summaryPage(report: Report, rows: readonly RunRow[]): SummaryPage {
  // Candidates each step's verdict names, by step: the incumbent may come from an earlier step.
  const named = new Map<string, Set<string>>();
  const name = (step: string, candidate: string) => named.set(step, (named.get(step) ?? new Set()).add(candidate));
  for (const step of report.steps) {
    const {incumbent, best} = step.verdict;
    if (incumbent) name(incumbent.step, incumbent.candidate);
    if (best) name(step.id, best.candidate);
  }
  return {
    study: report.study,
    summary: report.summary,
    steps: report.steps.map((s) => ({...stepNames(s, named.get(s.id) ?? new Set()), verdict: s.verdict})),
    columns: tradeoffColumns(report, rows)
  };
}
