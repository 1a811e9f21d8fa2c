// A run's row cut down to the columns a page shows, as one row or as the columns of many.
import type {ColumnsOf, RunCells, RunRow} from "../report-types.js";
import {HEADROOM_COLUMNS} from "../study/headroom.js";
import {ROW_COLUMNS} from "../study/rows.js";

const NOT_METRICS = new Set<string>([...ROW_COLUMNS, ...HEADROOM_COLUMNS]);

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
  return rows.length ? Object.keys(rows[0]).filter((c) => !NOT_METRICS.has(c)) : [];
}
