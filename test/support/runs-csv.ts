// runs.csv (the download) read back for tests: text columns stay text, every other column a number or null.
import Papa from "papaparse";
import type {RunRow} from "../../loaders/runs/rows.js";

const TEXT_COLUMNS = new Set([
  "run",
  "study",
  "step",
  "candidate",
  "label",
  "scenario",
  "engine",
  "engine_version",
  "model",
  "quantization",
  "gpu",
  "status",
  "error",
  "failed_phase",
  "server_command",
  "bench_command",
  "source_file",
  "partial"
]);

// Columns that may be empty: an empty cell means "none".
const NULLABLE_TEXT = new Set(["error", "failed_phase", "source_file", "partial"]);

// Numeric columns that are not benchmark metrics: provenance, and the headroom model's columns.
const NOT_METRICS = new Set([
  "gpu_count",
  "repeat",
  "source_first_line",
  "source_last_line",
  "ceiling_tps",
  "realistic_tps",
  "no_overlap_tps",
  "ceiling_ratio",
  "effective_tflops"
]);

export interface RunTable {
  rows: RunRow[];
  /** Benchmark metric columns in the file's order, which the loaders keep in the tool's print order. */
  metrics: string[];
}

/** A column is numeric when every cell it has is a finite number; text columns are known by name. */
function isNumericColumn(column: string, cells: string[]): boolean {
  return !TEXT_COLUMNS.has(column) && cells.every((cell) => cell === "" || Number.isFinite(Number(cell)));
}

export function parseRunsCsv(text: string, file = "runs.csv"): RunTable {
  const parsed = Papa.parse<Record<string, string>>(text, {header: true, skipEmptyLines: true});
  if (parsed.errors.length) {
    const error = parsed.errors[0];
    throw new Error(`${file}: line ${(error.row ?? 0) + 2}: ${error.message}`);
  }
  const columns = parsed.meta.fields ?? [];
  const numeric = new Set(
    columns.filter((c) =>
      isNumericColumn(
        c,
        parsed.data.map((r) => r[c] ?? "")
      )
    )
  );
  const rows = parsed.data.map((raw) => {
    const row: Record<string, string | number | null> = {};
    for (const column of columns) {
      const cell = raw[column] ?? "";
      if (numeric.has(column)) row[column] = cell === "" ? null : Number(cell);
      else row[column] = cell === "" && (NULLABLE_TEXT.has(column) || !TEXT_COLUMNS.has(column)) ? null : cell;
    }
    return row as RunRow;
  });
  const metrics = columns.filter((c) => numeric.has(c) && !NOT_METRICS.has(c));
  return {rows, metrics};
}
