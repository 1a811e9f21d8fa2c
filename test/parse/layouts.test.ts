// trtllm-bench reports across versions and the AIPerf formats, on real outputs from the corpus.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseBuffer, parseText} from "../../loaders/parse/index.js";

const corpus = (name: string) => parseBuffer(readFileSync(`test/fixtures/corpus/${name}.txt`), name);
const RULE = "=".repeat(59);

describe("trtllm-bench layouts", () => {
  it("0.12: a STATISTICS section with output throughput as 'Token Throughput' and the wall time in seconds", () => {
    // The example report of TensorRT-LLM 0.12's docs/source/performance/perf-benchmarking.md (tab-separated as printed).
    const text = [
      RULE,
      "= STATISTICS",
      RULE,
      "Number of requests:\t\t3000",
      "Average Input Length (tokens):\t128.0",
      "Average Output Length (tokens):\t128.0",
      "Token Throughput (tokens/sec):\t23405.927228471104",
      "Request Throughput (req/sec):\t182.8588064724305",
      "Total Latency (seconds):\t16.406100739",
      RULE
    ].join("\n");
    const result = parseText(text, "bench.log");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.blocks[0].tool).toBe("trtllm-bench");
    expect(result.blocks[0].metrics).toEqual({
      completed: 3000,
      output_throughput: 23405.927228471104,
      request_throughput: 182.8588064724305,
      duration: 16.406100739
    });
  });

  it("1.2 hand-edited into columns, with short rules and bare titles (TensorRT-LLM PR #9459)", () => {
    const result = corpus("trtllm-bench-pr9459-columns");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    const [block] = result.blocks;
    expect(block.metrics).toEqual({
      completed: 256,
      request_throughput: 0.9765,
      output_throughput: 15999.06,
      total_token_throughput: 23998.59,
      duration: 262.1594,
      mean_e2el_ms: 257805.8
    });
    expect(block.extra["Request Throughput (req/sec) (other columns)"]).toBe("0.9812");
    expect(block.extra["PERFORMANCE OVERVIEW (note)"]).toBe("main / ep+tp branch");
    // The paste ends after the last row: no closing rule is expected of this section.
    expect(block.partial).toBeUndefined();
  });

  it("a PERFORMANCE OVERVIEW without REQUEST DETAILS is complete (TensorRT-LLM issue #6294)", () => {
    const result = corpus("trtllm-bench-issue6294");
    expect(result.errors).toEqual([]);
    const [block] = result.blocks;
    expect(block.metrics.request_throughput).toBe(248.4751);
    expect(block.metrics.duration).toBe(120.7364401);
    expect(block.metrics.p99_e2el_ms).toBe(68887.7569);
    expect(block.metrics.completed).toBeUndefined();
    expect(block.partial).toBeUndefined();
  });

  it("a report cut inside PERFORMANCE OVERVIEW keeps its values and says what it lacks (PR #7104)", () => {
    const result = corpus("trtllm-bench-pr7104-cut");
    expect(result.errors).toEqual([]);
    const [block] = result.blocks;
    expect(block.metrics).toEqual({completed: 6144, request_throughput: 7.3411, output_throughput: 7517.2584});
    expect(block.partial).toBe(
      'trtllm-bench report at lines 1-35 is partial: lacks the required line "Total Latency (ms):"; the text stops at line 35, before its value'
    );
  });
});

describe("AIPerf", () => {
  it("the console table: names and units mapped, thousands separators read (TensorRT-LLM PR #11708)", () => {
    const result = corpus("aiperf-trtllm-pr11708-table");
    expect(result.errors).toEqual([]);
    const [block] = result.blocks;
    expect(block.tool).toBe("aiperf");
    expect(block.metrics).toMatchObject({
      mean_ttft_ms: 1655.27,
      p99_ttft_ms: 3487.93,
      std_ttft_ms: 659.4,
      mean_e2el_ms: 9028.55,
      p50_e2el_ms: 9028.99,
      mean_tpot_ms: 15.72,
      max_tpot_ms: 18.96
    });
    expect(block.extra["Time to Second Token avg"]).toBe("129.52");
    expect(block.partial).toMatch(/no closing border/);
  });

  it("rows pasted without their header take AIPerf's column order and are marked partial (aiperf #535)", () => {
    const result = corpus("aiperf-issue535-table-rows");
    const [block] = result.blocks;
    expect(block.metrics).toEqual({output_throughput: 5388.43, request_throughput: 1.8, completed: 100});
    expect(block.partial).toMatch(/no header row/);
  });

  it("profile_export_aiperf.json cut inside a code fence: the members before the cut (aiperf #340)", () => {
    const result = corpus("aiperf-issue340-json");
    expect(result.errors).toEqual([]);
    const [block] = result.blocks;
    expect(block.format).toBe("json");
    expect(block.metrics).toMatchObject({
      request_throughput: 0.14968841618235815,
      completed: 80,
      mean_e2el_ms: 6655.520201949999,
      p99_ttft_ms: 48.16844818,
      std_ttft_ms: 3.440228207609689
    });
    expect(block.extra["time_to_second_token.p99"]).toBe("6.50701575");
    expect(block.partial).toMatch(/cut off before its closing brace/);
  });

  it("a whole profile_export_aiperf.json with latencies in ns is converted to ms", () => {
    const record = {
      request_throughput: {unit: "requests/sec", avg: 2.5},
      request_latency: {unit: "ns", avg: 1234567890, p99: 2000000000},
      benchmark_duration: {unit: "sec", avg: 40.0},
      request_count: {unit: "requests", avg: 100}
    };
    const result = parseText(JSON.stringify(record, null, 2), "profile_export_aiperf.json");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics).toEqual({
      request_throughput: 2.5,
      mean_e2el_ms: 1234.56789,
      p99_e2el_ms: 2000,
      duration: 40,
      completed: 100
    });
  });
});
