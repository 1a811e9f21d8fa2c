// A run's row cut down to the columns a page shows, as one row or as the columns of many.
import type {RunRow} from "../runs/rows.js";
import {HEADROOM_COLUMNS} from "./headroom.js";
import {ROW_COLUMNS} from "../runs/rows.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";
import {LOAD_COLUMNS} from "./slo.js";
import {ENERGY_COLUMNS} from "./energy.js";

const NOT_METRICS = new Set<string>([
  ...ROW_COLUMNS,
  ...HEADROOM_COLUMNS,
  ...TELEMETRY_COLUMNS,
  ...LOAD_COLUMNS,
  ...ENERGY_COLUMNS
]);

/** Server measurements the metric columns carry beside the throughput (export, compare): why one candidate is faster
 * than another. A step page shows them in its telemetry table instead (pages/step.ts). */
export const STEP_TELEMETRY = ["kv_cache_usage_max", "preemptions"] as const;

/** The run, its status and the named columns (null where the row has none). */
export function runCells(row: RunRow, columns: readonly string[]): RunCells {
  const cells: RunCells = {run: row.run, status: row.status};
  for (const column of columns) cells[column] = row[column] ?? null;
  return cells;
}

/** The same cells for many runs, sent as columns. */
export function runColumns(rows: readonly RunRow[], columns: readonly string[]): ColumnsOf<RunCells> {
  const table: ColumnsOf<RunCells> = {run: rows.map((r) => r.run), status: rows.map((r) => r.status)};
  for (const column of columns) table[column] = rows.map((r) => r[column] ?? null);
  return table;
}

/** The benchmark metric columns of the runs table, in its order (the tool's print order). */
export function metricColumns(rows: readonly RunRow[]): string[] {
  if (!rows.length) return [];
  const metrics = Object.keys(rows[0]).filter((c) => !NOT_METRICS.has(c));
  if (!(STEP_TELEMETRY[0] in rows[0])) return metrics;
  const after = metrics.lastIndexOf("total_token_throughput") + 1 || metrics.indexOf("output_throughput") + 1;
  return [...metrics.slice(0, after), ...STEP_TELEMETRY, ...metrics.slice(after)];
}

/** RunRow's named columns (those with their own type): metrics and headroom columns go through its index signature. */
type NamedColumn = keyof {[K in keyof RunRow as string extends K ? never : number extends K ? never : K]: unknown};
/** Some columns of a run's row (run and status always), for a page that shows only those; K names them. */
export type RunCells<K extends string = never> = Pick<RunRow, "run" | "status" | (K & NamedColumn)> & {
  [column: string]: string | number | null;
};
/** A table sent as columns, each column's values in row order: a name per column instead of one per cell. */
export type ColumnsOf<R> = {[K in keyof R]: R[K][]};
