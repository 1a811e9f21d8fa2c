// Where the page renderer leaves this build's downloads, and reading one back: its own small file so a data loader
// that only hands a file on loads nothing else (loaders/export/downloads.ts makes them).
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";

/** The folder the page renderer leaves the downloads in for this build; set by observablehq.config.ts. */
export const DOWNLOADS_ENV = "TPS_REPORT_DOWNLOADS";

/** The folder a build's downloads are made in, from the repository root. */
export const DOWNLOADS_DIR = "src/.observablehq/cache/.downloads";

/** Lies in the folder until the renderer has written its files: it writes them after the pages. */
export const DOWNLOADS_PENDING = ".pending";

// Past this a loader stops waiting and makes its file itself (a renderer that failed fails the build anyway).
const WAIT_MS = 10 * 60_000;

/** An empty folder for this build's downloads, marked as not written yet (observablehq.config.ts, before the renderer). */
export function markDownloadsPending(dir: string): void {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  writeFileSync(join(dir, DOWNLOADS_PENDING), "");
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
