// The summary page's data: each step's verdict with the labels it names, and every run on the throughput/latency plane.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {ColumnsOf, RunCells} from "../analysis/run-cells.js";
import type {RunRow} from "../runs/rows.js";
import {runColumns} from "../analysis/run-cells.js";
import {pointRows} from "../analysis/points.js";
import {stepNames} from "./step-names.js";
import type {StepVerdict, SummaryRow} from "../analysis/derive.js";
import type {StepNames} from "./step-names.js";
import type {Coverage} from "../analysis/coverage.js";
import type {SecondLookReport} from "../analysis/second-look.js";

/** Points (each the mean of its successful repeats) that have both the objective and mean TPOT: the trade-off chart's
 * points and its Pareto front, as columns. */
export function tradeoffColumns(report: Report, rows: readonly RunRow[]): ColumnsOf<TradeoffRow> {
  const objective = report.study.objective;
  const points = pointRows(rows, report.study.warmup_repeats ?? 0).filter(
    (r) => r.status === "ok" && typeof r[objective] === "number" && typeof r.mean_tpot_ms === "number"
  );
  // A ladder's points name their load: one candidate is a point per level on the plane.
  const load = points.some((r) => typeof r.load === "number") ? ["load_kind", "load"] : [];
  return runColumns(points, [
    "scenario",
    "label",
    ...load,
    ...new Set([objective, "mean_tpot_ms"])
  ]) as ColumnsOf<TradeoffRow>;
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
    steps: report.steps.map((s) => ({
      ...stepNames(s, named.get(s.id) ?? new Set()),
      verdict: s.verdict,
      // Only the named points' loads: what the summary's table says each figure was measured at.
      standings: Object.fromEntries(
        Object.entries(s.standings).map(([scenario, list]) => [
          scenario,
          list.filter((x) => x.load).map((x) => ({run: x.run, load: x.load!}))
        ])
      )
    })),
    columns: tradeoffColumns(report, rows),
    coverage: report.coverage,
    ...(report.tune ? {search: {configurations: report.tune.configurations.length}} : {}),
    ...(report.second_look ? {second_look: report.second_look} : {})
  };
}

/** A step on the summary page: its verdict, and the labels of the candidates the verdict names. */
export interface SummaryStep extends StepNames {
  verdict: StepVerdict;
  /** The load of each ladder point the step ranked, by run. */
  standings?: Record<string, {run: string; load: {kind: string; value: number}}[]>;
}
/** A run as a point of the throughput/latency plane: only runs that have both numbers. */
export type TradeoffRow = RunCells<"scenario" | "label">;
/** The summary page: each selection step's gain and every successful run on the throughput/latency plane. */
export interface SummaryPage {
  study: StudyInfo;
  summary: SummaryRow[];
  steps: SummaryStep[];
  columns: ColumnsOf<TradeoffRow>;
  /** What the greedy path left unmeasured: the coverage paragraph's figures. */
  coverage: Coverage;
  /** The search's configurations, where the study ran one (`tps-report tune`): measured beside the greedy path. */
  search?: {configurations: number};
  /** The second look's verdict, once the study has one. */
  second_look?: SecondLookReport;
}
