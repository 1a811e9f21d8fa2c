// A selection step over several scenarios decides by its declared rule, not by whichever scenario is listed first.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/study/report.js";
import {decisionText} from "../../src/components/verdict.js";
import {PLAN, writeSweepStudy} from "../support/sweep-study.js";

let dir: string;
afterEach(() => rmSync(dir, {recursive: true, force: true}));

async function verdict(plan: string) {
  dir = mkdtempSync(join(tmpdir(), "tps-decision-"));
  writeSweepStudy(dir, plan);
  const {report} = await loadStudy(dir);
  return {step: report.steps[0], report};
}

describe("decision rule", () => {
  it("geometric mean: mns128 wins (ratios 20/19 and 10/7 to mns64, mean √(200/133) = 1.2263)", async () => {
    const {step, report} = await verdict(PLAN);
    expect(step.verdict.kind).toBe("improved");
    expect(step.verdict.winner?.candidate).toBe("mns128");
    expect(step.verdict.gain_percent).toBeCloseTo((Math.sqrt(200 / 133) - 1) * 100, 9);
    expect(step.decision?.rule).toBe("geometric-mean");
    const scores = step.decision?.rule === "geometric-mean" ? step.decision.scores : [];
    expect(scores.map((s) => [s.candidate, Number(s.score?.toFixed(6))])).toEqual([
      ["mns64", 1],
      ["mns128", 1.226279],
      ["mns256", Number(Math.sqrt((10 / 9) * (20 / 19)).toFixed(6))]
    ]);
    expect(report.recommended.candidate).toBe("mns128");
    expect(decisionText(step, report, "en")).toBe(
      "Decision rule: the geometric mean of each candidate's per-scenario ratio to the best configuration so far; the highest mean above 1 wins. Means: mns128 1.226, mns256 1.081, mns64 1.000."
    );
  });

  it("a deciding scenario: mns256 wins r2000-100 by 10/9 and the other scenario is context", async () => {
    const {step} = await verdict(PLAN.replace("decision: geometric-mean", "decision: {scenario: r2000-100}"));
    expect(step.decision).toEqual({rule: "scenario", scenario: "r2000-100", declared: true});
    expect(step.verdict.winner?.candidate).toBe("mns256");
    expect(step.verdict.gain_percent).toBeCloseTo((10 / 9 - 1) * 100, 9);
  });

  it("no declared rule over two scenarios: the geometric mean decides, and check says so", async () => {
    const {step, report} = await verdict(PLAN.replace("    decision: geometric-mean\n", ""));
    expect(step.decision).toMatchObject({rule: "geometric-mean", declared: false});
    expect(step.verdict.winner?.candidate).toBe("mns128");
    expect(report.findings.map((f) => f.code)).toContain("decision-default");
  });
});
