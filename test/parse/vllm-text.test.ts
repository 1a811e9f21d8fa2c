// vLLM text summaries of every vintage: 2023 (no banner) → 2024 → 2025/2026 (goodput, E2EL, P90/P95/P99.9, spec decoding).
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {onlyBlock} from "./helpers.js";

describe("vLLM text blocks", () => {
  it("2023 benchmark_serving.py summary without banner: seconds to ms, per-token latencies kept as text", async () => {
    const block = await onlyBlock("vllm-2023.txt");
    expect(block).toEqual({
      tool: "vllm",
      format: "text",
      lines: [4, 8],
      metrics: {duration: 501.37, request_throughput: 1.99, mean_e2el_ms: 23480},
      extra: {"Average latency per token": "0.07 s", "Average latency per output token": "0.41 s"}
    });
  });

  it("spring 2024: Input token throughput, TTFT and TPOT only, rate from above the banner", async () => {
    const block = await onlyBlock("vllm-2024-spring.txt");
    expect(block.lines).toEqual([4, 20]);
    expect(block.metrics).toEqual({
      completed: 500,
      duration: 72.46,
      total_input_tokens: 114026,
      total_output_tokens: 98211,
      request_throughput: 6.9,
      input_throughput: 1573.64,
      output_throughput: 1355.38,
      mean_ttft_ms: 20431.77,
      median_ttft_ms: 18940.05,
      p99_ttft_ms: 51877.31,
      mean_tpot_ms: 88.42,
      median_tpot_ms: 79.13,
      p99_tpot_ms: 241.6
    });
    expect(block.extra).toEqual({request_rate: "inf"});
  });

  it("late 2024: Total Token throughput, ITL; concurrency printed above the banner goes to extra", async () => {
    const block = await onlyBlock("vllm-2024-late.txt");
    expect(block.tool).toBe("vllm");
    expect(block.lines).toEqual([6, 26]);
    expect(block.metrics.total_token_throughput).toBe(12418.47);
    expect(block.metrics.p99_itl_ms).toBe(170.44);
    expect(Object.keys(block.metrics)).toHaveLength(16);
    expect(block.extra).toEqual({request_rate: "inf", max_concurrency: "64"});
  });

  it("2025/2026: failed, goodput, peak lines, P50/P90/P95/P99.9, E2EL, speculative decoding", async () => {
    const block = await onlyBlock("vllm-2025-goodput-e2el.txt");
    expect(block.lines).toEqual([12, 64]);
    expect(block.metrics).toEqual({
      completed: 398,
      failed: 2,
      duration: 52.44,
      total_input_tokens: 407552,
      total_output_tokens: 50944,
      request_throughput: 7.59,
      request_goodput: 6.12,
      output_throughput: 971.47,
      max_output_tokens_per_s: 1408,
      max_concurrent_requests: 32,
      total_token_throughput: 8743.21,
      mean_ttft_ms: 233.18,
      median_ttft_ms: 201.4,
      p50_ttft_ms: 201.4,
      p90_ttft_ms: 388.72,
      p95_ttft_ms: 455.01,
      "p99.9_ttft_ms": 1022.67,
      mean_tpot_ms: 29.87,
      median_tpot_ms: 29.55,
      p50_tpot_ms: 29.55,
      p90_tpot_ms: 33.1,
      p95_tpot_ms: 34.48,
      "p99.9_tpot_ms": 38.92,
      mean_itl_ms: 29.61,
      median_itl_ms: 27.95,
      p50_itl_ms: 27.95,
      p90_itl_ms: 35.31,
      p95_itl_ms: 41.27,
      "p99.9_itl_ms": 118.03,
      mean_e2el_ms: 4026.5,
      median_e2el_ms: 3990.12,
      p50_e2el_ms: 3990.12,
      p90_e2el_ms: 4511.8,
      p95_e2el_ms: 4702.33,
      "p99.9_e2el_ms": 5390.04,
      spec_decode_acceptance_rate: 71.25,
      spec_decode_acceptance_length: 3.14,
      spec_decode_num_drafts: 16210,
      spec_decode_draft_tokens: 48630,
      spec_decode_accepted_tokens: 34649
    });
    expect(block.extra).toEqual({
      max_concurrency: "32",
      request_rate: "8.00",
      burstiness: "1.0 (Poisson process)",
      "Per-position acceptance (%)": "",
      "Position 0": "88.10",
      "Position 1": "71.93",
      "Position 2": "53.72"
    });
  });
});

describe("vLLM optional sections", () => {
  it("probe requests, client queueing sections and an 'RPS.' suffixed rate above the banner", () => {
    const text = [
      "Traffic request rate: 15.0 RPS.",
      "Maximum request concurrency: None",
      "============ Serving Benchmark Result ============",
      "Successful requests:                     300       ",
      "Failed requests:                         0         ",
      "Benchmark duration (s):                  20.01     ",
      "Request throughput (req/s):              14.99     ",
      "------------------Probe Requests------------------",
      "Probe requests completed:                20        ",
      "Probe requests failed:                   1         ",
      "Median probe E2EL (ms):                  812.50    ",
      "P99 probe E2EL (ms):                     1400.25   ",
      "Max probe E2EL (ms):                     1502.00   ",
      "---------------Client-side Queueing---------------",
      "Mean Client Queue Time (ms):             3.20      ",
      "Median Client Queue Time (ms):           0.00      ",
      "P99 Client Queue Time (ms):              41.75     ",
      "--------Queue-inclusive End-to-end Latency--------",
      "Mean E2EL incl. Client Queue (ms):       905.10    ",
      "Median E2EL incl. Client Queue (ms):     880.00    ",
      "P99 E2EL incl. Client Queue (ms):        1733.33   ",
      "RTFx (Inverse Real-Time Factor):         12.40     ",
      "=================================================="
    ].join("\n");
    const {blocks, errors} = parseText(text, "probe.txt");
    expect(errors).toEqual([]);
    expect(blocks[0].lines).toEqual([3, 23]);
    expect(blocks[0].metrics).toEqual({
      completed: 300,
      failed: 0,
      duration: 20.01,
      request_throughput: 14.99,
      probe_completed: 20,
      probe_failed: 1,
      probe_median_e2el_ms: 812.5,
      probe_p99_e2el_ms: 1400.25,
      probe_max_e2el_ms: 1502,
      mean_client_queue_time_ms: 3.2,
      median_client_queue_time_ms: 0,
      p99_client_queue_time_ms: 41.75,
      mean_e2el_including_client_queue_ms: 905.1,
      median_e2el_including_client_queue_ms: 880,
      p99_e2el_including_client_queue_ms: 1733.33,
      rtfx: 12.4
    });
    expect(blocks[0].extra).toEqual({request_rate: "15.0 RPS.", max_concurrency: "None"});
  });
});
