// Where the page renderer leaves this build's downloads, and reading one back: its own small file so a data loader
// that only hands a file on loads nothing else (loaders/export/downloads.ts makes them).
import {readFileSync} from "node:fs";
import {join} from "node:path";

/** The folder the page renderer leaves the downloads in for this build; set by observablehq.config.ts. */
export const DOWNLOADS_ENV = "TPS_REPORT_DOWNLOADS";

/** The renderer's file for this build, or null when it made none (a loader run on its own, e.g. in a test). */
export function renderedDownload(name: string): Buffer | null {
  const dir = process.env[DOWNLOADS_ENV];
  if (!dir) return null;
  try {
    return readFileSync(join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return null;
  }
}
