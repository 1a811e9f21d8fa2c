// The per-request table: one row per request of every run whose result file kept its requests (--save-detailed), so a
// reader can compute any percentile, or attainment at any SLO, from the requests themselves.
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import {perRequestOf} from "../runs/per-request.js";
import {REQUEST_MEANINGS, RUN_KEY_COLUMNS, type TableRow} from "./columns.js";

/** Integer columns of the per-request table. */
export const REQUEST_INT_COLUMNS = new Set(["repeat", "request", "ok", "input_tokens", "output_tokens"]);

/** The per-request table's columns, in order. */
export const REQUEST_COLUMNS = [...RUN_KEY_COLUMNS, ...Object.keys(REQUEST_MEANINGS)];

/** The run columns a row of another table repeats. */
export function runKey(row: RunRow): TableRow {
  return Object.fromEntries(RUN_KEY_COLUMNS.map((column) => [column, row[column] ?? null]));
}

const finite = (value: number): number | null => (Number.isFinite(value) ? value : null);

/** Every request of the study's successful runs that kept them, run by run in the runs table's order (NaN, where the
 * file has no value, becomes empty). */
export function requestRows(study: {runs: readonly RunRecord[]; rows: readonly RunRow[]}): TableRow[] {
  const records = new Map(study.runs.map((record) => [record.meta.id, record]));
  const table: TableRow[] = [];
  for (const row of study.rows) {
    const record = records.get(row.run);
    const requests = row.status === "ok" && record ? perRequestOf(record) : null;
    if (!requests) continue;
    const key = runKey(row);
    // Built by assignment, not by spreading the key into a literal per request (BENCHMARKS.md, the per-request table).
    for (let i = 0; i < requests.ok.length; i++) {
      const request: TableRow = {};
      for (const column of RUN_KEY_COLUMNS) request[column] = key[column];
      request.request = i;
      request.ok = requests.ok[i];
      request.ttft_ms = finite(requests.ttft_ms[i]);
      request.tpot_ms = finite(requests.tpot_ms[i]);
      request.e2el_ms = finite(requests.e2el_ms[i]);
      request.input_tokens = finite(requests.input_tokens[i]);
      request.output_tokens = finite(requests.output_tokens[i]);
      table.push(request);
    }
  }
  return table;
}
