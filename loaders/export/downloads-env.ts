// Where the page renderer leaves this build's downloads, and reading one back: its own small file so a data loader
// that only hands a file on loads nothing else (loaders/export/downloads.ts makes them).
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";

/** The files the page renderer makes for the data loaders (downloads.ts): the five the All runs page offers for
 * download, and the plan the notebook pages read. */
export const DOWNLOADS = [
  "runs.csv",
  "runs.parquet",
  "aggregate.csv",
  "aggregate.parquet",
  "report.json",
  "plan.json"
] as const;
export type Download = (typeof DOWNLOADS)[number];

/** The folder the page renderer leaves the downloads in for this build; set by observablehq.config.ts. */
export const DOWNLOADS_ENV = "TPS_REPORT_DOWNLOADS";

/** The folder a build's downloads are made in, from the repository root. */
export const DOWNLOADS_DIR = "src/.observablehq/cache/.downloads";

/** Lies in the folder until the renderer has written its files: it writes them after the pages. */
export const DOWNLOADS_PENDING = ".pending";

// Past this a loader stops waiting and makes its file itself (a renderer that failed fails the build anyway).
const WAIT_MS = 10 * 60_000;

/** Set by tools/build.ts with the downloads folder: Framework's cache of the data loaders' output (src/.observablehq/
 * cache/data), where the downloads are also linked, so that Framework finds each fresh and starts no loader process
 * (five at 1000× the seed: 2 s at the end of the incremental build, each only handing a file on). */
export const LOADER_CACHE_ENV = "TPS_REPORT_LOADER_CACHE";

/** Framework's cache of the data loaders' output, from the repository root. */
export const LOADER_CACHE_DIR = "src/.observablehq/cache/data";

/** An empty folder for this build's downloads, marked as not written yet (observablehq.config.ts, before the renderer).
 * With `loaderCache`, the downloads the last build left there go too: until this build's are linked in, Framework
 * finds none and runs the loader, which waits for them. */
export function markDownloadsPending(dir: string, loaderCache?: string, names: readonly string[] = []): void {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, DOWNLOADS_PENDING), "");
  if (loaderCache) for (const name of names) rmSync(join(loaderCache, name), {force: true});
}

/** The renderer's file for this build, or null when it made none (a loader run on its own, e.g. in a test). */
export function renderedDownload(name: string): Buffer | null {
  const dir = process.env[DOWNLOADS_ENV];
  if (!dir) return null;
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const deadline = Date.now() + WAIT_MS;
  while (existsSync(join(dir, DOWNLOADS_PENDING)) && Date.now() < deadline) Atomics.wait(pause, 0, 0, 50);
  try {
    return readFileSync(join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return null;
  }
}
