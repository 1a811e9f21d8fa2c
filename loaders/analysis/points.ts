// Groups a study's runs into points (step, candidate, scenario) and summarizes each metric over the point's repeats.
import type {RunRow} from "../runs/rows.js";
import {mean, summarize, type Summary} from "../stats/summary.js";
import {parseRunId} from "../study/ids.js";
import {runId} from "../study/plan.js";
import {DEFAULT_CONFIDENCE} from "../study/repeats.js";
import {ROW_COLUMNS} from "../runs/rows.js";

export interface Point {
  /** `<step>--<candidate>--<scenario>[--c<N>|--q<R>]`: the run id of repeat 1. */
  key: string;
  step: string;
  candidate: string;
  scenario: string;
  /** The point's runs by repeat. */
  rows: RunRow[];
  /** Leading repeats run as warm-ups (the plan's warmup_repeats): listed in `rows`, counted nowhere else. */
  warmups: number;
  /** Successful repeats, and failed ones (AIPerf's failed_runs), warm-ups left out. */
  n: number;
  failed: number;
  /** Each metric summarized over the successful repeats that printed it; null when none did. */
  metrics: Record<string, Summary | null>;
}

/** The run id of the point's repeat 1: the run's id without `--r<k>` (a ladder level's `--c<N>` stays). */
export function pointKey(row: Pick<RunRow, "run" | "step" | "candidate" | "scenario">): string {
  const parts = parseRunId(row.run);
  return parts
    ? runId(parts.step, parts.candidate, parts.scenario, 1, parts.load)
    : runId(row.step, row.candidate, row.scenario);
}

/** Points in the order their first run appears in `rows`; each metric named in `metrics` summarized over the
 * successful repeats after the first `warmups`. */
export function aggregatePoints(
  rows: readonly RunRow[],
  metrics: readonly string[],
  confidence: number,
  warmups = 0
): Point[] {
  const groups = new Map<string, RunRow[]>();
  for (const row of rows) {
    const key = pointKey(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, group]) => {
    const byRepeat = group.length > 1 ? [...group].sort((a, b) => a.repeat - b.repeat) : group;
    const counted = byRepeat.filter((r) => r.repeat > warmups);
    const ok = counted.filter((r) => r.status === "ok");
    const summaries: Record<string, Summary | null> = {};
    for (const metric of metrics) {
      const values: number[] = [];
      for (const r of ok) if (typeof r[metric] === "number") values.push(r[metric] as number);
      summaries[metric] = summarize(values, confidence);
    }
    const first = byRepeat[0];
    return {
      key,
      step: first.step,
      candidate: first.candidate,
      scenario: first.scenario,
      rows: byRepeat,
      warmups,
      n: ok.length,
      failed: counted.length - ok.length,
      metrics: summaries
    };
  });
}

// Columns that name, place or describe a run rather than measure it: a point's row keeps its first successful run's.
const DESCRIBING = new Set<string>(ROW_COLUMNS);

/** The one row that stands for a point wherever a point's figure is shown: its first successful run's row with every
 * measured number replaced by the mean over the successful repeats that printed it; a single run's row as it is, and
 * the first run's row when every repeat failed. `run` stays that run's id, so its link leads to a run page. */
export function pointRow(point: Pick<Point, "rows" | "warmups">): RunRow {
  const ok = point.rows.filter((r) => r.status === "ok" && r.repeat > point.warmups);
  if (ok.length === 0) return point.rows[0];
  if (point.rows.length === 1) return ok[0];
  const row: RunRow = {...ok[0], run: point.rows[0].run};
  for (const column of Object.keys(row)) {
    if (DESCRIBING.has(column) || typeof row[column] !== "number") continue;
    const values: number[] = [];
    for (const r of ok) if (typeof r[column] === "number") values.push(r[column] as number);
    row[column] = mean(values);
  }
  return row;
}

/** Each point's row (pointRow), in the order its first run appears in `rows`; `warmups` as in aggregatePoints. */
export function pointRows(rows: readonly RunRow[], warmups = 0): RunRow[] {
  return aggregatePoints(rows, [], DEFAULT_CONFIDENCE, warmups).map(pointRow);
}
