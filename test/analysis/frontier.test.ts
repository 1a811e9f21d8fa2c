// Studies compared along their load curves: each study's Pareto frontier of throughput per GPU against interactivity,
// read at round interactivity levels as a staircase (no interpolation, no extrapolation: "—" above the frontier), and
// each study's best throughput within the SLO. Hand-computed frontiers, then the synthetic ladder study's queue model.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {
  compareCurves,
  frontierAt,
  interactivityFrontier,
  interactivityLevels
} from "../../loaders/analysis/frontier.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {modelPoint, slowerAlpha, writeLadderStudy} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-frontier-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a frontier read at interactivity levels", () => {
  // E is beaten by A (more interactive and faster), C by B.
  const A = {point: "a", interactivity: 10, per_gpu: 100};
  const B = {point: "b", interactivity: 20, per_gpu: 80};
  const C = {point: "c", interactivity: 15, per_gpu: 70};
  const D = {point: "d", interactivity: 30, per_gpu: 40};
  const E = {point: "e", interactivity: 5, per_gpu: 90};

  it("keeps the points nothing beats on both, by interactivity", () => {
    expect(interactivityFrontier([E, D, C, B, A])).toEqual([A, B, D]);
  });

  it("reaches a level with its fastest point at that interactivity or above; above its top, nothing", () => {
    const frontier = [A, B, D];
    expect([3, 10, 12, 20, 25, 30, 31].map((level) => frontierAt(frontier, level)?.point ?? "—")).toEqual([
      "a",
      "a",
      "b",
      "b",
      "d",
      "d",
      "—"
    ]);
  });

  it("levels: 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8 × 10ⁿ from the round level at or below the lowest frontier's bottom (so its highest throughput is read) to the highest one's top", () => {
    expect(
      interactivityLevels([
        [4.5, 30],
        [6, 22]
      ])
    ).toEqual([4, 5, 6, 7, 8, 10, 15, 20, 25, 30]);
    expect(
      interactivityLevels([
        [6.99, 28.63],
        [7.1, 25.86]
      ])
    ).toEqual([6, 7, 8, 10, 15, 20, 25]);
    expect(interactivityLevels([[0.12, 0.31]])).toEqual([0.1, 0.15, 0.2, 0.25, 0.3]);
    expect(interactivityLevels([[7, 9]])).toEqual([7, 8]);
    expect(interactivityLevels([])).toEqual([]);
  });
});

async function compared(dir: string) {
  const {plan, rows, runs} = await loadStudy(dir);
  return {dir, plan, rows, runs};
}

describe("two ladder studies: alpha 10 % slower and its most interactive level gone in the new one", () => {
  it("at each level the frontiers' points, the ratio with its interval, '—' where the new frontier does not reach", async () => {
    writeLadderStudy(join(root, "base"), {ttft: 2000, tpot: 30});
    slowerAlpha(join(root, "new"));
    const c = compareCurves(await compared(join(root, "base")), await compared(join(root, "new")), {threshold: 0.05});
    expect(c.metric).toBe("total_token_throughput");
    expect(c.slo).toEqual({limits: "p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms", from: "base", differs: null});
    expect(c.curves).toHaveLength(1);
    const [curve] = c.curves;
    expect(curve.workload).toBe("dataset=random input=1000 output=200 seed=42");
    // Interactivity 1000 / TPOT, TPOT = 12 + 0.5·c for alpha: c1 80.0, c2 76.9, c4 71.4, c8 62.5, c16 50.0 tok/s/user
    // (× 1.0000667, the mean of 1 / 0.99, 1, 1 / 1.01). The base frontier's top is alpha at c1, the new one's alpha at c2.
    expect(curve.base_frontier.at(-1)!.point).toBe("engine--alpha--chat--c1");
    expect(curve.base_frontier.at(-1)!.interactivity).toBeCloseTo(80.0053, 4);
    expect(curve.new_frontier.at(-1)!.point).toBe("engine--alpha--chat--c2");
    expect(curve.new_frontier.at(-1)!.interactivity).toBeCloseTo(76.928, 3);
    // Its bottom is beta at c256: TPOT 30 + 0.12 × 256 = 60.72 ms, 16.47 tok/s/user; so the levels run 15 … 80.
    expect(curve.base_frontier[0].point).toBe("engine--beta--chat--c256");
    expect(curve.levels.map((l) => l.interactivity)).toEqual([15, 20, 25, 30, 40, 50, 60, 70, 80]);
    const at = (level: number) => curve.levels.find((l) => l.interactivity === level)!;
    // 15: both frontiers' highest throughput, beta at c256 (the high-throughput end is read).
    expect([at(15).base!.point, at(15).new!.point, at(15).verdict]).toEqual([
      "engine--beta--chat--c256",
      "engine--beta--chat--c256",
      "within noise"
    ]);
    // 20 and 25: beta at c128 (22.05) and c64 (26.54) on both sides, unchanged.
    expect([at(20).base!.point, at(20).new!.point, at(20).verdict]).toEqual([
      "engine--beta--chat--c128",
      "engine--beta--chat--c128",
      "within noise"
    ]);
    expect(at(20).base!.per_gpu).toBeCloseTo(153600 / 10.50664, 2);
    expect(at(25).base!.point).toBe("engine--beta--chat--c64");
    // Welch on the log ratio: each side's se / mean is 0.01 / √3, df 4, t = 2.7764, so ratio · exp(±0.02267).
    const half = 2.776445 * Math.sqrt(2 / 3) * 0.01;
    // 50: alpha at c16, 1200 · 16 / (1.020 + 199 × 0.020) s = 3840 tok/s, 3456 in the new study: ×0.900.
    expect([at(50).base!.point, at(50).new!.point]).toEqual(["engine--alpha--chat--c16", "engine--alpha--chat--c16"]);
    expect(at(50).base!.per_gpu).toBeCloseTo(3840, 6);
    expect(at(50).new!.per_gpu).toBeCloseTo(3456, 6);
    expect(at(50).ratio).toBeCloseTo(0.9, 9);
    expect(at(50).low).toBeCloseTo(0.9 * Math.exp(-half), 4);
    expect(at(50).high).toBeCloseTo(0.9 * Math.exp(half), 4);
    expect(at(50).verdict).toBe("regression");
    // 40: the new frontier's fastest point there is now base at c16 (41.7 tok/s/user, 19200 / 5.356 s = 3584.77 tok/s),
    // ×0.9335 of 3840 with the interval [×0.9126, ×0.9549]: it reaches past ×0.95, so within noise.
    expect([at(40).base!.point, at(40).new!.point]).toEqual(["engine--alpha--chat--c16", "engine--base--chat--c16"]);
    expect(at(40).ratio).toBeCloseTo(19200 / 5.356 / 3840, 9);
    expect(at(40).high).toBeCloseTo((19200 / 5.356 / 3840) * Math.exp(half), 4);
    expect(at(40).high).toBeGreaterThan(0.95);
    expect(at(40).verdict).toBe("within noise");
    // 60 and 70: alpha at c8 (2577.87) and c4 (1555.41).
    expect(at(60).base!.per_gpu).toBeCloseTo(modelPoint("alpha", 8).throughput, 6);
    expect(at(70).new!.per_gpu).toBeCloseTo(0.9 * modelPoint("alpha", 4).throughput, 6);
    // 80: only the base frontier reaches it (alpha at c1, 1200 / 2.6075 s = 460.21 tok/s); the new one stops at 76.9.
    expect(at(80)).toMatchObject({new: null, ratio: null, low: null, high: null, basis: null, verdict: null});
    expect(at(80).base!.per_gpu).toBeCloseTo(1200 / 2.6075, 6);
    // Within p99 TTFT ≤ 2 s and p99 TPOT ≤ 30 ms: alpha at c16 on both sides (test/ladder/ladder-study.test.ts).
    expect(curve.within_slo).toMatchObject({
      base: {point: "engine--alpha--chat--c16"},
      new: {point: "engine--alpha--chat--c16"},
      basis: "interval",
      verdict: "regression"
    });
    expect(curve.within_slo!.ratio).toBeCloseTo(0.9, 9);
    expect(c.rule).toContain("nothing is interpolated between points or extrapolated beyond them");
    expect(c.rule).toContain("Within the SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms, BASE's plan)");
  });

  it("an SLO no point meets: '—' on that side; a study without ladders: no curve on its side", async () => {
    const tight = join(root, "tight");
    writeLadderStudy(tight, {ttft: 2000, tpot: 10});
    const c = compareCurves(await compared(tight), await compared(join(root, "new")), {threshold: 0.05});
    // Judged under BASE's SLO (TPOT ≤ 10 ms, which no point meets), NEW's plan says otherwise.
    expect(c.slo).toEqual({
      limits: "p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 10 ms",
      from: "base",
      differs: "p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms"
    });
    expect(c.curves[0].within_slo).toMatchObject({base: null, new: null, ratio: null, verdict: null});
    const seed = await compared("data/studies/qwen3-32b-a100");
    expect(compareCurves(seed, seed, {threshold: 0.05}).curves).toEqual([]);
    const one = compareCurves(seed, await compared(join(root, "new")), {threshold: 0.05});
    expect(one.curves).toHaveLength(1);
    expect(one.curves[0].base_frontier).toEqual([]);
    expect(one.curves[0].levels.every((l) => l.base == null && l.verdict == null)).toBe(true);
  });
});
