// Maps the `trtllm-bench` JSON report (engine / world_info / request_info / performance / streaming_metrics).

import {jsonText, nonFiniteNote, type RecordOutcome} from "./record-outcome.js";
import {scaleNumber} from "./decimal.js";

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

export function isTrtllmBenchRecord(obj: Obj): boolean {
  return isObj(obj.performance) && (isObj(obj.request_info) || isObj(obj.world_info));
}

/** [section, key] → metric; the value's unit is already canonical unless a shift is given. */
const FIELDS: [string, string, string, number][] = [
  ["request_info", "num_requests", "completed", 0],
  ["performance", "total_latency_ms", "duration", -3],
  ["performance", "request_throughput_req_s", "request_throughput", 0],
  ["performance", "system_output_throughput_tok_s", "output_throughput", 0],
  ["performance", "system_total_throughput_tok_s", "total_token_throughput", 0],
  ["performance", "avg_request_latency_ms", "mean_e2el_ms", 0],
  ["streaming_metrics", "avg_ttft_ms", "mean_ttft_ms", 0],
  ["streaming_metrics", "avg_tpot_ms", "mean_tpot_ms", 0]
];
const PERCENTILES: [string, string, string][] = [
  ["performance", "request_latency_percentiles_ms", "e2el"],
  ["streaming_metrics", "ttft_percentiles", "ttft"],
  ["streaming_metrics", "tpot_percentiles", "tpot"]
];

function statName(key: string): string | null {
  if (key === "minimum") return "min";
  if (key === "maximum") return "max";
  return /^p\d+(?:\.\d+)?$/.test(key) ? key : null;
}

export function trtllmBenchRecord(obj: Obj, lines: [number, number]): RecordOutcome {
  const metrics: Record<string, number> = {};
  const extra: Record<string, string> = {};
  const used = new Set<string>();
  const nonFinite: string[] = [];
  for (const [section, key, metric, shift] of FIELDS) {
    const group = obj[section];
    if (!isObj(group) || !(key in group)) continue;
    used.add(`${section}.${key}`);
    const v = group[key];
    if (typeof v === "number" && Number.isFinite(v)) metrics[metric] = shift ? scaleNumber(v, shift) : v;
    else {
      extra[metric] = String(v);
      if (typeof v === "number") nonFinite.push(nonFiniteNote(`${section}.${key}`, v));
    }
  }
  for (const [section, key, family] of PERCENTILES) {
    const group = obj[section];
    if (!isObj(group) || !isObj(group[key])) continue;
    used.add(`${section}.${key}`);
    for (const [k, v] of Object.entries(group[key] as Obj)) {
      const stat = statName(k);
      if (stat && typeof v === "number" && Number.isFinite(v)) metrics[`${stat}_${family}_ms`] = v;
      else {
        extra[`${section}.${key}.${k}`] = String(v);
        if (typeof v === "number" && !Number.isFinite(v)) nonFinite.push(nonFiniteNote(`${section}.${key}.${k}`, v));
      }
    }
  }
  // Everything else (engine, world_info, dataset, …) is kept as text under its dotted path.
  const walk = (value: unknown, path: string, depth: number): void => {
    if (used.has(path)) return;
    if (isObj(value) && depth < 3) {
      for (const [k, v] of Object.entries(value)) walk(v, path ? `${path}.${k}` : k, depth + 1);
      return;
    }
    if (Array.isArray(value) && value.length > 32) extra[path] = `[${value.length} values]`;
    else extra[path] = typeof value === "string" ? value : jsonText(value);
  };
  walk(obj, "", 0);
  const missing = ["completed", "duration"].filter((k) => metrics[k] === undefined);
  if (missing.length > 0) return {problem: `trtllm-bench JSON report lacks ${missing.join(", ")}`};
  return {block: {tool: "trtllm-bench", format: "json", lines, metrics, extra}, nonFinite};
}
