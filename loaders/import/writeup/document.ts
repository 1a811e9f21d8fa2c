// A write-up read into items with their line numbers: headings, admonition titles, code blocks, tables and text.
// Markdown (MkDocs Material's `??? info "…"` admonitions, fences inside them) and plain text (the same page copied
// out of a browser: sections as bare lines, code as "1<TAB>`…`", tables as tab-separated rows) give the same items.
import {sectionOf} from "./words.js";

export interface Heading {
  kind: "heading";
  level: number;
  text: string;
  line: number;
}
/** An admonition's title (`??? info "Serving script"`), or a plain-text line that may be a label. */
export interface Label {
  kind: "label";
  text: string;
  line: number;
}
export interface Code {
  kind: "code";
  /** The lines as printed, less the indentation the Markdown container added. */
  lines: string[];
  /** Line of the first content line, and of the last. */
  line: number;
  last: number;
  /** Columns of indentation taken away from each line. */
  dedent: number;
  /** A fence that was never closed: the block may be cut off. */
  unclosed: boolean;
}
export interface Table {
  kind: "table";
  rows: {cells: string[]; line: number}[];
  line: number;
}
export interface Text {
  kind: "text";
  text: string;
  line: number;
  /** A list item ("- …", "1. …"), its marker taken away. */
  list: boolean;
}
export type Item = Heading | Label | Code | Table | Text;

export interface WriteupDocument {
  format: "markdown" | "text";
  items: Item[];
}

const FENCE = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)\s*$/;
const ADMONITION = /^\s*(?:\?\?\?\+?|!!!)\s+([\w-]+)(?:\s+"([^"]*)")?\s*$/;
const ATX = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
const SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;
/** Plain text's code lines as a browser copies a highlighted block: a line number, a tab, the code in backticks. */
const NUMBERED_CODE = /^\d+\t`(.*)`\s*$/;
/** Lines that start shell code or printed output in plain text. */
const SHELL_START =
  /^(?:#|={5,}|vllm\s|python3?\s|trtllm-|sglang\s|guidellm\s|wget\s|curl\s|docker\s|export\s|[A-Z_]+=\S+\s|\.\/)/;

/** Markdown when a line is a fence or an admonition, or the first line a heading; else plain text, whose shell
 * comments (`# Prepare the dataset`) look like headings. */
function isMarkdown(lines: readonly string[]): boolean {
  const first = lines.find((l) => l.trim() !== "") ?? "";
  return ATX.test(first) || lines.some((l) => FENCE.test(l) || ADMONITION.test(l));
}

export function readDocument(text: string): WriteupDocument {
  const content = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = content.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  return isMarkdown(lines)
    ? {format: "markdown", items: markdownItems(lines)}
    : {format: "text", items: plainItems(lines)};
}

/** Table cells of a `| a | b |` row, with inline HTML and emphasis left for the reader. */
function pipeCells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return inner.split("|").map((c) => c.trim());
}

function markdownItems(lines: readonly string[]): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const n = i + 1;
    if (text.trim() === "") continue;
    const fence = FENCE.exec(text);
    if (fence) {
      const indent = fence[1].length;
      const marker = fence[2];
      const body: string[] = [];
      let j = i + 1;
      let closed = false;
      for (; j < lines.length; j++) {
        const close = FENCE.exec(lines[j]);
        if (close && close[2].startsWith(marker[0]) && close[2].length >= marker.length && close[3] === "") {
          closed = true;
          break;
        }
        body.push(dedent(lines[j], indent));
      }
      items.push({kind: "code", lines: body, line: n + 1, last: n + body.length, dedent: indent, unclosed: !closed});
      i = j;
      continue;
    }
    const admonition = ADMONITION.exec(text);
    if (admonition) {
      items.push({kind: "label", text: admonition[2] ?? admonition[1], line: n});
      continue;
    }
    const heading = ATX.exec(text);
    if (heading) {
      items.push({kind: "heading", level: heading[1].length, text: heading[2], line: n});
      continue;
    }
    if (text.trim().startsWith("|")) {
      const rows: Table["rows"] = [];
      for (; i < lines.length && lines[i].trim().startsWith("|"); i++)
        if (!SEPARATOR.test(lines[i])) rows.push({cells: pipeCells(lines[i]), line: i + 1});
      i--;
      items.push({kind: "table", rows, line: n});
      continue;
    }
    const list = LIST.exec(text);
    items.push(
      list
        ? {kind: "text", text: list[1].trim(), line: n, list: true}
        : {kind: "text", text: text.trim(), line: n, list: false}
    );
  }
  return items;
}

/** A line less `columns` leading spaces (a tab counts as one column, as the fence's own indent does). */
function dedent(line: string, columns: number): string {
  let k = 0;
  while (k < columns && k < line.length && (line[k] === " " || line[k] === "\t")) k++;
  return line.slice(k);
}

function plainItems(lines: readonly string[]): Item[] {
  const items: Item[] = [];
  let title = true;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    const n = i + 1;
    if (text.trim() === "") continue;
    const numbered = NUMBERED_CODE.exec(text);
    if (numbered) {
      // Consecutive numbered lines are one block (a command continued over lines).
      const body = [numbered[1]];
      for (; i + 1 < lines.length && NUMBERED_CODE.test(lines[i + 1]); i++)
        body.push(NUMBERED_CODE.exec(lines[i + 1])![1]);
      items.push({kind: "code", lines: body, line: n, last: i + 1, dedent: 0, unclosed: false});
      continue;
    }
    if (SHELL_START.test(text)) {
      // Code runs to the next blank line; a result block runs to its closing rule, blank lines and all.
      const body: string[] = [];
      let j = i;
      for (; j < lines.length && lines[j].trim() !== ""; j++) body.push(lines[j]);
      items.push({kind: "code", lines: body, line: n, last: j, dedent: 0, unclosed: false});
      i = j - 1;
      continue;
    }
    if (text.includes("\t")) {
      const rows: Table["rows"] = [];
      for (; i < lines.length && lines[i].includes("\t") && !NUMBERED_CODE.test(lines[i]); i++)
        rows.push({cells: lines[i].split("\t").map((c) => c.trim()), line: i + 1});
      i--;
      items.push({kind: "table", rows, line: n});
      continue;
    }
    const trimmed = text.trim();
    // The first line is the title; a line that names a section is its heading; "1. …" is a numbered section.
    if (title) {
      items.push({kind: "heading", level: 1, text: trimmed, line: n});
      title = false;
      continue;
    }
    const section = sectionOf(trimmed);
    if (section && !/:\s*\S/.test(trimmed)) {
      items.push({kind: "heading", level: PLAIN_LEVEL[section.role] ?? 3, text: trimmed, line: n});
      continue;
    }
    if (/^\d+\.\s+\S/.test(trimmed) && trimmed.length <= 120 && !/[.:]$/.test(trimmed)) {
      items.push({kind: "heading", level: 3, text: trimmed, line: n});
      continue;
    }
    const list = /^-\s+(.*)$/.exec(trimmed);
    items.push(
      list ? {kind: "text", text: list[1], line: n, list: true} : {kind: "text", text: trimmed, line: n, list: false}
    );
  }
  return items;
}

/** Plain text has no heading levels: the sections' own nesting gives them. */
const PLAIN_LEVEL: Partial<Record<string, number>> = {
  conclusion: 2,
  objective: 2,
  setup: 2,
  results: 2,
  notes: 3,
  model: 3,
  hardware: 3,
  versions: 3,
  datasets: 3,
  script: 3,
  profiles: 4,
  replacement: 3,
  summary: 3,
  other: 3
};
