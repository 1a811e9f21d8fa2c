// Parses JSON result files: one object (or an array of them), or JSON Lines (`--append-result`, SGLang `--output-file`).

import type {ParseIssue, ParseResult, ParsedBlock} from "../canonical.js";
import {JsonSyntaxError, lineColumn, parseJson} from "./json-text.js";
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

function syntaxIssue(error: unknown, text: string, lineOffset: number): ParseIssue {
  if (error instanceof JsonSyntaxError) {
    const {line, column} = lineColumn(text, error.offset);
    return {line: line + lineOffset, message: `invalid JSON at column ${column}: ${error.message}`};
  }
  return {line: lineOffset + 1, message: `invalid JSON: ${String(error)}`};
}

function addRecord(value: unknown, lines: [number, number], blocks: ParsedBlock[], errors: ParseIssue[]): void {
  const {block, problem} = recordToBlock(value, lines);
  if (block) blocks.push(block);
  else errors.push({line: lines[0], message: problem ?? "not a benchmark result"});
}

function parseJsonLines(content: string, blocks: ParsedBlock[], errors: ParseIssue[]): void {
  const rows = content.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i].trim();
    if (row === "") continue;
    let value: unknown;
    try {
      value = parseJson(row);
    } catch (error) {
      errors.push(syntaxIssue(error, rows[i], i));
      continue;
    }
    addRecord(value, [i + 1, i + 1], blocks, errors);
  }
}

/** Whether the text is JSON Lines: several non-blank lines, each opening an object, at least one readable alone. */
function isJsonLines(content: string): boolean {
  const rows = content.split("\n").filter((row) => row.trim() !== "");
  if (rows.length < 2 || !rows.every((row) => row.trimStart().startsWith("{"))) return false;
  return rows.some((row) => {
    try {
      parseJson(row);
      return true;
    } catch {
      return false;
    }
  });
}

export function parseJsonContent(content: string, file: string): ParseResult {
  const blocks: ParsedBlock[] = [];
  const errors: ParseIssue[] = [];
  let value: unknown;
  try {
    value = parseJson(content);
  } catch (error) {
    if (isJsonLines(content)) parseJsonLines(content, blocks, errors);
    else errors.push(syntaxIssue(error, content, 0));
    return {file, blocks, errors};
  }
  const lines = contentLines(content);
  if (Array.isArray(value)) {
    if (value.length === 0) errors.push({line: lines[0], message: "JSON array is empty: no benchmark result found"});
    for (const item of value) addRecord(item, lines, blocks, errors);
  } else addRecord(value, lines, blocks, errors);
  return {file, blocks, errors};
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
  const blocks: ParsedBlock[] = [];
  const errors: ParseIssue[] = [];
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
  if (rows.length === 0) return {file, blocks, errors: [{line: 1, message: "no benchmark result found"}]};
  if (buf[rows[0].start] === 0x5b) {
    errors.push({line: rows[0].line, message: `JSON array of ${buf.length} bytes is too large to read`});
    return {file, blocks, errors};
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
        errors.push({line, message: `invalid JSON at column ${column}: ${error.message}`});
      } else errors.push({line: span.line, message: `invalid JSON: ${String(error)}`});
      continue;
    }
    const lines: [number, number] = jsonLines ? [span.line, span.line] : [rows[0].line, rows[rows.length - 1].line];
    addRecord(record, lines, blocks, errors);
  }
  return {file, blocks, errors};
}
