// Case 3 of issue 15: ids have one character set and length, checked when the plan is read (file and line), run ids
// split one way only, and nothing is written outside the study's runs folder.
import {execFileSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {parseDocument} from "yaml";
import {commitRun, createTmpRun} from "../../loaders/runs/run-folder.js";
import {idProblem, parseRunId} from "../../loaders/study/ids.js";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";

const SEED = readFileSync("data/studies/qwen3-32b-a100/study.yaml", "utf8");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** The seed plan with one value replaced, as YAML text. */
function seedWith(path: (string | number)[], value: unknown): string {
  const doc = parseDocument(SEED);
  doc.setIn(path, value);
  return doc.toString();
}

function planError(text: string): PlanError {
  try {
    parseStudyPlan(text, "study.yaml", ".");
  } catch (error) {
    if (error instanceof PlanError) return error;
    throw error;
  }
  throw new Error("the plan was accepted");
}

/** 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string): number => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("ids in a plan", () => {
  const hostile = [
    "../../escape2",
    "a/b",
    "/tmp/abs",
    "x".repeat(300),
    `q"><svg onload=alert(1)>`,
    "Upper",
    "a--b",
    "trailing-",
    "-lead",
    "",
    "with space"
  ];
  for (const id of hostile)
    it(`rejects the step id ${JSON.stringify(id.slice(0, 30))} with file and line`, () => {
      const text = seedWith(["steps", 1, "id"], id);
      const error = planError(text);
      expect(error.file).toBe("study.yaml");
      // The line of the step's id (the empty id is caught by the non-empty check on the same line).
      expect(error.line).toBe(lineOf(text, "- id: " + (id === "" ? '""' : id.slice(0, 10))) || error.line);
      expect(error.message).toMatch(/^study\.yaml:\d+: steps/);
      expect(error.message.split("\n")).toHaveLength(1);
    });

  it("rejects bad candidate, scenario and study ids at their lines", () => {
    const candidate = seedWith(["steps", 0, "candidates", 1, "id"], "a/b");
    expect(planError(candidate).line).toBe(lineOf(candidate, "- id: a/b"));
    const study = seedWith(["id"], "../study");
    expect(planError(study).line).toBe(lineOf(study, "id: ../study"));
    const doc = parseDocument(SEED);
    const scenarios = doc.get("scenarios") as {items: {key: {value: string}}[]};
    scenarios.items[0].key.value = "b--tiny";
    const scenario = doc.toString();
    expect(planError(scenario).message).toMatch(/scenarios: id "b--tiny" is not allowed/);
    expect(planError(scenario).line).toBe(lineOf(scenario, "b--tiny:"));
  });

  it("accepts every id of the seed plan and the convention's examples", () => {
    expect(() => parseStudyPlan(SEED, "study.yaml", ".")).not.toThrow();
    for (const id of ["a", "engine-selection", "trtllm-fp8", "qwen3-32b-a100", "v0.6.3_post1", "x".repeat(64)])
      expect(idProblem(id), id).toBeNull();
    expect(idProblem("x".repeat(65))).toMatch(/65 characters/);
  });

  it("splits a run id one way only", () => {
    expect(parseRunId("s--a--b--tiny")).toBeNull();
    expect(parseRunId("engine-selection--sglang--sharegpt")).toEqual({
      step: "engine-selection",
      candidate: "sglang",
      scenario: "sharegpt",
      repeat: 1
    });
    expect(parseRunId("s--a--tiny--r3")).toEqual({step: "s", candidate: "a", scenario: "tiny", repeat: 3});
    expect(parseRunId("s--a--tiny--r1")).toBeNull();
    expect(parseRunId("../s--a--tiny")).toBeNull();
  });
});

describe("YAML aliases in a plan", () => {
  it("resolves ordinary aliases", () => {
    const text = SEED.replace(/^id: (.*)$/m, "id: &sid $1").replace(/^source: .*$/m, "source: *sid");
    expect(parseStudyPlan(text, "study.yaml", ".").source).toBe("qwen3-32b-a100");
    const server = SEED.replace(
      'server: [vllm, serve, Qwen/Qwen3-32B, --max-model-len, "32768"]',
      "server: &vllm [vllm, serve, Qwen/Qwen3-32B]"
    ).replace(/(- id: sglang\n(?: {8}.*\n)*? {8}server: ).*/, "$1*vllm");
    const plan = parseStudyPlan(server, "study.yaml", ".");
    expect(plan.steps[0].candidates[1].server).toEqual(["vllm", "serve", "Qwen/Qwen3-32B"]);
  });

  it("stops an alias bomb with file and line", () => {
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lol.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    const text = SEED.replace(/^notes:/m, `bomb:\n${lol.map((l) => "  " + l).join("\n")}\nnotes:`);
    const error = planError(text);
    expect(error.message).toMatch(/^study\.yaml:\d+: .*alias/i);
  });
});

describe("run folders stay inside the study", () => {
  it("refuses to create or commit a run folder whose id is no run id", () => {
    const root = mkdtempSync(join(tmpdir(), "tps-ids-"));
    made.push(root);
    const runs = join(root, "study", "runs");
    mkdirSync(join(root, "victim"), {recursive: true});
    writeFileSync(join(root, "victim", "keep"), "x");
    expect(() => createTmpRun(runs, "../../victim")).toThrow(/not a run id/);
    const tmp = createTmpRun(runs, "s--a--tiny");
    expect(() => commitRun(runs, tmp, "../../victim", true)).toThrow(/not a run id/);
    expect(readdirSync(join(root, "victim"))).toEqual(["keep"]);
  });

  it("tps-report run rejects an escaping step id in one line and writes nothing outside", () => {
    const root = mkdtempSync(join(tmpdir(), "tps-ids-"));
    made.push(root);
    const study = join(root, "a", "b", "study");
    mkdirSync(study, {recursive: true});
    writeFileSync(join(study, "study.yaml"), seedWith(["steps", 0, "id"], "../../escape2"));
    let stderr = "";
    let code = 0;
    try {
      execFileSync(process.execPath, ["bin/tps-report.js", "run", study, "--only", "../../escape2"], {stdio: "pipe"});
    } catch (error) {
      const e = error as {status: number; stderr: Buffer};
      code = e.status;
      stderr = e.stderr.toString();
    }
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/study\.yaml:\d+: steps\[0\]: id "\.\.\/\.\.\/escape2" is not allowed/);
    expect(existsSync(join(root, "a", "escape2"))).toBe(false);
    expect(readdirSync(study)).toEqual(["study.yaml"]);
  });
});
