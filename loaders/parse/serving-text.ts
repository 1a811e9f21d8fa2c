// Scans `============ Serving Benchmark Result ============` blocks: vLLM (2024→2026), SGLang and TensorRT-LLM serve.

import type {ParsedBlock, Tool} from "../canonical.js";
import {splitLabel} from "./lines.js";
import {BlockBuilder, claim, type TextScan} from "./scan.js";
import {servingTarget, toolMark} from "./serving-labels.js";
import {parseValue} from "./value.js";

export const BANNER = /^=+ ?Serving Benchmark Result ?=+$/i;
const FOOTER = /^={10,}$/;
const FAILED_BANNER = /^=+!.*!=+$/;
/** `---------------Time to First Token----------------`; a test without backtracking regexes. */
const isSection = (text: string): boolean => text.length >= 6 && text.startsWith("---") && text.endsWith("---");
/** Run parameters printed above the banner (vLLM) that belong to the block below them. */
const PREAMBLE: Record<string, string> = {
  "traffic request rate": "request_rate",
  "maximum request concurrency": "max_concurrency",
  "burstiness factor": "burstiness"
};

export function scanServingBlocks(scan: TextScan, file: string): void {
  const {lines} = scan;
  let pending: Record<string, string> = {};
  let i = 0;
  while (i < lines.length) {
    if (scan.claimed[i]) {
      i++;
      continue;
    }
    const text = lines[i].text;
    if (text.charCodeAt(0) === 61 && BANNER.test(text)) {
      i = readBlock(scan, i, pending, file);
      pending = {};
      continue;
    }
    const lv = splitLabel(text);
    if (lv && PREAMBLE[lv.key]) pending[PREAMBLE[lv.key]] = lv.value;
    i++;
  }
}

/** Reads the block whose banner is at index `start`; returns the index where scanning resumes. */
function readBlock(scan: TextScan, start: number, preamble: Record<string, string>, file: string): number {
  const {lines} = scan;
  const banner = lines[start].n;
  const builder = new BlockBuilder();
  const marks = {sglang: 0, trtllm: 0};
  let last = start;
  let footer = -1;
  let stop = `the end of ${file}`;
  let j = start + 1;
  for (; j < lines.length; j++) {
    const {text, n} = lines[j];
    if (text === "") continue;
    if (scan.claimed[j]) {
      stop = `line ${n}, where another report starts`;
      break;
    }
    // The footer, a banner and the failed-requests banner all start with "=".
    if (text.charCodeAt(0) === 61) {
      if (FOOTER.test(text)) {
        footer = j;
        break;
      }
      if (BANNER.test(text)) {
        stop = `the next banner on line ${n}`;
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
      continue;
    }
    const lv = splitLabel(text);
    if (!lv) {
      stop = `line ${n} (${JSON.stringify(text.slice(0, 60))})`;
      break;
    }
    last = j;
    const mark = toolMark(lv.key);
    if (mark) marks[mark]++;
    const target = servingTarget(lv.key);
    if (!target) {
      builder.setExtra(lv.label, lv.value);
      continue;
    }
    if (target.kind === "setting") {
      builder.setExtra(target.key, lv.value);
      continue;
    }
    builder.seen.add(target.key);
    const value = parseValue(lv.value);
    if (value.kind === "invalid") {
      const shown = value.raw === "" ? "no value" : `unparseable value ${JSON.stringify(value.raw)}`;
      builder.errors.push({line: n, message: `"${lv.label}:" has ${shown}`});
      continue;
    }
    if (value.kind === "word") builder.setExtra(target.key, value.raw);
    else builder.setMetric(target.key, value.value, n, lv.label);
    if (value.rest !== "") builder.setExtra(`${target.key}.note`, value.rest);
  }
  const end = footer >= 0 ? footer : last;
  claim(scan, start, end);
  const span = `result block at lines ${banner}-${lines[end].n}`;
  if (footer < 0) {
    builder.errors.push({
      line: banner,
      message: `${span} has no closing "=====" line before ${stop} (truncated?)`
    });
  }
  for (const [key, label] of [
    ["completed", "Successful requests:"],
    ["duration", "Benchmark duration (s):"]
  ]) {
    if (!builder.seen.has(key)) {
      builder.errors.push({line: banner, message: `${span} lacks the required line "${label}"`});
    }
  }
  for (const [key, value] of Object.entries(preamble)) builder.setExtra(key, value);
  if (builder.errors.length > 0) {
    scan.errors.push(...builder.errors);
  } else {
    const tool: Tool = marks.trtllm > marks.sglang ? "trtllm" : marks.sglang > 0 ? "sglang" : "vllm";
    const block: ParsedBlock = {
      tool,
      format: "text",
      lines: [banner, lines[end].n],
      metrics: builder.metrics,
      extra: builder.extra
    };
    scan.blocks.push(block);
  }
  return footer >= 0 ? footer + 1 : j;
}
