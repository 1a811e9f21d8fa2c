// GuideLLM's benchmarks report (`benchmarks.json`): one block per benchmark. Every metric is a distribution per request
// status; the successful requests' one is read. Request latency is in seconds there, the others in ms.

import type {ParsedBlock} from "../canonical.js";
import {scaleNumber} from "./decimal.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** GuideLLM metric → [vLLM family, ms per unit as a power of ten]. */
const FAMILIES: Record<string, [string, number]> = {
  time_to_first_token_ms: ["ttft", 0],
  time_per_output_token_ms: ["tpot", 0],
  inter_token_latency_ms: ["itl", 0],
  request_latency: ["e2el", 3]
};
/** GuideLLM metric whose mean is one vLLM metric. */
const MEANS: Record<string, string> = {
  requests_per_second: "request_throughput",
  output_tokens_per_second: "output_throughput",
  tokens_per_second: "total_token_throughput",
  request_concurrency: "concurrency"
};
/** GuideLLM percentile key → vLLM's (p001 is the 0.1th percentile). */
const PERCENTILES: Record<string, string> = {p001: "p0.1", p01: "p1", p05: "p5", p999: "p99.9"};

export function isGuidellmReport(obj: Obj): boolean {
  return Array.isArray(obj.benchmarks) && obj.benchmarks.some((b) => isObj(b) && isObj(b.metrics));
}

function successful(metric: unknown): Obj | null {
  return isObj(metric) && isObj(metric.successful) ? metric.successful : null;
}

function benchmarkBlock(benchmark: Obj, lines: [number, number]): ParsedBlock {
  const block: ParsedBlock = {tool: "guidellm", format: "json", lines, metrics: {}, extra: {}};
  const metrics = isObj(benchmark.metrics) ? benchmark.metrics : {};
  const totals = isObj(metrics.request_totals) ? metrics.request_totals : null;
  if (totals) {
    if (num(totals.successful) !== null) block.metrics.completed = totals.successful as number;
    if (num(totals.errored) !== null) block.metrics.failed = totals.errored as number;
    if (totals.incomplete !== undefined) block.extra.incomplete_requests = String(totals.incomplete);
  }
  const duration = num(benchmark.duration);
  if (duration !== null) block.metrics.duration = duration;
  for (const [name, metric] of Object.entries(MEANS)) {
    const mean = num(successful(metrics[name])?.mean);
    if (mean !== null) block.metrics[metric] = mean;
  }
  for (const [name, [family, shift]] of Object.entries(FAMILIES)) {
    const d = successful(metrics[name]);
    if (!d) continue;
    const put = (stat: string, v: unknown) => {
      const n = num(v);
      if (n !== null) block.metrics[`${stat}_${family}_ms`] = shift ? scaleNumber(n, shift) : n;
    };
    put("mean", d.mean);
    put("median", d.median);
    put("std", d.std_dev);
    put("min", d.min);
    put("max", d.max);
    if (isObj(d.percentiles)) for (const [key, v] of Object.entries(d.percentiles)) put(PERCENTILES[key] ?? key, v);
  }
  for (const key of ["type_", "id_", "run_id"])
    if (typeof benchmark[key] === "string") block.extra[key] = benchmark[key] as string;
  return block;
}

export function guidellmBlocks(obj: Obj, lines: [number, number]): ParsedBlock[] {
  return (obj.benchmarks as unknown[]).filter(isObj).map((b) => benchmarkBlock(b, lines));
}
