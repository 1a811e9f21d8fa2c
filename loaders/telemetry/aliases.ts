// Engine metric names → tps-report's canonical server metrics, newest spelling first (the first one a scrape has wins).
//
// Sources (names as the /metrics text spells them; prometheus_client adds `_total` to counters):
// - vLLM: vllm/v1/metrics/loggers.py @ 005a810b (v0.10 line): vllm:num_requests_running, vllm:num_requests_waiting,
//   vllm:kv_cache_usage_perc (vllm:gpu_cache_usage_perc is its pre-0.9 name, kept deprecated until 0.10),
//   vllm:prefix_cache_queries/hits (vllm:gpu_prefix_cache_* before 0.9), vllm:num_preemptions,
//   vllm:time_to_first_token_seconds, vllm:time_per_output_token_seconds; vllm:inter_token_latency_seconds replaces the
//   latter from the later loggers.py (its help text says so); docs/design/metrics.md @ 0328b592 lists the v0 names
//   (vllm:gpu_prefix_cache_hit_rate gauge) and the exposition's shape.
// - SGLang: python/sglang/srt/metrics/collector.py @ 00ae9c15: sglang:num_running_reqs, sglang:num_queue_reqs,
//   sglang:token_usage (KV pool use, 0–1), sglang:cache_hit_rate, sglang:num_retracted_requests_total (a retraction is
//   SGLang's preemption), sglang:time_to_first_token_seconds, sglang:inter_token_latency_seconds;
//   docs/references/production_metrics.md @ 00b08c49 shows sglang:time_per_output_token_seconds in older releases.
// - TensorRT-LLM: tensorrt_llm/metrics/collector.py @ 050f80de: `trtllm_` + num_requests_running,
//   num_requests_waiting, kv_cache_utilization, kv_cache_hit_rate, kv_cache_reused_blocks/kv_cache_missed_blocks
//   (counters), time_to_first_token_seconds, time_per_output_token_seconds; served at /prometheus/metrics (its
//   serve test test_metrics_endpoint and its Prometheus example script read that route). Releases up to 1.1 had no
//   prefix; Dynamo re-exports them as `trtllm:` (ai-dynamo/dynamo docs/backends/trtllm/prometheus.md).

export type MetricKind = "gauge" | "counter" | "histogram";

export interface CanonicalMetric {
  kind: MetricKind;
  /** How the series of one scrape combine: counts add up, fractions average (data-parallel engines label each). */
  combine: "sum" | "mean";
  /** Names in the exposition, preferred first; a histogram's family name (its samples are name_bucket{le=…}). */
  names: string[];
}

const trtllm = (name: string): string[] => [`trtllm_${name}`, `trtllm:${name}`, name];

export const CANONICAL = {
  requests_running: {
    kind: "gauge",
    combine: "sum",
    names: ["vllm:num_requests_running", "sglang:num_running_reqs", ...trtllm("num_requests_running")]
  },
  requests_waiting: {
    kind: "gauge",
    combine: "sum",
    names: ["vllm:num_requests_waiting", "sglang:num_queue_reqs", ...trtllm("num_requests_waiting")]
  },
  kv_cache_usage: {
    kind: "gauge",
    combine: "mean",
    names: [
      "vllm:kv_cache_usage_perc",
      "vllm:gpu_cache_usage_perc",
      "sglang:token_usage",
      ...trtllm("kv_cache_utilization")
    ]
  },
  preemptions: {
    kind: "counter",
    combine: "sum",
    names: ["vllm:num_preemptions_total", "sglang:num_retracted_requests_total"]
  },
  prefix_cache_hits: {
    kind: "counter",
    combine: "sum",
    names: [
      "vllm:prefix_cache_hits_total",
      "vllm:gpu_prefix_cache_hits_total",
      ...trtllm("kv_cache_reused_blocks_total")
    ]
  },
  prefix_cache_queries: {
    kind: "counter",
    combine: "sum",
    names: ["vllm:prefix_cache_queries_total", "vllm:gpu_prefix_cache_queries_total"]
  },
  prefix_cache_misses: {kind: "counter", combine: "sum", names: trtllm("kv_cache_missed_blocks_total")},
  prefix_cache_hit_rate: {
    kind: "gauge",
    combine: "mean",
    names: ["vllm:gpu_prefix_cache_hit_rate", "sglang:cache_hit_rate", ...trtllm("kv_cache_hit_rate")]
  },
  generation_tokens: {
    kind: "counter",
    combine: "sum",
    names: ["vllm:generation_tokens_total", "sglang:generation_tokens_total", ...trtllm("generation_tokens_total")]
  },
  ttft_seconds: {
    kind: "histogram",
    combine: "sum",
    names: [
      "vllm:time_to_first_token_seconds",
      "sglang:time_to_first_token_seconds",
      ...trtllm("time_to_first_token_seconds")
    ]
  },
  itl_seconds: {
    kind: "histogram",
    combine: "sum",
    names: [
      "vllm:inter_token_latency_seconds",
      "vllm:time_per_output_token_seconds",
      "sglang:inter_token_latency_seconds",
      "sglang:time_per_output_token_seconds",
      ...trtllm("time_per_output_token_seconds")
    ]
  }
} as const satisfies Record<string, CanonicalMetric>;

export type CanonicalName = keyof typeof CANONICAL;

/** The first of a metric's names that any sample carries (histograms by their _bucket samples), else null. */
export function resolveName(metric: CanonicalName, present: Set<string>): string | null {
  const {kind, names} = CANONICAL[metric] as CanonicalMetric;
  return names.find((name) => present.has(kind === "histogram" ? `${name}_bucket` : name)) ?? null;
}

/** Where each engine serves its Prometheus text; trtllm-serve's /metrics is JSON iteration stats instead. */
export function metricsPath(engine: "vllm" | "sglang" | "trtllm" | "unknown"): string {
  return engine === "trtllm" ? "/prometheus/metrics" : "/metrics";
}

/** The engine family of a plan's engine entry, by its key, display name or server command. */
export function engineFamily(...hints: string[]): "vllm" | "sglang" | "trtllm" | "unknown" {
  const text = hints.join(" ").toLowerCase();
  if (/trt|tensorrt/.test(text)) return "trtllm";
  if (/sglang/.test(text)) return "sglang";
  if (/vllm/.test(text)) return "vllm";
  return "unknown";
}
