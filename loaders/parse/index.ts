// Entry of the parsers: detects the format of a benchmark output and returns canonical blocks.

import {readFile} from "node:fs/promises";
import type {ParseResult} from "../canonical.js";
import {parseJsonContent} from "./json.js";
import {parseTextBlocks} from "./text.js";

export type {ParsedBlock, ParseIssue, ParseResult} from "../canonical.js";

export function parseText(text: string, file: string): ParseResult {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  // A file whose first character opens a JSON value is JSON or JSON Lines; anything else is terminal text.
  const first = content.search(/\S/);
  const isJson = first >= 0 && (content[first] === "{" || /^\[\s*[{\]]/.test(content.slice(first, first + 64)));
  const result = isJson ? parseJsonContent(content, file) : parseTextBlocks(content, file);
  result.blocks.sort((a, b) => a.lines[0] - b.lines[0]);
  result.errors.sort((a, b) => a.line - b.line);
  if (result.blocks.length === 0 && result.errors.length === 0) {
    result.errors.push({line: 1, message: "no benchmark result found"});
  }
  return result;
}

export async function parseFile(path: string): Promise<ParseResult> {
  return parseText(await readFile(path, "utf8"), path);
}
