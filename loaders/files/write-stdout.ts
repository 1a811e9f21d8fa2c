// A data loader's output written whole: Framework points a loader's stdout at its cache file, and Node's stdout to a
// file drops the rest of a short write without a word (a full disk kept 16 KiB of a 32 KiB report.json, exit 0);
// a failed write was an uncaught 'error' event with a stack trace and no file named.
import {readlinkSync, writeSync} from "node:fs";
import {diskCause} from "./write-error.js";

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

/** A data loader's last step: its output written whole, or one line naming the file and the cause, and exit 74. */
export function writeLoaderOutput(loader: string, data: string | Uint8Array): void {
  try {
    writeStdout(data);
  } catch (error) {
    if (!(error instanceof OutputNotWritten)) throw error;
    process.stderr.write(`tps-report ${loader}: ${error.message}\n`);
    process.exitCode = OUTPUT_NOT_WRITTEN;
  }
}
