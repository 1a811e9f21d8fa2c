// Scans the 2023 `benchmark_serving.py` summary: no banner, `Total time: 166.88 s` followed by throughput and latencies.

import type {ParsedBlock} from "../canonical.js";
import {shiftDecimal} from "./decimal.js";
import {splitLabel} from "./lines.js";
import {BlockBuilder, claim, type TextScan} from "./scan.js";
import {parseValue} from "./value.js";

/** Label → [metric or null (kept in extra), unit printed after the value, decimal shift to the canonical unit]. */
const LABELS: Record<string, [string | null, string, number]> = {
  "total time": ["duration", "s", 0],
  throughput: ["request_throughput", "requests/s", 0],
  "average latency": ["mean_e2el_ms", "s", 3],
  "average latency per token": [null, "s", 0],
  "average latency per output token": [null, "s", 0]
};

/** `Total time: N s` directly followed by `Throughput:`; `Total time:` alone is too common in logs to mean a result. */
function startsBlock(scan: TextScan, i: number): boolean {
  const head = splitLabel(scan.lines[i].text);
  if (head?.key !== "total time" || !/^\d+(?:\.\d+)? s$/.test(head.value)) return false;
  const next = scan.lines[i + 1];
  return next !== undefined && !scan.claimed[i + 1] && splitLabel(next.text)?.key === "throughput";
}

export function scanVllm2023Blocks(scan: TextScan): void {
  const {lines} = scan;
  for (let i = 0; i < lines.length; i++) {
    if (scan.claimed[i] || !startsBlock(scan, i)) continue;
    const builder = new BlockBuilder();
    let j = i;
    for (; j < lines.length && !scan.claimed[j]; j++) {
      const lv = splitLabel(lines[j].text);
      const spec = lv && LABELS[lv.key];
      if (!lv || !spec) break;
      const [metric, unit, shift] = spec;
      if (!metric) {
        builder.setExtra(lv.label, lv.value);
        continue;
      }
      const value = parseValue(lv.value);
      if (value.kind === "number" && value.rest === unit) {
        builder.setMetric(metric, shift === 0 ? value.value : shiftDecimal(value.raw, shift), lines[j].n, lv.label);
      } else if (value.kind === "word") {
        builder.wordMetric(metric, value.raw, lines[j].n, lv.label);
      } else {
        builder.errors.push({
          line: lines[j].n,
          message: `"${lv.label}:" has unparseable value ${JSON.stringify(lv.value)} (expected a number and "${unit}")`
        });
      }
    }
    const last = j - 1;
    claim(scan, i, last);
    scan.errors.push(...builder.errors);
    scan.warnings.push(...builder.warnings);
    const block: ParsedBlock = {
      tool: "vllm",
      format: "text",
      lines: [lines[i].n, lines[last].n],
      metrics: builder.metrics,
      extra: builder.extra
    };
    if (builder.errors.length > 0) {
      const lost = builder.errors.map((e) => `the value on line ${e.line} could not be read`).join("; ");
      block.partial = `result lines ${lines[i].n}-${lines[last].n} are partial: ${lost}`;
      scan.warnings.push({line: lines[i].n, message: block.partial});
    }
    scan.blocks.push(block);
    i = last;
  }
}
