// The seed study's 15 archived `vllm bench serve` blocks parse to the figures printed in the study write-up.
import {describe, expect, it} from "vitest";
import {parseFile} from "../../loaders/parse/index.js";

const RUNS = "data/studies/qwen3-32b-a100/runs";

// Figures typed from shared/seed/study-qwen3-32b-a100.tr.txt.
// run id → [completed, duration, total_output_tokens, total_token_throughput, mean_ttft_ms, mean_tpot_ms, first line]
const KEY_FIGURES: Record<string, [number, number, number, number, number, number, number]> = {
  "engine-selection--vllm--sharegpt": [1000, 241.94, 201396, 1730.98, 105557.78, 149.67, 1],
  "engine-selection--sglang--sharegpt": [1000, 299.51, 201439, 1398.38, 139199.11, 75.11, 1],
  "engine-selection--trtllm--sharegpt": [1000, 203.88, 201412, 2054.21, 84105.84, 89.01, 1],
  "quantization--vllm-fp8--sharegpt": [1000, 267.77, 201218, 1563.33, 103256.52, 339.76, 1],
  "quantization--vllm-awq--sharegpt": [1000, 237.22, 201832, 1767.21, 92528.26, 302.45, 1],
  "max-num-tokens--trtllm-16384--sharegpt": [1000, 220.69, 201360, 1897.5, 90546.36, 79.75, 2],
  "max-num-tokens--trtllm-32768--sharegpt": [1000, 257.31, 201414, 1627.65, 113890.79, 66.22, 2],
  "other-scenarios--baseline--very-long": [100, 1783.59, 7699, 1798.45, 890711.38, 67.87, 2],
  "other-scenarios--baseline--long": [500, 1141.94, 99893, 1837.08, 566579.7, 96.19, 2],
  "other-scenarios--baseline--medium": [500, 415.71, 50000, 2521.38, 208397.03, 143.23, 2],
  "other-scenarios--baseline--short": [1000, 49.57, 4000, 2656.71, 31177.64, 528.57, 2],
  "other-scenarios--recommended--very-long": [100, 2029.84, 7880, 1580.36, 1040855.88, 47.37, 2],
  "other-scenarios--recommended--long": [500, 1029.52, 99874, 2037.67, 509693.25, 100.09, 2],
  "other-scenarios--recommended--medium": [500, 385.94, 50000, 2715.9, 189776.2, 145.49, 2],
  "other-scenarios--recommended--short": [1000, 37.25, 4000, 3535.54, 19761.77, 1885.18, 2]
};

describe("seed study bench.log files", () => {
  for (const [run, [completed, duration, output, total, ttft, tpot, first]] of Object.entries(KEY_FIGURES)) {
    it(`${run} parses to its printed figures`, async () => {
      const result = await parseFile(`${RUNS}/${run}/bench.log`);
      expect(result.errors).toEqual([]);
      expect(result.blocks).toHaveLength(1);
      const [block] = result.blocks;
      expect(block.tool).toBe("vllm");
      expect(block.format).toBe("text");
      expect(block.lines).toEqual([first, first + 22]);
      expect(block.metrics.completed).toBe(completed);
      expect(block.metrics.duration).toBe(duration);
      expect(block.metrics.total_output_tokens).toBe(output);
      expect(block.metrics.total_token_throughput).toBe(total);
      expect(block.metrics.mean_ttft_ms).toBe(ttft);
      expect(block.metrics.mean_tpot_ms).toBe(tpot);
      expect(Object.keys(block.metrics)).toHaveLength(18);
      expect(block.extra).toEqual({});
    });
  }

  it("engine-selection vllm: every metric", async () => {
    const [block] = (await parseFile(`${RUNS}/engine-selection--vllm--sharegpt/bench.log`)).blocks;
    expect(block.metrics).toEqual({
      completed: 1000,
      duration: 241.94,
      total_input_tokens: 217393,
      total_output_tokens: 201396,
      request_throughput: 4.13,
      output_throughput: 832.43,
      max_output_tokens_per_s: 1950,
      max_concurrent_requests: 1000,
      total_token_throughput: 1730.98,
      mean_ttft_ms: 105557.78,
      median_ttft_ms: 105990.93,
      p99_ttft_ms: 209863.5,
      mean_tpot_ms: 149.67,
      median_tpot_ms: 123.31,
      p99_tpot_ms: 563.16,
      mean_itl_ms: 117.98,
      median_itl_ms: 61.18,
      p99_itl_ms: 572.34
    });
  });

  it("baseline very-long: every metric", async () => {
    const [block] = (await parseFile(`${RUNS}/other-scenarios--baseline--very-long/bench.log`)).blocks;
    expect(block.metrics).toEqual({
      completed: 100,
      duration: 1783.59,
      total_input_tokens: 3200000,
      total_output_tokens: 7699,
      request_throughput: 0.06,
      output_throughput: 4.32,
      max_output_tokens_per_s: 21,
      max_concurrent_requests: 100,
      total_token_throughput: 1798.45,
      mean_ttft_ms: 890711.38,
      median_ttft_ms: 892708.86,
      p99_ttft_ms: 1760024.36,
      mean_tpot_ms: 67.87,
      median_tpot_ms: 67.32,
      p99_tpot_ms: 147.19,
      mean_itl_ms: 64.54,
      median_itl_ms: 48.55,
      p99_itl_ms: 690.9
    });
  });

  it("baseline short: every metric", async () => {
    const [block] = (await parseFile(`${RUNS}/other-scenarios--baseline--short/bench.log`)).blocks;
    expect(block.metrics).toEqual({
      completed: 1000,
      duration: 49.57,
      total_input_tokens: 127698,
      total_output_tokens: 4000,
      request_throughput: 20.17,
      output_throughput: 80.69,
      max_output_tokens_per_s: 200,
      max_concurrent_requests: 1000,
      total_token_throughput: 2656.71,
      mean_ttft_ms: 31177.64,
      median_ttft_ms: 31073.76,
      p99_ttft_ms: 48960.57,
      mean_tpot_ms: 528.57,
      median_tpot_ms: 544.55,
      p99_tpot_ms: 547.31,
      mean_itl_ms: 396.42,
      median_itl_ms: 543.22,
      p99_itl_ms: 554.84
    });
  });

  it("recommended medium: every metric", async () => {
    const [block] = (await parseFile(`${RUNS}/other-scenarios--recommended--medium/bench.log`)).blocks;
    expect(block.metrics).toEqual({
      completed: 500,
      duration: 385.94,
      total_input_tokens: 998175,
      total_output_tokens: 50000,
      request_throughput: 1.3,
      output_throughput: 129.55,
      max_output_tokens_per_s: 480,
      max_concurrent_requests: 500,
      total_token_throughput: 2715.9,
      mean_ttft_ms: 189776.2,
      median_ttft_ms: 189321.8,
      p99_ttft_ms: 378730.86,
      mean_tpot_ms: 145.49,
      median_tpot_ms: 144.79,
      p99_tpot_ms: 178.5,
      mean_itl_ms: 144.04,
      median_itl_ms: 51.18,
      p99_itl_ms: 2256.49
    });
  });
});
