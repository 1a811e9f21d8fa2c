// The Headroom page's data: the model and ceilings, the headline, and every run with the columns its row and bar show.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {ColumnsOf, RunCells} from "../analysis/run-cells.js";
import type {RunRow} from "../runs/rows.js";
import {headroomFindings} from "./headroom-finding.js";
import {runColumns} from "../analysis/run-cells.js";
import {stepNames} from "./step-names.js";
import type {HeadlineRow} from "../analysis/derive.js";
import type {HeadroomReport} from "../analysis/headroom.js";
import type {Finding} from "../finding.js";
import type {StepNames} from "./step-names.js";
import {aggregatePoints, pointRow} from "../analysis/points.js";
import {DEFAULT_CONFIDENCE} from "../study/repeats.js";

const COLUMNS = [
  "label",
  "step",
  "candidate",
  "scenario",
  "engine",
  "error",
  "failed_phase",
  "total_token_throughput",
  "ceiling_tps",
  "ceiling_ratio",
  "effective_tflops",
  "binding",
  "load_kind",
  "load"
];
// What the server measured, beside the model's binding resource (only in studies that recorded telemetry).
const MEASURED = ["kv_cache_usage_max", "requests_waiting_max", "kv_full_waiting_share", "kv_capacity_bound"];

export function headroomPage(report: Report, rows: readonly RunRow[]): HeadroomPage {
  // Failed runs are listed in plan order, so their candidates' places in the plan are kept.
  const failed = new Map<string, Set<string>>();
  for (const r of rows.filter((r) => r.status !== "ok"))
    failed.set(r.step, (failed.get(r.step) ?? new Set()).add(r.candidate));
  // One bar per point at its mean; the repeats beside it, never stacked into one bar.
  const points = aggregatePoints(rows, [], DEFAULT_CONFIDENCE, report.study.warmup_repeats ?? 0);
  const pointRowsList = points.map(pointRow);
  const repeats = points.flatMap((p, i) =>
    p.rows.length < 2
      ? []
      : p.rows.flatMap((r) =>
          r.status === "ok" && typeof r.total_token_throughput === "number"
            ? [{point: pointRowsList[i].run, run: r.run, repeat: r.repeat, value: r.total_token_throughput}]
            : []
        )
  );
  return {
    study: report.study,
    headline: report.headline,
    headroom: report.headroom,
    findings: headroomFindings(report),
    steps: report.steps.map((s) => stepNames(s, failed.get(s.id) ?? new Set())),
    columns: runColumns(
      pointRowsList,
      rows.some((r) => MEASURED[0] in r) ? [...COLUMNS, ...MEASURED] : COLUMNS
    ) as ColumnsOf<HeadroomRow>,
    ...(repeats.length ? {repeats} : {})
  };
}

/** A run on the Headroom page: what its table row and chart bar show. */
export type HeadroomRow = RunCells<
  | "label"
  | "step"
  | "candidate"
  | "scenario"
  | "engine"
  | "error"
  | "failed_phase"
  | "total_token_throughput"
  | "ceiling_tps"
  | "ceiling_ratio"
  | "effective_tflops"
  | "binding"
  | "load_kind"
  | "load"
  | "kv_cache_usage_max"
  | "requests_waiting_max"
  | "kv_full_waiting_share"
  | "kv_capacity_bound"
>;
/** The Headroom page: the model, every scenario's ceiling and every run against it. */
export interface HeadroomPage {
  study: StudyInfo;
  headline: HeadlineRow[];
  headroom: HeadroomReport | null;
  /** Only the finding that says why there is no headroom, when there is none. */
  findings: Finding[];
  /** Every step in plan order: titles, and the candidates of failed runs (they are listed in plan order). */
  steps: StepNames[];
  /** One row per point: the mean over its successful repeats. */
  columns: ColumnsOf<HeadroomRow>;
  /** Each successful repeat of a point that ran more than once, drawn as a point around its bar. */
  repeats?: {point: string; run: string; repeat: number; value: number}[];
}
