// The files the All runs page offers for download, and the plan for notebook pages. The page renderer, which loads the study once per build,
// makes them all and leaves them where the data loaders look first: each loader loading the study again took most
// of a large study's build (BENCHMARKS.md).
import {mkdirSync, readdirSync, rmSync} from "node:fs";
import {join} from "node:path";
import type {StudyData} from "../analysis/report.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {AGGREGATE_INT_COLUMNS, studyAggregate, type AggregateRow} from "./aggregate.js";
import {runsCsv} from "./csv.js";
import {runsParquet} from "./parquet.js";
import {planJson} from "./plan.js";

/** The five files the All runs page offers for download, and the plan the notebook pages read. */
export const DOWNLOADS = [
  "runs.csv",
  "runs.parquet",
  "aggregate.csv",
  "aggregate.parquet",
  "report.json",
  "plan.json"
] as const;
export type Download = (typeof DOWNLOADS)[number];

/** What the downloads are made from. */
export type DownloadsInput = Pick<StudyData, "plan" | "rows" | "report">;

// The two aggregate files and the dictionary share their table: made once per study, not once each (BENCHMARKS.md).
const aggregates = new WeakMap<DownloadsInput["rows"], {plan: DownloadsInput["plan"]; table: AggregateRow[]}>();
/** The study's points table, made once per study. */
export function aggregateOf(plan: DownloadsInput["plan"], rows: DownloadsInput["rows"]): AggregateRow[] {
  const made = aggregates.get(rows);
  if (made?.plan === plan) return made.table;
  const table = studyAggregate(plan, rows);
  aggregates.set(rows, {plan, table});
  return table;
}

/** One download's bytes, made from the study. */
export function download(name: Download, {plan, rows, report}: DownloadsInput): string | Uint8Array {
  switch (name) {
    case "runs.csv":
      return runsCsv(rows);
    case "runs.parquet":
      return runsParquet(rows);
    case "aggregate.csv":
      return runsCsv(aggregateOf(plan, rows));
    case "aggregate.parquet":
      return runsParquet(aggregateOf(plan, rows), AGGREGATE_INT_COLUMNS);
    case "report.json":
      return JSON.stringify(report);
    case "plan.json":
      return planJson(plan);
  }
}

/** Writes every download into `dir`, which holds nothing else afterwards. */
export function writeDownloads(study: DownloadsInput, dir: string): void {
  mkdirSync(dir, {recursive: true});
  for (const name of readdirSync(dir)) rmSync(join(dir, name), {recursive: true, force: true});
  for (const name of DOWNLOADS) writeFileAtomic(join(dir, name), download(name, study));
}
