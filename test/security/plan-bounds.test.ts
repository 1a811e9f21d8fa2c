// Issue 47, case 18: the plan bounds its loads and request counts (one line naming study.yaml and the line), and every
// accepted load prints as written: a run id never holds an exponent (1e-7, 1e+21) that the run reader refuses.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {parseRunId} from "../../loaders/study/ids.js";
import {parseStudyPlan, plannedRuns, PlanError} from "../../loaders/study/plan.js";

const root = mkdtempSync(join(tmpdir(), "tps-plan-bounds-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** A plan of one scenario whose lines 14 on are `scenario` (YAML under `short:`). */
function planYaml(scenario: string): string {
  return `id: bounds
title: Bounds
goal: Bounds
model: {name: org/model}
hardware: {gpu: h200, name: NVIDIA H200, count: 1}
engines:
  vllm: {name: vLLM, version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  short:
    name: Short prompt
    dataset: random
${scenario}
steps:
  - id: engine
    kind: selection
    title: Engine
    scenarios: [short]
    candidates:
      - {id: base, label: Defaults, engine: vllm, role: baseline, server: [vllm, serve, org/model]}
baseline: {step: engine, candidate: base}
`;
}

const FILE = "/study/study.yaml";
const problem = (scenario: string): string | null => {
  try {
    parseStudyPlan(planYaml(scenario), FILE, "/study");
    return null;
  } catch (error) {
    if (!(error instanceof PlanError)) throw error;
    return error.message.split("\n")[0];
  }
};
const LENGTHS = "    input_len: 128\n    output_len: 4\n";

describe("loads and counts the plan refuses", () => {
  it("concurrency 1,000,000,000", () => {
    expect(problem(`${LENGTHS}    num_prompts: 100\n    loads: {concurrency: [1000000000], prompts_per_load: 2}`)).toBe(
      `${FILE}:17: scenarios.short.loads.concurrency[0]: must be a whole number from 1 to 100000`
    );
  });

  it("request rates 1e-7 and 1e21", () => {
    for (const rate of ["1e-7", "1e21"])
      expect(problem(`${LENGTHS}    num_prompts: 100\n    loads: {request_rate: [${rate}]}`)).toBe(
        `${FILE}:17: scenarios.short.loads.request_rate[0]: must be a number from 0.001 to 1000000 (requests per second)`
      );
    expect(problem(`${LENGTHS}    num_prompts: 100\n    request_rate: 1e21`)).toBe(
      `${FILE}:17: scenarios.short.request_rate: must be a number from 0.001 to 1000000 (requests per second), or inf`
    );
  });

  it("max_concurrency, num_prompts, prompts and lengths past their bounds", () => {
    expect(problem(`${LENGTHS}    num_prompts: 100\n    max_concurrency: 1000000000`)).toBe(
      `${FILE}:17: scenarios.short.max_concurrency: must be a whole number from 1 to 100000`
    );
    expect(problem(`${LENGTHS}    num_prompts: 1000000000000`)).toBe(
      `${FILE}:16: scenarios.short.num_prompts: must be a whole number from 0 to 10000000`
    );
    expect(problem(`${LENGTHS}    num_prompts: 10\n    loads: {concurrency: [1, 2], prompts: [10, 100000000]}`)).toBe(
      `${FILE}:17: scenarios.short.loads.prompts[1]: must be a whole number from 1 to 10000000`
    );
    expect(problem(`    input_len: 1000000000\n    output_len: 4\n    num_prompts: 10`)).toBe(
      `${FILE}:14: scenarios.short.input_len: must be a whole number from 0 to 10000000`
    );
  });

  it("a ladder level asking for more requests than a run may send", () => {
    expect(
      problem(`${LENGTHS}    num_prompts: 10\n    loads: {concurrency: [1, 100000], prompts_per_load: 1000}`)
    ).toBe(
      `${FILE}:17: scenarios.short.loads: level 100000 asks for 100000000 requests (prompts_per_load × level), more than 10000000`
    );
  });
});

describe("loads the plan accepts print as written", () => {
  it("rates from 0.001 to 1,000,000 and concurrency up to 100,000: plain decimals, ids the reader takes back", () => {
    const plan = parseStudyPlan(
      planYaml(`${LENGTHS}    num_prompts: 10\n    loads: {request_rate: [1e-3, 0.0015, 0.5, 2.5, 1e6]}`),
      FILE,
      "/study"
    );
    const ids = plannedRuns(plan).map((r) => r.run);
    expect(ids).toEqual([
      "engine--base--short--q0.001",
      "engine--base--short--q0.0015",
      "engine--base--short--q0.5",
      "engine--base--short--q2.5",
      "engine--base--short--q1000000"
    ]);
    expect(ids.map((id) => parseRunId(id)?.load?.value)).toEqual([0.001, 0.0015, 0.5, 2.5, 1000000]);
    const ladder = parseStudyPlan(
      planYaml(`${LENGTHS}    num_prompts: 10\n    loads: {concurrency: [1, 100000]}`),
      FILE,
      "/study"
    );
    expect(plannedRuns(ladder).map((r) => parseRunId(r.run)?.load?.value)).toEqual([1, 100000]);
  });

  it("check and run --dry-run: the one line, exit 2 and 1; an accepted rate as written in the command", () => {
    const dir = join(root, "study");
    mkdirSync(dir);
    writeFileSync(
      join(dir, "study.yaml"),
      planYaml(`${LENGTHS}    num_prompts: 100\n    loads: {concurrency: [1000000000]}`)
    );
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ["bin/tps-report.js", ...args], {
        encoding: "utf8",
        env: {...process.env, TPS_REPORT_DEBUG: ""}
      });
    const line = `${join(dir, "study.yaml")}:17: scenarios.short.loads.concurrency[0]: must be a whole number from 1 to 100000`;
    const check = cli("check", dir);
    expect([check.status, check.stderr]).toEqual([2, `tps-report check: ${line}\n1 error\n`]);
    const dry = cli("run", dir, "--dry-run");
    expect([dry.status, dry.stderr, dry.stdout]).toEqual([1, `tps-report run: ${line}\n`, ""]);
    writeFileSync(
      join(dir, "study.yaml"),
      planYaml(`${LENGTHS}    num_prompts: 100\n    loads: {request_rate: [0.001]}`)
    );
    const ok = cli("run", dir, "--dry-run");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain(" --request-rate 0.001 ");
    expect(ok.stdout).toContain("engine--base--short--q0.001");
  });
});
