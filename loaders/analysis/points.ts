// Groups a study's runs into points (step, candidate, scenario) and summarizes each metric over the point's repeats.
import type {RunRow} from "../runs/rows.js";
import {summarize, type Summary} from "../stats/summary.js";
import {parseRunId} from "../study/ids.js";
import {runId} from "../study/plan.js";

export interface Point {
  /** `<step>--<candidate>--<scenario>[--c<N>|--q<R>]`: the run id of repeat 1. */
  key: string;
  step: string;
  candidate: string;
  scenario: string;
  /** The point's runs by repeat. */
  rows: RunRow[];
  /** Successful repeats, and failed ones (AIPerf's failed_runs). */
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

/** Points in the order their first run appears in `rows`; each metric named in `metrics` summarized. */
export function aggregatePoints(rows: readonly RunRow[], metrics: readonly string[], confidence: number): Point[] {
  const groups = new Map<string, RunRow[]>();
  for (const row of rows) {
    const key = pointKey(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, group]) => {
    const byRepeat = group.length > 1 ? [...group].sort((a, b) => a.repeat - b.repeat) : group;
    const ok = byRepeat.filter((r) => r.status === "ok");
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
      n: ok.length,
      failed: byRepeat.length - ok.length,
      metrics: summaries
    };
  });
}
