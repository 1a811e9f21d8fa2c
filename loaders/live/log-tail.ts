// Reads the end of a server or benchmark log and picks the line that says why it failed.
import {closeSync, existsSync, fstatSync, openSync, readSync} from "node:fs";

const ANSI = /\x1b\[[0-9;?]*[ -/]*[@-~]/g;

/** The last `count` non-empty lines of a file (ANSI colours and progress-bar carriage returns removed). */
export function logTail(file: string, count = 20, maxBytes = 64 * 1024): string[] {
  if (!existsSync(file)) return [];
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    const lines = buffer
      .toString("utf8")
      .replace(ANSI, "")
      .split("\n")
      .map(
        (line) =>
          line
            .split("\r")
            .filter((part) => part.trim())
            .pop() ?? ""
      )
      .map((line) => line.trimEnd())
      .filter((line) => line.trim());
    // The first line may be cut by the byte window.
    if (size > length) lines.shift();
    return lines.slice(-count);
  } finally {
    closeSync(fd);
  }
}

// Python exceptions as tracebacks end (`RuntimeError: …`, `torch.OutOfMemoryError: …`), also behind a log prefix.
const EXCEPTION = /\b(?:[A-Za-z_][\w]*\.)*[A-Za-z_]\w*(?:Error|Exception|Interrupt)\b(?::\s.*|$)/;
const OUT_OF_MEMORY = /out of memory/i;

/** The line that best states why a process failed: the last exception, else the last out-of-memory line. */
export function failureLine(lines: string[]): string | null {
  for (let i = lines.length - 1; i >= 0; i--) {
    const match = EXCEPTION.exec(lines[i]);
    if (match && !/^\s*(File |Traceback)/.test(lines[i])) return match[0].trim();
  }
  for (let i = lines.length - 1; i >= 0; i--) if (OUT_OF_MEMORY.test(lines[i])) return lines[i].trim();
  return null;
}
