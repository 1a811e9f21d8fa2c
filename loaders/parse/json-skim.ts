// Reads a JSON object straight from bytes, counting large arrays instead of decoding them: per-request arrays of
// `--save-detailed` files can exceed what one JavaScript string may hold (~512 M characters).

import {JsonLimitError, JsonSyntaxError, parseJson} from "./json-text.js";

/** Stands in for a top-level array that was counted, not decoded. */
export class SkippedArray {
  constructor(readonly length: number) {}
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJ = 0x7b;
const CLOSE_OBJ = 0x7d;
const OPEN_ARR = 0x5b;
const CLOSE_ARR = 0x5d;

const isSpace = (b: number): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;

function fail(buf: Buffer, i: number, end: number, what: string): never {
  const found = i >= end ? "end of input" : JSON.stringify(buf.toString("utf8", i, Math.min(end, i + 12)));
  throw new JsonSyntaxError(`expected ${what}, found ${found}`, i);
}

function skipSpace(buf: Buffer, i: number, end: number): number {
  while (i < end && isSpace(buf[i])) i++;
  return i;
}

/** Index just past the closing quote of the string opening at i. */
function stringEnd(buf: Buffer, i: number, end: number): number {
  for (let j = i + 1; j < end; j++) {
    const b = buf[j];
    if (b === BACKSLASH) j++;
    else if (b === QUOTE) return j + 1;
  }
  return fail(buf, i, end, "a closing quote for the string");
}

/** Index just past the value starting at i, and the element count when it is an array. */
function valueEnd(buf: Buffer, i: number, end: number): {to: number; count: number} {
  const first = buf[i];
  if (first === QUOTE) return {to: stringEnd(buf, i, end), count: 0};
  if (first !== OPEN_OBJ && first !== OPEN_ARR) {
    let j = i;
    while (j < end && !isSpace(buf[j]) && buf[j] !== COMMA && buf[j] !== CLOSE_OBJ && buf[j] !== CLOSE_ARR) j++;
    if (j === i) fail(buf, i, end, "a JSON value");
    return {to: j, count: 0};
  }
  let depth = 0;
  let commas = 0;
  let empty = true;
  for (let j = i; j < end; j++) {
    const b = buf[j];
    if (b === QUOTE) {
      j = stringEnd(buf, j, end) - 1;
      empty = false;
    } else if (b === OPEN_OBJ || b === OPEN_ARR) {
      if (depth === 1) empty = false;
      depth++;
    } else if (b === CLOSE_OBJ || b === CLOSE_ARR) {
      depth--;
      if (depth === 0) return {to: j + 1, count: first === OPEN_ARR && !empty ? commas + 1 : 0};
    } else if (depth === 1) {
      if (b === COMMA) commas++;
      else if (!isSpace(b)) empty = false;
    }
  }
  return fail(buf, i, end, `a closing '${first === OPEN_OBJ ? "}" : "]"}'`);
}

/** Parses the object in buf[start, end); array values longer than `inlineLimit` bytes become SkippedArray. */
export function skimObject(buf: Buffer, start: number, end: number, inlineLimit: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let i = skipSpace(buf, start, end);
  if (buf[i] !== OPEN_OBJ) fail(buf, i, end, "'{'");
  i = skipSpace(buf, i + 1, end);
  if (buf[i] === CLOSE_OBJ) i++;
  else
    for (;;) {
      if (buf[i] !== QUOTE) fail(buf, i, end, "a quoted key");
      const keyEnd = stringEnd(buf, i, end);
      const key = JSON.parse(buf.toString("utf8", i, keyEnd)) as string;
      i = skipSpace(buf, keyEnd, end);
      if (buf[i] !== COLON) fail(buf, i, end, "':'");
      i = skipSpace(buf, i + 1, end);
      if (i >= end) fail(buf, i, end, "a JSON value");
      const {to, count} = valueEnd(buf, i, end);
      if (buf[i] === OPEN_ARR && to - i > inlineLimit) out[key] = new SkippedArray(count);
      else {
        try {
          out[key] = parseJson(buf.toString("utf8", i, to));
        } catch (error) {
          if (error instanceof JsonSyntaxError)
            throw new (error instanceof JsonLimitError ? JsonLimitError : JsonSyntaxError)(
              error.message,
              i + error.offset
            );
          throw error;
        }
      }
      i = skipSpace(buf, to, end);
      if (buf[i] === COMMA) i = skipSpace(buf, i + 1, end);
      else if (buf[i] === CLOSE_OBJ) {
        i++;
        break;
      } else fail(buf, i, end, "',' or '}'");
    }
  i = skipSpace(buf, i, end);
  if (i < end) fail(buf, i, end, "the end of the JSON text");
  return out;
}
