// Reads a top-level JSON array element by element from a Buffer, so files larger than V8's longest string
// (ShareGPT_V3 is ~670 MB) still load; errors name the file and line.
import {readFileSync} from "node:fs";

function lineAt(buffer: Buffer, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < buffer.length; i++) if (buffer[i] === 0x0a) line++;
  return line;
}

/** Calls `each` with every element of the file's top-level array, in order. */
export function readJsonArray(path: string, each: (element: unknown, index: number, line: number) => void): void {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    throw new Error(`${path}: cannot read (${(error as Error).message})`);
  }
  let i = 0;
  const skipSpace = (): void => {
    while (i < buffer.length && (buffer[i] === 0x20 || buffer[i] === 0x0a || buffer[i] === 0x0d || buffer[i] === 0x09))
      i++;
  };
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) i = 3;
  skipSpace();
  if (buffer[i] !== 0x5b) throw new Error(`${path}:${lineAt(buffer, i)}: expected a JSON array ('[')`);
  i++;
  let index = 0;
  let lineCount = 1;
  let counted = 0;
  for (;;) {
    skipSpace();
    if (buffer[i] === 0x5d) return;
    const start = i;
    let depth = 0;
    let inString = false;
    for (; i < buffer.length; i++) {
      const byte = buffer[i];
      if (inString) {
        if (byte === 0x5c) i++;
        else if (byte === 0x22) inString = false;
        continue;
      }
      if (byte === 0x22) inString = true;
      else if (byte === 0x7b || byte === 0x5b) depth++;
      else if (byte === 0x7d || byte === 0x5d) {
        if (depth === 0) break;
        depth--;
      } else if (byte === 0x2c && depth === 0) break;
    }
    for (; counted < start; counted++) if (buffer[counted] === 0x0a) lineCount++;
    if (i >= buffer.length) throw new Error(`${path}:${lineCount}: the array is not closed (file cut short?)`);
    let element: unknown;
    try {
      element = JSON.parse(buffer.toString("utf8", start, i));
    } catch (error) {
      throw new Error(`${path}:${lineCount}: element ${index} is not valid JSON (${(error as Error).message})`);
    }
    each(element, index++, lineCount);
    if (buffer[i] === 0x2c) i++;
  }
}
