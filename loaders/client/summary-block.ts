// The "Serving Benchmark Result" block in `vllm bench serve`'s layout, line for line.
import type {BenchmarkMetrics, LatencyMetric} from "./metrics.js";
import {centred, fixed, line, percentileWord} from "./python-format.js";

export interface SummaryBlockInput {
  metrics: BenchmarkMetrics;
  durationS: number;
  requestRate: number;
  maxConcurrency?: number;
  /** Latency families to print, in any order; printed in vLLM's fixed order. */
  percentileMetrics: string[];
  percentiles: number[];
  goodput: boolean;
}

const SECTIONS: Array<[LatencyMetric, string, string]> = [
  ["ttft", "TTFT", "Time to First Token"],
  ["tpot", "TPOT", "Time per Output Token (excl. 1st token)"],
  ["itl", "ITL", "Inter-token Latency"],
  ["e2el", "E2EL", "End-to-end Latency"]
];

export function summaryBlock(input: SummaryBlockInput): string {
  const m = input.metrics;
  const out: string[] = [centred(" Serving Benchmark Result ", 50, "=")];
  out.push(line("Successful requests:", String(m.completed)));
  out.push(line("Failed requests:", String(m.failed)));
  if (input.maxConcurrency !== undefined) out.push(line("Maximum request concurrency:", String(input.maxConcurrency)));
  if (Number.isFinite(input.requestRate)) out.push(line("Request rate configured (RPS):", fixed(input.requestRate, 2)));
  out.push(line("Benchmark duration (s):", fixed(input.durationS, 2)));
  out.push(line("Total input tokens:", String(m.totalInput)));
  out.push(line("Total generated tokens:", String(m.totalOutput)));
  out.push(line("Request throughput (req/s):", fixed(m.requestThroughput, 2)));
  if (input.goodput) out.push(line("Request goodput (req/s):", fixed(m.requestGoodput, 2)));
  out.push(line("Output token throughput (tok/s):", fixed(m.outputThroughput, 2)));
  out.push(line("Peak output token throughput (tok/s):", fixed(m.maxOutputTokensPerS, 2)));
  out.push(line("Peak concurrent requests:", fixed(m.maxConcurrentRequests, 2)));
  out.push(line("Total token throughput (tok/s):", fixed(m.totalTokenThroughput, 2)));
  for (const [key, name, header] of SECTIONS) {
    if (!input.percentileMetrics.includes(key)) continue;
    const s = m.latency[key];
    out.push(centred(header, 50, "-"));
    out.push(line(`Mean ${name} (ms):`, fixed(s.mean, 2)));
    out.push(line(`Median ${name} (ms):`, fixed(s.median, 2)));
    for (const [p, value] of s.percentiles) out.push(line(`P${percentileWord(p)} ${name} (ms):`, fixed(value, 2)));
  }
  out.push("=".repeat(50));
  return out.join("\n");
}
