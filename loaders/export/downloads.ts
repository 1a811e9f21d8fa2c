// The files the All runs page offers for download, and the plan for notebook pages. The page renderer, which loads
// the study once per build, makes them all and leaves them where the data loaders look first: each loader loading the
// study again took most of a large study's build (63 s for report.json alone at 17,000 runs).
import {copyFileSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync} from "node:fs";
import {join} from "node:path";
import type {StudyData} from "../analysis/report.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {DOWNLOADS, DOWNLOADS_PENDING, type Download} from "./downloads-env.js";
import {AGGREGATE_INT_COLUMNS, studyAggregate, type AggregateRow} from "./aggregate.js";
import {runsCsv} from "./csv.js";
import {runsParquet} from "./parquet.js";
import {planJson} from "./plan.js";

export {DOWNLOADS, type Download} from "./downloads-env.js";

/** What the downloads are made from. */
export type DownloadsInput = Pick<StudyData, "plan" | "rows" | "report">;

// The two aggregate files share their table: made once per study (1.3 s at 1000× the seed, made twice before).
const aggregates = new WeakMap<DownloadsInput["rows"], {plan: DownloadsInput["plan"]; table: AggregateRow[]}>();
function aggregateOf(plan: DownloadsInput["plan"], rows: DownloadsInput["rows"]): AggregateRow[] {
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

/** Makes every download into `dir`, emptied first so no file of an earlier study stays; with `loaderCache`, links
 * each there too, as the data loader would have written it (downloads-env.ts). */
export function writeDownloads(study: DownloadsInput, dir: string, loaderCache?: string): void {
  mkdirSync(dir, {recursive: true});
  // The pending mark goes last: a loader waiting on it then finds every file whole.
  for (const name of readdirSync(dir))
    if (name !== DOWNLOADS_PENDING) rmSync(join(dir, name), {recursive: true, force: true});
  for (const name of DOWNLOADS) writeFileAtomic(join(dir, name), download(name, study));
  if (loaderCache) {
    mkdirSync(loaderCache, {recursive: true});
    for (const name of DOWNLOADS) {
      // Linked under a name of this process and renamed: a loader Framework started meanwhile writes the same bytes.
      const tmp = join(loaderCache, `${name}.${process.pid}.link`);
      rmSync(tmp, {force: true});
      try {
        linkSync(join(dir, name), tmp);
      } catch {
        // Another file system: copied.
        copyFileSync(join(dir, name), tmp);
      }
      renameSync(tmp, join(loaderCache, name));
    }
  }
  rmSync(join(dir, DOWNLOADS_PENDING), {force: true});
}
