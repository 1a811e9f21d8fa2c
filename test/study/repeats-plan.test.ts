// Plan keys for repeats: study default, step and scenario overrides, confidence, restart_between_repeats; run ids.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseStudyPlan, plannedRuns, PlanError, runId} from "../../loaders/study/plan.js";
import {pointRepeats, studyConfidence} from "../../loaders/study/repeats.js";

const SEED = "data/studies/qwen3-32b-a100/study.yaml";
const seed = readFileSync(SEED, "utf8");
const parse = (text: string) => parseStudyPlan(text, "study.yaml", "/tmp/none");
// The seed plan with keys added at the top level, under a scenario and under a step.
const withKeys = (top: string, scenario = "", step = "") =>
  seed
    .replace(/^objective:/m, `${top}\nobjective:`)
    .replace(/^(  short:\n)/m, `$1${scenario}`)
    .replace(/^(  - id: engine-selection\n)/m, `$1${step}`);

describe("repeats in the plan", () => {
  it("the seed asks for one run per point at 95 %", () => {
    const plan = parse(seed);
    expect(plan.repeats).toBeUndefined();
    expect(studyConfidence(plan)).toBe(0.95);
    const runs = plannedRuns(plan);
    expect(runs.every((r) => r.repeat === 1)).toBe(true);
    expect(runs.every((r) => !/--r\d+$/.test(r.run))).toBe(true);
  });

  it("study default, scenario override, step override", () => {
    const plan = parse(withKeys("repeats: 3\nconfidence: 0.9\nrestart_between_repeats: true", "    repeats: 5\n"));
    expect([plan.repeats, plan.confidence, plan.restart_between_repeats]).toEqual([3, 0.9, true]);
    const engine = plan.steps[0];
    const short = plan.scenarios.find((s) => s.id === "short")!;
    const sharegpt = plan.scenarios.find((s) => s.id === "sharegpt")!;
    expect(pointRepeats(plan, engine, short)).toBe(5);
    expect(pointRepeats(plan, engine, sharegpt)).toBe(3);
    const stepped = parse(withKeys("repeats: 3", "    repeats: 5\n", "    repeats: 2\n"));
    expect(pointRepeats(stepped, stepped.steps[0], short)).toBe(2);
    expect(pointRepeats(stepped, stepped.steps[1], short)).toBe(5);
  });

  it("run ids: repeat 1 as today, repeat k adds --r<k>; a candidate's runs go in rounds", () => {
    expect(runId("engine", "vllm", "sharegpt")).toBe("engine--vllm--sharegpt");
    expect(runId("engine", "vllm", "sharegpt", 1)).toBe("engine--vllm--sharegpt");
    expect(runId("engine", "vllm", "sharegpt", 3)).toBe("engine--vllm--sharegpt--r3");
    const plan = parse(withKeys("repeats: 2"));
    const step = plan.steps.find((s) => s.scenarios.length > 1)!;
    const first = step.candidates[0].id;
    const runs = plannedRuns(plan).filter((r) => r.step === step && r.candidate.id === first);
    // Every scenario once, then every scenario again.
    expect(runs.map((r) => [r.scenario.id, r.repeat])).toEqual([
      ...step.scenarios.map((s) => [s, 1]),
      ...step.scenarios.map((s) => [s, 2])
    ]);
    expect(runs.at(-1)!.run).toBe(`${step.id}--${first}--${step.scenarios.at(-1)}--r2`);
  });

  it("bad values name the file and line", () => {
    const line = (text: string) => {
      try {
        parse(text);
      } catch (error) {
        expect(error).toBeInstanceOf(PlanError);
        return (error as Error).message;
      }
      return "parsed";
    };
    expect(line(withKeys("repeats: 0"))).toMatch(/^study\.yaml:\d+: repeats: must be a whole number from 1/);
    expect(line(withKeys("", "    repeats: 2.5\n"))).toMatch(
      /^study\.yaml:\d+: scenarios\.short\.repeats: must be a whole number from 1/
    );
    expect(line(withKeys("confidence: 95"))).toMatch(
      /^study\.yaml:\d+: confidence: must be a number from 0.5 to 0.9999/
    );
    expect(line(withKeys("restart_between_repeats: yes please"))).toMatch(
      /^study\.yaml:\d+: restart_between_repeats: must be true or false/
    );
    const lineNo = (text: string) => Number(/^study\.yaml:(\d+):/.exec(line(text))![1]);
    expect(lineNo(withKeys("repeats: 0"))).toBe(seed.split("\n").findIndex((l) => l.startsWith("objective:")) + 1);
  });
});
