// The conservative rule (decision: {rule: conservative}): median − 1.4826 × MAD over at least 3 repeats, noisy
// candidates and candidates with failed requests refused, ties to the incumbent or the simpler configuration. Every
// expected figure below is worked out by hand in the comments.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {conservativeScore, median, medianAbsoluteDeviation} from "../../loaders/stats/conservative.js";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {decisionText, verdictText} from "../../src/components/verdict.js";
import {benchLog, repeatPlanYaml, writeRepeatStudy} from "../support/repeat-study.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-conservative-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The repeat study's plan with the conservative rule on its step (and `rule` keys added). */
const conservative =
  (rule = "") =>
  (yaml: string): string =>
    yaml.replace("    scenarios: [short]\n", `    scenarios: [short]\n    decision: {rule: conservative${rule}}\n`);

describe("the conservative score by hand", () => {
  it("five repeats: median 100, MAD 2, score 100 − 1.4826 × 2 = 97.0348", () => {
    // Sorted 97 98 100 101 104: median 100; deviations 3 2 0 1 4, sorted 0 1 2 3 4: MAD 2.
    const values = [100, 104, 98, 101, 97];
    expect(median(values)).toBe(100);
    expect(medianAbsoluteDeviation(values)).toBe(2);
    const s = conservativeScore(values);
    expect(s.score).toBeCloseTo(97.0348, 10);
    expect(s.relative_mad).toBeCloseTo(0.029652, 10);
  });

  it("four repeats: median 13, MAD 2, score 10.0348", () => {
    // Sorted 10 12 14 20: median (12 + 14) / 2 = 13; deviations 3 1 1 7, sorted 1 1 3 7: MAD (1 + 3) / 2 = 2.
    const s = conservativeScore([10, 12, 14, 20]);
    expect(s.median).toBe(13);
    expect(s.mad).toBe(2);
    expect(s.score).toBeCloseTo(10.0348, 10);
  });
});

describe("decisions under the conservative rule", () => {
  it("a clear winner: tuned scores 1098.5174 against the baseline's 985.174", async () => {
    // base 990 1000 1010: median 1000, MAD 10, score 985.174; tuned 1099 1100 1101: median 1100, MAD 1, 1098.5174.
    const dir = join(root, "clear");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1100, 1101, 1099]}, undefined, "", conservative());
    const {report} = await loadStudy(dir, root);
    const step = report.steps[0];
    expect(step.verdict.kind).toBe("improved");
    expect(step.verdict.winner?.candidate).toBe("tuned");
    const d = step.decision!;
    expect(d.rule).toBe("conservative");
    if (d.rule !== "conservative") return;
    const byId = Object.fromEntries(d.scores.map((s) => [s.candidate, s]));
    expect(byId.base.score).toBeCloseTo(985.174, 6);
    expect(byId.tuned.score).toBeCloseTo(1098.5174, 6);
    expect(byId.base.incumbent).toBe(true);
    expect(d.winner_reason).toBe("best");
  });

  it("a noisy candidate is refused although its mean is higher", async () => {
    // tuned 900 1100 1300: median 1100, MAD 200, relative 1.4826 × 200 / 1100 = 0.26956 > the cap 0.05.
    const dir = join(root, "noisy");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1100, 900, 1300]}, undefined, "", conservative());
    const {report} = await loadStudy(dir, root);
    const step = report.steps[0];
    expect(step.verdict.winner?.candidate).toBe("base");
    const d = step.decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    const tuned = d.scores.find((s) => s.candidate === "tuned")!;
    expect(tuned.refused).toBe("too-noisy");
    expect(tuned.relative_mad).toBeCloseTo(0.269563636, 6);
    // The same study with the cap raised to 0.3 keeps it: its score 1100 − 296.52 = 803.48 loses to 985.174.
    const loose = join(root, "noisy-loose");
    writeRepeatStudy(
      loose,
      {base: [1000, 1010, 990], tuned: [1100, 900, 1300]},
      undefined,
      "",
      conservative(", mad_cap: 0.3")
    );
    const again = (await loadStudy(loose, root)).report.steps[0];
    const d2 = again.decision!;
    if (d2.rule !== "conservative") throw new Error(d2.rule);
    expect(d2.scores.find((s) => s.candidate === "tuned")!.refused).toBeNull();
    expect(d2.scores.find((s) => s.candidate === "tuned")!.score).toBeCloseTo(803.48, 6);
    expect(again.verdict.winner?.candidate).toBe("base");
  });

  it("an incumbent below the rule's repeats stays the reference: a candidate has to outscore it", async () => {
    // base ran 2 repeats, 1000 and 1000: refused as a candidate (fewer than 3) but it is the configuration so far,
    // scoring 1000 − 1.4826 × 0 = 1000; tuned 958 960 962 scores 960 − 1.4826 × 2 = 957.0348 and does not beat it.
    const dir = join(root, "incumbent-few");
    writeRepeatStudy(dir, {base: [1000, 1000], tuned: [960, 962, 958]}, undefined, "", conservative());
    const step = (await loadStudy(dir, root)).report.steps[0];
    const d = step.decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    expect(d.scores.find((s) => s.candidate === "base")!.refused).toBe("too-few-repeats");
    expect(d.scores.find((s) => s.candidate === "tuned")!.score).toBeCloseTo(957.0348, 6);
    expect(step.verdict.winner?.candidate).toBe("base");
    expect(step.verdict.kind).toBe("no-improvement");
  });

  it("fewer than 3 repeats: refused", async () => {
    const dir = join(root, "few");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1100, 1101]}, undefined, "", conservative());
    const d = (await loadStudy(dir, root)).report.steps[0].decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    expect(d.scores.find((s) => s.candidate === "tuned")!.refused).toBe("too-few-repeats");
  });

  it("a run with failed requests disqualifies its candidate unless the plan allows it", async () => {
    const values = {base: [1000, 1010, 990], tuned: [1100, 1101, 1099]};
    const dir = join(root, "failed-requests");
    writeRepeatStudy(dir, values, undefined, "", conservative());
    writeFileSync(join(dir, "runs", "engine--tuned--short--r2", "bench.log"), benchLog(1101, 3));
    const step = (await loadStudy(dir, root)).report.steps[0];
    expect(step.verdict.winner?.candidate).toBe("base");
    const d = step.decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    expect(d.scores.find((s) => s.candidate === "tuned")!.refused).toBe("failed-requests");

    const allowed = join(root, "failed-requests-allowed");
    writeRepeatStudy(allowed, values, undefined, "", conservative(", allow_failed_requests: true"));
    writeFileSync(join(allowed, "runs", "engine--tuned--short--r2", "bench.log"), benchLog(1101, 3));
    expect((await loadStudy(allowed, root)).report.steps[0].verdict.winner?.candidate).toBe("tuned");
  });

  it("a tie within the 1 % margin keeps the incumbent", async () => {
    // tuned 995 998 1001: median 998, MAD 3, score 993.5522; 993.5522 × 0.99 = 983.617 ≤ base's 985.174: a tie.
    const dir = join(root, "tie");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [998, 1001, 995]}, undefined, "", conservative());
    const {report} = await loadStudy(dir, root);
    const step = report.steps[0];
    expect(step.verdict.winner?.candidate).toBe("base");
    expect(step.verdict.kind).toBe("within-noise");
    const d = step.decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    expect(d.tied.sort()).toEqual(["base", "tuned"]);
    expect(d.winner_reason).toBe("incumbent-tie");
    const names = {study: report.study, steps: report.steps};
    expect(verdictText(step, names as never, "en")).toBe(
      "A tie under the conservative rule: the step's top score, Tuned (993.55), is within 1 % or noise of Defaults (985.17), and a tie stays with the best configuration so far."
    );
  });

  it("a tie without the incumbent goes to the configuration with fewer server arguments", async () => {
    // tuned (5 arguments) 1099 1100 1101: 1098.5174; lean (4 arguments) 1094 1095 1096: 1093.5174, within 1 % of
    // it (1098.5174 × 0.99 = 1087.5322); base 985.174 is not: lean wins, though tuned scores higher.
    const dir = join(root, "simpler");
    writeRepeatStudy(
      dir,
      {base: [1000, 1010, 990], tuned: [1100, 1101, 1099], lean: [1095, 1096, 1094]},
      undefined,
      "",
      (yaml) =>
        conservative()(yaml).replace(
          "      - {id: tuned,",
          "      - {id: lean, label: Lean, engine: vllm, server: [vllm, serve, org/model, --enforce-eager]}\n      - {id: tuned,"
        )
    );
    const {report} = await loadStudy(dir, root);
    const step = report.steps[0];
    expect(step.verdict.kind).toBe("improved");
    expect(step.verdict.winner?.candidate).toBe("lean");
    expect(verdictText(step, {study: report.study, steps: report.steps} as never, "en")).toContain(
      "Lean (1095.00 tok/s) wins as the simplest of the configurations tied on score (Tuned, Lean): the fewest server arguments"
    );
    const d = step.decision!;
    if (d.rule !== "conservative") throw new Error(d.rule);
    expect(d.winner_reason).toBe("simpler-tie");
    expect(d.scores.find((s) => s.candidate === "lean")!.score).toBeCloseTo(1093.5174, 6);
  });

  it("the step page states the rule", async () => {
    const dir = join(root, "clear");
    const {report} = await loadStudy(dir, root);
    const names = {study: report.study, steps: report.steps};
    const en = decisionText(report.steps[0], names as never, "en");
    expect(en).toContain("median − 1.4826 × MAD");
    expect(en).toContain("at least 3 repeats");
    expect(en).toContain("5 %");
    expect(en).toContain("1 %");
    expect(en).toContain("failed requests");
    expect(en).toContain("fewer server arguments");
    const tr = decisionText(report.steps[0], names as never, "tr");
    expect(tr).toContain("medyan − 1.4826 × MAD");
  });

  it("the plan: a step of several scenarios has to name the conservative rule's scenario", () => {
    const yaml = conservative()(repeatPlanYaml(3)).replace(
      "scenarios:\n  short:",
      "scenarios:\n  long: {dataset: random, input_len: 1000, output_len: 10, num_prompts: 10}\n  short:"
    );
    expect(parseStudyPlan(yaml, "s.yaml", root).steps[0].decision).toEqual({rule: "conservative", scenario: "short"});
    expect(() =>
      parseStudyPlan(yaml.replace("scenarios: [short]", "scenarios: [short, long]"), "s.yaml", root)
    ).toThrow(PlanError);
    expect(() =>
      parseStudyPlan(yaml.replace("scenarios: [short]", "scenarios: [short, long]"), "s.yaml", root)
    ).toThrow(/s\.yaml:\d+: .*conservative rule needs a 'scenario'/);
  });
});
