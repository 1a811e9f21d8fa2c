// The bench's ladder study (bench/ladder-build.ts) at a small size: its runs, the points the build decides on against
// the queueing model by hand, and the BENCHMARKS.md section it writes. The 1,000-run study itself is npm run bench's.
import {mkdtempSync, readdirSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {homePage} from "../../loaders/pages/home.js";
import {loadStudyPlan, plannedRuns} from "../../loaders/study/plan.js";
import {writeFileSync, mkdirSync} from "node:fs";
import {
  LADDER_BENCH,
  ladderBenchPlan,
  ladderModel,
  ladderRuns,
  referenceArchive,
  renderLadderSection,
  repeatFactor,
  writeLadderBenchStudy,
  type LadderBuildFigures
} from "../../bench/ladder-build.js";

const root = mkdtempSync(join(tmpdir(), "tps-bench-ladder-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("the bench's ladder study", () => {
  it("plans 1,000 runs: 10 candidates × concurrency 1…512 × 10 repeats", () => {
    expect(ladderRuns(LADDER_BENCH)).toBe(1000);
    const dir = join(root, "plan");
    mkdirSync(dir);
    writeFileSync(join(dir, "study.yaml"), ladderBenchPlan(LADDER_BENCH));
    const runs = plannedRuns(loadStudyPlan(dir));
    expect(runs).toHaveLength(1000);
    expect(runs.at(-1)!.run).toMatch(/^scheduler--c\d--chat--c\d+--r\d+$/);
    expect(new Set(runs.map((r) => r.scenario.max_concurrency))).toEqual(
      new Set([1, 2, 4, 8, 16, 32, 64, 128, 256, 512])
    );
  });

  it("repeats spread throughput evenly from 0.99 to 1.01, mean 1", () => {
    expect([0, 1, 2, 3, 4].map((k) => repeatFactor(k, 5))).toEqual([0.99, 0.995, 1, 1.005, 1.01]);
    expect(repeatFactor(0, 1)).toBe(1);
  });

  it("at 3 candidates × 4 levels × 2 repeats, every candidate is decided at c8, as the model gives by hand", async () => {
    const dir = join(root, "small");
    expect(writeLadderBenchStudy(dir, {candidates: 3, levels: 4, repeats: 2})).toBe(24);
    expect(readdirSync(join(dir, "runs"))).toHaveLength(24);
    // Two repeats ±1 %: a p99 bound is 1.25 × the model × (1 + t(0.975, 1) · 0.01) = × 1.12706 · 1.25. At c8 the
    // highest TPOT is candidate 2's, 14 + 0.41 · 8 = 17.28 ms → bound 24.34 ≤ 50, the highest TTFT candidate 0's,
    // 80 + 30 · 8 = 320 ms → 450.8 ≤ 2000: all fit. Throughput c · 1200 / (TTFT + 199 · TPOT): c0 9600 / 3.504 s =
    // 2739.73; c1 (310 ms, 16.64 ms) 9600 / 3.62136 = 2650.94; c2 (300 ms, 17.28 ms) 9600 / 3.73872 = 2567.72.
    expect(ladderModel(0, 8).throughput).toBeCloseTo(2739.73, 2);
    expect(ladderModel(1, 8).throughput).toBeCloseTo(2650.94, 2);
    expect(ladderModel(2, 8).throughput).toBeCloseTo(2567.72, 2);
    const {report, rows} = await loadStudy(dir);
    expect(rows).toHaveLength(24);
    const standings = report.steps[0].standings.chat;
    expect(standings.map((s) => [s.run, s.value!.toFixed(2)])).toEqual([
      ["scheduler--c0--chat--c8", "2739.73"],
      ["scheduler--c1--chat--c8", "2650.94"],
      ["scheduler--c2--chat--c8", "2567.72"]
    ]);
    expect(report.recommended.candidate).toBe("c0");
    // Its home page carries the explorer, as the 1,000-run study's does.
    expect(homePage(report, rows).explorers?.map((e) => e.step)).toEqual(["scheduler"]);
  });

  it("writes its section: seconds per run against the nearest archive size, and each explorer page's weight", () => {
    const cold = {seconds: 150, timed_out: false, pages: 60, max_rss_mb: 900, exit_code: 0, log: "build.log"};
    const figures: LadderBuildFigures = {
      runs: 1000,
      cold,
      transfer: [
        {page: "/", bytes: 60 * 1024, requests: 12, interactive: true},
        {page: "/steps/scheduler", bytes: 260 * 1024, requests: 14, interactive: true}
      ],
      archives: [
        {scale: 1, runs: 17, seconds_per_run: 1.894},
        {scale: 100, runs: 1700, seconds_per_run: 0.1}
      ],
      measured_at: "2026-12-02T12:00:00.000Z"
    };
    expect(referenceArchive(figures)!.scale).toBe(100);
    const text = renderLadderSection(figures);
    expect(text).toContain(
      "- Build time per run no worse than the archives' (their cold builds in this bench run: 1× (17 runs): 1.894 s per run; 100× (1700 runs): 0.100 s per run): 0.150 s per run against 0.100 at 100× (1700 runs, nearest in size): NOT met."
    );
    expect(text).toContain("| / | yes | 12 | 60 | ✓ |");
    expect(text).toContain("| /steps/scheduler | yes | 14 | 260 | ✗ |");
  });
});
