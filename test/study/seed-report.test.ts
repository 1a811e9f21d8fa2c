// The seed study rebuilt from its archive: every verdict, gain and claim the write-up published, recomputed.
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";

const SEED = "data/studies/qwen3-32b-a100";
let data: StudyData;

beforeAll(async () => {
  data = await loadStudy(SEED);
});

describe("seed study: runs", () => {
  it("reads 17 runs: 15 with a result block, 2 failed with their error", () => {
    expect(data.runs).toHaveLength(17);
    expect(data.rows.filter((r) => r.status === "ok")).toHaveLength(15);
    const failed = data.rows.filter((r) => r.status === "failed");
    expect(failed.map((r) => [r.candidate, r.error])).toEqual([
      ["trtllm-awq", "KeyError: 'weight'"],
      ["trtllm-fp8", "RuntimeError: Unsupported SM version for FP8 block scaling GEMM"]
    ]);
  });

  it("keeps each block's provenance", () => {
    const row = data.rows.find((r) => r.run === "max-num-tokens--trtllm-16384--sharegpt")!;
    expect(row.source_file).toBe(`${SEED}/runs/max-num-tokens--trtllm-16384--sharegpt/bench.log`);
    expect([row.source_first_line, row.source_last_line]).toEqual([2, 24]);
    expect(row.total_token_throughput).toBe(1897.5);
    expect(row.mean_tpot_ms).toBe(79.75);
  });
});

describe("seed study: greedy steps", () => {
  const step = (id: string) => data.report.steps.find((s) => s.id === id)!;

  it("engine selection: TensorRT-LLM > vLLM > SGLang, +18.7% over the vLLM baseline", () => {
    const s = step("engine-selection");
    expect(s.standings.sharegpt.map((x) => [x.candidate, x.value])).toEqual([
      ["trtllm", 2054.21],
      ["vllm", 1730.98],
      ["sglang", 1398.38]
    ]);
    expect(s.verdict.kind).toBe("improved");
    expect(s.verdict.incumbent?.run).toBe("engine-selection--vllm--sharegpt");
    expect(s.verdict.gain_percent).toBeCloseTo(((2054.21 - 1730.98) / 1730.98) * 100, 10);
    expect(s.verdict.winner?.candidate).toBe("trtllm");
  });

  it("quantization: the two TensorRT-LLM failures rank last, no candidate beats 2054.21", () => {
    const s = step("quantization");
    expect(s.standings.sharegpt.map((x) => [x.candidate, x.status, x.value])).toEqual([
      ["vllm-awq", "ok", 1767.21],
      ["vllm-fp8", "ok", 1563.33],
      ["trtllm-awq", "failed", null],
      ["trtllm-fp8", "failed", null]
    ]);
    expect(s.verdict.kind).toBe("no-improvement");
    expect(s.verdict.gain_percent).toBeNull();
    expect(s.verdict.winner?.run).toBe("engine-selection--trtllm--sharegpt");
  });

  it("max tokens per batch: 16384 (1897.50) and 32768 (1627.65) both lose", () => {
    const s = step("max-num-tokens");
    expect(s.standings.sharegpt.map((x) => x.value)).toEqual([1897.5, 1627.65]);
    expect(s.verdict.kind).toBe("no-improvement");
  });

  it("summary: +18.7%, then — and —", () => {
    expect(
      data.report.summary.map((s) => [s.step, s.gain_percent == null ? null : +s.gain_percent.toFixed(1)])
    ).toEqual([
      ["engine-selection", 18.7],
      ["quantization", null],
      ["max-num-tokens", null]
    ]);
  });

  it("recommends the winner with the long-context flags of the other-scenarios step", () => {
    expect(data.report.recommended).toMatchObject({
      candidate: "trtllm",
      engine: "trtllm",
      server_command: "trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill"
    });
  });
});

describe("seed study: headline table", () => {
  it("has the write-up's baseline and optimized TPS and TPOT per scenario", () => {
    expect(
      data.report.headline.map((h) => [
        h.scenario,
        h.baseline_tps,
        h.baseline_tpot_ms,
        h.recommended_tps,
        h.recommended_tpot_ms
      ])
    ).toEqual([
      ["sharegpt", 1730.98, 149.67, 2054.21, 89.01],
      ["short", 2656.71, 528.57, 3535.54, 1885.18],
      ["medium", 2521.38, 143.23, 2715.9, 145.49],
      ["long", 1837.08, 96.19, 2037.67, 100.09],
      ["very-long", 1798.45, 67.87, 1580.36, 47.37]
    ]);
  });

  it("recomputes the changes: +18.7, +33.1, +7.7, +10.9 and −12.1 (not the published −13.8)", () => {
    expect(data.report.headline.map((h) => +h.change_percent.toFixed(1))).toEqual([18.7, 33.1, 7.7, 10.9, -12.1]);
    const short = data.report.headline.find((h) => h.scenario === "short")!;
    expect(short.tpot_change_percent).toBeCloseTo(((1885.18 - 528.57) / 528.57) * 100, 10);
  });
});

describe("seed study: claims and findings", () => {
  it("confirms every published claim but the very-long headline, and explains that one", () => {
    const status = Object.fromEntries(data.report.claims.map((c) => [c.id, c.status]));
    expect(status).toEqual({
      "ranking-engines": "confirmed",
      "winner-engine": "confirmed",
      "gain-engine": "confirmed",
      "gain-quantization": "confirmed",
      "gain-max-num-tokens": "confirmed",
      "headline-sharegpt": "confirmed",
      "headline-short": "confirmed",
      "headline-medium": "confirmed",
      "headline-long": "confirmed",
      "headline-very-long": "contradicted",
      "value-engine-trtllm": "confirmed",
      "value-engine-vllm": "confirmed",
      "value-engine-sglang": "confirmed",
      "recommended-command": "confirmed"
    });
    const veryLong = data.report.claims.find((c) => c.id === "headline-very-long")!;
    expect([veryLong.published, veryLong.recomputed]).toEqual(["−13.8%", "−12.1%"]);
    expect(veryLong.detail).toMatch(/\(new − old\) \/ new/);
  });

  it("flags the Qwen3-14B server commands and the short very-long outputs, and nothing is an error", () => {
    const f = data.report.findings;
    expect(f.filter((x) => x.severity === "error")).toEqual([]);
    expect(f.filter((x) => x.code === "served-model-differs").map((x) => x.run)).toEqual([
      "max-num-tokens--trtllm-16384--sharegpt",
      "max-num-tokens--trtllm-32768--sharegpt"
    ]);
    const off = f.filter((x) => x.code === "token-total-off");
    expect(off.map((x) => x.run)).toEqual([
      "other-scenarios--baseline--very-long",
      "other-scenarios--recommended--very-long"
    ]);
    expect(off[0].message).toContain("7699, 23.0% below 100 requests × 100 output tokens = 10000");
  });
});

describe("seed study: headroom", () => {
  it("puts every measured run under its hard ceiling, compute-bound on the A100", () => {
    const measured = data.rows.filter((r) => r.status === "ok");
    expect(measured).toHaveLength(15);
    for (const r of measured) {
      expect(r.ceiling_ratio as number).toBeGreaterThan(0.2);
      expect(r.ceiling_ratio as number).toBeLessThan(1);
      expect(r.binding).toBe("compute");
    }
    const best = data.rows.find((r) => r.run === "other-scenarios--recommended--short")!;
    expect(best.ceiling_ratio as number).toBeCloseTo(0.704, 3);
    expect(data.rows.filter((r) => r.status === "failed").every((r) => r.ceiling_tps === null)).toBe(true);
  });

  it("reports a ceiling per scenario from the mean lengths of its runs", () => {
    const h = data.report.headroom!;
    expect(h.gpu.id).toBe("a100-sxm4-80gb");
    expect(h.scenarios.map((s) => s.scenario)).toEqual(["sharegpt", "short", "medium", "long", "very-long"]);
    const long = h.scenarios.find((s) => s.scenario === "long")!;
    expect(long.from_runs).toBe(2);
    expect(long.ceiling_tps).toBeGreaterThan(2037.67);
    expect(h.assumptions.length).toBeGreaterThan(0);
  });
});
