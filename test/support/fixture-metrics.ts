// Prometheus text for the fixture server, shaped like each engine's own /metrics output, from its live request state.
// Shapes (names, labels, HELP texts, float spelling, sample order) follow:
// - vLLM: docs/design/metrics.md @ 0328b592 (example `curl /metrics` output) and vllm/v1/metrics/loggers.py @ 005a810b
//   (labels model_name + engine, bucket bounds);
// - SGLang: docs/references/production_metrics.md @ 00b08c49 (example output: _sum before the buckets, model_name);
// - TensorRT-LLM: tensorrt_llm/metrics/collector.py @ 050f80de (trtllm_ prefix, labels model_name + engine_type).

export type MetricsEngine = "vllm" | "sglang" | "trtllm";

export interface FixtureMetricsOptions {
  engine: MetricsEngine;
  /** KV-cache fraction each running request holds (use = running × this, at most 1). */
  kvPerRequest?: number;
  /** Requests beyond this many in flight wait (requests_waiting). */
  maxRunning?: number;
  /** The preemption counter's value; it stays there (the fixture never preempts). */
  preemptions?: number;
}

// Bucket bounds as each engine defines them (loggers.py, collector.py).
const TTFT_BUCKETS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0,
  640.0, 2560.0
];
const ITL_BUCKETS = [
  0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0
];

class Histogram {
  readonly counts: number[];
  sum = 0;
  count = 0;
  constructor(readonly bounds: number[]) {
    this.counts = bounds.map(() => 0);
  }
  observe(value: number): void {
    this.sum += value;
    this.count += 1;
    for (let i = 0; i < this.bounds.length; i++) if (value <= this.bounds[i]) this.counts[i] += 1;
  }
}

/** Python's float repr, as prometheus_client writes values: 40.0, 0.8, 1.7e+09. */
function py(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e16) return value.toFixed(1);
  return String(value).replace(/e\+?(\d)$/, "e+0$1");
}

export class FixtureMetrics {
  inflight = 0;
  /** Prompt tokens the prefix cache was asked for and those it held (vLLM's counters); null: the server has no cache. */
  prefixCache: {queries: number; hits: number} | null = null;
  private readonly ttft = new Histogram(TTFT_BUCKETS);
  private readonly itl = new Histogram(ITL_BUCKETS);
  private readonly created = Math.floor(Date.now() / 1000);
  private generated = 0;

  constructor(readonly options: FixtureMetricsOptions) {}

  get path(): string {
    return this.options.engine === "trtllm" ? "/prometheus/metrics" : "/metrics";
  }

  observeFirstToken(seconds: number): void {
    this.ttft.observe(seconds);
    this.generated += 1;
  }

  observeTokenGap(seconds: number): void {
    this.itl.observe(seconds);
    this.generated += 1;
  }

  text(model: string): string {
    const running = Math.min(this.inflight, this.options.maxRunning ?? Infinity);
    const waiting = this.inflight - running;
    const kv = Number(Math.min(1, running * (this.options.kvPerRequest ?? 0)).toFixed(6));
    const preemptions = this.options.preemptions ?? 0;
    const esc = JSON.stringify(model);
    switch (this.options.engine) {
      case "vllm": {
        const l = `engine="0",model_name=${esc}`;
        return (
          [
            ...this.family("vllm:num_requests_running", "gauge", "Number of requests in model execution batches.", [
              `vllm:num_requests_running{${l}} ${py(running)}`
            ]),
            ...this.family("vllm:num_requests_waiting", "gauge", "Number of requests waiting to be processed.", [
              `vllm:num_requests_waiting{${l}} ${py(waiting)}`
            ]),
            ...this.family("vllm:kv_cache_usage_perc", "gauge", "KV-cache usage. 1 means 100 percent usage.", [
              `vllm:kv_cache_usage_perc{${l}} ${py(kv)}`
            ]),
            ...this.family(
              "vllm:num_preemptions_total",
              "counter",
              "Cumulative number of preemption from the engine.",
              [
                `vllm:num_preemptions_total{${l}} ${py(preemptions)}`,
                `vllm:num_preemptions_created{${l}} ${py(this.created)}`
              ]
            ),
            ...this.family("vllm:generation_tokens_total", "counter", "Number of generation tokens processed.", [
              `vllm:generation_tokens_total{${l}} ${py(this.generated)}`
            ]),
            ...(this.prefixCache
              ? [
                  ...this.family(
                    "vllm:prefix_cache_queries_total",
                    "counter",
                    "Prefix cache queries, in terms of number of queried tokens.",
                    [
                      `vllm:prefix_cache_queries_total{${l}} ${py(this.prefixCache.queries)}`,
                      `vllm:prefix_cache_queries_created{${l}} ${py(this.created)}`
                    ]
                  ),
                  ...this.family(
                    "vllm:prefix_cache_hits_total",
                    "counter",
                    "Prefix cache hits, in terms of number of cached tokens.",
                    [
                      `vllm:prefix_cache_hits_total{${l}} ${py(this.prefixCache.hits)}`,
                      `vllm:prefix_cache_hits_created{${l}} ${py(this.created)}`
                    ]
                  )
                ]
              : []),
            ...this.histogram(
              "vllm:time_to_first_token_seconds",
              "Histogram of time to first token in seconds.",
              l,
              this.ttft
            ),
            ...this.histogram(
              "vllm:inter_token_latency_seconds",
              "Histogram of inter-token latency in seconds.",
              l,
              this.itl
            )
          ].join("\n") + "\n"
        );
      }
      case "sglang": {
        const l = `model_name=${esc}`;
        return (
          [
            ...this.family("sglang:num_running_reqs", "gauge", "The number of running requests", [
              `sglang:num_running_reqs{${l}} ${py(running)}`
            ]),
            ...this.family("sglang:num_queue_reqs", "gauge", "The number of requests in the waiting queue", [
              `sglang:num_queue_reqs{${l}} ${py(waiting)}`
            ]),
            ...this.family("sglang:token_usage", "gauge", "The token usage", [`sglang:token_usage{${l}} ${py(kv)}`]),
            ...this.family("sglang:cache_hit_rate", "gauge", "The cache hit rate", [`sglang:cache_hit_rate{${l}} 0.0`]),
            ...this.family("sglang:num_retracted_requests_total", "counter", "Total number of retracted requests.", [
              `sglang:num_retracted_requests_total{${l}} ${py(preemptions)}`
            ]),
            ...this.histogram(
              "sglang:time_to_first_token_seconds",
              "Histogram of time to first token in seconds.",
              l,
              this.ttft,
              true
            ),
            ...this.histogram(
              "sglang:inter_token_latency_seconds",
              "Histogram of inter-token latency in seconds.",
              l,
              this.itl,
              true
            )
          ].join("\n") + "\n"
        );
      }
      case "trtllm": {
        const l = `engine_type="trtllm",model_name=${esc}`;
        return (
          [
            ...this.family("trtllm_num_requests_running", "gauge", "Number of active requests", [
              `trtllm_num_requests_running{${l}} ${py(running)}`
            ]),
            ...this.family("trtllm_num_requests_waiting", "gauge", "Number of queued requests", [
              `trtllm_num_requests_waiting{${l}} ${py(waiting)}`
            ]),
            ...this.family("trtllm_kv_cache_utilization", "gauge", "KV cache utilization", [
              `trtllm_kv_cache_utilization{${l}} ${py(kv)}`
            ]),
            ...this.histogram(
              "trtllm_time_to_first_token_seconds",
              "Histogram of time to first token in seconds.",
              l,
              this.ttft
            ),
            ...this.histogram(
              "trtllm_time_per_output_token_seconds",
              "Histogram of time per output token in seconds.",
              l,
              this.itl
            )
          ].join("\n") + "\n"
        );
      }
    }
  }

  private family(name: string, type: string, help: string, lines: string[]): string[] {
    const base = type === "counter" ? name.replace(/_total$/, "") : name;
    return [`# HELP ${base} ${help}`, `# TYPE ${base} ${type}`, ...lines];
  }

  private histogram(name: string, help: string, labels: string, h: Histogram, sumFirst = false): string[] {
    const buckets = h.bounds.map((b, i) => `${name}_bucket{le="${py(b)}",${labels}} ${py(h.counts[i])}`);
    buckets.push(`${name}_bucket{le="+Inf",${labels}} ${py(h.count)}`);
    const sum = `${name}_sum{${labels}} ${py(h.sum)}`;
    const count = `${name}_count{${labels}} ${py(h.count)}`;
    return [
      `# HELP ${name} ${help}`,
      `# TYPE ${name} histogram`,
      ...(sumFirst ? [sum, ...buckets, count] : [...buckets, count, sum])
    ];
  }
}
