// GuideLLM's benchmarks JSON report: one block per benchmark, successful-request distributions mapped to vLLM's names.
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";

/** A distribution as GuideLLM's DistributionSummary writes it (schemas/statistics.py). */
const dist = (mean: number, median: number, p99: number) => ({
  mean,
  median,
  mode: median,
  variance: 4,
  std_dev: 2,
  min: mean / 2,
  max: p99 * 1.1,
  count: 100,
  total_sum: mean * 100,
  percentiles: {
    p001: 0,
    p01: 0,
    p05: 0,
    p10: 0,
    p25: 0,
    p50: median,
    p75: 0,
    p90: p99 * 0.9,
    p95: p99 * 0.95,
    p99,
    p999: p99
  }
});
const status = (d: object) => ({successful: d, incomplete: dist(0, 0, 0), errored: dist(0, 0, 0), total: d});

const benchmark = (rate: number) => ({
  type_: "generative_benchmark",
  start_time: 1700000000.0,
  end_time: 1700000060.5,
  duration: 60.5,
  metrics: {
    request_totals: {successful: 98, incomplete: 1, errored: 1, total: 100},
    requests_per_second: status(dist(rate, rate, rate)),
    request_concurrency: status(dist(7.5, 8, 10)),
    request_latency: status(dist(1.25, 1.2, 2.5)),
    time_to_first_token_ms: status(dist(80.5, 75, 150)),
    time_per_output_token_ms: status(dist(10.25, 10, 12)),
    inter_token_latency_ms: status(dist(9.75, 9.5, 14)),
    output_tokens_per_second: status(dist(320, 320, 400)),
    tokens_per_second: status(dist(960, 960, 1000))
  }
});

describe("GuideLLM benchmarks report", () => {
  it("each benchmark of the report is a block in vLLM's names and units", () => {
    const report = {benchmarks: [benchmark(1.5), benchmark(3)]};
    const result = parseText(JSON.stringify(report, null, 2), "benchmarks.json");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(2);
    const [first, second] = result.blocks;
    expect(first.tool).toBe("guidellm");
    expect(first.metrics).toMatchObject({
      completed: 98,
      failed: 1,
      duration: 60.5,
      request_throughput: 1.5,
      output_throughput: 320,
      total_token_throughput: 960,
      concurrency: 7.5,
      mean_ttft_ms: 80.5,
      median_ttft_ms: 75,
      p99_ttft_ms: 150,
      std_ttft_ms: 2,
      mean_tpot_ms: 10.25,
      mean_itl_ms: 9.75,
      p99_itl_ms: 14,
      mean_e2el_ms: 1250,
      p99_e2el_ms: 2500
    });
    expect(first.extra.incomplete_requests).toBe("1");
    expect(second.metrics.request_throughput).toBe(3);
  });
});
