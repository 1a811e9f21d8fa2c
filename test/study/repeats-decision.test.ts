// Decisions from repeats: a selection step keeps the best configuration so far unless a candidate's gain is
// significant (Welch's interval above zero); otherwise the verdict is "within noise" with the interval.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {RunRow} from "../../loaders/runs/rows.js";
import {derive} from "../../loaders/analysis/derive.js";
import {parseStudyPlan} from "../../loaders/study/plan.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {verdictText} from "../../src/components/verdict.js";
import {drawRepeats, exactRepeats, repeatPlanYaml, writeRepeatStudy} from "../support/repeat-study.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-repeats-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

const BASE = 2250;
const NOISE = 0.03;

/** Welch's interval of b over a in percent of a's mean, written out here independently of loaders/stats. */
function welchPercent(a: number[], b: number[], t: number): [number, number] {
  const mean = (x: number[]) => x.reduce((s, v) => s + v, 0) / x.length;
  const variance = (x: number[]) => x.reduce((s, v) => s + (v - mean(x)) ** 2, 0) / (x.length - 1);
  const se = Math.sqrt(variance(a) / a.length + variance(b) / b.length);
  const d = mean(b) - mean(a);
  return [((d - t * se) / mean(a)) * 100, ((d + t * se) / mean(a)) * 100];
}

describe("a candidate against the baseline, 5 repeats each, noise 3 % of the baseline's 2,250 tok/s", () => {
  // The baseline's repeats have sample mean 2,250 and standard deviation 67.5 exactly (before printing's rounding);
  // a candidate's are the same repeats shifted, so both spreads are equal and Welch's df is 5 + 5 − 2 = 8:
  // se = √(2 × 67.5² / 5) = 42.6907, t(0.975, 8) = 2.306004, half-width 98.444 tok/s = 4.3753 % of 2,250.
  const base = exactRepeats("base", BASE, NOISE * BASE, 5);
  const shifted = (gain: number) => base.map((v) => +(v + gain * BASE).toFixed(2));

  it("0.4 % better: within noise, the baseline stays, the interval is given", async () => {
    const dir = join(root, "small-gain");
    writeRepeatStudy(dir, {base, tuned: shifted(0.004)});
    const {report} = await loadStudy(dir, root);
    const step = report.steps[0];
    const v = step.verdict;
    expect(step.standings.short.map((s) => [s.candidate, s.n, s.failed_repeats])).toEqual([
      ["tuned", 5, 0],
      ["base", 5, 0]
    ]);
    expect(v.kind).toBe("within-noise");
    expect(v.winner?.candidate).toBe("base");
    expect(report.recommended.candidate).toBe("base");
    expect(v.gain_percent).toBeCloseTo(0.4, 4);
    expect(v.gain_interval!.low).toBeCloseTo(0.4 - 4.3753, 3);
    expect(v.gain_interval!.high).toBeCloseTo(0.4 + 4.3753, 3);
    expect(welchPercent(base, shifted(0.004), 2.306004)[0]).toBeCloseTo(v.gain_interval!.low, 4);
    expect(report.summary[0].gain_percent).toBeNull();
    expect(report.summary[0].gain_interval).toEqual(v.gain_interval);
    const names = {
      study: report.study,
      steps: [
        {
          id: "engine",
          title: step.title,
          candidates: [
            {id: "tuned", label: "Tuned"},
            {id: "base", label: "Defaults"}
          ]
        }
      ]
    };
    expect(verdictText(step, names, "en")).toBe(
      "Within noise: the step's best, Tuned (2259.00 tok/s), is +0.4% [−4.0, +4.8] over Defaults (2250.00 tok/s), but the 95% interval includes zero, so Defaults (2250.00 tok/s) stays the best configuration so far."
    );
  });

  it("12 % better: kept, with an interval above zero", async () => {
    const dir = join(root, "large-gain");
    writeRepeatStudy(dir, {base, tuned: shifted(0.12)});
    const {report} = await loadStudy(dir, root);
    const v = report.steps[0].verdict;
    expect(v.kind).toBe("improved");
    expect(report.recommended.candidate).toBe("tuned");
    expect(v.gain_percent).toBeCloseTo(12, 4);
    expect(v.gain_interval!.low).toBeCloseTo(12 - 4.3753, 3);
    expect(v.gain_interval!.high).toBeCloseTo(12 + 4.3753, 3);
    expect(report.summary[0].gain_percent).toBeCloseTo(12, 4);
    const headline = report.headline[0];
    expect([headline.baseline_n, headline.recommended_n]).toEqual([5, 5]);
    expect(headline.change_interval).toEqual(v.gain_interval);
  });

  it("the claims audit says whether a published gain lies inside the interval", async () => {
    const dir = join(root, "claims");
    const claims = `claims:
  - {id: inside, kind: step-gain, step: engine, percent: 14.0}
  - {id: outside, kind: step-gain, step: engine, percent: 18.7}
  - {id: headline, kind: headline-gain, scenario: short, percent: 12.0}
`;
    writeRepeatStudy(dir, {base, tuned: shifted(0.12)}, undefined, claims);
    const {report} = await loadStudy(dir, root);
    const byId = Object.fromEntries(report.claims.map((c) => [c.id, c]));
    // The interval is 12 ± 4.3753: [+7.6, +16.4].
    expect([byId.inside.status, byId.inside.within_interval]).toEqual(["contradicted", true]);
    expect(byId.inside.detail).toBe("the published +14.0% lies inside the 95% interval [+7.6%, +16.4%] of the repeats");
    expect([byId.outside.status, byId.outside.within_interval]).toEqual(["contradicted", false]);
    expect(byId.outside.detail).toMatch(/lies outside the 95% interval/);
    expect([byId.headline.status, byId.headline.within_interval]).toEqual(["confirmed", true]);
  });

  it("a failed repeat is counted and left out of the mean", async () => {
    const tuned = shifted(0.12);
    const dir = join(root, "failed-repeat");
    writeRepeatStudy(dir, {base, tuned: [...tuned.slice(0, 4), null]});
    const {report} = await loadStudy(dir, root);
    const standing = report.steps[0].standings.short.find((s) => s.candidate === "tuned")!;
    expect([standing.n, standing.failed_repeats]).toEqual([4, 1]);
    expect(standing.value).toBeCloseTo(mean(tuned.slice(0, 4)), 9);
  });

  it("the base's repeats are what the comment says", () => {
    expect(mean(base)).toBeCloseTo(BASE, 2);
  });
});

describe("over 400 simulated steps", () => {
  const plan = parseStudyPlan(repeatPlanYaml(5), "study.yaml", "/none");
  const rows = (candidate: string, values: number[]): RunRow[] =>
    values.map((v, i) => ({
      ...ROW,
      run: `engine--${candidate}--short${i ? `--r${i + 1}` : ""}`,
      candidate,
      label: candidate,
      repeat: i + 1,
      total_token_throughput: v
    }));
  const verdicts = (gain: number, seed: string) =>
    Array.from({length: 400}, (_, i) => {
      const base = drawRepeats(`${seed}-base-${i}`, BASE, NOISE, 5);
      const tuned = drawRepeats(`${seed}-tuned-${i}`, BASE * (1 + gain), NOISE, 5);
      return derive(plan, [...rows("base", base), ...rows("tuned", tuned)]).steps[0].verdict.kind;
    });

  it("0.4 % better with 3 % noise is almost never kept (a false gain at most 1 time in 20)", () => {
    const kinds = verdicts(0.004, "small");
    expect(kinds.filter((k) => k === "improved").length / kinds.length).toBeLessThanOrEqual(0.05);
  });

  it("12 % better is always kept", () => {
    expect(new Set(verdicts(0.12, "large"))).toEqual(new Set(["improved"]));
  });
});

describe("single runs read as today", () => {
  it("the better run wins, with no interval", async () => {
    const dir = join(root, "single");
    writeRepeatStudy(dir, {base: [2250], tuned: [2259]});
    const {report} = await loadStudy(dir, root);
    const v = report.steps[0].verdict;
    expect(v.kind).toBe("improved");
    expect(v.gain_interval).toBeNull();
    expect(v.gain_percent).toBeCloseTo(0.4, 10);
    expect(report.headline[0].change_interval).toBeNull();
  });
});

function mean(x: number[]): number {
  return x.reduce((s, v) => s + v, 0) / x.length;
}

const ROW: RunRow = {
  run: "",
  study: "repeat-study",
  step: "engine",
  candidate: "",
  label: "",
  scenario: "short",
  repeat: 1,
  engine: "vllm",
  engine_version: "v0.11.0",
  model: "org/model",
  quantization: "bf16",
  gpu: "NVIDIA H200",
  gpu_count: 1,
  status: "ok",
  error: null,
  failed_phase: null,
  server_command: "",
  bench_command: "",
  source_file: null,
  source_first_line: null,
  source_last_line: null,
  partial: null,
  mean_tpot_ms: 10
};
