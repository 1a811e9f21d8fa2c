// RFC 4180 CSV of the runs table (papaparse quotes fields with commas, quotes or line breaks); no trailing blank row.
import Papa from "papaparse";
import {columnsOf, type TableRow} from "./columns.js";

/** columns: the header, for a table that may have no rows (the first row's keys by default). */
export function runsCsv(rows: readonly TableRow[], columns: readonly string[] = columnsOf(rows)): string {
  return Papa.unparse(
    {fields: [...columns], data: rows.map((row) => columns.map((c) => row[c] ?? ""))},
    {newline: "\r\n"}
  );
}
