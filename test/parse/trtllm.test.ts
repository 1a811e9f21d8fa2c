// TensorRT-LLM benchmark_serving.py blocks (Std Dev, failed banner, energy) and the trtllm-bench report, text and JSON.
import {describe, expect, it} from "vitest";
import {readFileSync} from "node:fs";
import {parseText} from "../../loaders/parse/index.js";
import {FIXTURES, onlyBlock} from "./helpers.js";

describe("TensorRT-LLM serve benchmark", () => {
  it("text block: Std Dev lines, failed-requests banner inside the block, Avg Decoded Tokens, energy", async () => {
    const block = await onlyBlock("trtllm-serve.txt");
    expect(block.tool).toBe("trtllm");
    expect(block.lines).toEqual([4, 49]);
    expect(block.metrics).toEqual({
      completed: 253,
      failed: 3,
      duration: 63.37,
      total_input_tokens: 259072,
      total_output_tokens: 32384,
      request_throughput: 3.99,
      output_throughput: 511.03,
      total_token_throughput: 4599.25,
      user_throughput: 21.77,
      mean_avg_decoded_tokens_per_iter: 2.41,
      median_avg_decoded_tokens_per_iter: 2.38,
      std_avg_decoded_tokens_per_iter: 0.27,
      min_avg_decoded_tokens_per_iter: 1.75,
      max_avg_decoded_tokens_per_iter: 3.2,
      p99_avg_decoded_tokens_per_iter: 3.05,
      mean_ttft_ms: 1544.31,
      median_ttft_ms: 1502.7,
      std_ttft_ms: 612.08,
      p99_ttft_ms: 3101.44,
      mean_tpot_ms: 33.12,
      median_tpot_ms: 32.8,
      std_tpot_ms: 4.91,
      p99_tpot_ms: 47.25,
      mean_itl_ms: 32.95,
      median_itl_ms: 30.11,
      std_itl_ms: 12.73,
      p99_itl_ms: 88.6,
      mean_e2el_ms: 5750.5,
      median_e2el_ms: 5702.12,
      std_e2el_ms: 805.66,
      p99_e2el_ms: 8012.9,
      total_energy_j: 40123.5562,
      output_tokens_per_second_per_watt: 0.8061,
      total_gpu_power_w: 633.9127
    });
    expect(block.extra).toEqual({num_prompts: "256"});
  });

  it("JSON: 'request_goodput:' key, avg_decoded_tokens_per_iter object, e2els array counted", async () => {
    const block = await onlyBlock("trtllm-serve.json");
    expect(block.tool).toBe("trtllm");
    expect(block.metrics).toMatchObject({
      completed: 253,
      duration: 63.37,
      user_throughput: 21.77,
      mean_avg_decoded_tokens_per_iter: 2.41,
      std_ttft_ms: 612.08
    });
    expect(block.metrics.e2els).toBeUndefined();
    expect(block.extra.request_goodput).toBe("null");
    expect(block.extra.per_request_arrays).toBe("e2els[253]");
  });
});

describe("trtllm-bench report", () => {
  const expected = {
    completed: 3000,
    duration: 271.5101342,
    request_throughput: 11.0493,
    output_throughput: 11314.4641,
    total_token_throughput: 22628.9282,
    mean_e2el_ms: 22246.8391,
    mean_ttft_ms: 703.0447,
    mean_tpot_ms: 21.0587,
    min_tpot_ms: 14.2016,
    max_tpot_ms: 30.8871,
    p50_tpot_ms: 20.9112,
    p90_tpot_ms: 24.0034,
    p95_tpot_ms: 25.3308,
    p99_tpot_ms: 28.7702,
    min_ttft_ms: 88.412,
    max_ttft_ms: 4120.5563,
    p50_ttft_ms: 512.2071,
    p90_ttft_ms: 1480.6605,
    p95_ttft_ms: 1970.0104,
    p99_ttft_ms: 3305.1282,
    p50_e2el_ms: 22101.5526,
    p90_e2el_ms: 25590.1184,
    p95_e2el_ms: 26612.0431,
    p99_e2el_ms: 29034.7762,
    min_e2el_ms: 15210.6679,
    max_e2el_ms: 33015.2018
  };

  it("text: sections framed by = rules, Total Latency (ms) → duration in s, other values in extra", async () => {
    const block = await onlyBlock("trtllm-bench.txt");
    expect(block.tool).toBe("trtllm-bench");
    expect(block.lines).toEqual([4, 111]);
    expect(block.metrics).toEqual(expected);
    expect(block.extra).toMatchObject({
      Model: "Qwen/Qwen3-8B",
      "TensorRT LLM Version": "1.2.0rc1",
      machine: "NVIDIA H100 80GB HBM3, memory 79.19 GB, 2.62 GHz",
      "KV Memory Percentage": "90.00%",
      "Issue Rate (req/sec)": "2.3129E+15",
      "Number of concurrent requests": "245.8124",
      "Per GPU Output Throughput (tps/gpu)": "11314.4641",
      "[GTPS] P99": "63.0098",
      "Dataset Path": "/workspace/synthetic_1024_1024.jsonl"
    });
  });

  it("JSON report maps to the same metrics as the text report", async () => {
    const block = await onlyBlock("trtllm-bench.json");
    expect(block.tool).toBe("trtllm-bench");
    expect(block.format).toBe("json");
    expect(block.lines).toEqual([1, 88]);
    expect(block.metrics).toEqual(expected);
    expect(block.extra["world_info.scheduling_policy"]).toBe("GUARANTEED_NO_EVICT");
    expect(block.extra["engine.version"]).toBe("1.2.0rc1");
  });
});

describe("trtllm-bench report with the logger prefix on its first rule", () => {
  it("still starts at the first rule", () => {
    const text = readFileSync(`${FIXTURES}/trtllm-bench.txt`, "utf8").replace(
      "[12/02/2025-14:05:51] [TRT-LLM] [I] \n\n=",
      "[12/02/2025-14:05:51] [TRT-LLM] [I] ="
    );
    const {blocks, errors} = parseText(text, "bench.log");
    expect(errors).toEqual([]);
    expect(blocks[0].lines).toEqual([2, 109]);
    expect(blocks[0].metrics.duration).toBe(271.5101342);
  });
});
