// The per-request table: one row per request of every run whose result file kept its requests (--save-detailed), so a
// reader can compute any percentile, or attainment at any SLO, from the requests themselves.
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import type {PerRequest} from "../requests/request-collector.js";
import {perRequestOf} from "../analysis/slo.js";
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

/** One run's requests as rows (NaN, where the file has no value, becomes empty). */
export function runRequestRows(row: RunRow, requests: PerRequest): TableRow[] {
  const key = runKey(row);
  return Array.from(requests.ok, (ok, i) => ({
    ...key,
    request: i,
    ok,
    ttft_ms: finite(requests.ttft_ms[i]),
    tpot_ms: finite(requests.tpot_ms[i]),
    e2el_ms: finite(requests.e2el_ms[i]),
    input_tokens: finite(requests.input_tokens[i]),
    output_tokens: finite(requests.output_tokens[i])
  }));
}

/** Every request of the study's successful runs that kept them, run by run in the runs table's order. */
export function requestRows(study: {runs: readonly RunRecord[]; rows: readonly RunRow[]}): TableRow[] {
  const records = new Map(study.runs.map((record) => [record.meta.id, record]));
  return study.rows.flatMap((row) => {
    const record = records.get(row.run);
    const requests = row.status === "ok" && record ? perRequestOf(record) : null;
    return requests ? runRequestRows(row, requests) : [];
  });
}
