// The result blocks of one code block of a write-up: each `Serving Benchmark Result` block with the `# …` comment
// lines above it (a label: `# --max_num_tokens=16384`, `# random 32K input`, `# BS=4`), or a comment that is an
// error (`# RuntimeError: …`). A block cut off or with lines out of their printed order is bad input, by line.
import {parseText} from "../../parse/index.js";
import {looksLikeResult} from "../../parse/serving-labels.js";
import type {ParsedBlock} from "../../parse/index.js";
import type {Code} from "./document.js";

export interface ResultBlock {
  kind: "result";
  /** The comment lines above the block, without `# `; null when there are none. */
  comment: string | null;
  /** The block as printed, comment lines included, each line ending in a newline: the run's bench.log. */
  text: string;
  /** Document lines of its first (comment) and last (closing rule) line. */
  first: number;
  last: number;
  parsed: ParsedBlock;
  /** Parser warnings (N/A values, impossible values), each with its document line. */
  warnings: {line: number; message: string}[];
}

export interface ErrorBlock {
  kind: "error";
  /** The error as printed, without `# `: `RuntimeError: Unsupported SM version …`. */
  error: string;
  text: string;
  first: number;
  last: number;
}

export type Entry = ResultBlock | ErrorBlock;

/** A result block that cannot be taken as printed, with the document line that shows it. */
export class BlockProblem extends Error {
  constructor(
    readonly line: number,
    message: string
  ) {
    super(message);
  }
}

const BANNER = /^=+\s*[^=\s].*?\s*=+$/;
const RULE = /^={10,}$/;
const SECTION = /^-{3,}\s*([^-].*?)\s*-{3,}$/;
const ERROR = /^#\s*((?:[A-Z][A-Za-z]*(?:Error|Exception)|Traceback|CUDA error|OOM|OutOfMemory)\b.*)$/;
const LABEL_VALUE = /^([^:]+):\s*(.*)$/;

/** The family each section rule announces, and how its statistic lines name it. */
const FAMILIES: [RegExp, RegExp][] = [
  [/^time to first token$/i, /\bTTFT\b/],
  [/^time per output token/i, /\bTPOT\b/],
  [/^inter-token latency$/i, /\bITL\b/],
  [/^latency$/i, /^\w+(?:\s\w+)?\s+Latency\b/],
  [/^end-to-end latency$/i, /\bE2EL\b/]
];
const STATISTIC = /^(Mean|Median|Std|P\d+(?:\.\d+)?)\b/;
/** The order vLLM prints its statistics in. */
function statRank(label: string): number {
  const m = STATISTIC.exec(label);
  if (!m) return -1;
  if (m[1] === "Mean") return 0;
  if (m[1] === "Median") return 1;
  if (m[1] === "Std") return 2;
  return 3 + Number(m[1].slice(1));
}
/** Header lines in the order every version of the block prints those it has. */
const HEADER_ORDER = [
  /^successful requests$/i,
  /^failed requests$/i,
  /^maximum request concurrency$/i,
  /^request rate configured/i,
  /^benchmark duration/i,
  /^total input tokens$/i,
  /^total generated tokens$/i,
  /^request throughput/i,
  /^request goodput/i,
  /^output token throughput/i,
  /^peak output token throughput/i,
  /^peak concurrent requests$/i,
  /^total token throughput/i
];

/** Whether a line is one a result block prints: a section rule or a label the block format knows. */
function resultLine(text: string): boolean {
  if (RULE.test(text) || SECTION.test(text)) return true;
  const lv = LABEL_VALUE.exec(text);
  return lv != null && looksLikeResult(lv[1].trim().toLowerCase().replace(/\s+/g, " "));
}

/**
 * Result and error blocks of a code block, in order; throws BlockProblem for a cut-off or shuffled block. A block
 * starts at its banner, or (a page that left the banner out) at its first result line, and ends at its closing rule.
 * A result code block holding no result block is one failed run: its text (`# Crash`, `NotImplementedError: …`) is
 * the error.
 */
export function resultEntries(code: Code): Entry[] {
  const entries: Entry[] = [];
  const at = (k: number) => code.line + k;
  let comments: {text: string; k: number}[] = [];
  const other: {text: string; k: number}[] = [];
  const lines = code.lines;
  for (let k = 0; k < lines.length; k++) {
    const text = lines[k].trimEnd();
    if (text.trim() === "") {
      other.push(...comments);
      comments = [];
      continue;
    }
    if (text.startsWith("#")) {
      const error = ERROR.exec(text);
      if (error) {
        entries.push({kind: "error", error: error[1].trim(), text: `${text}\n`, first: at(k), last: at(k)});
        comments = [];
      } else comments.push({text, k});
      continue;
    }
    const banner = BANNER.test(text) && !RULE.test(text);
    if (banner || (resultLine(text) && !RULE.test(text) && !SECTION.test(text))) {
      let end = k + 1;
      while (end < lines.length && !RULE.test(lines[end].trimEnd())) {
        if (BANNER.test(lines[end].trimEnd()) && !RULE.test(lines[end].trimEnd()))
          throw new BlockProblem(
            at(end),
            `the result block from line ${at(k)} is cut off: a new banner before its closing rule`
          );
        end++;
      }
      if (end >= lines.length)
        throw new BlockProblem(
          at(k),
          `the result block is cut off: no closing ===== line after line ${at(k)} (the ${code.unclosed ? "document" : "code block"} ends at line ${code.last})`
        );
      checkOrder(lines.slice(k, end + 1), at(k), banner);
      const first = comments.length ? comments[0].k : k;
      const textOf = lines
        .slice(first, end + 1)
        .map((l) => `${l}\n`)
        .join("");
      const parsed = parseText(textOf, "block");
      if (parsed.errors.length || parsed.blocks.length !== 1)
        throw new BlockProblem(
          at(first) + (parsed.errors[0]?.line ?? 1) - 1,
          `the result block does not read as one result${parsed.errors[0] ? `: ${parsed.errors[0].message}` : ""}`
        );
      entries.push({
        kind: "result",
        comment: comments.length ? comments.map((c) => c.text.replace(/^#\s*/, "")).join("\n") : null,
        text: textOf,
        first: at(first),
        last: at(end),
        parsed: parsed.blocks[0],
        warnings: parsed.warnings.map((w) => ({line: at(first) + w.line - 1, message: w.message}))
      });
      comments = [];
      k = end;
      continue;
    }
    if (resultLine(text))
      throw new BlockProblem(
        at(k),
        `a result line outside a result block: '${text.trim()}' (its banner is missing or out of place)`
      );
    // A line of text right above a banner labels the block as a comment would (`1k random input + 2k generation`).
    comments.push({text, k});
  }
  other.push(...comments);
  if (entries.length || !other.length) {
    const stray = other.find((o) => !o.text.trimStart().startsWith("#"));
    if (entries.length && stray)
      throw new BlockProblem(at(stray.k), `text beside the result blocks that is none of them: '${stray.text.trim()}'`);
    return entries;
  }
  // No result block: the text is why the run failed.
  const text = other.map((o) => `${lines[o.k]}\n`).join("");
  const error = other
    .map((o) => o.text.trim().replace(/^#+\s*/, ""))
    .filter(Boolean)
    .join(" ");
  return [{kind: "error", error, text, first: at(other[0].k), last: at(other[other.length - 1].k)}];
}

/** Header lines before the first section, each statistic under the rule of its own family, in the printed order. */
function checkOrder(block: string[], first: number, banner: boolean): void {
  let family: RegExp | null = null;
  let familyName = "";
  let headerAt = -1;
  let statAt = -1;
  let inSections = false;
  for (let k = banner ? 1 : 0; k < block.length - 1; k++) {
    const text = block[k].trim();
    if (!text) continue;
    const section = SECTION.exec(text);
    if (section) {
      inSections = true;
      familyName = section[1];
      family = FAMILIES.find(([rule]) => rule.test(section[1]))?.[1] ?? null;
      statAt = -1;
      continue;
    }
    const lv = LABEL_VALUE.exec(text);
    if (!lv) continue;
    const label = lv[1].trim();
    const rank = statRank(label);
    const header = HEADER_ORDER.findIndex((h) => h.test(label));
    const where = first + k;
    if (header >= 0) {
      if (inSections)
        throw new BlockProblem(where, `the result block's lines are out of order: '${label}' under '${familyName}'`);
      if (header < headerAt)
        throw new BlockProblem(
          where,
          `the result block's lines are out of order: '${label}' after a line printed below it`
        );
      headerAt = header;
      continue;
    }
    if (rank < 0) continue;
    if (!inSections)
      throw new BlockProblem(where, `the result block's lines are out of order: '${label}' above every section rule`);
    if (family && !family.test(label))
      throw new BlockProblem(where, `the result block's lines are out of order: '${label}' under '${familyName}'`);
    if (rank < statAt)
      throw new BlockProblem(
        where,
        `the result block's lines are out of order: '${label}' after a statistic printed below it`
      );
    statAt = rank;
  }
}
