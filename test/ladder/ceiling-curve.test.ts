// The physical ceiling as a function of concurrency (issue 22 item 3): the headroom model with the batch capped at the
// concurrency, bound by weight streaming at low concurrency and by compute at high, drawn under the measured curves.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {scenarioCeiling, type Scenario} from "../../loaders/headroom/ceiling.js";
import {readGpuTable, resolveGpu, type Gpu} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {stepCurves} from "../../loaders/pages/load-curves.js";
import {curvesDefinitions, loadCurvesSpec} from "../../src/components/loadCurvesChart.js";
import {writeLadderStudy} from "../support/ladder-study.js";
import {TINY} from "../headroom/tiny-config.js";

const root = mkdtempSync(join(tmpdir(), "tps-ceiling-curve-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

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

describe("the ceiling at batch = concurrency, by hand (the tiny configuration)", () => {
  // N=3 requests of I=5 in, O=4 out: F = 19 392 FLOP; weights 704 B a step, KV reads 1008 B, writes 432 B.
  const scenario: Scenario = {numPrompts: 3, inputLen: 5, outputLen: 4};

  it("at concurrency 1 every request decodes alone: ⌈3·3/1⌉ = 9 steps stream the weights, bandwidth binds", () => {
    const c = scenarioCeiling(TINY, toyGpu(300, 100, 2000), scenario, {concurrency: 1});
    expect(c.iterations.count).toBe(9);
    expect(c.bytes.total).toBe(9 * 704 + 1008 + 432);
    expect(c.memoryTime).toBeCloseTo(77.76, 12);
    expect(c.binding).toBe("bandwidth");
    expect(c.ceilingTps).toBeCloseTo(27 / 77.76, 12);
  });

  it("at concurrency 3 the three decode together: 3 steps, 35.52 s of memory under 64.64 s of compute, compute binds", () => {
    const c = scenarioCeiling(TINY, toyGpu(300, 100, 2000), scenario, {concurrency: 3});
    expect(c.iterations.count).toBe(3);
    expect(c.memoryTime).toBeCloseTo(35.52, 12);
    expect(c.computeTime).toBeCloseTo(64.64, 12);
    expect(c.binding).toBe("compute");
    expect(c.ceilingTps).toBeCloseTo(27 / 64.64, 12);
  });

  it("without a concurrency the ceiling is as before (the seed's figures do not move)", () => {
    const gpu = toyGpu(300, 100, 2000);
    expect(scenarioCeiling(TINY, gpu, scenario)).toEqual(scenarioCeiling(TINY, gpu, scenario, {concurrency: 1000}));
  });
});

describe("the ceiling curve of a ladder study", () => {
  const dir = join(root, "ladder");
  writeLadderStudy(dir, {ttft: 2000, tpot: 30});

  it("each load point carries the ceiling at its concurrency, and the chart draws it under the measured curves", async () => {
    const {report} = await loadStudy(dir);
    const curves = stepCurves(report, report.steps[0])!;
    const [chat] = curves.scenarios;
    const dims = readModelConfig("qwen3-8b");
    const h200 = resolveGpu(readGpuTable(), "h200-sxm");
    for (const c of [1, 16, 256]) {
      const point = chat.points.find((p) => p.candidate === "base" && p.load === c)!;
      const prompts = Math.max(100, 2 * c);
      const hand = scenarioCeiling(dims, h200, {numPrompts: prompts, inputLen: 1000, outputLen: 200}, {concurrency: c});
      expect(point.ceiling).toBeCloseTo(hand.ceilingTps, 6);
      expect(point.realistic).toBeCloseTo(hand.realisticTps, 6);
    }
    const at = (c: number) => chat.points.find((p) => p.candidate === "base" && p.load === c)!;
    // Weight streaming binds alone at concurrency 1; the ceiling grows with concurrency.
    expect(at(16).ceiling!).toBeGreaterThan(at(1).ceiling! * 8);
    for (const p of chat.points) expect(p.value!).toBeLessThan(p.realistic!);

    type Layer = {data: {values: Record<string, unknown>[]}; encoding: Record<string, {title?: string | string[]}>};
    const spec = loadCurvesSpec(curves, chat, {base: "Defaults"}, {lang: "en", width: 900, gpus: 1}) as unknown as {
      vconcat: [{hconcat: {layer: Layer[]}[]}, {layer: Layer[]}];
    };
    // The two curves side by side, the ceiling panel under them.
    expect(spec.vconcat[0].hconcat).toHaveLength(2);
    const [ceilingLayer] = spec.vconcat[1].layer;
    expect(ceilingLayer.data.values.filter((v) => v.candidate === "Defaults")).toHaveLength(9);
    const titles = [...spec.vconcat[0].hconcat, spec.vconcat[1]].flatMap((panel) =>
      panel.layer
        .flatMap((l) => [l.encoding.x?.title, l.encoding.y?.title])
        .filter(Boolean)
        .map((t) => [t].flat().join(" "))
    );
    expect(titles).toContain("concurrency = requests in flight (--max-concurrency), log scale");
    expect(titles).toContain("total tok/s/GPU, log scale");
    expect(titles).toContain("total tok/s/GPU");
    expect(titles).toContain("interactivity (tok/s/user), log scale");
    // How each is computed: under the chart, where no panel's height cuts it.
    expect(curvesDefinitions(chat, "en")).toBe(
      "How the axes are computed: total tok/s/GPU = (input + output tokens) / duration / GPUs; interactivity = 1000 / median TPOT; ceiling = N·(I+O) / max(F/Π, B/β) at batch = concurrency (solid grey; dotted: Π and β at the GPU's realistic MFU and MBU)."
    );
  });
});
