// The text of a result file with its per-request arrays replaced by a short note, lines kept where they were,
// so a run page can show the file (and the lines its figures came from) without shipping megabytes of numbers.
import {closeSync, openSync, readSync} from "node:fs";
import type {ArraySpan} from "./stream-result-json.js";

export function elideArrays(file: string, spans: ArraySpan[]): string {
  const fd = openSync(file, "r");
  const parts: string[] = [];
  const read = (start: number, end: number) => {
    const buffer = Buffer.allocUnsafe(end - start);
    let done = 0;
    while (done < buffer.length) {
      const n = readSync(fd, buffer, done, buffer.length - done, start + done);
      if (n === 0) break;
      done += n;
    }
    return buffer.toString("utf8", 0, done);
  };
  try {
    let at = 0;
    for (const span of [...spans].sort((a, b) => a.start - b.start)) {
      parts.push(read(at, span.start));
      parts.push(`[… ${span.length} per-request values …]` + "\n".repeat(span.lines[1] - span.lines[0]));
      at = span.end;
    }
    // The rest of the file after the last array: a few hundred bytes of summary keys.
    for (let chunk = read(at, at + (1 << 20)); chunk; chunk = read(at, at + (1 << 20))) {
      parts.push(chunk);
      at += Buffer.byteLength(chunk);
    }
    return parts.join("");
  } finally {
    closeSync(fd);
  }
}
