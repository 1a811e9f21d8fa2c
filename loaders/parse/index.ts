// Entry of the parsers: detects the format of a benchmark output and returns canonical blocks.

import {readFileSync} from "node:fs";
import {readFile} from "node:fs/promises";
import type {ParseResult} from "../canonical.js";
import {hasJsonRecords, parseJsonContent, parseJsonLines, parseLargeJson} from "./json.js";
import {parseTextBlocks} from "./text.js";
import {aiperfCsvBlock, isAiperfCsv} from "./aiperf.js";
import {setAsideImpossible} from "./impossible.js";

export type {ParsedBlock, ParseIssue, ParseResult} from "../canonical.js";

export function parseText(text: string, file: string): ParseResult {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A file whose first character opens a JSON value is JSON or JSON Lines; anything else is terminal text.
  const first = content.search(/\S/);
  const isJson = first >= 0 && (content[first] === "{" || /^\[\s*[{\]]/.test(content.slice(first, first + 64)));
  if (!isJson && isAiperfCsv(content)) return {file, blocks: [aiperfCsvBlock(content)], errors: [], warnings: []};
  let result = isJson ? parseJsonContent(content, file) : parseTextBlocks(content, file);
  // A log that merely starts with a brace (a printed dict) is still a log when its text holds result blocks; a file
  // that is one whole JSON value holding no result (a provenance note quoting printed values) is no log.
  if (isJson && result.blocks.length === 0 && !isOneJsonValue(content)) {
    const asText = parseTextBlocks(content, file);
    if (asText.blocks.length > 0) result = asText;
  }
  // JSON Lines behind a line that is not JSON (a warning, a command echoed into the file): the records still count.
  if (!isJson && result.blocks.length === 0 && hasJsonRecords(content)) {
    result = {file, blocks: [], errors: [], warnings: []};
    parseJsonLines(content, result);
  }
  const lines = isJson ? null : content.split("\n");
  for (const block of result.blocks)
    result.warnings.push(...setAsideImpossible(block, block.format === "text" ? lines : null));
  result.blocks.sort((a, b) => a.lines[0] - b.lines[0]);
  result.errors.sort((a, b) => a.line - b.line);
  result.warnings.sort((a, b) => a.line - b.line);
  if (result.blocks.length === 0 && result.errors.length === 0) {
    result.errors.push({line: 1, message: "no benchmark result found"});
  }
  return result;
}

function isOneJsonValue(content: string): boolean {
  try {
    JSON.parse(content);
    return true;
  } catch {
    return false;
  }
}

/** Files above this size are not decoded into one string (V8 caps strings near 512 M characters). */
export const STRING_LIMIT = 256 * 1024 * 1024;
/** In large JSON files, arrays above this size are counted rather than decoded. */
const INLINE_LIMIT = 1024 * 1024;

/** Parses file contents given as bytes; large JSON is read without materializing its per-request arrays. */
export function parseBuffer(
  buf: Buffer,
  file: string,
  stringLimit = STRING_LIMIT,
  inlineLimit = INLINE_LIMIT
): ParseResult {
  if (buf.length <= stringLimit) return parseText(buf.toString("utf8"), file);
  let first = 0;
  while (first < buf.length && /\s/.test(String.fromCharCode(buf[first]))) first++;
  if (buf[first] !== 0x7b && buf[first] !== 0x5b) {
    const message = `text file of ${buf.length} bytes is larger than the ${stringLimit}-byte limit for text parsing`;
    return {file, blocks: [], errors: [{line: 1, message}], warnings: []};
  }
  const result = parseLargeJson(buf, file, inlineLimit);
  if (result.blocks.length === 0 && result.errors.length === 0) {
    result.errors.push({line: 1, message: "no benchmark result found"});
  }
  return result;
}

export async function parseFile(path: string): Promise<ParseResult> {
  return parseBuffer(await readFile(path), path);
}

/** Synchronous parseFile: for many small logs one blocking read each is cheaper than a round trip to the thread pool. */
export function parseFileSync(path: string): ParseResult {
  return parseBuffer(readFileSync(path), path);
}
