// Column types of the runs table: counts are INT32, other metrics DOUBLE, everything else UTF8 text.
import {COUNT_METRICS} from "../canonical.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";
import {LOAD_COLUMNS} from "../analysis/slo.js";

export type ColumnType = "STRING" | "INT32" | "DOUBLE";

const INT_COLUMNS = new Set(["gpu_count", "repeat", "source_first_line", "source_last_line", ...COUNT_METRICS]);

// Telemetry summaries and the load columns are numbers even in a table where every run lacks one.
const NUMBERS = new Set<string>([...TELEMETRY_COLUMNS, ...LOAD_COLUMNS.filter((c) => c !== "load_kind")]);

/** A table of the runs or of the points: named columns holding text, numbers or nothing. */
export type TableRow = Record<string, string | number | null>;

export function columnType(
  name: string,
  rows: readonly TableRow[],
  intColumns: ReadonlySet<string> = INT_COLUMNS
): ColumnType {
  if (intColumns.has(name)) return "INT32";
  if (NUMBERS.has(name)) return "DOUBLE";
  return rows.some((row) => typeof row[name] === "string") || rows.every((row) => row[name] == null)
    ? "STRING"
    : "DOUBLE";
}

/** Column names in a stable order: the first row's keys (every row carries every column). */
export function columnsOf(rows: readonly TableRow[]): string[] {
  return rows.length ? Object.keys(rows[0]) : [];
}
