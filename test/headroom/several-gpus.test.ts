// The ceiling of a server of several GPUs: tensor parallel pools the GPUs and pays the interconnect, data parallel
// runs copies; counted by hand on the tiny model, and a real import whose server ran on 8 GPUs.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {scenarioCeiling, type Scenario} from "../../loaders/headroom/ceiling.js";
import {readGpuTable, resolveGpu, type Gpu} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";
import {TINY} from "./tiny-config.js";

const root = mkdtempSync(join(tmpdir(), "tps-several-gpus-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** Round figures for hand counts; λ, one direction of the link, in B/s. */
function toyGpu(flops: number, bandwidth: number, memory: number, link: number | null): Gpu {
  const figure = (value: number) => ({value, source: "toy"});
  return {
    id: "toy",
    name: "Toy",
    aliases: [],
    memoryName: "toy",
    bf16Flops: figure(flops),
    fp8Flops: {value: null, source: "toy"},
    hbmBandwidth: figure(bandwidth),
    memoryBytes: figure(memory),
    interconnectBandwidth: link === null ? null : figure(link)
  };
}

describe("the tiny model on two GPUs, tensor parallel, by hand", () => {
  // N=3 of I=5 in, O=4 out, as the one-GPU case in ceiling.test.ts: F = 19,392, decode contexts Σ = 21.
  const scenario: Scenario = {numPrompts: 3, inputLen: 5, outputLen: 4};
  const c = scenarioCeiling(TINY, toyGpu(1000, 100, 2000, 100), scenario, {parallel: {tp: 2}});

  it("pools compute, bandwidth and memory, and keeps its one KV head on both GPUs", () => {
    expect([c.peakFlops, c.bandwidth, c.memoryBytes]).toEqual([2000, 200, 4000]);
    expect(c.parallel).toEqual({tp: 2, pp: 1, dp: 1, gpus: 2, requestsPerCopy: 3});
    // K = 1 < tp = 2: 16 B of KV per token twice. C = (0.9·4000 − 792) / 32 = 87.75; ⌊87.75/6⌋ = 14 at once.
    expect(c.kvCapacityTokens).toBe(87.75);
    expect(c.maxConcurrent).toBe(14);
    expect(c.iterations.count).toBe(3);
    // Weights 3·704; KV reads 3·21·32, writes 3·9·32.
    expect(c.bytes).toEqual({weights: 2112, kvReads: 2016, kvWrites: 864, total: 4992});
  });

  it("pays two all-reduces of the hidden state per layer and processed token over the link", () => {
    // 3·(5 + 4 − 1) = 24 tokens; per token 2 all-reduces × 2 layers × 2(2−1)/2 × (4 values × 2 B) = 32 B per GPU.
    expect(c.interconnect).toEqual({bandwidth: 100, bytesPerGpu: 768, time: 7.68});
    expect(c.computeTime).toBeCloseTo(9.696, 12);
    expect(c.memoryTime).toBeCloseTo(24.96, 12);
    expect(c.ceilingTps).toBeCloseTo(27 / 24.96, 12);
    expect(c.binding).toBe("bandwidth");
    expect(c.realisticTps).toBeCloseTo(27 / Math.max(9.696 / 0.65, 24.96 / 0.82, 7.68 / 0.8), 12);
    expect(c.noOverlapTps).toBeCloseTo(27 / (11.04 / 2 + Math.max(8.352 / 2, 24.96, 7.68)), 12);
  });

  it("binds on the interconnect when the link is slow", () => {
    const slow = scenarioCeiling(TINY, toyGpu(1000, 100, 2000, 10), scenario, {parallel: {tp: 2}});
    expect(slow.interconnect!.time).toBeCloseTo(76.8, 12);
    expect(slow.lowerBoundTime).toBeCloseTo(76.8, 12);
    expect(slow.binding).toBe("interconnect");
  });

  it("refuses a GPU the table gives no link for, and degrees that are no whole number", () => {
    expect(() => scenarioCeiling(TINY, toyGpu(1000, 100, 2000, null), scenario, {parallel: {tp: 2}})).toThrow(
      "toy has no interconnect bandwidth in the GPU table (data/gpus/gpus.yaml), which tensor and pipeline parallel need"
    );
    expect(() => scenarioCeiling(TINY, toyGpu(1000, 100, 2000, 100), scenario, {parallel: {dp: 0}})).toThrow(
      "data parallel size must be a whole number from 1, got 0"
    );
  });
});

describe("data parallel: copies with a share of the requests each", () => {
  it("three copies of the tiny model: the busiest serves one request, the ceiling counts all three", () => {
    const gpu = toyGpu(1000, 100, 2000, null);
    const c = scenarioCeiling(TINY, gpu, {numPrompts: 3, inputLen: 5, outputLen: 4}, {parallel: {dp: 3}});
    expect(c.parallel).toEqual({tp: 1, pp: 1, dp: 3, gpus: 3, requestsPerCopy: 1});
    expect(c.interconnect).toBeNull();
    // One request: F = 3680 + 2784; weights still streamed 3 times (2112 B), KV reads 21·16, writes 9·16.
    expect(c.flops.total).toBe(6464);
    expect(c.bytes.total).toBe(2112 + 336 + 144);
    expect(c.ceilingTps).toBeCloseTo(27 / 25.92, 12);
    // One GPU serving all three takes 35.52 s: the copies' gain is the weight streams they do not share.
    expect(scenarioCeiling(TINY, gpu, {numPrompts: 3, inputLen: 5, outputLen: 4}).ceilingTps).toBeCloseTo(27 / 35.52);
  });

  it("a concurrency level is shared too: 4 in flight over 2 copies is 2 each", () => {
    const gpu = toyGpu(1000, 100, 2000, null);
    const c = scenarioCeiling(
      TINY,
      gpu,
      {numPrompts: 8, inputLen: 5, outputLen: 4},
      {parallel: {dp: 2}, concurrency: 4}
    );
    expect(c.maxConcurrent).toBe(2);
    expect(c.iterations.concurrencyLimited).toBe(6); // ⌈4·3/2⌉
  });
});

describe("a run whose server used 8 H100s (vLLM --tensor-parallel-size 8)", () => {
  it("is measured against the 8-GPU ceiling, not one GPU's, and counts 8 GPUs", async () => {
    const h100 = resolveGpu(readGpuTable(), "h100-sxm");
    const qwen = readModelConfig("qwen3-32b");
    const scenario = {numPrompts: 1000, inputLen: 1000, outputLen: 100};
    const one = scenarioCeiling(qwen, h100, scenario);
    const eight = scenarioCeiling(qwen, h100, scenario, {parallel: {tp: 8}});
    // 1.5× what one GPU could reach: possible only on several.
    const duration = (1000 * 1100) / (1.5 * one.ceilingTps);
    expect(eight.ceilingTps).toBeGreaterThan(1.5 * one.ceilingTps);
    const file = join(root, "tp8.json");
    writeFileSync(file, pyJson(vllmResult({model: "Qwen/Qwen3-32B", ...scenario, duration})));
    const {main} = await import("../../loaders/cli/import.js");
    const study = join(root, "tp8");
    const set = ["--set", "tensor_parallel_size=8", "--set", "gpu=NVIDIA H100 80GB HBM3"];
    expect(await main([...set, file, "--into", study])).toBe(0);
    const {rows, report} = await loadStudy(study, root);
    expect(rows).toHaveLength(1);
    expect(rows[0].gpu_count).toBe(8);
    expect(report.findings.filter((f) => f.severity === "error").map((f) => f.code)).toEqual([]);
    expect(rows[0].ceiling_tps).toBeCloseTo(eight.ceilingTps, 6);
    expect(rows[0].ceiling_ratio).toBeCloseTo((1.5 * one.ceilingTps) / eight.ceilingTps, 6);
  });
});
