// SGLang bench_serving text blocks (2024, Jan 2025 typo, mid-2025, late 2025) and --output-file JSON Lines.
import {describe, expect, it} from "vitest";
import {fixture, onlyBlock} from "./helpers.js";

describe("SGLang text blocks", () => {
  it("2024: E2E section, retokenized count, lower-case Inter-token header", async () => {
    const block = await onlyBlock("sglang-2024.txt");
    expect(block.tool).toBe("sglang");
    expect(block.lines).toEqual([8, 34]);
    expect(block.metrics).toEqual({
      completed: 1000,
      duration: 258.31,
      total_input_tokens: 226512,
      total_output_tokens: 201177,
      total_output_tokens_retokenized: 200964,
      request_throughput: 3.87,
      input_throughput: 876.9,
      output_throughput: 778.84,
      mean_e2el_ms: 9812.46,
      median_e2el_ms: 7644.03,
      mean_ttft_ms: 61.38,
      median_ttft_ms: 54.27,
      p99_ttft_ms: 190.5,
      mean_tpot_ms: 48.83,
      median_tpot_ms: 47.9,
      p99_tpot_ms: 98.15,
      mean_itl_ms: 47.77,
      median_itl_ms: 41.6,
      p99_itl_ms: 160.02
    });
    expect(block.extra).toEqual({backend: "sglang", request_rate: "4.0"});
  });

  it("Jan 2025: 'Max reqeuest concurrency' typo and 'not set' go to extra", async () => {
    const block = await onlyBlock("sglang-2025-01.txt");
    expect(block.extra).toEqual({backend: "sglang-oai", request_rate: "inf", max_concurrency: "not set"});
    expect(block.metrics.total_token_throughput).toBe(2569.47);
    expect(block.metrics.mean_e2el_ms).toBe(21004.4);
  });

  it("mid-2025: no TPOT, Concurrency and Accept length, ITL P95/P99/Max", async () => {
    const block = await onlyBlock("sglang-2025-mid.txt");
    expect(block.metrics.concurrency).toBe(101.37);
    expect(block.metrics.accept_length).toBe(2.81);
    expect(block.metrics.p95_itl_ms).toBe(40.12);
    expect(block.metrics.max_itl_ms).toBe(903.4);
    expect(Object.keys(block.metrics).some((k) => k.includes("tpot"))).toBe(false);
    expect(block.extra.max_concurrency).toBe("128");
  });

  it("late 2025: vision tokens, peak lines with plain-int concurrency, P90/P99 E2E, request rate 'trace'", async () => {
    const block = await onlyBlock("sglang-2025-late.txt");
    expect(block.lines).toEqual([5, 42]);
    expect(block.metrics).toMatchObject({
      total_input_text_tokens: 358400,
      total_input_vision_tokens: 51200,
      max_output_tokens_per_s: 1733,
      max_concurrent_requests: 214,
      total_token_throughput: 5090.48,
      concurrency: 88.41,
      p90_e2el_ms: 14880.31,
      p99_e2el_ms: 18123.65,
      mean_tpot_ms: 83.5,
      max_itl_ms: 2045.13
    });
    expect(block.extra).toEqual({backend: "sglang-oai-chat", request_rate: "trace", max_concurrency: "not set"});
  });
});

describe("SGLang --output-file JSONL", () => {
  it("earliest, mid-2025 and late-2025 records map to canonical names; bare Infinity is read", async () => {
    const result = await fixture("sglang-output.jsonl");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => [b.tool, b.format, b.lines])).toEqual([
      ["sglang", "json", [1, 1]],
      ["sglang", "json", [2, 2]],
      ["sglang", "json", [3, 3]]
    ]);
    const [earliest, mid, late] = result.blocks;
    expect(earliest.metrics).toEqual({
      completed: 500,
      total_input_tokens: 110544,
      total_output_tokens: 99012,
      total_output_tokens_retokenized: 98990,
      mean_e2el_ms: 30410.5,
      median_e2el_ms: 29877.1,
      median_ttft_ms: 12040.7,
      median_itl_ms: 51.2,
      output_throughput: 1908.4,
      duration: 51.88
    });
    expect(earliest.extra.request_rate).toBe("Infinity");
    expect(mid.metrics.p95_itl_ms).toBe(40.2);
    expect(mid.metrics.total_token_throughput).toBeUndefined();
    expect(mid.extra.accept_length).toBe("null");
    expect(late.metrics).toMatchObject({
      total_token_throughput: 20887.75,
      mean_e2el_ms: 3901.3,
      p99_e2el_ms: 4410.8,
      std_e2el_ms: 201.4,
      concurrency: 63.66,
      max_output_tokens_per_s: 4864,
      max_concurrent_requests: 64,
      total_input_vision_tokens: 0
    });
    expect(late.extra.request_rate).toBe("Infinity");
    expect(late.extra.max_concurrency).toBe("64");
    expect(JSON.parse(late.extra.server_info)).toEqual({model_path: "Qwen/Qwen3-8B", tp_size: 1, version: "0.5.5"});
  });
});
