// A failed write (full disk, read-only folder) as one line that names the file and says what to do, and cleanup
// that never hides the error that came first.

const ADVICE: Record<string, string> = {
  ENOSPC: "free space on that disk",
  EDQUOT: "free space within your disk quota",
  EROFS: "the file system is read-only: make it writable or run the study from a writable copy",
  EACCES: "make that folder writable for this user",
  EPERM: "make that folder writable for this user",
  EMFILE: "raise the open-file limit (ulimit -n)",
  EIO: "check the disk"
};

const REASON: Record<string, string> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EROFS: "read-only file system",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EMFILE: "too many open files",
  EIO: "input/output error"
};

/** A file system error this machine caused (not a bug): its code, call, reason and what to do; null for any other. */
export function diskCause(
  error: unknown
): {code: string; syscall: string; path: string | null; reason: string; advice: string} | null {
  const e = error as NodeJS.ErrnoException & {dest?: string};
  if (!e || typeof e !== "object" || typeof e.code !== "string" || !(e.code in ADVICE) || !e.syscall) return null;
  return {
    code: e.code,
    syscall: e.syscall,
    path: e.dest ?? e.path ?? null,
    reason: REASON[e.code],
    advice: ADVICE[e.code]
  };
}

/** The one line for a file system error this machine caused (not a bug), or null for any other error. */
export function writeErrorLine(
  error: unknown,
  then = "run again with --resume (runs recorded so far are kept, nothing partial is)"
): string | null {
  const cause = diskCause(error);
  if (!cause) return null;
  return `cannot write ${cause.path ?? "a file"} (${cause.syscall}: ${cause.reason}, ${cause.code}); ${cause.advice}, then ${then}`;
}

/** Runs a cleanup step; a failure is noted, never thrown, so it cannot replace an error already on its way. */
export function cleanUp(step: () => void, note: (text: string) => void): void {
  try {
    step();
  } catch (error) {
    note(`could not clean up: ${(error as Error).message.split("\n")[0]}`);
  }
}

/** Runs a write to `file`, naming the file in its error (fs.writeSync's errors carry no path). */
export function writingTo<T>(file: string, write: () => T): T {
  try {
    return write();
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e && typeof e === "object" && typeof e.code === "string" && !e.path) e.path = file;
    throw error;
  }
}
