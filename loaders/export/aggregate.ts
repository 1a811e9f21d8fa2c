// The aggregate table: one row per point, n and failed repeats, and each metric's summary as <metric>_<stat> columns.
import type {RunRow} from "../runs/rows.js";
import {STAT_NAMES, tCritical} from "../stats/summary.js";
import {metricColumns} from "../analysis/run-cells.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";
import type {StudyPlan} from "../study/plan.js";
import {aggregatePoints, type Point} from "../analysis/points.js";
import {studyConfidence} from "../study/repeats.js";
import type {TableRow} from "./columns.js";
import {pooledAttainment} from "../analysis/slo.js";

/** Per-run load columns summarized over a point's repeats like the metrics (attainment is pooled instead). */
const POINT_SUMMARIES = ["interactivity", "slo_request_goodput", "token_goodput"];

export type AggregateRow = TableRow;

/** Integer columns of the aggregate table (everything else numeric is DOUBLE). */
export const AGGREGATE_INT_COLUMNS = new Set(["n", "failed"]);

export function aggregateRows(
  points: readonly Point[],
  metrics: readonly string[],
  confidence: number
): AggregateRow[] {
  return points.map((point) => {
    const first: RunRow = point.rows[0];
    const row: AggregateRow = {
      point: point.key,
      study: first.study,
      step: point.step,
      candidate: point.candidate,
      label: first.label,
      scenario: point.scenario,
      load_kind: first.load_kind ?? null,
      load: first.load ?? null,
      engine: first.engine,
      n: point.n,
      failed: point.failed,
      confidence,
      t_critical: point.n >= 2 ? tCritical(confidence, point.n - 1) : null
    };
    for (const metric of metrics) {
      const s = point.metrics[metric];
      for (const stat of STAT_NAMES) row[`${metric}_${stat}`] = s?.[stat] ?? null;
    }
    const attainment = pooledAttainment(point.rows, confidence);
    row.attainment = attainment?.value ?? null;
    row.attainment_low = attainment?.low ?? null;
    row.attainment_high = attainment?.high ?? null;
    return row;
  });
}

/** A study's aggregate table: every benchmark metric its runs printed and every telemetry summary they recorded, at
 * the study's confidence. */
export function studyAggregate(plan: StudyPlan, rows: readonly RunRow[]): AggregateRow[] {
  const printed = metricColumns(rows);
  const recorded = TELEMETRY_COLUMNS.filter((c) => !printed.includes(c) && rows.some((r) => typeof r[c] === "number"));
  const metrics = [...printed, ...recorded, ...POINT_SUMMARIES];
  const confidence = studyConfidence(plan);
  return aggregateRows(aggregatePoints(rows, metrics, confidence, plan.warmup_repeats ?? 0), metrics, confidence);
}
