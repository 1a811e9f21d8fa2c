// The aggregate table: one row per point, n and failed repeats, and each metric's summary as <metric>_<stat> columns.
import type {RunRow} from "../runs/rows.js";
import {STAT_NAMES, tCritical} from "../stats/summary.js";
import {metricColumns} from "../analysis/run-cells.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";
import type {StudyPlan} from "../study/plan.js";
import {aggregatePoints, type Point} from "../analysis/points.js";
import {studyConfidence} from "../study/repeats.js";
import type {TableRow} from "./columns.js";
import {pointSlo, pooledAttainment} from "../analysis/slo.js";
import type {PlanSlo} from "../study/plan.js";

/** Per-run load columns summarized over a point's repeats like the metrics (attainment is pooled instead). */
const POINT_SUMMARIES = ["interactivity", "slo_request_goodput", "token_goodput"];
/** The same where some run has them: p90-based interactivity, energy and cost per token (a repeat without power
 * samples has no energy figure and is not in its mean; `repeats_without_power` counts them). */
const SOME_SUMMARIES = [
  "interactivity_p90",
  "j_per_output_token",
  "j_per_token",
  "output_tokens_per_dollar",
  "tokens_per_dollar"
];

export type AggregateRow = TableRow;

/** Integer columns of the aggregate table (everything else numeric is DOUBLE). */
export const AGGREGATE_INT_COLUMNS = new Set(["n", "failed", "repeats_without_power"]);

export function aggregateRows(
  points: readonly Point[],
  metrics: readonly string[],
  confidence: number,
  slo: PlanSlo | null = null
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
    // Repeats whose energy is unknown (no power sample in their window): said, not averaged in as zero.
    if (point.rows.some((r) => "power_samples" in r))
      row.repeats_without_power = point.rows.filter(
        (r) =>
          r.status === "ok" && r.repeat > point.warmups && !(typeof r.power_samples === "number" && r.power_samples > 0)
      ).length;
    if (slo) {
      const verdict = pointSlo(point, slo, confidence);
      row.within_slo = verdict.met ? "yes" : "no";
      row.slo_outside = verdict.outside;
    }
    return row;
  });
}

/** A study's aggregate table: every benchmark metric its runs printed and every telemetry summary they recorded, at
 * the study's confidence. */
export function studyAggregate(plan: StudyPlan, rows: readonly RunRow[]): AggregateRow[] {
  const printed = metricColumns(rows);
  const recorded = TELEMETRY_COLUMNS.filter((c) => !printed.includes(c) && rows.some((r) => typeof r[c] === "number"));
  const some = SOME_SUMMARIES.filter((c) => rows.some((r) => typeof r[c] === "number"));
  const metrics = [...printed, ...recorded, ...POINT_SUMMARIES, ...some];
  const confidence = studyConfidence(plan);
  return aggregateRows(
    aggregatePoints(rows, metrics, confidence, plan.warmup_repeats ?? 0),
    metrics,
    confidence,
    plan.slo ?? null
  );
}
