// Results two studies hold figure for figure. Two measurements never agree to the last printed digit of their
// duration, token totals and latencies, so such a pair is one result in two studies: copied, or imported twice.
import {METRIC_COLUMNS} from "../canonical.js";
import type {RunRow} from "../runs/rows.js";

/** What two results must both print, and print alike, to be one: the figures no second measurement repeats. */
const TOTALS = ["duration", "completed", "total_input_tokens", "total_output_tokens"] as const;

export interface SharedRun {
  study: string;
  run: string;
}

/** Every metric both rows print holds the same value. */
function sameFigures(a: RunRow, b: RunRow): boolean {
  return METRIC_COLUMNS.every((metric) => a[metric] == null || b[metric] == null || a[metric] === b[metric]);
}

/** Each result that runs of more than one study hold, as those runs in the studies' order; a study that prints one
 * result twice (a run shown in two steps) is no finding. */
export function sharedResults(studies: readonly {id: string; rows: readonly RunRow[]}[]): SharedRun[][] {
  const byTotals = new Map<string, {study: string; row: RunRow}[]>();
  for (const {id, rows} of studies)
    for (const row of rows) {
      if (row.status !== "ok" || TOTALS.some((total) => typeof row[total] !== "number")) continue;
      const key = TOTALS.map((total) => row[total]).join("\0");
      byTotals.set(key, [...(byTotals.get(key) ?? []), {study: id, row}]);
    }
  const shared: SharedRun[][] = [];
  for (const runs of byTotals.values()) {
    const groups: {study: string; row: RunRow}[][] = [];
    for (const run of runs) {
      const group = groups.find((g) => sameFigures(g[0].row, run.row));
      if (group) group.push(run);
      else groups.push([run]);
    }
    for (const group of groups)
      if (new Set(group.map((r) => r.study)).size > 1)
        shared.push(group.map(({study, row}) => ({study, run: row.run})));
  }
  return shared;
}
