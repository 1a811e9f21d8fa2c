// The canonical record every parser returns. Metric names are vLLM's `--save-result` JSON keys.

export type Tool = "vllm" | "sglang" | "trtllm" | "trtllm-bench" | "aiperf" | "guidellm" | "tps-report";
export type Format = "text" | "json";

/** Metric name → value. Latencies in ms, duration in s, throughputs per second. */
export type Metrics = Record<string, number>;

export interface ParsedBlock {
  tool: Tool;
  format: Format;
  /** 1-based first and last line of the block in its file (a JSON file: the whole file; JSONL: the record's line). */
  lines: [number, number];
  metrics: Metrics;
  /** Labels printed in the block that are not metrics (backend, request rate, …) and unknown labels, raw text. */
  extra: Record<string, string>;
  /** Present when the block was cut off or is incomplete: what is missing and where the text stops. Its values are kept. */
  partial?: string;
}

export interface ParseIssue {
  /** 1-based line the problem was found on. */
  line: number;
  message: string;
}

export interface ParseResult {
  file: string;
  blocks: ParsedBlock[];
  errors: ParseIssue[];
  /** Problems that lose no value silently: partial blocks, NaN/infinite metrics, skipped non-JSON lines. */
  warnings: ParseIssue[];
}

/** Fixed metrics in the order `vllm bench serve` prints them; latency families follow in LATENCY_FAMILIES order. */
export const SUMMARY_METRICS = [
  "completed",
  "failed",
  "duration",
  "total_input_tokens",
  "total_output_tokens",
  "request_throughput",
  "request_goodput",
  "output_throughput",
  "max_output_tokens_per_s",
  "max_concurrent_requests",
  "total_token_throughput"
] as const;

export const LATENCY_FAMILIES = ["ttft", "tpot", "itl", "e2el"] as const;
export type LatencyFamily = (typeof LATENCY_FAMILIES)[number];

/** Statistics printed per latency family, in print order; percentiles are `p${n}` with vLLM's spelling (p99, p99.9). */
export const LATENCY_STATS = ["mean", "median", "std", "p50", "p90", "p95", "p99"] as const;

/** Every metric column a table of runs carries, in print order. */
export const METRIC_COLUMNS: string[] = [
  ...SUMMARY_METRICS,
  ...LATENCY_FAMILIES.flatMap((family) => LATENCY_STATS.map((stat) => `${stat}_${family}_ms`))
];

export function latencyKey(stat: string, family: LatencyFamily): string {
  return `${stat}_${family}_ms`;
}

/** vLLM names a percentile `p` + the number, dropping `.0` (99 → p99, 99.9 → p99.9). */
export function percentileKey(percentile: number): string {
  return `p${Number.isInteger(percentile) ? percentile.toFixed(0) : String(percentile)}`;
}

/** Integer-valued metrics (stored as INT32 in Parquet). */
export const COUNT_METRICS = new Set(["completed", "failed", "total_input_tokens", "total_output_tokens"]);
