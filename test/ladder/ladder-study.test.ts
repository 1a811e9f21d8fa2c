// A ladder study decided within an SLO: the winner under a tight target differs from the winner under a loose one,
// and each candidate's score is its best measured throughput within the SLO (hand-computed from the model).
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {plannedRuns, loadStudyPlan} from "../../loaders/study/plan.js";
import {modelPoint, writeLadderStudy} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-ladder-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

// With 3 repeats at latency × 0.99, 1, 1.01, a point's worst repeat (what the SLO rule holds to a limit) is × 1.01.
const WORST = 1.01;

function study(name: string, slo: {ttft: number; tpot: number}) {
  const dir = join(root, name);
  writeLadderStudy(dir, slo);
  return loadStudy(dir);
}

describe("a concurrency ladder", () => {
  it("plans a point per level with the prompts rule and run ids ending --c<N>", () => {
    const dir = join(root, "plan");
    writeLadderStudy(dir, {ttft: 2000, tpot: 30});
    const runs = plannedRuns(loadStudyPlan(dir));
    expect(runs).toHaveLength(3 * 9 * 3);
    const top = runs.find((r) => r.run === "engine--beta--chat--c256--r3")!;
    expect(top.scenario.max_concurrency).toBe(256);
    expect(top.scenario.num_prompts).toBe(512);
    expect(runs.find((r) => r.run === "engine--beta--chat--c1")!.scenario.num_prompts).toBe(100);
  });

  it("under a tight SLO (p99 TTFT ≤ 2 s, p99 TPOT ≤ 30 ms) picks alpha at c=16 over base at c=8; beta never fits", async () => {
    // base: worst repeat's p99 TPOT at c=8 is 22 × 1.25 × 1.01 = 27.8 ms, at c=16 30.3 ms; alpha: 20 × 1.2625 =
    // 25.25 ms at c=16, 35.35 at c=32; beta: 30.12 × 1.2625 = 38.0 ms already at c=1.
    expect(1.25 * 22 * WORST).toBeLessThan(30);
    expect(1.25 * 24 * WORST).toBeGreaterThan(30);
    const {report, rows} = await study("tight", {ttft: 2000, tpot: 30});
    const [step] = report.steps;
    const standings = step.standings.chat;
    expect(standings.map((s) => s.candidate)).toEqual(["alpha", "base", "beta"]);
    expect(standings[0].run).toBe("engine--alpha--chat--c16");
    expect(standings[0].value).toBeCloseTo(modelPoint("alpha", 16).throughput, 6);
    expect(standings[1].run).toBe("engine--base--chat--c8");
    expect(standings[1].value).toBeCloseTo(modelPoint("base", 8).throughput, 6);
    expect(standings[2].value).toBeNull();
    expect(standings[2].error).toMatch(/never within the SLO/);
    expect(step.verdict.kind).toBe("improved");
    expect(step.verdict.winner?.candidate).toBe("alpha");
    // 3840.00 against 2034.77: +88.7 %.
    expect(step.verdict.gain_percent).toBeCloseTo(
      (modelPoint("alpha", 16).throughput / modelPoint("base", 8).throughput - 1) * 100,
      6
    );
    expect(report.recommended.candidate).toBe("alpha");
    expect(report.headline[0]).toMatchObject({
      baseline_run: "engine--base--chat--c8",
      recommended_run: "engine--alpha--chat--c16"
    });
    // Every level's runs stay in the runs table with their load.
    expect(rows).toHaveLength(81);
    expect(rows.find((r) => r.run === "engine--beta--chat--c64--r2")).toMatchObject({
      load_kind: "concurrency",
      load: 64
    });
    // Each level sends its own number of prompts: input totals are compared within a level, not across the ladder.
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });

  it("under a loose SLO (p99 TTFT ≤ 10 s, p99 TPOT ≤ 100 ms) picks beta at c=256", async () => {
    const {report} = await study("loose", {ttft: 10000, tpot: 100});
    const [step] = report.steps;
    expect(step.verdict.winner?.candidate).toBe("beta");
    expect(step.standings.chat.map((s) => [s.candidate, s.run])).toEqual([
      ["beta", "engine--beta--chat--c256"],
      ["base", "engine--base--chat--c128"],
      ["alpha", "engine--alpha--chat--c128"]
    ]);
    expect(step.standings.chat[0].value).toBeCloseTo(modelPoint("beta", 256).throughput, 6);
    expect(report.ladder?.choices).toHaveLength(3);
    const point = report.ladder!.points.find((p) => p.key === "engine--base--chat--c256")!;
    // base at c=256: worst repeat's p99 TTFT 7780 × 1.25 × 1.01 = 9822 ms within 10 s, p99 TPOT 84 × 1.25 × 1.01 =
    // 106.05 ms over 100.
    expect(point.slo!.checks.map((c) => c.met)).toEqual([true, false]);
    expect(point.slo!.checks[1].worst).toBeCloseTo(1.25 * 84 * WORST, 9);
  });
});

describe("the SLO explorer's rule", () => {
  it("at the plan's targets gives the build's winner and score, tight and loose; moving the targets moves the winner", async () => {
    const {stepPages} = await import("../../loaders/pages/step.js");
    const {decideWithinSlo, planTargets} = await import("../../src/components/sloExplorer.js");
    for (const [name, slo, winner, load] of [
      ["tight-explorer", {ttft: 2000, tpot: 30}, "alpha", 16],
      ["loose-explorer", {ttft: 10000, tpot: 100}, "beta", 256]
    ] as const) {
      const {report, rows} = await study(name, slo);
      const [page] = [...stepPages(report, rows)];
      const curves = page.curves!;
      const [chat] = curves.scenarios;
      expect(chat.points).toHaveLength(27);
      const d = decideWithinSlo(chat, planTargets(curves), curves);
      expect(d.winner).toBe(page.step.verdict.winner!.candidate);
      expect(d.winner).toBe(winner);
      const top = d.scores[0].point!;
      expect(top.load).toBe(load);
      expect(top.value).toBeCloseTo(page.step.verdict.winner!.value, 9);
      expect(d.gain_percent).toBeCloseTo(page.step.verdict.gain_percent!, 9);
    }
    // On the tight study, loosening the targets in the browser gives the loose study's winner.
    const {report, rows} = await study("moved", {ttft: 2000, tpot: 30});
    const curves = [...stepPages(report, rows)][0].curves!;
    // Steps of a hundredth of a decade: 2000 ms × 10^0.70 = 10024 ms ≥ 10 s, 30 ms × 10^0.53 = 101.6 ms ≥ 100 ms.
    const moved = decideWithinSlo(curves.scenarios[0], {ttft_ms: 70, tpot_ms: 53}, curves);
    expect(moved.winner).toBe("beta");
    expect(moved.scores[0].point!.value).toBeCloseTo(modelPoint("beta", 256).throughput, 6);
  });
});
