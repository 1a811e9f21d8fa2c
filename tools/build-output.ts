// A build is written beside its output folder and swapped in whole at the end: a failed build leaves the last site as
// it was, and a rebuild outside the working directory (which Framework does not clear) leaves no stale page behind.
import {existsSync, readdirSync, renameSync, rmSync} from "node:fs";
import {unwritableFolder} from "../loaders/files/writable-folder.js";

/** Why `output` cannot take a build (unwritable, or holding other things than an earlier build), or null. */
export function outputProblem(output: string): string | null {
  const unwritable = unwritableFolder(
    output,
    "the output folder",
    "point TPS_REPORT_OUTPUT at a folder this user can write, then build again"
  );
  if (unwritable) return unwritable;
  const names = readdirSync(output);
  if (names.length === 0 || names.includes("_observablehq")) return null;
  return `${output} is not empty and holds no earlier build (no _observablehq folder): name an empty folder or an earlier build's`;
}

/** The folder a build of `output` is written into first. */
export function stagingFor(output: string): string {
  return `${output}.partial-${process.pid}`;
}

/** Puts the finished build in place of the output folder, then removes the earlier build. */
export function swapInto(staging: string, output: string): void {
  const earlier = `${output}.earlier-${process.pid}`;
  const had = existsSync(output);
  if (had) renameSync(output, earlier);
  renameSync(staging, output);
  if (had) rmSync(earlier, {recursive: true, force: true});
}
