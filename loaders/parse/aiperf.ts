// NVIDIA AIPerf: `profile_export_aiperf.json` ({metric_tag: {unit, avg, p50, …}}) and its console table, mapped to
// vLLM's metric names. AIPerf's "inter token latency" is per request (latency − TTFT) / (output tokens − 1): vLLM's TPOT.

import type {ParsedBlock} from "../canonical.js";
import {shiftDecimal} from "./decimal.js";
import {claim, type TextScan} from "./scan.js";
import {parseNumberToken} from "./value.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** AIPerf metric tag → vLLM latency family, or a single metric taken from `avg`. */
const FAMILIES: Record<string, string> = {
  time_to_first_token: "ttft",
  inter_token_latency: "tpot",
  request_latency: "e2el"
};
const SINGLE: Record<string, string> = {
  request_throughput: "request_throughput",
  output_token_throughput: "output_throughput",
  total_token_throughput: "total_token_throughput",
  request_count: "completed",
  error_request_count: "failed",
  // Good requests (within its --goodput SLOs) per second: vLLM's request_goodput.
  goodput: "request_goodput",
  benchmark_duration: "duration"
};
/** Console names (unit dropped) → tags. */
const TABLE_NAMES: Record<string, string> = {
  "time to first token": "time_to_first_token",
  "inter token latency": "inter_token_latency",
  "request latency": "request_latency",
  "request throughput": "request_throughput",
  "output token throughput": "output_token_throughput",
  "total token throughput": "total_token_throughput",
  "request count": "request_count",
  goodput: "goodput",
  "error request count": "error_request_count",
  "benchmark duration": "benchmark_duration"
};
const STATS: Record<string, string> = {avg: "mean", std: "std", min: "min", max: "max"};
/** Milliseconds per unit, as a decimal shift; latencies are stored in ms, durations in s. */
const MS_SHIFT: Record<string, number> = {ns: -6, us: -3, ms: 0, s: 3, sec: 3};
/** The console's columns in AIPerf's order, for rows pasted without their header. */
const DEFAULT_COLUMNS = ["avg", "min", "max", "p99", "p90", "p50", "std"];

function statName(column: string): string | null {
  if (STATS[column]) return STATS[column];
  return /^p\d+(?:\.\d+)?$/.test(column) ? column : null;
}

/** Puts one AIPerf value where it belongs: a canonical metric, or `extra` under `tag.stat`. */
function place(
  block: Pick<ParsedBlock, "metrics" | "extra">,
  tag: string,
  stat: string,
  raw: string,
  unit: string
): void {
  const family = FAMILIES[tag];
  const name = statName(stat);
  const value = parseNumberToken(raw);
  if (value !== null && family && name) {
    const shift = MS_SHIFT[unit] ?? 0;
    block.metrics[`${name}_${family}_ms`] = shift ? shiftDecimal(raw, shift) : value;
    return;
  }
  if (value !== null && SINGLE[tag] && stat === "avg") {
    const metric = SINGLE[tag];
    block.metrics[metric] = metric === "duration" && unit === "ms" ? shiftDecimal(raw, -3) : value;
    return;
  }
  block.extra[`${tag}.${stat}`] = raw;
}

export function isAiperfRecord(obj: Obj): boolean {
  const metrics = Object.values(obj).filter((v) => isObj(v) && typeof v.unit === "string" && "avg" in v);
  // A run whose every request failed exports error counts and its input_config, and no latency or throughput.
  const allFailed = "error_request_count" in obj && ("aiperf_version" in obj || "input_config" in obj);
  return metrics.length >= 2 && ("request_throughput" in obj || "request_latency" in obj || allFailed);
}

export function aiperfRecord(obj: Obj, lines: [number, number]): {block: ParsedBlock} {
  const block: ParsedBlock = {tool: "aiperf", format: "json", lines, metrics: {}, extra: {}};
  for (const [tag, value] of Object.entries(obj)) {
    if (!isObj(value) || typeof value.unit !== "string") {
      block.extra[tag] = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
      continue;
    }
    for (const [stat, v] of Object.entries(value)) {
      if (stat === "unit") continue;
      if (typeof v === "number") place(block, tag, stat, Number.isFinite(v) ? String(v) : String(v), value.unit);
      else block.extra[`${tag}.${stat}`] = JSON.stringify(v) ?? String(v);
    }
  }
  return {block};
}

const TITLE = /AIPerf \| LLM Metrics/;
const HEADER = /^┃(.*)┃$/;
const ROW = /^│(.*)│$/;

/** Console tables: `┃ Metric ┃ avg ┃ …` then `│ Time to First Token (ms) │ 1,655.27 │ …` rows, `└…┘` at the end. */
export function scanAiperfTables(scan: TextScan): void {
  const {lines} = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i]) continue;
    const text = lines[i].text;
    // Box-drawing first characters and the title's word: most log lines are turned away without a regex.
    const c = text.charCodeAt(0);
    if (c !== 0x2503 && c !== 0x2502 && !(text.includes("AIPerf") && TITLE.test(text))) continue;
    let columns: string[] | null = null;
    let first = i;
    let last = i;
    let closed = false;
    let rows = 0;
    const block: ParsedBlock = {tool: "aiperf", format: "text", lines: [0, 0], metrics: {}, extra: {}};
    let pendingName = "";
    let j = i;
    for (; j < lines.length && !scan.claimed[j]; j++) {
      const t = lines[j].text;
      if (TITLE.test(t) || /^[┏┡]/.test(t)) {
        last = j;
        continue;
      }
      if (t.startsWith("└")) {
        closed = true;
        last = j;
        break;
      }
      const header = HEADER.exec(t);
      if (header) {
        columns = header[1].split("┃").map((c) => c.trim().toLowerCase());
        last = j;
        continue;
      }
      const row = ROW.exec(t);
      if (!row) break;
      last = j;
      const cells = row[1].split("│").map((c) => c.trim());
      const values = cells.slice(1);
      // A name wrapped onto the next row: `(tokens/sec/user)` with empty cells.
      if (values.every((c) => c === "")) {
        if (pendingName) block.extra[`${pendingName} unit`] = cells[0];
        continue;
      }
      rows++;
      const m = /^(.*?)\s*(?:\(([^)]*)\))?$/.exec(cells[0])!;
      const name = m[1];
      const unit = (m[2] ?? "").toLowerCase();
      pendingName = name;
      const cols = columns ? columns.slice(1) : DEFAULT_COLUMNS;
      const tag = TABLE_NAMES[name.toLowerCase()] ?? name;
      values.forEach((raw, k) => {
        if (raw === "" || raw.toUpperCase() === "N/A" || k >= cols.length) return;
        const family = FAMILIES[tag];
        const stat = cols[k];
        if (!family && !SINGLE[tag]) block.extra[`${name} ${stat}`] = raw;
        else place(block, tag, stat, raw, unit === "sec" ? "s" : unit);
      });
    }
    if (rows === 0) {
      i = Math.max(i, last);
      continue;
    }
    claim(scan, first, last);
    block.lines = [lines[first].n, lines[last].n];
    const missing: string[] = [];
    if (!columns) missing.push(`no header row: AIPerf's column order (${DEFAULT_COLUMNS.join(", ")}) is assumed`);
    if (!closed) {
      const stop = j >= lines.length ? "the end of the file" : `line ${lines[j].n}`;
      missing.push(`no closing border; the text stops at ${stop}`);
    }
    if (missing.length) {
      block.partial = `AIPerf table at lines ${block.lines[0]}-${block.lines[1]} is partial: ${missing.join("; ")}`;
      scan.warnings.push({line: block.lines[0], message: block.partial});
    }
    scan.blocks.push(block);
    i = last;
  }
}

/** `profile_export_aiperf.csv`: a `Metric,avg,min,…` table, then `Metric,Value` rows, then (maybe) GPU rows. */
export function isAiperfCsv(content: string): boolean {
  return /^Metric,avg,/.test(content) && /^Metric,Value\r?$/m.test(content);
}

/** The CSV's figures under vLLM's names, as the JSON twin gives them; its GPU section is not a result. */
export function aiperfCsvBlock(content: string): ParsedBlock {
  const block: ParsedBlock = {tool: "aiperf", format: "text", lines: [1, 1], metrics: {}, extra: {}};
  const lines = content.split(/\r?\n/);
  let columns: string[] | null = null;
  let last = 1;
  for (let i = 0; i < lines.length; i++) {
    const cells = lines[i].split(",");
    if (cells[0] === "Metric") {
      columns = cells.slice(1).map((c) => c.trim().toLowerCase());
      continue;
    }
    // A blank line ends a section; the GPU section's header starts with `Endpoint`.
    if (lines[i].trim() === "" || cells[0] === "Endpoint") {
      if (cells[0] === "Endpoint") break;
      columns = null;
      continue;
    }
    if (!columns) continue;
    last = i + 1;
    const m = /^(.*?)\s*(?:\(([^)]*)\))?$/.exec(cells[0])!;
    const tag = TABLE_NAMES[m[1].toLowerCase()] ?? m[1];
    const unit = (m[2] ?? "").toLowerCase();
    const stats = columns[0] === "value" ? ["avg"] : columns;
    cells.slice(1).forEach((raw, k) => {
      if (k >= stats.length || raw.trim() === "") return;
      if (FAMILIES[tag] || SINGLE[tag]) place(block, tag, stats[k], raw.trim(), unit === "sec" ? "s" : unit);
      else block.extra[`${m[1]} ${stats[k]}`] = raw.trim();
    });
  }
  block.lines = [1, last];
  return block;
}
