// RFC 4180 CSV of the runs table (papaparse quotes fields with commas, quotes or line breaks); no trailing blank row.
import Papa from "papaparse";
import {columnsOf, type TableRow} from "./columns.js";

export function runsCsv(rows: readonly TableRow[]): string {
  const columns = columnsOf(rows);
  return Papa.unparse({fields: columns, data: rows.map((row) => columns.map((c) => row[c] ?? ""))}, {newline: "\r\n"});
}
