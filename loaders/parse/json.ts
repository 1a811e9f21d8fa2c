// Parses JSON result files: one object (or an array of them), or JSON Lines (`--append-result`, SGLang `--output-file`).

import type {ParseIssue, ParseResult, ParsedBlock} from "../canonical.js";
import {JsonSyntaxError, lineColumn, parseJson} from "./json-text.js";
import {recordToBlock} from "./json-record.js";

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
