// Scans the `trtllm-bench` report: `=`-framed sections (ENGINE DETAILS … PERFORMANCE OVERVIEW … DATASET DETAILS).

import type {ParsedBlock} from "../canonical.js";
import {shiftDecimal} from "./decimal.js";
import {splitLabel} from "./lines.js";
import {BlockBuilder, claim, describeLine, type TextScan} from "./scan.js";
import {parseValue} from "./value.js";

// 59 `=` in the tool; pasted copies are often shorter.
const RULE = /^={15,}$/;
// The TensorRT-LLM logger may put `[03/25/2025-10:22:11] [TRT-LLM] [I] ` before the first line of the report.
const LOGGER_PREFIX = /^(?:\[[^\]]*\]\s*)+/;
// `= TITLE`, or `TITLE` alone in hand-made copies; a parenthesized note may follow (`(mode)`, `( main / branch)`).
const TITLE = /^(?:= ?)?([A-Z][A-Z +]*[A-Z])(?: ?\(([^)]*)\))?\s*$/;
const SECTIONS = new Set([
  "ENGINE DETAILS",
  "STATISTICS",
  "PYTORCH BACKEND",
  "MACHINE DETAILS",
  "REQUEST DETAILS",
  "WORLD + RUNTIME INFORMATION",
  "PERFORMANCE OVERVIEW",
  "DECODING STATISTICS",
  "DATASET DETAILS"
]);
/** Sections whose lines are free text (GPU description, percentile table). */
const FREE_TEXT = new Set(["MACHINE DETAILS", "DATASET DETAILS", "DECODING STATISTICS"]);

/** Label → [metric, decimal shift of the printed value]. */
const LABELS: Record<string, [string, number]> = {
  "number of requests": ["completed", 0],
  // 0.12: `= STATISTICS` with output throughput under this name and the wall time in seconds.
  "token throughput (tokens/sec)": ["output_throughput", 0],
  "total latency (seconds)": ["duration", 0],
  "request throughput (req/sec)": ["request_throughput", 0],
  "total output throughput (tokens/sec)": ["output_throughput", 0],
  "total token throughput (tokens/sec)": ["total_token_throughput", 0],
  "total latency (ms)": ["duration", -3],
  "average request latency (ms)": ["mean_e2el_ms", 0],
  "average time-to-first-token [ttft] (ms)": ["mean_ttft_ms", 0],
  "average time-per-output-token [tpot] (ms)": ["mean_tpot_ms", 0]
};
const BREAKDOWN = /^\[(TTFT|TPOT|Latency)\] (MINIMUM|MAXIMUM|P\d+(?:\.\d+)?)$/i;
const FAMILY: Record<string, string> = {ttft: "ttft", tpot: "tpot", latency: "e2el"};

// Number of requests is printed in REQUEST DETAILS, which several versions' reports (and pastes) lack.
const REQUIRED: [string, string][] = [
  ["duration", "Total Latency (ms):"],
  ["request_throughput", "Request Throughput (req/sec):"]
];
const PERFORMANCE = new Set(["PERFORMANCE OVERVIEW", "STATISTICS"]);
/** `Label: | 0.9765 | 0.9812`: a report hand-edited into columns (one per build compared). */
const COLUMNS = /^\|?\s*([^|]+?)\s*\|\s*(.+)$/;

export const TRTLLM_BENCH_RESULT_LABELS = new Set(Object.keys(LABELS).filter((k) => k !== "number of requests"));

function isRule(text: string): boolean {
  // Both forms end with "=": most log lines are turned away without a regex.
  if (text.charCodeAt(text.length - 1) !== 61) return false;
  return RULE.test(text) || RULE.test(text.replace(LOGGER_PREFIX, ""));
}

function titleAt(scan: TextScan, i: number): string | null {
  const m = TITLE.exec(scan.lines[i]?.text ?? "");
  return m && SECTIONS.has(m[1]) ? m[1] : null;
}

/** `=====` then `= TITLE` then `=====` starting at index i. */
function isSectionStart(scan: TextScan, i: number): boolean {
  return isRule(scan.lines[i].text) && titleAt(scan, i + 1) !== null && RULE.test(scan.lines[i + 2]?.text ?? "");
}

export function scanTrtllmBenchReports(scan: TextScan): void {
  for (let i = 0; i < scan.lines.length; i++) {
    if (!scan.claimed[i] && isSectionStart(scan, i)) i = readReport(scan, i) - 1;
  }
}

function readReport(scan: TextScan, start: number): number {
  const {lines} = scan;
  const builder = new BlockBuilder();
  const seen = new Set<string>();
  let section = "";
  let cutKey: string | null = null;
  let last = start;
  let i = start;
  while (i < lines.length) {
    const {text, n} = lines[i];
    if (text === "") {
      i++;
      continue;
    }
    if (isSectionStart(scan, i)) {
      section = titleAt(scan, i + 1)!;
      const mode = TITLE.exec(lines[i + 1].text)![2];
      if (mode)
        builder.setExtra(section === "DECODING STATISTICS" ? "decoding_mode" : `${section} (note)`, mode.trim());
      seen.add(section);
      last = i + 2;
      i += 3;
      continue;
    }
    if (RULE.test(text)) {
      // closing rule of DATASET DETAILS / DECODING STATISTICS
      last = i;
      i++;
      continue;
    }
    if (text.startsWith("-- ") || /^-{10,}$/.test(text)) {
      last = i;
      i++;
      continue;
    }
    const lv = splitLabel(text);
    if (!lv) {
      if (!FREE_TEXT.has(section)) break;
      if (section === "MACHINE DETAILS") builder.setExtra("machine", text);
      last = i;
      i++;
      continue;
    }
    last = i;
    i++;
    const mapped = LABELS[lv.key];
    const breakdown = BREAKDOWN.exec(lv.label);
    if (!mapped && !breakdown) {
      const key = lv.label in builder.extra ? `${section}: ${lv.label}` : lv.label;
      builder.setExtra(key, lv.value);
      continue;
    }
    if (mapped) builder.seen.add(mapped[0]);
    let printed = lv.value;
    const columns = printed.includes("|") ? COLUMNS.exec(printed) : null;
    if (columns) {
      printed = columns[1];
      builder.setExtra(`${lv.label} (other columns)`, columns[2].trim());
    }
    const value = parseValue(printed);
    if (value.kind === "invalid") {
      const shown = value.raw === "" ? "no value" : `unparseable value ${JSON.stringify(value.raw)}`;
      builder.errors.push({line: n, message: `"${lv.label}:" has ${shown}`});
      cutKey = mapped ? mapped[0] : null;
      continue;
    }
    let metric: string;
    let shift = 0;
    if (mapped) [metric, shift] = mapped;
    else {
      const [, family, stat] = breakdown!;
      const s = stat.toLowerCase();
      const statKey = s === "minimum" ? "min" : s === "maximum" ? "max" : s;
      metric = `${statKey}_${FAMILY[family.toLowerCase()]}_ms`;
    }
    if (value.kind === "word") builder.wordMetric(metric, value.raw, n, lv.label);
    else builder.setMetric(metric, shift === 0 ? value.value : shiftDecimal(value.raw, shift), n, lv.label);
  }
  claim(scan, start, last);
  // A value missing on the report's last line, with nothing after it, is where the paste or the log was cut.
  let cutAt: number | null = null;
  const lastError = builder.errors[builder.errors.length - 1];
  if (
    lastError &&
    lastError.line === lines[last].n &&
    i >= lines.length &&
    lastError.message.endsWith("has no value")
  ) {
    builder.errors.pop();
    if (cutKey) builder.seen.delete(cutKey);
    cutAt = lastError.line;
  }
  const first = lines[start].n;
  const span = `trtllm-bench report at lines ${first}-${lines[last].n}`;
  const parts: string[] = [];
  const performance = [...seen].some((name) => PERFORMANCE.has(name));
  if (!performance) parts.push("no PERFORMANCE OVERVIEW section");
  else {
    const missing = REQUIRED.filter(([key]) => !builder.seen.has(key)).map(([, label]) => `"${label}"`);
    if (missing.length > 0) parts.push(`lacks the required line${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`);
  }
  parts.push(...builder.errors.map((e) => `the value on line ${e.line} could not be read`));
  if (cutAt !== null) parts.push(`the text stops at line ${cutAt}, before its value`);
  scan.errors.push(...builder.errors);
  scan.warnings.push(...builder.warnings);
  if (Object.keys(builder.metrics).length === 0) {
    scan.errors.push({line: first, message: `${span} has no values${parts.length ? `: ${parts.join("; ")}` : ""}`});
    return last + 1;
  }
  const block: ParsedBlock = {
    tool: "trtllm-bench",
    format: "text",
    lines: [first, lines[last].n],
    metrics: builder.metrics,
    extra: builder.extra
  };
  if (parts.length > 0) {
    if (!performance)
      parts.push(`the text stops at ${i >= lines.length ? "the end of the file" : describeLine(scan, i)}`);
    block.partial = `${span} is partial: ${parts.join("; ")}`;
    scan.warnings.push({line: first, message: block.partial});
  }
  scan.blocks.push(block);
  return last + 1;
}
