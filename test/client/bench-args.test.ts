import {describe, expect, it} from "vitest";
import {parseBenchArgs} from "../../loaders/cli/bench.js";

describe("tps-report bench flags (vllm bench serve names)", () => {
  it("maps the flags onto runBenchmark options", () => {
    const options = parseBenchArgs([
      "--host",
      "10.0.0.5",
      "--port",
      "30000",
      "--model",
      "Qwen/Qwen3-32B",
      "--endpoint",
      "/v1/completions",
      "--dataset-name",
      "random",
      "--input-len",
      "4000",
      "--output-len=200",
      "--random-range-ratio",
      "0.1",
      "--num-prompts",
      "500",
      "--seed",
      "42",
      "--request-rate",
      "inf",
      "--burstiness",
      "0.5",
      "--max-concurrency",
      "64",
      "--goodput",
      "ttft:2000",
      "tpot:50",
      "--percentile-metrics",
      "ttft,tpot,itl,e2el",
      "--metric-percentiles",
      "50,90,99.9",
      "--temperature",
      "0",
      "--extra-body",
      '{"chat_template_kwargs":{"enable_thinking":false}}',
      "--metadata",
      "tp=1",
      "gpu=a100",
      "--save-result",
      "--save-detailed",
      "--result-dir",
      "out"
    ]);
    expect(options).toMatchObject({
      baseUrl: "http://10.0.0.5:30000",
      model: "Qwen/Qwen3-32B",
      endpoint: "/v1/completions",
      datasetName: "random",
      randomInputLen: 4000,
      randomOutputLen: 200,
      sharegptOutputLen: 200,
      randomRangeRatio: 0.1,
      numPrompts: 500,
      seed: 42,
      requestRate: Infinity,
      burstiness: 0.5,
      maxConcurrency: 64,
      goodput: {ttft: 2000, tpot: 50},
      percentileMetrics: ["ttft", "tpot", "itl", "e2el"],
      metricPercentiles: [50, 90, 99.9],
      extraBody: {temperature: 0, chat_template_kwargs: {enable_thinking: false}},
      metadata: {tp: "1", gpu: "a100"},
      saveResult: true,
      saveDetailed: true,
      resultDir: "out"
    });
  });

  it("defaults to vLLM's host and port and accepts --base-url", () => {
    expect(parseBenchArgs([])).toMatchObject({baseUrl: "http://127.0.0.1:8000"});
    expect(parseBenchArgs(["--base-url", "http://gpu:8000"])).toMatchObject({baseUrl: "http://gpu:8000"});
    expect(parseBenchArgs(["--help"])).toBe("help");
  });

  it("rejects what vLLM rejects, naming the flag", () => {
    expect(() => parseBenchArgs(["--num-prompts", "ten"])).toThrow(/--num-prompts: 'ten' is not an integer/);
    expect(() => parseBenchArgs(["--goodput", "ttfb:10"])).toThrow(/--goodput: 'ttfb'/);
    expect(() => parseBenchArgs(["--endpoint", "/generate"])).toThrow(/--endpoint/);
    expect(() => parseBenchArgs(["--percentile-metrics", "ttft,foo"])).toThrow(/'foo'/);
    expect(() => parseBenchArgs(["--bogus"])).toThrow(/unknown option --bogus/);
  });

  // Python's int() and float() refuse these; Number() read "" and " " as 0 and "0x10" as 16.
  it("refuses a blank value and a hexadecimal, binary or octal one, as vLLM's argparse does", () => {
    for (const value of ["", " ", "0x10", "0b1", "0o7"]) {
      expect(() => parseBenchArgs(["--num-prompts", value])).toThrow(`--num-prompts: '${value}' is not an integer`);
      expect(() => parseBenchArgs(["--request-rate", value])).toThrow(`--request-rate: '${value}' is not a number`);
    }
    expect(parseBenchArgs(["--num-prompts", "12", "--request-rate", "1e1"])).toMatchObject({
      numPrompts: 12,
      requestRate: 10
    });
    expect(parseBenchArgs(["--request-rate", "inf"])).toMatchObject({requestRate: Infinity});
  });
});
