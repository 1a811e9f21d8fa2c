// RFC 4180 CSV of the runs table (papaparse quotes fields with commas, quotes or line breaks); no trailing blank row.
import Papa from "papaparse";
import {columnsOf, type TableRow} from "./columns.js";

/** Text a spreadsheet would run as a formula: starting with =, +, -, @, tab or carriage return (OWASP's list), unless
 * it is a plain number. Papaparse's own pattern (`^[=+\-@\t\r].*$`) misses such text when it holds a line break. */
export const FORMULA_TEXT = /^(?![-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$)[=+\-@\t\r]/;

const OPTIONS = {newline: "\r\n", escapeFormulae: FORMULA_TEXT};

/** Every CSV the product writes comes from here: formula text gets a leading ' (shown as text by spreadsheet tools);
 * numbers, negative ones included, are written as they are. columns: the header, for a table that may have no rows
 * (the first row's keys by default). */
export function runsCsv(rows: readonly TableRow[], columns: readonly string[] = columnsOf(rows)): string {
  // Papaparse writes each distinct text once, and a number is its own text: a per-request table repeats a few run
  // keys over 690,000 rows at 1000x the seed (BENCHMARKS.md, the per-request table).
  const texts = new Map<string, string>();
  const cell = (value: string | number | null | undefined): string => {
    if (typeof value === "number") return String(value);
    const text = value ?? "";
    let written = texts.get(text);
    if (written === undefined) texts.set(text, (written = text === "" ? "" : Papa.unparse([[text]], OPTIONS)));
    return written;
  };
  const lines = [columns.map(cell).join(",")];
  for (const row of rows) lines.push(columns.map((column) => cell(row[column])).join(","));
  // Papaparse ends a header without rows with a line break.
  return rows.length ? lines.join("\r\n") : `${lines[0]}\r\n`;
}
