// An incremental build or `npm run dev` reads again only the run folders that changed since the last read: at 1000× the
// seed, reading 17,000 folders is most of the study's load.
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readdirSync, readFileSync, statSync} from "node:fs";
import {dirname, join} from "node:path";
import {deserialize, serialize} from "node:v8";
import {writeFileAtomic} from "../files/write-atomic.js";
import type {StudyPlan} from "../study/plan.js";

/** Where the records are kept, and the version of the code that reads them (a new version reads every run again). */
export interface RunRecordCache {
  file: string;
  version: string;
  /** Given the write of changed records instead of it being done at once: the renderer writes them after its pages,
   * as writing them all lay on the way to the first page (BENCHMARKS.md). */
  defer?: (write: () => void) => void;
}

/** Where the study's parsed plan is kept beside its run records (loaders/study/plan-kept.ts): the one place both the
 * study's load and Framework's config name that file. */
export function planBesideRecords(records: RunRecordCache): {file: string; version: string} {
  return {file: `${records.file}.plan`, version: records.version};
}

// Generic in the record, so that read-runs.ts, which keeps its RunRecords here, is not imported back.
interface Kept<R> {
  base: string;
  runs: Record<string, {state: string; record: R}>;
}

/** Every file of a run folder with its size, inode and times: a record is kept while these are unchanged. The change
 * time (ctime) moves with any write or any setting of the other times, and no tool can set it back, so an edit that keeps
 * the size and the modification time is still seen. */
export function runFolderState(folder: string): string {
  const parts: string[] = [];
  const visit = (path: string, rel: string): void => {
    for (const entry of readdirSync(path, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const child = join(path, entry.name);
      const name = `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(child, name);
      else {
        const stat = statSync(child);
        parts.push(`${name}\0${stat.size}\0${stat.mtimeMs}\0${stat.ctimeMs}\0${stat.ino}`);
      }
    }
  };
  visit(folder, "");
  return parts.join("\n");
}

/** The records kept for this code, plan and working directory (none when any of them changed). */
export function keptRecords<R>(cache: RunRecordCache, plan: StudyPlan, cwd: string): KeptRecords<R> {
  const base = createHash("sha256").update(`${cache.version}\0${cwd}\0`).update(JSON.stringify(plan)).digest("hex");
  let kept: Kept<R> = {base, runs: {}};
  if (existsSync(cache.file))
    try {
      const found = deserialize(readFileSync(cache.file)) as Kept<R>;
      if (found.base === base) kept = found;
    } catch {
      // A cache cut short or written by another Node version: every run is read again.
    }
  const next: Kept<R> = {base, runs: {}};
  let changed = false;
  let read = 0;
  return {
    record(name, dir, load) {
      const state = runFolderState(dir);
      const old = kept.runs[name];
      if (old && old.state === state) {
        next.runs[name] = old;
        return old.record;
      }
      changed = true;
      read++;
      const record = load();
      next.runs[name] = {state, record};
      return record;
    },
    save() {
      if (process.env.TPS_REPORT_BUILD_TIMES)
        process.stderr.write(`run records: ${read} of ${Object.keys(next.runs).length} read again\n`);
      if (changed || Object.keys(next.runs).length !== Object.keys(kept.runs).length) {
        const write = () => {
          // Framework's cache folder, where dev keeps them, is not there yet in a fresh clone.
          mkdirSync(dirname(cache.file), {recursive: true});
          writeFileAtomic(cache.file, serialize(next));
        };
        if (cache.defer) cache.defer(write);
        else write();
      }
    }
  };
}

export interface KeptRecords<R> {
  /** The run's record as last read, when its folder is unchanged; else `load()`'s. */
  record(name: string, dir: string, load: () => R): R;
  /** Keeps this read's records for the next (written only when a record changed). */
  save(): void;
}
