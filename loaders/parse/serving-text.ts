// Scans `============ Serving Benchmark Result ============` blocks: vLLM (2024→2026), SGLang and TensorRT-LLM serve.

import {shiftDecimal} from "./decimal.js";
import type {Tool} from "../canonical.js";
import {FINDING_FORMS} from "../finding.js";
import {fillForm} from "../text.js";
import {splitLabel} from "./lines.js";
import {BlockBuilder, claim, describeLine, type TextScan} from "./scan.js";
import {TRTLLM_BENCH_RESULT_LABELS} from "./trtllm-bench-text.js";
import {looksLikeResult, servingTarget, toolMark} from "./serving-labels.js";
import {parseValue} from "./value.js";

export const BANNER = /^=+ ?Serving Benchmark Result ?=+$/i;
export const FOOTER = /^={10,}$/;
/** Labels whose values the tools print with decimals (`.2f`). */
const DECIMAL_UNIT = /\((?:ms|s|tok\/s|req\/s)\)$/i;
const BANNER_TAIL = /\]=+ ?Serving Benchmark Result ?=+$/i;
const FAILED_BANNER = /^=+!.*!=+$/;
/** `---------------Time to First Token----------------`; a test without backtracking regexes. */
export const isSection = (text: string): boolean => text.length >= 6 && text.startsWith("---") && text.endsWith("---");
/** Run parameters printed above the banner (vLLM) that belong to the block below them. */
const PREAMBLE: Record<string, string> = {
  "traffic request rate": "request_rate",
  "maximum request concurrency": "max_concurrency",
  "burstiness factor": "burstiness"
};
const REQUIRED: [string, string][] = [
  ["completed", "Successful requests:"],
  ["duration", "Benchmark duration (s):"]
];

/** A serving block being read: kept open until fragments after it are known, then finished into a ParsedBlock. */
export interface ServingRecord {
  /** Index of the first and last line taken. */
  from: number;
  to: number;
  banner: boolean;
  footer: boolean;
  /** Where the text stops when there is no footer. */
  stop: string;
  builder: BlockBuilder;
  marks: {sglang: number; trtllm: number};
  /** Lines whose value could not be read. */
  unreadable: string[];
  /** Lines with a label the block knows (metric or setting). */
  known: number;
  /** Index of a line read but left out of the block (a value cut inside its digits); -1 when none. */
  consumed: number;
  /** How a continuation after an interruption was joined to this block. */
  continuation: string | null;
}

/** The blocks under banners, and whether any line outside them could be a result line (a fragment to look for). */
export function scanServingBlocks(scan: TextScan, file: string): {records: ServingRecord[]; loose: boolean} {
  const {lines} = scan;
  const records: ServingRecord[] = [];
  let loose = false;
  let pending: Record<string, string> = {};
  let i = 0;
  while (i < lines.length) {
    if (scan.claimed[i]) {
      i++;
      continue;
    }
    const text = lines[i].text;
    const c = text.charCodeAt(0);
    // The banner printed right after a progress bar that ended without a newline: `…3.63it/s]====== Serving…`.
    if ((c === 61 && BANNER.test(text)) || (c !== 61 && text.endsWith("=") && BANNER_TAIL.test(text))) {
      const record = readBody(scan, i + 1, lines.length, file, true);
      record.from = i;
      for (const [key, value] of Object.entries(pending)) record.builder.setExtra(key, value);
      claim(scan, record.from, Math.max(record.to, record.consumed));
      records.push(record);
      i = record.footer ? record.to + 1 : Math.max(record.to + 1, record.resume);
      pending = {};
      continue;
    }
    const lv = splitLabel(text);
    if (lv && PREAMBLE[lv.key]) pending[PREAMBLE[lv.key]] = lv.value;
    else if (!loose) loose = lv ? looksLikeResult(lv.key) || TRTLLM_BENCH_RESULT_LABELS.has(lv.key) : isSection(text);
    i++;
  }
  return {records, loose};
}

/**
 * Reads block lines from index `start` up to `limit` (exclusive): until the footer, a banner, a taken line or a line
 * that is not `Label: value`. `to` is the last line read (the footer when there is one); scanning resumes at `resume`.
 */
export function readBody(
  scan: TextScan,
  start: number,
  limit: number,
  file: string,
  banner: boolean
): ServingRecord & {resume: number} {
  const {lines} = scan;
  const builder = new BlockBuilder();
  const marks = {sglang: 0, trtllm: 0};
  const valueErrors: {j: number; key: string; label: string; message: string}[] = [];
  let last = start - 1;
  let known = 0;
  let tentative = -1;
  // The last numeric metric line (scalars, not an object per line: this loop runs for every block line).
  let lastNumberAt = -1;
  let lastNumberKey = "";
  let lastNumberRaw = "";
  let lastNumberLabel = "";
  let consumed = -1;
  const tentativeKeys: string[] = [];
  let footer = false;
  let stop = "";
  let j = start;
  for (; j < limit; j++) {
    const {text, n} = lines[j];
    if (text === "") continue;
    if (scan.claimed[j]) {
      stop = `line ${n}, where another report starts`;
      break;
    }
    // The footer, a banner and the failed-requests banner all start with "=".
    if (text.charCodeAt(0) === 61) {
      if (BANNER.test(text)) {
        stop = `the next banner on line ${n}`;
        break;
      }
      if (FOOTER.test(text)) {
        footer = true;
        last = j;
        break;
      }
      if (FAILED_BANNER.test(text)) {
        marks.trtllm++;
        last = j;
        continue;
      }
    }
    if (isSection(text)) {
      last = j;
      if (tentative >= 0) {
        tentative = -1;
        tentativeKeys.length = 0;
      }
      continue;
    }
    const lv = splitLabel(text);
    if (!lv) {
      stop = describeLine(scan, j);
      break;
    }
    const target = servingTarget(lv.key);
    // An unknown label without a value heads a list (`Per-position acceptance (%):`) or is a log line
    // (`Traceback (most recent call last):`); which one, only a footer after it tells.
    if (!target && lv.value === "") {
      if (tentative < 0) tentative = j;
      tentativeKeys.push(lv.label);
    } else if (tentative >= 0) {
      tentative = -1;
      tentativeKeys.length = 0;
    }
    last = j;
    const mark = toolMark(lv.key);
    if (mark) marks[mark]++;
    if (!target) {
      builder.setExtra(lv.label, lv.value);
      continue;
    }
    known++;
    if (target.kind === "setting") {
      builder.setExtra(target.key, lv.value);
      continue;
    }
    builder.seen.add(target.key);
    const value = parseValue(lv.value);
    if (value.kind === "invalid") {
      const shown = value.raw === "" ? "no value" : `unparseable value ${JSON.stringify(value.raw)}`;
      const message = `"${lv.label}:" has ${shown}`;
      valueErrors.push({j, key: target.key, label: lv.label, message});
      continue;
    }
    if (value.kind === "word") builder.wordMetric(target.key, value.raw, n, lv.label);
    else {
      builder.setMetric(target.key, target.shift ? shiftDecimal(value.raw, target.shift) : value.value, n, lv.label);
      // Latency in seconds marks GPUStack's benchmark-runner, whose figures validation reads by its own rules.
      if (target.shift === 3) builder.setExtra("e2el_unit", "s");
      lastNumberAt = j;
      lastNumberKey = target.key;
      lastNumberRaw = value.raw;
      lastNumberLabel = lv.label;
    }
    if (value.rest !== "") builder.setExtra(`${target.key}.note`, value.rest);
  }
  if (!footer && tentative >= 0) {
    stop = describeLine(scan, tentative);
    last = tentative - 1;
    for (const key of tentativeKeys) delete builder.extra[key];
    while (last >= start && lines[last].text === "") last--;
  }
  // Latencies, durations and rates are printed with decimals: a bare integer on the last line of a cut block is the
  // start of a longer numeral (`1` of `1376.35`), so its value is unknown.
  if (
    !footer &&
    lastNumberAt === last &&
    last >= start &&
    !lastNumberRaw.includes(".") &&
    DECIMAL_UNIT.test(lastNumberLabel)
  ) {
    delete builder.metrics[lastNumberKey];
    builder.seen.delete(lastNumberKey);
    stop = `line ${lines[last].n}, inside the value of "${lastNumberLabel}:" (${JSON.stringify(lastNumberRaw)})`;
    consumed = last;
    last--;
    while (last >= start && lines[last].text === "") last--;
  }
  if (stop === "" && !footer) stop = j >= lines.length ? `the end of ${file}` : describeLine(scan, j);
  const unreadable: string[] = [];
  for (const error of valueErrors) {
    // A bad or missing value on the last line of a cut block is where the text was cut (`10.` of `10.00`), not
    // garbage: the value is not kept, since the digits after the cut are unknown.
    if (!footer && error.j === last) {
      builder.seen.delete(error.key);
      continue;
    }
    builder.errors.push({line: lines[error.j].n, message: error.message});
    unreadable.push(`"${error.label}:" on line ${lines[error.j].n} could not be read`);
  }
  return {
    from: start,
    to: Math.max(last, start - 1),
    banner,
    footer,
    stop,
    builder,
    marks,
    unreadable,
    known,
    continuation: null,
    consumed,
    resume: j
  };
}

function lacks(builder: BlockBuilder): string | null {
  const missing = REQUIRED.filter(([key]) => !builder.seen.has(key)).map(([, label]) => `"${label}"`);
  if (missing.length === 0) return null;
  return `lacks the required line${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`;
}

/** Turns finished records into blocks (partial where incomplete) or, when they hold no value at all, errors. */
export function finishServing(scan: TextScan, records: ServingRecord[]): void {
  const {lines} = scan;
  for (const record of records) {
    const {builder} = record;
    const first = lines[record.from].n;
    const lastLine = lines[record.to].n;
    const span = first === lastLine ? `line ${first}` : `lines ${first}-${lastLine}`;
    scan.errors.push(...builder.errors);
    scan.warnings.push(...builder.warnings);
    if (record.known === 0) {
      const where = record.footer ? "" : `: the text stops at ${record.stop}`;
      scan.errors.push({line: first, message: `result block at ${span} has no values${where}`});
      continue;
    }
    const parts: string[] = [];
    if (record.continuation) parts.push(record.continuation);
    if (record.banner && !record.footer) parts.push('no closing "=====" line');
    const missing = lacks(builder);
    if (missing) parts.push(missing);
    parts.push(...record.unreadable);
    if (!record.footer) parts.push(`the text stops at ${record.stop}`);
    const tool: Tool =
      record.marks.trtllm > record.marks.sglang ? "trtllm" : record.marks.sglang > 0 ? "sglang" : "vllm";
    const block = {
      tool,
      format: "text" as const,
      lines: [first, lastLine] as [number, number],
      metrics: builder.metrics,
      extra: builder.extra
    };
    // A text that begins with a block's first line and ends it with the closing rule (a page that printed the block
    // without its banner) lost no banner and no value: whole, and said so. Lines above it mean a banner was lost.
    if (
      !record.banner &&
      record.footer &&
      parts.length === 0 &&
      lines.slice(0, record.from).every((l) => l.text === "") &&
      /^successful requests\s*:/i.test(lines[record.from].text)
    ) {
      scan.blocks.push(block);
      scan.warnings.push({
        line: first,
        message: fillForm(FINDING_FORMS.bannerless, {first, last: lastLine})
      });
      continue;
    }
    const head = record.banner
      ? `result block at ${span} is partial: `
      : `${span} hold result values without a "Serving Benchmark Result" banner: read as a partial block${parts.length ? "; " : ""}`;
    if (!record.banner || parts.length > 0) {
      const message = head + parts.join("; ");
      scan.blocks.push({...block, partial: message});
      scan.warnings.push({line: first, message});
    } else scan.blocks.push(block);
  }
}
