// Whether a folder a build writes can take files, asked before the build spends minutes drawing pages: a folder on a
// read-only or full disk, or one this user may not write, is named in one line instead of failing deep in the build.
import {existsSync, mkdirSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {diskCause} from "./write-error.js";

/** Makes `dir` one level at a time: a recursive mkdir on a read-only disk says ENOENT, not EROFS. */
function makeFolder(dir: string): void {
  if (existsSync(dir)) return;
  makeFolder(dirname(dir));
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/**
 * Null when `dir` (made if missing) takes a file; otherwise one line: `what` and `dir` are not writable, the call
 * that failed, the cause and `fix` (after freeing space, on a full disk). Any other error (a bug) is thrown.
 */
export function unwritableFolder(dir: string, what: string, fix: string): string | null {
  const folder = resolve(dir);
  const probe = join(folder, `.tps-report-write-check-${process.pid}`);
  try {
    makeFolder(folder);
    writeFileSync(probe, "tps-report checks that this folder takes files; it removes this file at once\n");
  } catch (error) {
    const cause = diskCause(error);
    if (!cause) throw error;
    // A parent folder that could not be made is named; the folder itself and the probe file are the folder.
    const at = cause.path && ![folder, probe].includes(resolve(cause.path)) ? ` ${cause.path}` : "";
    const full = cause.code === "ENOSPC" || cause.code === "EDQUOT";
    return `${what} ${folder} is not writable (${cause.syscall}${at}: ${cause.reason}, ${cause.code}); ${full ? `${cause.advice}, or ` : ""}${fix}`;
  } finally {
    rmSync(probe, {force: true});
  }
  return null;
}
