// The renderer hands each page over as one line of JSON: [path, fragments], or for a page an incremental build's memo
// holds (page-memo.ts) [path, fragments or null, key], null where the fragments stay in the memo's file <key>.json.
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {join} from "node:path";
import type {PageFragments} from "./fragment.js";
import {PAGE_MEMO_ENV, SerializedFragments} from "./page-memo.js";

const KEY_CHARS = 64;

/** A page's line, without its newline. */
export function pageLine(path: string, fragments: PageFragments | SerializedFragments): string {
  if (!(fragments instanceof SerializedFragments)) return JSON.stringify([path, fragments]);
  return `[${JSON.stringify(path)},${fragments.json ?? "null"},"${fragments.key}"]`;
}

/** The path a line is for, read without parsing the fragments. */
export function linePath(line: Buffer): string {
  let end = 2;
  while (line[end] !== 0x22) end += line[end] === 0x5c ? 2 : 1;
  return JSON.parse(line.toString("utf8", 1, end + 1)) as string;
}

/** The memo key a line ends with, if it has one: fragments ends with '}' or 'null', a key with '"'. */
function lineKey(line: Buffer): string | null {
  const end = line.length - 2;
  return line[end] === 0x22 && line[end - KEY_CHARS - 2] === 0x2c
    ? line.toString("latin1", end - KEY_CHARS, end)
    : null;
}

/** What decides a page's look: its memo key (the code, the page and its input), else the digest of its line; the
 * same whether the memo held the page or drew it, so a page drawn by one build is kept by the next. */
export function lineDigest(line: Buffer): string {
  return lineKey(line) ?? createHash("sha256").update(line).digest("hex");
}

/** The page's path and fragments, read from the memo (PAGE_MEMO_ENV, or `memo`) where the line holds none. */
export function lineFragments(line: Buffer, memo = process.env[PAGE_MEMO_ENV]): [string, PageFragments] {
  const [path, fragments, key] = JSON.parse(line.toString("utf8")) as [string, PageFragments | null, string?];
  if (fragments) return [path, fragments];
  if (!memo || !key) throw new Error(`${path}: the renderer's line holds no fragments and names no memo entry`);
  return [path, JSON.parse(readFileSync(join(memo, `${key}.json`), "utf8")) as PageFragments];
}
