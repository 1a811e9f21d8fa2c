// Reads plain block-style YAML (study plans, the GPU table) straight into `yaml` nodes, several times faster than the
// general parser; returns null on anything outside that subset so the caller parses the text with `yaml` instead.
import {LineCounter, Pair, Scalar, YAMLMap, YAMLSeq, type Node} from "yaml";

export interface BlockYaml {
  root: YAMLMap;
  lineCounter: LineCounter;
}

interface Line {
  indent: number;
  /** Content after the indentation. */
  text: string;
  /** Offset of `text` in the source. */
  offset: number;
}

/** Thrown inside the reader when the text leaves the subset; never escapes readBlockYaml. */
class Unsupported extends Error {}

const KEY = /^([A-Za-z_][\w.\-/]*):(?: +(.*))?$/;
/** Keys the core schema would read as something other than a string, or that objects treat specially. */
const SPECIAL_KEY = /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|__proto__)$/;
const INT = /^[-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
/** The core schema's other scalar types (octal, hex, inf/nan) are left to the full parser. */
const OTHER_CORE = /^0o[0-7]+$|^0x[0-9a-fA-F]+$|^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const NULL = /^(?:~|[Nn]ull|NULL)$/;
const TRUE = /^(?:[Tt]rue|TRUE)$/;
const FALSE = /^(?:[Ff]alse|FALSE)$/;
/** Characters that may not start a plain scalar (indicators), '-', '?' and ':' being checked apart. */
const INDICATOR = /^[[\]{},#&*!|>'"%@`]/;
const DQUOTED = /^"([^"\\]*)"(?: +#.*)?$/;
const SQUOTED = /^'((?:[^']|'')*)'(?: +#.*)?$/;

/** YAML separates with spaces only (String.trim would also take other Unicode spaces that belong to a scalar). */
function trimSpaces(text: string): string {
  return text.replace(/^ +| +$/g, "");
}

function unsupported(): never {
  throw new Unsupported();
}

function scalar(value: unknown, offset: number): Scalar {
  const node = new Scalar(value);
  node.range = [offset, offset, offset];
  return node;
}

/** A plain scalar's value as the core schema resolves it. */
function plainValue(text: string): unknown {
  if (NULL.test(text)) return null;
  if (TRUE.test(text)) return true;
  if (FALSE.test(text)) return false;
  if (INT.test(text)) return parseInt(text, 10);
  if (FLOAT_EXP.test(text) || FLOAT.test(text)) return parseFloat(text);
  if (OTHER_CORE.test(text)) unsupported();
  return text;
}

/** A plain scalar in block context: the rest of the line up to a comment, on one line, with no indicator. */
function blockScalar(text: string, offset: number): Scalar {
  const quoted = DQUOTED.exec(text) ?? SQUOTED.exec(text);
  if (quoted) return scalar(text[0] === "'" ? quoted[1].replaceAll("''", "'") : quoted[1], offset);
  const comment = text.search(/ #/);
  const plain = trimSpaces(comment >= 0 ? text.slice(0, comment) : text);
  if (!plain || INDICATOR.test(plain) || /^[-?:](?: |$)/.test(plain)) unsupported();
  if (plain.includes(": ") || plain.endsWith(":")) unsupported();
  return scalar(plainValue(plain), offset);
}

/** A one-line flow sequence or mapping of plain scalars: `[a, b]`, `{en: x, tr: y}`. */
function flowCollection(text: string, offset: number): YAMLMap | YAMLSeq {
  const open = text[0];
  const close = open === "[" ? "]" : "}";
  const end = text.indexOf(close);
  if (end < 0 || !/^(?: +#.*)?$/.test(text.slice(end + 1))) unsupported();
  const body = text.slice(1, end);
  if (/[[\]{}"'#]/.test(body)) unsupported();
  const items = trimSpaces(body) === "" ? [] : body.split(",");
  const flowScalar = (raw: string): Scalar => {
    const value = trimSpaces(raw);
    if (!value || INDICATOR.test(value) || /^[-?:](?: |$)/.test(value) || value.includes(":")) unsupported();
    return scalar(plainValue(value), offset);
  };
  if (open === "[") {
    const seq = new YAMLSeq();
    seq.flow = true;
    seq.range = [offset, offset, offset];
    for (const item of items) seq.items.push(flowScalar(item));
    return seq;
  }
  const map = new YAMLMap();
  map.flow = true;
  map.range = [offset, offset, offset];
  const keys = new Set<string>();
  for (const item of items) {
    const colon = item.indexOf(": ");
    if (colon < 0) unsupported();
    const key = trimSpaces(item.slice(0, colon));
    if (!/^[A-Za-z_][\w.\-/]*$/.test(key) || SPECIAL_KEY.test(key) || keys.has(key)) unsupported();
    keys.add(key);
    map.items.push(new Pair(scalar(key, offset), flowScalar(item.slice(colon + 2))));
  }
  return map;
}

function inlineValue(text: string, offset: number): Node {
  return text[0] === "[" || text[0] === "{" ? flowCollection(text, offset) : blockScalar(text, offset);
}

/** Non-blank, non-comment lines; null when the text uses tabs, CR, a BOM or document markers. */
function splitLines(source: string, lineCounter: LineCounter): Line[] | null {
  if (/[\x00-\x09\x0b-\x1f\x7f-\x84\x86-\x9f\u2028\u2029\uFEFF\uFFFE\uFFFF]/.test(source)) return null;
  const lines: Line[] = [];
  let start = 0;
  while (start <= source.length) {
    lineCounter.addNewLine(start);
    let end = source.indexOf("\n", start);
    if (end < 0) end = source.length;
    let indent = start;
    while (indent < end && source.charCodeAt(indent) === 32) indent++;
    if (indent < end && source[indent] !== "#") {
      const text = trimSpaces(source.slice(indent, end));
      if (indent === start && /^(?:---|\.\.\.|%)/.test(text)) return null;
      lines.push({indent: indent - start, text, offset: indent});
    }
    start = end + 1;
  }
  return lines;
}

/**
 * The document as `yaml` nodes with their source offsets, or null when the text is not in the subset
 * (flow collections spanning lines or nested, block scalars, escapes, anchors, tags, multi-line scalars, empty values).
 */
export function readBlockYaml(source: string): BlockYaml | null {
  const lineCounter = new LineCounter();
  const lines = splitLines(source, lineCounter);
  if (!lines || lines.length === 0 || lines[0].indent !== 0) return null;
  let i = 0;

  const isItem = (line: Line) => line.text === "-" || line.text.startsWith("- ");

  const block = (indent: number): YAMLMap | YAMLSeq => (isItem(lines[i]) ? sequence(indent) : mapping(indent));

  /** The nested block after `key:` with nothing on its line: more indented, or a sequence at the key's indentation. */
  const nested = (indent: number): YAMLMap | YAMLSeq => {
    const next = lines[i];
    if (!next) unsupported();
    if (next.indent > indent) return block(next.indent);
    if (next.indent === indent && isItem(next)) return sequence(indent);
    return unsupported();
  };

  const mapping = (indent: number): YAMLMap => {
    const map = new YAMLMap();
    map.range = [lines[i].offset, lines[i].offset, lines[i].offset];
    const keys = new Set<string>();
    while (i < lines.length && lines[i].indent === indent && !isItem(lines[i])) {
      const line = lines[i++];
      const match = KEY.exec(line.text);
      if (!match || SPECIAL_KEY.test(match[1]) || keys.has(match[1])) unsupported();
      keys.add(match[1]);
      const key = scalar(match[1], line.offset);
      const rest = match[2];
      if (rest === undefined || rest.startsWith("#")) map.items.push(new Pair(key, nested(indent)));
      else map.items.push(new Pair(key, inlineValue(rest, line.offset + match[1].length + 2)));
    }
    if (i < lines.length && lines[i].indent > indent) unsupported();
    return map;
  };

  const sequence = (indent: number): YAMLSeq => {
    const seq = new YAMLSeq();
    seq.range = [lines[i].offset, lines[i].offset, lines[i].offset];
    while (i < lines.length && lines[i].indent === indent && isItem(lines[i])) {
      const line = lines[i];
      const rest = line.text.slice(2);
      if (!rest || rest[0] === " " || rest[0] === "#" || isItem({indent: 0, text: rest, offset: 0})) unsupported();
      if (KEY.test(rest)) {
        // `- key: value` opens a mapping whose keys line up two columns in.
        lines[i] = {indent: indent + 2, text: rest, offset: line.offset + 2};
        seq.items.push(mapping(indent + 2));
      } else {
        i++;
        seq.items.push(inlineValue(rest, line.offset + 2));
      }
    }
    if (i < lines.length && lines[i].indent > indent) unsupported();
    return seq;
  };

  try {
    if (isItem(lines[0])) return null;
    const root = mapping(0);
    if (i < lines.length) return null;
    return {root, lineCounter};
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}
