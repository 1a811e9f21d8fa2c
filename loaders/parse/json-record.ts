// Maps one parsed JSON result record (vLLM `--save-result`, SGLang `--output-file`, TRT-LLM serve) to a canonical block.

import type {Tool} from "../canonical.js";
import {jsonText, nonFiniteNote, type RecordOutcome} from "./record-outcome.js";
import {SkippedArray} from "./json-skim.js";
import {trtllmBenchRecord, isTrtllmBenchRecord} from "./trtllm-bench-json.js";
import {aiperfRecord, isAiperfRecord} from "./aiperf.js";
import {scaleNumber} from "./decimal.js";

/** Run parameters and labels: kept in `extra` as text even when numeric. */
export const JSON_SETTINGS = new Set([
  "date",
  "endpoint_type",
  "backend",
  "label",
  "model_id",
  "tokenizer_id",
  "num_prompts",
  "request_rate",
  "burstiness",
  "max_concurrency",
  "ramp_up_strategy",
  "ramp_up_start_rps",
  "ramp_up_end_rps",
  "tag",
  "dataset_name",
  "fixed_output_len",
  "sharegpt_output_len",
  "random_input_len",
  "random_output_len",
  "random_range_ratio",
  "mode",
  "model"
]);

/** Per-request arrays (`--save-detailed`, `--output-details`, always-kept latencies): counted, never copied. */
const PER_REQUEST = new Set([
  "input_lens",
  "output_lens",
  "ttfts",
  "itls",
  "tpots",
  "latencies",
  "e2els",
  "start_times",
  "queue_times",
  "generated_texts",
  "errors"
]);

/** Key spellings of other tools and older versions → vLLM's names. */
const RENAMES: Record<string, string> = {
  "request_goodput:": "request_goodput",
  total_throughput: "total_token_throughput",
  total_input: "total_input_tokens",
  total_output: "total_output_tokens",
  total_output_retokenized: "total_output_tokens_retokenized",
  benchmark_duration: "duration",
  output_token_throughput: "output_throughput"
};

const SGLANG_KEYS = [
  "total_output_tokens_retokenized",
  "total_output_retokenized",
  "mean_e2e_latency_ms",
  "median_e2e_latency_ms",
  "mean_e2e_latency",
  "total_throughput",
  "server_info",
  "sharegpt_output_len",
  "random_range_ratio",
  "accept_length"
];
const TRTLLM_KEYS = ["user_throughput", "avg_decoded_tokens_per_iter", "e2els"];

const STAT = "(mean|median|std|min|max|p\\d+(?:\\.\\d+)?)";
const E2E = new RegExp(`^${STAT}_e2e_latency(?:_ms)?$`);
const NO_UNIT = new RegExp(`^${STAT}_(ttft|tpot|itl|e2el)$`);
/** InferenceX's benchmark_serving_random.py: `median_e2el` and its other latencies unitless, in seconds. */
const SECONDS_E2EL = new RegExp(`^${STAT}_e2el$`);

export function canonicalJsonKey(key: string): string {
  const renamed = RENAMES[key];
  if (renamed) return renamed;
  let m = E2E.exec(key);
  if (m) return `${m[1]}_e2el_ms`;
  m = NO_UNIT.exec(key);
  if (m) return `${key}_ms`;
  return key;
}

/** A record whose latencies carry no unit is in seconds when it spells end-to-end latency `e2el` (InferenceX);
 * SGLang 2024's unitless keys (`median_ttft`, `mean_e2e_latency`) are in milliseconds. */
function unitlessInSeconds(keys: string[]): boolean {
  return keys.some((k) => SECONDS_E2EL.test(k));
}

/** Short values are kept as JSON text; per-request arrays and large objects are only counted. */
function describeLarge(value: object): string | null {
  if (Array.isArray(value)) {
    if (value.length > 32) return null;
  } else if (Object.keys(value).length > 32) return null;
  const text = JSON.stringify(value);
  return text.length <= 300 ? text : null;
}

export function recordToBlock(record: unknown, lines: [number, number]): RecordOutcome {
  if (record === null || typeof record !== "object" || Array.isArray(record)) {
    return {problem: "JSON value is not an object, so not a benchmark result"};
  }
  const obj = record as Record<string, unknown>;
  if (isTrtllmBenchRecord(obj)) return trtllmBenchRecord(obj, lines);
  if (isAiperfRecord(obj)) return aiperfRecord(obj, lines);
  const keys = Object.keys(obj);
  const tool: Tool = SGLANG_KEYS.some((k) => k in obj)
    ? "sglang"
    : TRTLLM_KEYS.some((k) => k in obj)
      ? "trtllm"
      : "vllm";
  const metrics: Record<string, number> = {};
  const extra: Record<string, string> = {};
  const arrays: string[] = [];
  const nonFinite: string[] = [];
  const seconds = unitlessInSeconds(keys);
  for (const key of keys) {
    const value = obj[key];
    const name = canonicalJsonKey(key);
    if (JSON_SETTINGS.has(key)) {
      extra[key] = typeof value === "string" ? value : jsonText(value);
    } else if (typeof value === "number" && seconds && NO_UNIT.test(key) && Number.isFinite(value)) {
      metrics[name] = scaleNumber(value, 3);
    } else if (typeof value === "number") {
      if (Number.isFinite(value)) metrics[name] = value === 0 ? 0 : value;
      else {
        extra[name] = jsonText(value);
        nonFinite.push(nonFiniteNote(name, value));
      }
    } else if (key === "avg_decoded_tokens_per_iter" && value && typeof value === "object" && !Array.isArray(value)) {
      for (const [stat, v] of Object.entries(value as Record<string, unknown>)) {
        if (typeof v === "number" && Number.isFinite(v)) metrics[`${stat}_avg_decoded_tokens_per_iter`] = v;
        else {
          extra[`avg_decoded_tokens_per_iter.${stat}`] = jsonText(v);
          if (typeof v === "number") nonFinite.push(nonFiniteNote(`${stat}_avg_decoded_tokens_per_iter`, v));
        }
      }
    } else if (value instanceof SkippedArray) {
      arrays.push(`${key}[${value.length}]`);
    } else if (Array.isArray(value) && PER_REQUEST.has(key)) {
      arrays.push(`${key}[${value.length}]`);
    } else if (value !== null && typeof value === "object") {
      const short = describeLarge(value);
      if (short !== null) extra[name] = short;
      else if (Array.isArray(value)) arrays.push(`${key}[${value.length}]`);
      else extra[name] = `{object with ${Object.keys(value).length} keys}`;
    } else {
      extra[name] = typeof value === "string" ? value : jsonText(value);
    }
  }
  if (arrays.length > 0) extra.per_request_arrays = arrays.join(", ");
  const missing = ["completed", "duration"].filter((k) => metrics[k] === undefined);
  if (missing.length === 2 && !keys.some((k) => k.endsWith("_ms") || k.endsWith("_throughput"))) {
    return {problem: "JSON object holds no benchmark result (no completed, duration or metric keys)"};
  }
  // Keys that are there with another type than a number are a type error, not missing keys.
  const mistyped = missing.filter((k) => k in obj && obj[k] !== null);
  if (mistyped.length > 0) {
    const types = mistyped.map((k) => (typeof obj[k] === "number" ? jsonText(obj[k]) : typeof obj[k])).join(", ");
    return {
      problem: `JSON result record has ${mistyped.join(" and ")} of the wrong type (${types}); ${mistyped.length > 1 ? "they must be numbers" : "it must be a number"}`
    };
  }
  if (missing.length > 0) {
    return {problem: `JSON result record lacks the required key${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`};
  }
  return {block: {tool, format: "json", lines, metrics, extra}, nonFinite};
}
