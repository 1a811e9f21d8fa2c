// Issue 46 and 47 (items 1–5) on the shape of the two H100 ladder studies: three candidates × concurrency 1, 4, 16, 64
// × 3 repeats, p99 TTFT ≤ 2000 ms and p99 TPOT ≤ 100 ms at attainment 0.95, telemetry on (test/support/h100-ladder-study).
// Every expected figure follows from the request model by hand, not from the code under test.
import {spawnSync} from "node:child_process";
import {cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {compareStudies} from "../../loaders/analysis/compare.js";
import {compareCurves} from "../../loaders/analysis/frontier.js";
import {studyDate, studyHistory} from "../../loaders/analysis/history.js";
import {rankingText, verdictText} from "../../src/components/verdict.js";
import {requests, studyAModels, studyBModels, writeH100Study} from "../support/h100-ladder-study.js";

const ROOT = resolve(import.meta.dirname, "../..");
const root = mkdtempSync(join(tmpdir(), "tps-h100-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

let a: StudyData;
let b: StudyData;
const A = join(root, "a");
const B = join(root, "b");
beforeAll(async () => {
  writeH100Study(A, studyAModels(), {id: "h100-a"});
  writeH100Study(B, studyBModels(), {id: "h100-b", engineVersion: "v0.11.1", start: "2026-11-09T09:00:00.000Z"});
  a = await loadStudy(A);
  b = await loadStudy(B);
});

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, [join(ROOT, "bin/tps-report.js"), ...args], {cwd: ROOT, encoding: "utf8"});
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const point = (study: StudyData, key: string) => study.report.ladder!.points.find((p) => p.key === key)!;

describe("the SLO rule (issue 46 item 7): pooled attainment ≥ the plan's, every repeat's statistic within", () => {
  it("judges a point whose every request met both limits within, whatever the spread of its repeats' p99s", () => {
    // chunked at c64: repeat p99 TPOTs 99.6, 98.9, 86 ms, every one of the 3 × 256 requests within 100 ms. The old
    // rule's t-bound, 94.8 + 4.303 × 7.5 / √3 ms, lay at 113.9 ms and judged it outside.
    const p = point(a, "sched--chunked--chat--c64");
    expect(p.slo!.attainment).toMatchObject({conforming: 3 * requests(64), requests: 3 * requests(64), value: 1});
    expect(p.slo!.checks.find((c) => c.column === "p99_tpot_ms")!.worst).toBeCloseTo(99.6, 6);
    expect(p.slo!.met).toBe(true);
  });

  it("judges a point outside where one repeat's p99 lies above the limit, and says so with that figure", () => {
    // batch512 at c16, repeat 2: its 2 slowest of 64 requests decode at 103.8 ms, so its p99 is 103.8 ms; 190 of the
    // 192 requests meet both limits (98.96 % ≥ 95 %), but a repeat measured the statistic beyond the limit.
    const p = point(a, "sched--batch512--chat--c16");
    expect(p.slo!.attainment).toMatchObject({conforming: 190, requests: 192});
    expect(p.slo!.checks.find((c) => c.column === "p99_tpot_ms")!.worst).toBeCloseTo(103.8, 6);
    expect(p.slo!.met).toBe(false);
    expect(p.slo!.outside).toBe("p99 TPOT 103.8 ms > 100 ms");
  });

  it("judges a point outside whose pooled attainment is below the plan's", () => {
    // defaults at c1: 3 of each repeat's 32 requests decode at 108 ms: 87 of 96 within, 90.6 % < 95 %.
    const p = point(a, "sched--defaults--chat--c1");
    expect(p.slo!.attainment).toMatchObject({conforming: 87, requests: 96});
    expect(p.slo!.met).toBe(false);
  });

  it("ships the explorer a table of the same rule's answers: at the plan's targets it is the build's verdict", () => {
    for (const p of a.report.ladder!.points) {
      // Steps run −100…100; index 100 is the plan's TTFT target, and the lowest TPOT step that fits there must be ≤ 0
      // exactly when the build judged the point within.
      const table = p.staircase!.flatMap(([count, step]) => Array<number | null>(count).fill(step));
      expect(table).toHaveLength(201);
      const atPlan = table[100];
      expect(atPlan != null && atPlan <= 0, p.key).toBe(p.slo!.met);
    }
    // chunked c64 fits down to the TPOT step where 99.6 ms no longer does: 100 × 10^(k/100) ≥ 99.6 ⇔ k ≥ −0.17.
    const c64 = point(a, "sched--chunked--chat--c64").staircase!;
    expect(c64.flatMap(([count, step]) => Array(count).fill(step))[100]).toBe(0);
  });
});

describe("a baseline that never meets the SLO (issue 46 item 3, issue 47 item 3)", () => {
  it("is no error: check exits 0 and names why the baseline has no score, not a missing throughput", () => {
    const run = cli("check", A);
    expect(run.stdout).not.toMatch(/has no total_token_throughput/);
    expect(run.stdout).toMatch(
      /baseline \(Defaults\) is never within the SLO \(p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 100 ms\)/
    );
    expect(run.status).toBe(0);
  });

  it("lists the candidate as never within the SLO, not as failed; the winner is stated against no baseline gain", () => {
    const [step] = a.report.steps;
    const defaults = step.standings.chat.find((s) => s.candidate === "defaults")!;
    expect(defaults.status).toBe("outside-slo");
    const ranking = rankingText(step.standings.chat, a.report.study.objective, "en");
    expect(ranking).not.toMatch(/failed/);
    expect(ranking).toMatch(/Chunked prefill \(9\d{3}\.\d\d tok\/s at concurrency 64\)/);
    expect(ranking).toMatch(/never within the SLO: Defaults/);
    expect(step.verdict.gain_interval).toBeNull();
    expect(verdictText(step, a.report, "en")).toMatch(
      /^Chunked prefill \(.* at concurrency 64\) wins: the baseline, Defaults, is within the SLO at no measured load/
    );
  });

  it("with an SLO no point meets, check exits 0 and no step recommends a winner", async () => {
    const dir = join(root, "none");
    writeH100Study(dir, studyAModels(), {id: "h100-none", slo: {ttft: 2000, tpot: 40}});
    const run = cli("check", dir);
    expect(run.stdout).not.toMatch(/has no total_token_throughput/);
    expect(run.status).toBe(0);
    const {report} = await loadStudy(dir);
    expect(report.steps[0].verdict.kind).toBe("none-within-slo");
    expect(report.recommended.outside_slo).toBe(true);
    expect(verdictText(report.steps[0], report, "en")).toBe(
      "Nothing chosen: no candidate is within the SLO at any measured load."
    );
  });
});

describe("every request failed at a level (issue 47 item 2)", () => {
  it("is a failed run, and a point of such runs is not within the SLO", async () => {
    const dir = join(root, "all-failed");
    const models = studyAModels();
    models.chunked[64] = [0, 1, 2].map(() => ({
      ttft_ms: 900,
      tpot_ms: 80,
      failed: requests(64),
      power_w: 634
    })) as never;
    writeH100Study(dir, models, {id: "h100-failed"});
    const run = cli("check", dir);
    expect(run.stdout).toMatch(/36 runs \(33 with results, 3 failed\)/);
    const study = await loadStudy(dir);
    const row = study.rows.find((r) => r.run === "sched--chunked--chat--c64")!;
    expect(row.status).toBe("failed");
    expect(row.error).toBe("every request failed (0 of 256 completed)");
    expect(point(study, "sched--chunked--chat--c64").slo!.met).toBe(false);
  });
});

describe("ladder levels are points of their own (issue 46 item 2, 11; issue 47 item 5)", () => {
  it("history gives one series per (candidate, level)", () => {
    const series = studyHistory(
      [a, b].map((s, i) => ({dir: [A, B][i], plan: s.plan, rows: s.rows, runs: s.runs, date: studyDate(s.runs)})),
      ["total_token_throughput"],
      {threshold: 0.05, confidence: 0.95}
    );
    expect(series.points).toHaveLength(12);
    for (const p of series.points) expect(p.verdict.entries.map((e) => e.id)).toEqual([A, B]);
    expect(series.points.map((p) => p.point).sort()).toContain("sched--chunked--chat--c16");
  });

  it("compare's key names the level, and its points sort numerically", () => {
    const c = compareStudies(
      {dir: A, plan: a.plan, rows: a.rows, runs: a.runs},
      {dir: B, plan: b.plan, rows: b.rows, runs: b.runs},
      {threshold: 0.05}
    );
    const c16 = c.matched.find((m) => m.new === "sched--chunked--chat--c16")!;
    expect(c16.key.load).toBe("rate=inf concurrency=16");
    expect(c.matched.filter((m) => m.label === "Chunked prefill").map((m) => m.new)).toEqual([
      "sched--chunked--chat--c1",
      "sched--chunked--chat--c4",
      "sched--chunked--chat--c16",
      "sched--chunked--chat--c64"
    ]);
    const md = cli("compare", A, B).stdout;
    expect(md.indexOf("sched--batch512--chat--c4 ")).toBeLessThan(md.indexOf("sched--batch512--chat--c16 "));
  });
});

describe("history when the baseline was measured in two steps of each study (issue 47 item 5)", () => {
  it("gives each study one entry per point, its two steps' repeats pooled", async () => {
    const studies = [];
    for (const day of [2, 9, 16]) {
      const dir = join(root, `twice-${day}`);
      writeH100Study(dir, studyAModels(), {
        id: "h100-twice",
        start: `2026-11-${String(day).padStart(2, "0")}T09:00:00.000Z`
      });
      // A second step runs the baseline's configuration again, 10 % slower (a warmer machine), in every study.
      const plan = readFileSync(join(dir, "study.yaml"), "utf8").replace(
        "baseline: {step: sched",
        "  - id: again\n    title: Baseline again\n    scenarios: [chat]\n    candidates:\n      - {id: defaults, label: Defaults, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B]}\nbaseline: {step: sched"
      );
      writeFileSync(join(dir, "study.yaml"), plan);
      for (const run of readdirSync(join(dir, "runs")).filter((r) => r.startsWith("sched--defaults--"))) {
        const again = run.replace(/^sched--/, "again--");
        cpSync(join(dir, "runs", run), join(dir, "runs", again), {recursive: true});
        const meta = JSON.parse(readFileSync(join(dir, "runs", again, "run.json"), "utf8"));
        writeFileSync(join(dir, "runs", again, "run.json"), JSON.stringify({...meta, id: again}));
        const file = join(dir, "runs", again, "result.json");
        const result = JSON.parse(readFileSync(file, "utf8"));
        result.duration /= 0.9;
        result.total_token_throughput *= 0.9;
        result.output_throughput *= 0.9;
        result.request_throughput *= 0.9;
        writeFileSync(file, JSON.stringify(result));
      }
      const study = await loadStudy(dir);
      studies.push({dir, plan: study.plan, rows: study.rows, runs: study.runs, date: studyDate(study.runs)});
    }
    const {points} = studyHistory(studies, ["total_token_throughput"], {threshold: 0.05, confidence: 0.95});
    const defaults = points.filter((p) => /--defaults--chat--c\d+$/.test(p.point));
    expect(defaults.map((p) => p.point.replace(/^\w+--/, ""))).toEqual(
      [1, 4, 16, 64].map((c) => `defaults--chat--c${c}`)
    );
    for (const p of defaults) {
      expect(p.verdict.entries.map((e) => [e.id, e.n])).toEqual(studies.map((s) => [s.dir, 6]));
      expect(p.verdict.status).toBe("within noise");
    }
  });
});

describe("the frontier comparison (issue 46 item 5)", () => {
  it("never sets one load against another at an interactivity level, and reads the high-throughput end", () => {
    const curves = compareCurves(
      {dir: A, plan: a.plan, rows: a.rows, runs: a.runs},
      {dir: B, plan: b.plan, rows: b.rows, runs: b.runs},
      {threshold: 0.05}
    );
    const [curve] = curves.curves;
    for (const level of curve.levels)
      if (level.verdict != null) expect(level.base!.load, String(level.interactivity)).toBe(level.new!.load);
    // The highest throughput per GPU of either frontier (chunked c64, 12.5 tok/s/user) is read by some row.
    const top = Math.max(...curve.base_frontier.map((p) => p.per_gpu));
    expect(curve.levels.some((l) => l.base?.per_gpu === top)).toBe(true);
    // At 20 tok/s/user A reaches it with c1 (or c4), B with c16: shown, not compared.
    const twenty = curve.levels.find((l) => l.interactivity === 20)!;
    expect(twenty.base!.load).not.toBe(twenty.new!.load);
    expect(twenty.verdict).toBeNull();
    expect(twenty.ratio).toBeNull();
  });
});

describe("energy and cost per token (issue 46)", () => {
  it("gives J per output and per total token from the mean GPU power, the duration and the GPU count", () => {
    const row = a.rows.find((r) => r.run === "sched--chunked--chat--c16")!;
    const result = JSON.parse(readFileSync(join(A, "runs/sched--chunked--chat--c16/result.json"), "utf8"));
    // 346 W (250 + 6 × 16, every sample inside the window) × 1 GPU × duration, over 64 × 32 output and 64 × 544 tokens.
    expect(row.j_per_output_token).toBeCloseTo((346 * result.duration) / (64 * 32), 9);
    expect(row.j_per_token).toBeCloseTo((346 * result.duration) / (64 * 544), 9);
    expect(row.power_samples).toBe(Math.floor(Math.round(result.duration * 1000) / 1000) + 1);
  });
});
