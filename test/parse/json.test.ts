// vLLM --save-result JSON (with and without --save-detailed), --append-result JSON Lines, the older script's keys.
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {fixture, onlyBlock} from "./helpers.js";

describe("vLLM --save-result JSON", () => {
  const summary = {
    duration: 3.207751958001556,
    completed: 4,
    failed: 0,
    total_input_tokens: 2048,
    total_output_tokens: 512,
    request_throughput: 1.2469817207428877,
    output_throughput: 159.61366025508962,
    total_token_throughput: 798.0683012754481,
    max_output_tokens_per_s: 196,
    max_concurrent_requests: 4,
    rtfx: 0,
    "p99.9_ttft_ms": 94.09730000000002,
    std_e2el_ms: 13.4
  };

  it("without --save-detailed: metrics, settings as text, kept latency arrays only counted", async () => {
    const block = await onlyBlock("vllm-save-result.json");
    expect(block).toMatchObject({tool: "vllm", format: "json", lines: [1, 1]});
    expect(block.metrics).toMatchObject(summary);
    expect(Object.keys(block.metrics)).toHaveLength(31);
    expect(block.extra).toEqual({
      date: "20251014-093112",
      endpoint_type: "openai-chat",
      backend: "openai-chat",
      label: "null",
      model_id: "Qwen/Qwen3-8B",
      tokenizer_id: "Qwen/Qwen3-8B",
      num_prompts: "4",
      tp: "1",
      request_rate: "inf",
      burstiness: "1",
      max_concurrency: "4",
      request_goodput: "null",
      per_request_arrays: "latencies[4], queue_times[4]"
    });
  });

  it("with --save-detailed: the same metrics, per-request arrays never become metrics", async () => {
    const plain = await onlyBlock("vllm-save-result.json");
    const detailed = await onlyBlock("vllm-save-detailed.json");
    expect(detailed.metrics).toEqual(plain.metrics);
    expect(detailed.extra.per_request_arrays).toBe(
      "input_lens[4], output_lens[4], ttfts[4], itls[4], generated_texts[4], errors[4], latencies[4], queue_times[4]"
    );
  });

  it("--append-result JSON Lines: one block per record, each on its own line", async () => {
    const result = await fixture("vllm-append-result.jsonl");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => b.lines)).toEqual([
      [2, 2],
      [3, 3],
      [4, 4]
    ]);
    expect(result.blocks.map((b) => b.metrics.duration)).toEqual([40.2, 20.6, 11.9]);
    expect(result.blocks.map((b) => b.metrics.mean_ttft_ms)).toEqual([90, 100, 110]);
    expect(result.blocks.map((b) => b.extra.request_rate)).toEqual(["1", "2", "inf"]);
  });

  it("older benchmark_serving.py: 'request_goodput:' key, pretty-printed, first and last line", async () => {
    const block = await onlyBlock("vllm-2025-old-script.json");
    expect(block.lines).toEqual([1, 30]);
    expect(block.metrics.total_token_throughput).toBe(3790.9);
    expect(block.metrics.failed).toBeUndefined();
    expect(block.extra.request_goodput).toBe("null");
    expect(block.extra.max_concurrency).toBe("null");
  });

  it("bare NaN / -Infinity in a metric go to extra as text", () => {
    const text =
      '{"completed": 3, "duration": 1.5, "mean_ttft_ms": NaN, "p99_ttft_ms": -Infinity, "request_rate": Infinity}';
    const {blocks, errors} = parseText(text, "x.json");
    expect(errors).toEqual([]);
    expect(blocks[0].metrics).toEqual({completed: 3, duration: 1.5});
    expect(blocks[0].extra).toEqual({mean_ttft_ms: "NaN", p99_ttft_ms: "-Infinity", request_rate: "Infinity"});
  });

  it("a JSON array of result objects gives one block each", () => {
    const text = '[{"completed": 1, "duration": 2.0}, {"completed": 5, "duration": 7.5}]';
    const {blocks, errors} = parseText(text, "x.json");
    expect(errors).toEqual([]);
    expect(blocks.map((b) => b.metrics)).toEqual([
      {completed: 1, duration: 2},
      {completed: 5, duration: 7.5}
    ]);
  });
});
