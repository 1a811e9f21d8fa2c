import {describe, expect, it} from "vitest";
import {scenarioCeiling, type Scenario} from "../../loaders/headroom/ceiling.js";
import {readGpuTable, resolveGpu, type Gpu} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {TINY} from "./tiny-config.js";

const GiB = 2 ** 30;
const table = readGpuTable();
const A100 = resolveGpu(table, "a100-sxm4-80gb");
const H200 = resolveGpu(table, "h200-sxm");
const QWEN3_32B = readModelConfig("qwen3-32b");

/** A GPU with round numbers so the tiny case can be checked by hand. */
function toyGpu(flops: number, bandwidth: number, memory: number): Gpu {
  const figure = (value: number) => ({value, source: "toy"});
  return {
    id: "toy",
    name: "Toy",
    aliases: [],
    memoryName: "toy",
    bf16Flops: figure(flops),
    fp8Flops: {value: null, source: "toy"},
    hbmBandwidth: figure(bandwidth),
    memoryBytes: figure(memory)
  };
}

/** The same GPU with the memory headroom-model.md §7 uses (79.35 GiB on the A100, 140.0 GiB on the H200). */
const withMemory = (gpu: Gpu, bytes: number): Gpu => ({...gpu, memoryBytes: {value: bytes, source: "doc"}});

function expectRelative(actual: number, expected: number, tolerance = 1e-12) {
  expect(Math.abs(actual - expected) / Math.abs(expected)).toBeLessThanOrEqual(tolerance);
}

describe("the tiny configuration, by hand", () => {
  // N=3 requests of I=5 in, O=4 out. Decode steps see contexts 6, 7, 8: Σ = 21.
  const scenario: Scenario = {numPrompts: 3, inputLen: 5, outputLen: 4};
  // Π = 1000 FLOP/s, β = 100 B/s, M = 2000 B at u = 0.9: C = (1800 − 792) / 16 = 63 tokens.
  const c = scenarioCeiling(TINY, toyGpu(1000, 100, 2000), scenario);

  it("counts FLOPs", () => {
    expect(c.decodeContext).toBe(21);
    // Prefill per request: 2·312·5 + 2·40 + 32·(5·6/2) = 3120 + 80 + 480 = 3680.
    expect(c.flops.prefill).toBe(3 * 3680);
    // Decode per request: 3·(2·312 + 2·40) + 32·21 = 2112 + 672 = 2784.
    expect(c.flops.decode).toBe(3 * 2784);
    expect(c.flops.total).toBe(19_392);
  });

  it("counts KV capacity, iterations and bytes", () => {
    expect(c.kvCapacityTokens).toBe(63);
    expect(c.maxConcurrent).toBe(10); // ⌊63 / 6⌋
    expect(c.iterations).toEqual({count: 3, decodeSteps: 3, concurrencyLimited: 1, kvLimited: 1}); // 3·21/63 = 1
    // Weights 3·704, KV reads 3·21·16, KV writes 3·9·16.
    expect(c.bytes).toEqual({weights: 2112, kvReads: 1008, kvWrites: 432, total: 3552});
  });

  it("bounds the time and the throughput", () => {
    expect(c.computeTime).toBeCloseTo(19.392, 12);
    expect(c.memoryTime).toBeCloseTo(35.52, 12);
    expect(c.totalTokens).toBe(27);
    expect(c.ceilingTps).toBeCloseTo(27 / 35.52, 12);
    expect(c.realisticTps).toBeCloseTo(27 / Math.max(19.392 / 0.65, 35.52 / 0.82), 12);
    // No overlap: 11.04 s of prefill, then max(8.352, 35.52).
    expect(c.noOverlapTps).toBeCloseTo(27 / (11.04 + 35.52), 12);
    expect(c.binding).toBe("bandwidth");
  });

  it("binds on KV capacity when the KV term sets the iteration count", () => {
    // u = 1, M = 984: C = (984 − 792) / 16 = 12; ⌊12/6⌋ = 2 at once → ⌈9/2⌉ = 5; KV term 63/12 = 5.25.
    const k = scenarioCeiling(TINY, toyGpu(1000, 100, 984), scenario, {memUtil: 1});
    expect(k.kvCapacityTokens).toBe(12);
    expect(k.iterations).toEqual({count: 5.25, decodeSteps: 3, concurrencyLimited: 5, kvLimited: 5.25});
    expect(k.bytes.total).toBe(5.25 * 704 + 1008 + 432);
    expect(k.binding).toBe("kv-capacity");
  });

  it("binds on compute when F/Π is the larger time", () => {
    const slow = scenarioCeiling(TINY, toyGpu(100, 100, 2000), scenario);
    expect(slow.computeTime).toBeCloseTo(193.92, 10);
    expect(slow.binding).toBe("compute");
    expect(slow.ceilingTps).toBeCloseTo(27 / 193.92, 12);
  });

  it("accepts a mean (non-integer) output length through the closed form", () => {
    const mean = scenarioCeiling(TINY, toyGpu(1000, 100, 2000), {numPrompts: 2, inputLen: 5, outputLen: 2.5});
    // Σ_{k=1..O−1}(I+k) as (O−1)·I + (O−1)·O/2 = 7.5 + 1.875.
    expect(mean.decodeContext).toBe(9.375);
    expect(mean.iterations.concurrencyLimited).toBe(1); // ⌈2·1.5 / 10⌉
    expect(mean.totalTokens).toBe(15);
  });

  it("refuses impossible inputs", () => {
    const gpu = toyGpu(1000, 100, 2000);
    expect(() => scenarioCeiling(TINY, gpu, {numPrompts: 0, inputLen: 5, outputLen: 4})).toThrow(/number of prompts/);
    expect(() => scenarioCeiling(TINY, gpu, {numPrompts: 1, inputLen: 5, outputLen: 0.5})).toThrow(/output length/);
    expect(() => scenarioCeiling(TINY, toyGpu(1000, 100, 800), scenario)).toThrow(/do not fit in 0.9 ×/);
  });
});

describe("Qwen3-32B against headroom-model.md", () => {
  it("KV capacity is 42,561 tokens on the A100 and 266,141 on the H200 with the doc's memory figures", () => {
    const scenario = {numPrompts: 1, inputLen: 1, outputLen: 1};
    const a100 = scenarioCeiling(QWEN3_32B, withMemory(A100, 79.35 * GiB), scenario);
    const h200 = scenarioCeiling(QWEN3_32B, withMemory(H200, 140.0 * GiB), scenario);
    expect(Math.round(a100.kvCapacityTokens)).toBe(42_561);
    expect(Math.round(h200.kvCapacityTokens)).toBe(266_141);
  });

  it("is 42,549 and 265,406 tokens with the table's exact CUDA memory sizes", () => {
    const scenario = {numPrompts: 1, inputLen: 1, outputLen: 1};
    // (0.9 · 85,198,045,184 − 65,524,246,528) / 262,144 and (0.9 · 150,109,880,320 − 65,524,246,528) / 262,144
    expect(Math.floor(scenarioCeiling(QWEN3_32B, A100, scenario).kvCapacityTokens)).toBe(42_549);
    expect(scenarioCeiling(QWEN3_32B, H200, scenario).kvCapacityTokens).toBeCloseTo(265_406.2109375, 6);
  });

  // Values of the §7 Python reference (A100, 79.35 GiB, u = 0.9): hard ceiling, no-overlap, realistic, F, B, n.
  const REFERENCE: [string, Scenario, number, number, number, number, number, number][] = [
    [
      "short",
      {numPrompts: 1000, inputLen: 128, outputLen: 4},
      5022.191483756814,
      5022.191483756814,
      3264.424464441929,
      8.2004041728e15,
      776523284480,
      10
    ],
    [
      "medium",
      {numPrompts: 500, inputLen: 2000, outputLen: 100},
      4825.395340024514,
      3562.359147909076,
      3136.5069710159346,
      6.7890810372096e16,
      179392560792903.38,
      2384.24314851144
    ],
    [
      "long",
      {numPrompts: 500, inputLen: 4000, outputLen: 200},
      4665.4356031686,
      2652.016269166685,
      3032.53314205959,
      1.40437047197696e17,
      743977843097600,
      9950
    ],
    [
      "very long",
      {numPrompts: 100, inputLen: 32000, outputLen: 100},
      3247.505830262482,
      2402.548446199656,
      2110.878789670613,
      3.083966749704192e17,
      717305738035200,
      9900
    ]
  ];
  for (const [name, scenario, tps, ser, real, F, B, n] of REFERENCE) {
    it(`matches the Python reference for the ${name} scenario`, () => {
      const c = scenarioCeiling(QWEN3_32B, withMemory(A100, 79.35 * GiB), scenario);
      expectRelative(c.ceilingTps, tps);
      expectRelative(c.noOverlapTps, ser);
      expectRelative(c.realisticTps, real);
      expectRelative(c.flops.total, F);
      expectRelative(c.bytes.total, B);
      expectRelative(c.iterations.count, n);
      expect(c.binding).toBe("compute");
    });
  }

  it("gives the §6 no-overlap figures at u = 1.0 (medium 4.0k, long 3.2k, very long 2.7k)", () => {
    const at = (s: Scenario) => scenarioCeiling(QWEN3_32B, withMemory(A100, 79.35 * GiB), s, {memUtil: 1}).noOverlapTps;
    expect(Math.round(at(REFERENCE[1][1]) / 100) / 10).toBe(4.0);
    expect(Math.round(at(REFERENCE[2][1]) / 100) / 10).toBe(3.2);
    expect(Math.round(at(REFERENCE[3][1]) / 100) / 10).toBe(2.7);
  });

  it("the closed form of Σ(I+k) equals the explicit sum for integer O", () => {
    let sum = 0;
    for (let k = 1; k <= 199; k++) sum += 4000 + k;
    expect(scenarioCeiling(QWEN3_32B, A100, REFERENCE[2][1]).decodeContext).toBe(sum);
  });

  it("is bandwidth-bound on the H200 for a short-prompt, decode-heavy scenario", () => {
    const decodeHeavy = scenarioCeiling(QWEN3_32B, H200, {numPrompts: 64, inputLen: 128, outputLen: 2000});
    expect(decodeHeavy.binding).toBe("bandwidth");
    expect(decodeHeavy.iterations.count).toBe(1999);
    expect(decodeHeavy.memoryTime).toBeGreaterThan(decodeHeavy.computeTime);
  });

  it("is KV-capacity-bound on the A100 for long prompts with long outputs", () => {
    // 16,001-token sequences: only ⌊42,549 / 16,001⌋ = 2 decode together, so n = ⌈1000·1999 / 2⌉.
    const c = scenarioCeiling(QWEN3_32B, A100, {numPrompts: 1000, inputLen: 16000, outputLen: 2000});
    expect(c.maxConcurrent).toBe(2);
    expect(c.iterations.concurrencyLimited).toBe(999_500);
    expect(c.memoryTime).toBeGreaterThan(c.computeTime);
    expect(c.binding).toBe("kv-capacity");
  });
});
