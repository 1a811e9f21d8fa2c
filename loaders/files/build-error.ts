// Framework ends a failed build with "Unexpected error: <message>" and a request to file an issue. When the disk is
// the cause (full, read-only, forbidden), that is no bug: one line of ours names the file, or the folder whose disk
// it is, and the cause. Framework's write errors often carry no path ("ENOSPC: no space left on device, write").
import {accessSync, constants, statfsSync} from "node:fs";
import {resolve} from "node:path";
import {unwritableFolder} from "./writable-folder.js";
import {OUTPUT_NOT_WRITTEN} from "./write-stdout.js";
import {writeErrorLine} from "./write-error.js";

/** A folder the build writes, and how a message calls it. */
export interface BuildFolder {
  dir: string;
  what: string;
}

const UNEXPECTED = /Unexpected error:\s*(.*)/s;
const ERRNO = /^(E[A-Z]+): [^,]*, (\w+)(?: '([^']*)'(?: -> '([^']*)')?)?/;
const ANSI = /\x1b\[[0-9;]*m/g;

/** Whether `dir`'s disk shows the cause: no space left, or no writing allowed. */
function showsCause(dir: string, code: string): boolean {
  try {
    if (code === "ENOSPC" || code === "EDQUOT") return statfsSync(dir).bavail === 0;
    accessSync(dir, constants.W_OK);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === code;
  }
}

/**
 * For Framework's last message: our one line when the disk caused it, "" when a loader of ours already said why
 * (exit 74), or null to leave Framework's message as it is.
 */
export function buildErrorLine(text: string, folders: BuildFolder[]): string | null {
  const message = UNEXPECTED.exec(text.replace(ANSI, ""))?.[1].trim();
  if (message === undefined) return null;
  // A loader or the page renderer that exits 74 has said why in one line already.
  if (message.endsWith(` exited with code ${OUTPUT_NOT_WRITTEN}`)) return "";
  const m = ERRNO.exec(message);
  if (!m) return null;
  const [, code, syscall, path, dest] = m;
  const shown = folders.filter((f) => showsCause(f.dir, code));
  const place = dest ?? path ?? (shown.length ? shown : folders).map((f) => `${f.what} ${f.dir}`).join(" or ");
  return writeErrorLine({code, syscall, path: place}, "build again");
}

/**
 * For `observable build`: exits at once with one line when a folder the build writes cannot take files, and turns
 * Framework's last message on a disk error during the build into one line (console.error is how Framework says it).
 */
export function guardBuildWrites(folders: (BuildFolder & {fix: string})[]): void {
  for (const {dir, what, fix} of folders) {
    const problem = unwritableFolder(dir, what, fix);
    if (problem) {
      process.stderr.write(`tps-report build: ${problem}\n`);
      process.exit(1);
    }
  }
  const resolved = folders.map(({dir, what}) => ({dir: resolve(dir), what}));
  const frameworkError = console.error;
  console.error = (...args: unknown[]) => {
    const line = typeof args[0] === "string" ? buildErrorLine(args[0], resolved) : null;
    if (line === null) return frameworkError(...args);
    if (line) process.stderr.write(`tps-report build: ${line}\n`);
    process.exit(1);
  };
}
