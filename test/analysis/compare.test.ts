// The comparison of two studies with repeats: ratio intervals against hand-computed values (scipy, Welch on the log
// ratio by the delta method), verdicts on either side of the threshold, single runs and failed points.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {comparabilityKey, compareStudies, verdictOf, type StudyComparison} from "../../loaders/analysis/compare.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {comparisonMarkdown} from "../../loaders/cli/compare.js";
import {writeRepeatStudy} from "../support/repeat-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-compare-unit-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

let count = 0;
async function compare(
  base: Record<string, (number | null)[]>,
  next: Record<string, (number | null)[]>,
  threshold = 0.05
): Promise<StudyComparison> {
  const dirs = [join(root, `base-${count}`), join(root, `new-${count++}`)];
  writeRepeatStudy(dirs[0], base);
  writeRepeatStudy(dirs[1], next);
  const [a, b] = await Promise.all(dirs.map((dir) => loadStudy(dir)));
  return compareStudies({dir: dirs[0], ...a}, {dir: dirs[1], ...b}, {threshold});
}

const metric = (c: StudyComparison, point: string, name = "total_token_throughput") =>
  c.matched.find((p) => p.new === point)!.metrics.find((m) => m.metric === name)!;

const BASE = "engine--base--short";
const TUNED = "engine--tuned--short";

describe("ratio intervals from repeats", () => {
  it("a 10 % drop with 1 % noise: interval [0.8786, 0.9219] lies below ×0.95, a regression", async () => {
    const c = await compare(
      {base: [1000, 1010, 990], tuned: [1200, 1210, 1190]},
      {base: [900, 910, 890], tuned: [1200, 1210, 1190]}
    );
    const m = metric(c, BASE);
    // scipy: mean ratio 0.9, df 3.9564035988, t 2.7885525719, exp(log 0.9 ∓ t·se) = 0.8785986101, 0.9219226967.
    expect(m.ratio).toBeCloseTo(0.9, 12);
    expect(m.df).toBeCloseTo(3.9564035988, 8);
    expect(m.low).toBeCloseTo(0.8785986101, 8);
    expect(m.high).toBeCloseTo(0.9219226967, 8);
    expect([m.basis, m.verdict]).toEqual(["interval", "regression"]);
    // The time per output token (20000 / throughput) rises by the same factor: a regression of a latency.
    const tpot = metric(c, BASE, "mean_tpot_ms");
    expect([tpot.direction, tpot.verdict]).toEqual(["lower", "regression"]);
    expect(c.regressions).toEqual([BASE]);
    expect(metric(c, TUNED).verdict).toBe("within noise");
    const md = comparisonMarkdown(c, "total_token_throughput");
    expect(md).toContain(
      "| engine--base--short | total_token_throughput | 1000.0 | 900.0 | ×0.900 | [×0.879, ×0.922] | 3 / 3 |"
    );
    // scipy: equal spreads, df 4, exp(∓2.776445 · 0.006804) = 0.981286, 1.019071.
    expect(md).toContain("| engine--tuned--short | vllm | 3 / 3 | ×1.000 | [×0.981, ×1.019] | within noise |");
  });

  it("a 7 % drop with 10 % noise: beyond the threshold, but the interval [0.7346, 1.1774] is not: within noise", async () => {
    const c = await compare({base: [1000, 1100, 900], tuned: [1000]}, {base: [930, 1030, 830], tuned: [1000]});
    const m = metric(c, BASE);
    expect(m.ratio).toBeCloseTo(0.93, 12);
    expect(m.low).toBeCloseTo(0.7345915161, 8);
    expect(m.high).toBeCloseTo(1.1773890401, 8);
    expect(m.verdict).toBe("within noise");
    expect(c.regressions).toEqual([]);
  });

  it("one run on a side: the ratio with no interval, held to the threshold itself", async () => {
    const c = await compare({base: [1000, 1010, 990], tuned: [1000]}, {base: [940], tuned: [960]});
    const base = metric(c, BASE);
    expect([base.ratio, base.low, base.high, base.basis, base.verdict]).toEqual([
      0.94,
      null,
      null,
      "ratio only",
      "regression"
    ]);
    const tuned = metric(c, TUNED);
    expect([tuned.ratio, tuned.basis, tuned.verdict]).toEqual([0.96, "ratio only", "within noise"]);
  });

  it("every repeat of a new point failed: a regression by itself; failed before and now running: an improvement", async () => {
    const c = await compare({base: [1000, 1000], tuned: [null, null]}, {base: [null, null], tuned: [1000, 1000]});
    const base = c.matched.find((p) => p.new === BASE)!;
    expect([base.status, base.verdict, base.metrics]).toEqual(["failed in new", "regression", []]);
    const tuned = c.matched.find((p) => p.new === TUNED)!;
    expect([tuned.status, tuned.verdict]).toEqual(["failed in base", "improvement"]);
    expect(c.regressions).toEqual([BASE]);
    expect(c.improvements).toEqual([TUNED]);
    expect(c.failed_in_both).toEqual([]);
    const md = comparisonMarkdown(c, "total_token_throughput");
    expect(md).toContain("| engine--base--short | — | failed in new |");
    expect(md).toContain("| engine--tuned--short | — | failed in base (now runs) |");
    expect(md).toContain("1 regression, 1 improvement, 0 within noise, 0 failed in both, of 2 matched points");
  });

  it("every repeat of a point failed on both sides: counted apart as failed in both, not within noise", async () => {
    const c = await compare({base: [1000, 1010, 990], tuned: [null, null]}, {base: [1000, 1010, 990], tuned: [null]});
    const tuned = c.matched.find((p) => p.new === TUNED)!;
    expect([tuned.status, tuned.verdict, tuned.metrics, tuned.base_failed, tuned.new_failed]).toEqual([
      "failed in both",
      "failed in both",
      [],
      2,
      1
    ]);
    expect(c.failed_in_both).toEqual([TUNED]);
    expect([c.regressions, c.improvements]).toEqual([[], []]);
    const md = comparisonMarkdown(c, "total_token_throughput");
    expect(md).toContain("0 regressions, 0 improvements, 1 within noise, 1 failed in both, of 2 matched points");
    expect(md).toContain("| engine--tuned--short | vllm | 0 (+2 failed) / 0 (+1 failed) | — | — | failed in both |");
    // What each count means is said with the counts.
    expect(md).toContain("failed in both: every run of the point failed in BASE and in NEW, so nothing is compared");
  });
});

describe("the comparability key", () => {
  it("a seed point: model, GPU and count, engine, server by meaning, workload and load", async () => {
    const {plan, rows, runs} = await loadStudy("data/studies/qwen3-32b-a100");
    const i = rows.findIndex((r) => r.run === "engine-selection--vllm--sharegpt");
    const key = comparabilityKey(plan, rows[i], runs[i].meta.server_argv);
    expect(key).toEqual({
      model: "Qwen/Qwen3-32B",
      quantization: "bf16",
      gpu: "NVIDIA A100-SXM4-80GB",
      gpu_count: 1,
      engine: "vllm",
      server: "vllm serve Qwen/Qwen3-32B --max-model-len 32768",
      workload: "dataset=sharegpt file=ShareGPT_V3_unfiltered_cleaned_split.json prompts=1000",
      load: "rate=inf concurrency=none"
    });
    // Where the server listens, an install path, option order and spelling do not change it.
    const live = ["/opt/venv/bin/vllm", "serve", "Qwen/Qwen3-32B", "--port", "8123", "--max_model_len=32768.0"];
    expect(comparabilityKey(plan, rows[i], live)).toEqual(key);
    // --across gpu leaves the GPU out.
    expect(comparabilityKey(plan, rows[i], runs[i].meta.server_argv, ["gpu"]).gpu).toBe("*");
    // A request rate and a concurrency cap, from the scenario or its client arguments, are the load.
    const loaded = {
      ...plan,
      scenarios: plan.scenarios.map((s) =>
        s.id === "sharegpt"
          ? {...s, request_rate: 4, bench_args: ["--max-concurrency", "64", "--sharegpt-output-len", "256"]}
          : s
      )
    };
    const other = comparabilityKey(loaded, rows[i], runs[i].meta.server_argv);
    expect([other.workload, other.load]).toEqual([
      "dataset=sharegpt file=ShareGPT_V3_unfiltered_cleaned_split.json prompts=1000 --sharegpt-output-len 256",
      "rate=4 concurrency=64"
    ]);
  });
});

describe("verdictOf", () => {
  // [direction, ratio, low, high, verdict] at a 5 % threshold.
  const cases = [
    ["higher", 0.9, 0.88, 0.94, "regression"],
    ["higher", 0.9, 0.88, 0.951, "within noise"],
    ["higher", 1.1, 1.06, 1.14, "improvement"],
    ["higher", 1.1, 1.04, 1.14, "within noise"],
    ["lower", 1.1, 1.06, 1.14, "regression"],
    ["lower", 0.9, 0.88, 0.94, "improvement"],
    ["lower", 1.06, null, null, "regression"],
    ["higher", 0.951, null, null, "within noise"],
    ["higher", 0.949, null, null, "regression"]
  ] as const;
  for (const [direction, ratio, low, high, verdict] of cases)
    it(`${direction} is better, ratio ${ratio} [${low}, ${high}]: ${verdict}`, () => {
      expect(verdictOf(direction, ratio, low, high, 0.05)).toBe(verdict);
    });
});
