// Every file a study offers its pages (src/data/): the renderer's downloads (the runs and points tables, the report,
// the plan), the per-request and telemetry tables, and the dictionary of their columns, each from the study alone.
import {runsCsv} from "./csv.js";
import {dataDictionary} from "./dictionary.js";
import {aggregateOf, DOWNLOADS, download, type DownloadsInput} from "./downloads.js";
import type {TableRow} from "./columns.js";
import {runsParquet} from "./parquet.js";
import {REQUEST_COLUMNS, REQUEST_INT_COLUMNS, requestRows} from "./requests.js";
import {TELEMETRY_INT_COLUMNS, TELEMETRY_TABLE_COLUMNS, telemetryRows} from "./telemetry.js";
import type {RunRecord} from "../runs/read-runs.js";
import {METRIC_COLUMNS} from "../canonical.js";
import {metricColumns} from "../runs/rows.js";

export const STUDY_FILES = [
  ...DOWNLOADS,
  "requests.csv",
  "requests.parquet",
  "telemetry.csv",
  "telemetry.parquet",
  "dictionary.json"
] as const;
export type StudyFile = (typeof STUDY_FILES)[number];

/** What the files are made from: the downloads' input and the run records (their per-request and telemetry data). */
export type StudyFilesInput = DownloadsInput & {runs: readonly RunRecord[]};

/** The per-request and telemetry tables: made from the run records and their rows alone. */
export type RunTableFile = "requests.csv" | "requests.parquet" | "telemetry.csv" | "telemetry.parquet";
export type RunTablesInput = {runs: readonly RunRecord[]; rows: DownloadsInput["rows"]};

// The per-request files and the dictionary share the per-request table: made once per study, not once each.
const requestTables = new WeakMap<RunTablesInput["rows"], {runs: RunTablesInput["runs"]; table: TableRow[]}>();
function requestTableOf(study: RunTablesInput): TableRow[] {
  const made = requestTables.get(study.rows);
  if (made?.runs === study.runs) return made.table;
  const table = requestRows(study);
  requestTables.set(study.rows, {runs: study.runs, table});
  return table;
}

export function runTableFile(name: RunTableFile, study: RunTablesInput): string | Uint8Array {
  switch (name) {
    case "requests.csv":
      return runsCsv(requestTableOf(study), REQUEST_COLUMNS);
    case "requests.parquet":
      return runsParquet(requestTableOf(study), REQUEST_INT_COLUMNS, REQUEST_COLUMNS);
    case "telemetry.csv":
      return runsCsv(telemetryRows(study), TELEMETRY_TABLE_COLUMNS);
    case "telemetry.parquet":
      return runsParquet(telemetryRows(study), TELEMETRY_INT_COLUMNS, TELEMETRY_TABLE_COLUMNS);
  }
}

/** One file's bytes. */
export function studyFile(name: StudyFile, study: StudyFilesInput): string | Uint8Array {
  switch (name) {
    case "requests.csv":
    case "requests.parquet":
    case "telemetry.csv":
    case "telemetry.parquet":
      return runTableFile(name, study);
    case "dictionary.json":
      return JSON.stringify(
        dataDictionary(
          {
            runs: study.rows,
            points: aggregateOf(study.plan, study.rows),
            requests: requestTableOf(study),
            telemetry: telemetryRows(study)
          },
          new Set(metricColumns([...study.runs]).filter((m) => !METRIC_COLUMNS.includes(m)))
        )
      );
    default:
      return download(name, study);
  }
}
