// A data loader's output written whole: Framework points a loader's stdout at its cache file, and Node's stdout to a
// file drops the rest of a short write without a word (a full disk kept 16 KiB of a 32 KiB report.json, exit 0);
// a failed write was an uncaught 'error' event with a stack trace and no file named.
import {readlinkSync, writeSync} from "node:fs";
import {diskCause, writeErrorLine} from "./write-error.js";

/** The exit status of a loader whose output could not be written (sysexits' EX_IOERR); the build names no bug for it. */
export const OUTPUT_NOT_WRITTEN = 74;

/** Output that could not be written: one line naming the file and the cause. */
export class OutputNotWritten extends Error {}

/** The file a descriptor is open on (Linux names it), or a description when it cannot be told. */
function openFile(fd: number): string {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return fd === 1 ? "standard output" : `file descriptor ${fd}`;
  }
}

/** Writes every byte of `data` to stdout, or throws; a full, read-only or forbidden disk is thrown as one line. */
export function writeStdout(data: string | Uint8Array, fd = 1): void {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  for (let offset = 0; offset < bytes.length;) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      // A pipe left non-blocking by the reader: wait a moment for room.
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
        continue;
      }
      const cause = diskCause(error);
      if (!cause) throw error;
      throw new OutputNotWritten(
        `cannot write ${openFile(fd)} (${cause.syscall}: ${cause.reason}, ${cause.code}); ${cause.advice}, then build again`
      );
    }
  }
}

/**
 * Runs a build step in a process of its own (a data loader, the page renderer): a full, read-only or forbidden disk
 * met on the way (live mode writes runs; a loader's stdout is Framework's cache file) is one line naming the file,
 * and exit 74. Any other error is thrown.
 */
export async function exitOnDiskError(step: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    const line = error instanceof OutputNotWritten ? error.message : writeErrorLine(error, "build again");
    if (line === null) throw error;
    process.stderr.write(`tps-report ${step}: ${line}\n`);
    process.exitCode = OUTPUT_NOT_WRITTEN;
  }
}

/** A data loader: its output made, then written whole. */
export function runLoader(loader: string, load: () => Promise<string | Uint8Array>): Promise<void> {
  return exitOnDiskError(loader, async () => writeStdout(await load()));
}
