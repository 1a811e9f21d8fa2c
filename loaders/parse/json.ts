// Parses JSON result files: one object (or an array of them), or JSON Lines (`--append-result`, SGLang `--output-file`).

import type {ParseIssue, ParseResult} from "../canonical.js";
import {JsonLimitError, JsonSyntaxError, lineColumn, parseJson} from "./json-text.js";
import {guidellmBlocks, isGuidellmReport} from "./guidellm.js";
import {recordToBlock} from "./json-record.js";
import {skimObject} from "./json-skim.js";

/** 1-based numbers of the first and last non-blank lines. */
function contentLines(content: string): [number, number] {
  let first = 0;
  while (first < content.length && /\s/.test(content[first])) first++;
  let last = content.length - 1;
  while (last > first && /\s/.test(content[last])) last--;
  return [lineColumn(content, first).line, lineColumn(content, last).line];
}

/** The message for a JSON error at `column`: a limit is well-formed JSON, so it is not called invalid. */
const jsonProblem = (error: JsonSyntaxError, column: number): string =>
  error instanceof JsonLimitError
    ? `${error.message} at column ${column}`
    : `invalid JSON at column ${column}: ${error.message}`;

function syntaxIssue(error: unknown, text: string, lineOffset: number): ParseIssue {
  if (error instanceof JsonSyntaxError) {
    const {line, column} = lineColumn(text, error.offset);
    return {line: line + lineOffset, message: jsonProblem(error, column)};
  }
  return {line: lineOffset + 1, message: `invalid JSON: ${String(error)}`};
}

function addRecord(value: unknown, lines: [number, number], out: ParseResult): void {
  if (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    isGuidellmReport(value as Record<string, unknown>)
  ) {
    out.blocks.push(...guidellmBlocks(value as Record<string, unknown>, lines));
    return;
  }
  const {block, problem, nonFinite} = recordToBlock(value, lines);
  if (block) out.blocks.push(block);
  else out.errors.push({line: lines[0], message: problem ?? "not a benchmark result"});
  for (const note of nonFinite ?? []) out.warnings.push({line: lines[0], message: note});
}

/** One skipped-lines warning per run of consecutive non-JSON lines. */
function skippedRun(from: number, to: number, first: string): ParseIssue {
  const span = from === to ? `line ${from} is` : `lines ${from}-${to} are`;
  return {line: from, message: `${span} not JSON (${JSON.stringify(first.slice(0, 60))}): skipped`};
}

/** JSON Lines: each line that opens an object is a record; other non-blank lines are reported and skipped. */
export function parseJsonLines(content: string, out: ParseResult): void {
  const rows = content.split("\n");
  let run: [number, number, string] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].trim();
    if (row === "") continue;
    if (!row.startsWith("{")) {
      if (run && run[1] === i) run[1] = i + 1;
      else {
        if (run) out.warnings.push(skippedRun(...run));
        run = [i + 1, i + 1, row];
      }
      continue;
    }
    let value: unknown;
    try {
      value = parseJson(row);
    } catch (error) {
      out.errors.push(syntaxIssue(error, rows[i], i));
      continue;
    }
    addRecord(value, [i + 1, i + 1], out);
  }
  if (run) out.warnings.push(skippedRun(...run));
}

/** Lines that open an object and read alone as JSON objects holding a benchmark result. */
export function hasJsonRecords(content: string): boolean {
  const rows = content.split("\n");
  let objects = 0;
  for (const raw of rows) {
    const row = raw.trim();
    if (!row.startsWith("{") || !row.endsWith("}")) continue;
    try {
      if (recordToBlock(parseJson(row), [1, 1]).block) return true;
    } catch {
      // not JSON: a printed dict or a cut record
    }
    if (++objects > 64) return false;
  }
  return false;
}

/** Whether the text is JSON Lines: several non-blank lines, most opening an object, at least one readable alone. */
function isJsonLines(content: string): boolean {
  const rows = content.split("\n").filter((row) => row.trim() !== "");
  const objects = rows.filter((row) => row.trimStart().startsWith("{"));
  if (rows.length < 2 || objects.length * 2 < rows.length) return false;
  return objects.some((row) => {
    try {
      parseJson(row);
      return true;
    } catch {
      return false;
    }
  });
}

export function parseJsonContent(content: string, file: string): ParseResult {
  const out: ParseResult = {file, blocks: [], errors: [], warnings: []};
  let value: unknown;
  try {
    value = parseJson(content);
  } catch (error) {
    if (isJsonLines(content)) parseJsonLines(content, out);
    else out.errors.push(syntaxIssue(error, content, 0));
    return out;
  }
  const lines = contentLines(content);
  if (Array.isArray(value)) {
    if (value.length === 0)
      out.errors.push({line: lines[0], message: "JSON array is empty: no benchmark result found"});
    for (const item of value) addRecord(item, lines, out);
  } else addRecord(value, lines, out);
  return out;
}

/** 1-based line and column (in bytes) of a byte offset. */
function byteLineColumn(buf: Buffer, offset: number): {line: number; column: number} {
  let line = 1;
  let lineStart = 0;
  for (let i = buf.indexOf(0x0a); i !== -1 && i < offset; i = buf.indexOf(0x0a, i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return {line, column: offset - lineStart + 1};
}

/**
 * JSON or JSON Lines too large for one string: records are read from the bytes, and arrays longer than
 * `inlineLimit` bytes are counted instead of decoded.
 */
export function parseLargeJson(buf: Buffer, file: string, inlineLimit: number): ParseResult {
  const out: ParseResult = {file, blocks: [], errors: [], warnings: []};
  const {errors} = out;
  const rows: {start: number; end: number; line: number}[] = [];
  let line = 1;
  for (let start = 0; start < buf.length; line++) {
    let end = buf.indexOf(0x0a, start);
    if (end === -1) end = buf.length;
    let first = start;
    while (first < end && (buf[first] === 0x20 || buf[first] === 0x09 || buf[first] === 0x0d)) first++;
    if (first < end) rows.push({start: first, end, line});
    start = end + 1;
  }
  if (rows.length === 0) return {...out, errors: [{line: 1, message: "no benchmark result found"}]};
  if (buf[rows[0].start] === 0x5b) {
    errors.push({line: rows[0].line, message: `JSON array of ${buf.length} bytes is too large to read`});
    return out;
  }
  const jsonLines = rows.length > 1 && rows.every((row) => buf[row.start] === 0x7b);
  const spans = jsonLines ? rows : [{start: rows[0].start, end: buf.length, line: rows[0].line}];
  for (const span of spans) {
    let record: unknown;
    try {
      record = skimObject(buf, span.start, span.end, inlineLimit);
    } catch (error) {
      if (error instanceof JsonSyntaxError) {
        const {line, column} = byteLineColumn(buf, error.offset);
        errors.push({line, message: jsonProblem(error, column)});
      } else errors.push({line: span.line, message: `invalid JSON: ${String(error)}`});
      continue;
    }
    const lines: [number, number] = jsonLines ? [span.line, span.line] : [rows[0].line, rows[rows.length - 1].line];
    addRecord(record, lines, out);
  }
  return out;
}
