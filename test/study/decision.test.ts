// A selection step over several scenarios decides by its declared rule, not by whichever scenario is listed first.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {stepPages} from "../../loaders/pages/step.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {stepChartSpec} from "../../src/components/stepChart.js";
import {decisionText, verdictText} from "../../src/components/verdict.js";
import {vllmResult} from "../support/vllm-result.js";
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

  it("states a geometric-mean gain as such, never beside one scenario's throughputs", async () => {
    const {step, report} = await verdict(PLAN);
    // mns128 prints 22105.26 tok/s on r2000-100 against mns64's 21000.00 (+5.3 %): not what the +22.6 % compares.
    expect(verdictText(step, report, "en")).toBe(
      "mns128 wins: +22.6% over mns64, the geometric mean of its ratios on 2 scenarios (1.226). It becomes the best configuration so far."
    );
    expect(verdictText(step, report, "tr")).toBe(
      "Kazanan mns128: 2 senaryodaki oranlarının geometrik ortalamasıyla (1.226) mns64 yapılandırmasına göre +22.6%. Şimdiye kadarki en iyi yapılandırma artık bu."
    );
    expect(step.verdict.basis).toEqual({rule: "geometric-mean", scenarios: 2, score: Math.sqrt(200 / 133)});
  });

  it("compares a later step with the best so far on that step's deciding scenario, and says so with that value", async () => {
    // Step 1 decides on r2000-100: mns256 (23333.33 tok/s) beats mns64 (21000.00). Step 2 decides on r4000-200, where
    // mns256 printed 22105.26 tok/s; its candidate prints 30000.00: +35.7 % (30000 / 22105.26), not +28.6 % (/ 23333.33).
    const plan =
      PLAN.replace("decision: geometric-mean", "decision: {scenario: r2000-100}") +
      `  - id: chunked
    title: Chunked prefill
    scenarios: [r4000-200]
    candidates:
      - {id: chunked, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "256", --enable-chunked-prefill]}
`;
    dir = mkdtempSync(join(tmpdir(), "tps-decision-"));
    writeSweepStudy(dir, plan);
    const run = join(dir, "runs", "chunked--chunked--r4000-200");
    mkdirSync(run);
    const result = vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 4000, outputLen: 200, duration: 14});
    writeFileSync(join(run, "result.json"), JSON.stringify(result));
    const {report} = await loadStudy(dir);
    const step = report.steps[1];
    expect(step.verdict.gain_percent).toBeCloseTo((420000 / 14 / (420000 / 19) - 1) * 100, 9);
    expect(step.verdict.basis).toEqual({rule: "scenario", scenario: "r4000-200", incumbent_value: 420000 / 19});
    expect(verdictText(step, report, "en")).toBe(
      "chunked (30000.00 tok/s) wins: +35.7% over mns256 from Max sequences per batch (22105.26 tok/s). It becomes the best configuration so far."
    );
  });

  it("draws the best so far on a step's chart at its value on the deciding scenario, and not at all for a geometric mean", async () => {
    const chunked = (scenarios: string, decision = "") => `  - id: chunked
    title: Chunked prefill
    scenarios: ${scenarios}
${decision}    candidates:
      - {id: chunked, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "256", --enable-chunked-prefill]}
`;
    const run = (scenario: string, inputLen: number, outputLen: number, duration: number) => {
      mkdirSync(join(dir, "runs", `chunked--chunked--${scenario}`));
      const result = vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen, outputLen, duration});
      writeFileSync(join(dir, "runs", `chunked--chunked--${scenario}`, "result.json"), JSON.stringify(result));
    };
    const incumbentRule = async () => {
      const {report, rows} = await loadStudy(dir);
      const page = [...stepPages(report, rows)][1];
      const spec = stepChartSpec(
        page.step,
        page.rows,
        {study: page.study, steps: page.steps},
        {lang: "en", root: "../", width: 900}
      );
      const panel = (spec as {hconcat: {layer: {data?: {values: {value: number; text?: string}[]}}[]}[]}).hconcat[0];
      return panel.layer[0].data?.values.find((v) => v.text?.startsWith("best so far"));
    };
    // After step 1 decided on r2000-100 (mns256), step 2 decides on r4000-200: mns256 printed 22105.26 there.
    dir = mkdtempSync(join(tmpdir(), "tps-decision-"));
    writeSweepStudy(
      dir,
      PLAN.replace("decision: geometric-mean", "decision: {scenario: r2000-100}") + chunked("[r4000-200]")
    );
    run("r4000-200", 4000, 200, 14);
    expect(await incumbentRule()).toEqual({value: 420000 / 19, text: "best so far: mns256 22105.26"});
    rmSync(dir, {recursive: true, force: true});
    // Step 2 over both scenarios by geometric mean: no one value of the best so far stands for both.
    dir = mkdtempSync(join(tmpdir(), "tps-decision-"));
    writeSweepStudy(dir, PLAN + chunked("[r2000-100, r4000-200]", "    decision: geometric-mean\n"));
    run("r2000-100", 2000, 100, 9);
    run("r4000-200", 4000, 200, 13);
    expect(await incumbentRule()).toBeUndefined();
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
