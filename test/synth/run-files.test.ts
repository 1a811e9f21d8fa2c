// One simulated run: the printed block parses to the figures the simulation computed, the detailed JSON holds
// per-request arrays of the right lengths whose statistics are the ones saved with them.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {readResultJson} from "../../loaders/requests/stream-result-json.js";
import type {PlanScenario} from "../../loaders/study/plan.js";
import {Prng} from "../support/synth/prng.js";
import {pyFloat} from "../support/synth/py-format.js";
import {writeResultJson} from "../support/synth/result-json.js";
import {simulateRun} from "../support/synth/simulate-run.js";
import {benchLog, summaryBlock} from "../support/synth/vllm-block.js";

const dir = mkdtempSync(join(tmpdir(), "tps-synth-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const sharegpt: PlanScenario = {
  id: "sharegpt",
  name: {en: "ShareGPT", tr: "ShareGPT"},
  dataset: "sharegpt",
  dataset_path: "ShareGPT_V3_unfiltered_cleaned_split.json",
  input_len: null,
  output_len: null,
  num_prompts: 300,
  seed: null
};
const medium: PlanScenario = {
  ...sharegpt,
  id: "medium",
  dataset: "random",
  input_len: 2000,
  output_len: 100,
  num_prompts: 200,
  seed: 42
};

const printed = (x: number) => Number(x.toFixed(2));

describe("vLLM text block", () => {
  for (const detailed of [false, true])
    it(`parses to the simulated figures at 2 decimals (${detailed ? "ttft,tpot,itl,e2el at 50,90,95,99" : "defaults"})`, () => {
      const run = simulateRun({
        scenario: sharegpt,
        throughput: 1730.98,
        slots: 256,
        detailed,
        rng: new Prng(`t${detailed}`)
      });
      const argv = ["vllm", "bench", "serve", "--dataset-name", "sharegpt"];
      const parsed = parseText(benchLog(run, argv, 0), "bench.log");
      expect(parsed.errors).toEqual([]);
      expect(parsed.blocks).toHaveLength(1);
      const [block] = parsed.blocks;
      expect(block.lines).toEqual([9, 8 + summaryBlock(run).length]);
      const m = run.metrics;
      const wanted: Record<string, number> = {
        completed: m.completed,
        duration: printed(m.duration),
        total_input_tokens: m.total_input_tokens,
        total_output_tokens: m.total_output_tokens,
        request_throughput: printed(m.request_throughput),
        output_throughput: printed(m.output_throughput),
        max_output_tokens_per_s: m.max_output_tokens_per_s,
        max_concurrent_requests: 300,
        total_token_throughput: printed(m.total_token_throughput)
      };
      for (const family of run.families) {
        wanted[`mean_${family}_ms`] = printed(m[`mean_${family}_ms`]);
        wanted[`median_${family}_ms`] = printed(m[`median_${family}_ms`]);
        for (const p of run.percentiles) wanted[`p${p}_${family}_ms`] = printed(m[`p${p}_${family}_ms`]);
      }
      expect(block.metrics).toEqual(wanted);
      expect(block.metrics.total_token_throughput).toBeCloseTo(
        (m.total_input_tokens + m.total_output_tokens) / m.duration,
        1
      );
    });

  it("aligns labels to 40 characters and pads values to 10, like Python's {:<40} {:<10}", () => {
    const run = simulateRun({scenario: medium, throughput: 2521.38, slots: 256, detailed: false, rng: new Prng("a")});
    const lines = summaryBlock(run);
    expect(lines[0]).toBe("============ Serving Benchmark Result ============");
    expect(lines[1]).toBe("Successful requests:                     200       ");
    expect(lines[10]).toBe("---------------Time to First Token----------------");
    expect(lines.at(-1)).toBe("=".repeat(50));
  });
});

describe("--save-detailed result JSON", () => {
  const run = simulateRun({scenario: medium, throughput: 2521.38, slots: 64, detailed: true, rng: new Prng("json")});
  const file = join(dir, "result.json");
  const bytes = writeResultJson(file, run, {date: "20251020-120000", model: "Qwen/Qwen3-32B", numPrompts: 200});
  const text = readFileSync(file, "utf8");
  const json = JSON.parse(text);

  it("is one line of Python json.dump output with the per-request arrays of the right lengths", () => {
    expect(Buffer.byteLength(text)).toBe(bytes);
    expect(text).not.toContain("\n");
    expect(text.startsWith('{"date": "20251020-120000", "endpoint_type": "openai-chat"')).toBe(true);
    expect(text).toContain('"request_rate": "inf", "burstiness": 1.0, "max_concurrency": null');
    for (const key of ["input_lens", "output_lens", "ttfts", "itls", "generated_texts", "errors"])
      expect(json[key]).toHaveLength(200);
    json.itls.forEach((itl: number[], i: number) => expect(itl).toHaveLength(Math.max(0, json.output_lens[i] - 1)));
    expect(json.input_lens.every((n: number) => n === 2000)).toBe(true);
    expect(json.completed + json.failed).toBe(200);
  });

  it("saves the same figures the block prints, in full precision", () => {
    for (const key of ["duration", "total_token_throughput", "mean_ttft_ms", "p99_itl_ms", "std_e2el_ms"])
      expect(json[key]).toBe(run.metrics[key]);
    expect(text).toContain(`"mean_tpot_ms": ${pyFloat(run.metrics.mean_tpot_ms)}`);
  });

  it("reduces to distributions whose statistics are the saved ones (numpy mean/std/percentiles)", () => {
    const [record] = readResultJson(file);
    const q = record.requests!;
    expect(q.requests).toBe(200);
    expect(q.failed).toBe(json.failed);
    for (const family of ["ttft", "tpot", "itl", "e2el"]) {
      const s = q[`${family}_ms` as "ttft_ms"]!;
      expect(s.mean).toBeCloseTo(json[`mean_${family}_ms`], 6);
      expect(s.std).toBeCloseTo(json[`std_${family}_ms`], 6);
      expect(s.quantiles.p50).toBeCloseTo(json[`median_${family}_ms`], 6);
      expect(s.quantiles.p99).toBeCloseTo(json[`p99_${family}_ms`], 6);
      expect(s.histogram.counts.reduce((a, b) => a + b, 0)).toBe(s.count);
    }
    expect(q.itl_ms!.count).toBe(json.itls.flat().length);
  });
});

describe("Python float repr", () => {
  it("matches repr() on whole numbers, exponents and short forms", () => {
    expect([16, 1e16, 1.5e-5, 0.0001, 123456789012345, 2.5e22, -3e-7, 0.1 + 0.2].map(pyFloat)).toEqual([
      "16.0",
      "1e+16",
      "1.5e-05",
      "0.0001",
      "123456789012345.0",
      "2.5e+22",
      "-3e-07",
      "0.30000000000000004"
    ]);
  });
});
