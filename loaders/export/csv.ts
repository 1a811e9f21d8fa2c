// RFC 4180 CSV of the runs table (papaparse quotes fields with commas, quotes or line breaks); no trailing blank row.
import Papa from "papaparse";
import {columnsOf, type TableRow} from "./columns.js";

/** Text a spreadsheet would run as a formula: starting with =, +, -, @, tab or carriage return (OWASP's list), unless
 * it is a plain number. Papaparse's own pattern (`^[=+\-@\t\r].*$`) misses such text when it holds a line break. */
export const FORMULA_TEXT = /^(?![-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$)[=+\-@\t\r]/;

/** Every CSV the product writes comes from here: formula text gets a leading ' (shown as text by spreadsheet tools);
 * numbers, negative ones included, are written as they are. columns: the header, for a table that may have no rows
 * (the first row's keys by default). */
export function runsCsv(rows: readonly TableRow[], columns: readonly string[] = columnsOf(rows)): string {
  return Papa.unparse(
    {fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? ""))},
    {newline: "\r\n", escapeFormulae: FORMULA_TEXT}
  );
}
