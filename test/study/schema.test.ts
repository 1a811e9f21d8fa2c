// The study format's one definition: generated files up to date, every plan problem reported at once with its line.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {
  runJsonSchema,
  SCHEMA_FILES,
  schemaFileText,
  studyFormatDoc,
  studyJsonSchema
} from "../../loaders/study/schema-files.js";

const SEED = "data/studies/qwen3-32b-a100/study.yaml";
const seedText = readFileSync(SEED, "utf8");

function planError(text: string): PlanError {
  try {
    parseStudyPlan(text, "s.yaml", "d");
  } catch (error) {
    if (error instanceof PlanError) return error;
    throw error;
  }
  throw new Error("no error");
}

const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle)) + 1;

describe("generated schema files", () => {
  it("schema/*.schema.json and docs/study-format.md match the schema (npm run schema writes them)", () => {
    expect(readFileSync(SCHEMA_FILES.study, "utf8")).toBe(schemaFileText(studyJsonSchema()));
    expect(readFileSync(SCHEMA_FILES.run, "utf8")).toBe(schemaFileText(runJsonSchema()));
    expect(readFileSync("docs/study-format.md", "utf8")).toBe(studyFormatDoc());
  });

  it("the docs list every field of both files", () => {
    const doc = studyFormatDoc();
    for (const field of [
      "`steps[].candidates[].server`",
      "`scenarios.<id>.num_prompts`",
      "`steps[].decision`",
      "`repeat`"
    ])
      expect(doc).toContain(field);
  });
});

describe("comparisons declared in the plan", () => {
  it("comparisons: [{base, threshold}] against studies of the site, this study the new side; each with its line", () => {
    const text =
      seedText +
      "comparisons:\n  - {base: nightly-1, threshold: 5%}\n  - {base: h200-ladder, threshold: 0.1}\n  - base: a100-old\n";
    expect(parseStudyPlan(text, "s.yaml", "d").comparisons).toEqual([
      {base: "nightly-1", threshold: 0.05, line: lineOf(text, "base: nightly-1")},
      {base: "h200-ladder", threshold: 0.1, line: lineOf(text, "base: h200-ladder")},
      {base: "a100-old", threshold: 0.05, line: lineOf(text, "base: a100-old")}
    ]);
    expect(parseStudyPlan(seedText, "s.yaml", "d").comparisons).toEqual([]);
    expect(studyFormatDoc()).toContain("`comparisons[].base`");
  });

  it("a threshold that is not a percentage below 100, or a base that is not an id: the file, line and field", () => {
    const text = seedText + "comparisons:\n  - {base: nightly-1, threshold: 120%}\n  - {base: Nightly 1}\n";
    expect(planError(text).issues.map((i) => [i.line, i.path])).toEqual([
      [lineOf(text, "threshold: 120%"), "comparisons[0].threshold"],
      [lineOf(text, "base: Nightly 1"), "comparisons[1].base"]
    ]);
    expect(planError(text).issues[0].message).toBe("must be a percentage from 0 to under 100, as 5% or 0.05");
  });
});

describe("plan problems", () => {
  it("reports every problem in one pass, each with its line", () => {
    const broken = seedText
      .replace("num_prompts: 500", "num_prompts: -1")
      .replace("engine: sglang", "engine: sglng")
      .replace("scenarios: [short, medium, long, very-long]", "scenarios: [short, medium, longer, very-long]")
      .replace("    dataset: sharegpt\n", "    dataset: sharegpt\n    datset: x\n");
    const error = planError(broken);
    const got = error.issues.map((i) => [i.line, i.path]);
    expect(got).toEqual([
      [lineOf(broken, "datset: x"), "scenarios.sharegpt.datset"],
      [lineOf(broken, "num_prompts: -1"), "scenarios.medium.num_prompts"]
    ]);
    // Schema problems come first; references are checked once the shapes are right.
    const fixed = broken.replace("num_prompts: -1", "num_prompts: 500").replace("    datset: x\n", "");
    expect(planError(fixed).issues.map((i) => [i.line, i.message])).toEqual([
      [lineOf(fixed, "engine: sglng"), "engine 'sglng' is not listed under 'engines'"],
      [lineOf(fixed, "scenarios: [short, medium, longer"), "unknown scenario 'longer'"]
    ]);
    expect(error.message.split("\n")).toHaveLength(2);
    expect(error.message).toMatch(/^s\.yaml:\d+: scenarios\.sharegpt\.datset: unknown key$/m);
  });

  // They read as the schema library writes them: "Too small: expected number to be >=1", "expected int, received
  // number", "Too small: expected array to have >=1 items".
  it("says what a value must be in the plan's words, not the schema library's", () => {
    const said = (from: string, to: string) => planError(seedText.replace(from, to)).issues.map((i) => i.message);
    expect(said("  count: 1\n", "  count: 0\n")).toEqual(["must be at least 1"]);
    expect(said("  count: 1\n", "  count: 2.5\n")).toEqual(["must be a whole number"]);
    expect(said("  count: 1\n", "  count: two\n")).toEqual(["must be a number"]);
    expect(said("  count: 1\n", "  count: 99999999999999999999\n")).toEqual(["must be at most 9007199254740991"]);
    expect(said("  count: 1\n", "  count: [1]\n")).toEqual(["must be a number"]);
    expect(said("scenarios: [short, medium, long, very-long]", "scenarios: []")).toEqual(["must not be empty"]);
    expect(said("  name: Qwen/Qwen3-32B\n", "  name: [Qwen/Qwen3-32B]\n")).toEqual(["must be text"]);
  });

  it("takes English-only or Turkish-only text and falls back to the other language", () => {
    const text = seedText
      .replace(/title:\n  en: (.*)\n  tr: .*\n/, "title: $1\n")
      .replace("title: {en: Quantization, tr: Quantization}", "title: {tr: Niceleme}");
    const plan = parseStudyPlan(text, "s.yaml", "d");
    expect(plan.title).toEqual({
      en: "Qwen3-32B throughput optimization on one NVIDIA A100",
      tr: "Qwen3-32B throughput optimization on one NVIDIA A100"
    });
    expect(plan.steps[1].title).toEqual({en: "Niceleme", tr: "Niceleme"});
  });

  it("rejects ids outside the agreed rule", () => {
    const error = planError(seedText.replace("  - id: quantization", "  - id: Quantization--x"));
    expect(error.issues[0]).toMatchObject({line: lineOf(seedText, "  - id: quantization"), path: "steps[1]"});
  });

  it("lists placeholders as warnings with their lines, and a defaulted decision rule", () => {
    const text = seedText
      .replace("gpu: a100-sxm4-80gb", "gpu: TODO")
      .replace(
        "scenarios: [sharegpt]\n    candidates:\n      - id: vllm",
        "scenarios: [sharegpt, short]\n    candidates:\n      - id: vllm"
      );
    const plan = parseStudyPlan(text, "s.yaml", "d");
    expect(plan.warnings.map((w) => [w.line, w.path])).toEqual([
      [lineOf(text, "gpu: TODO"), "hardware.gpu"],
      [lineOf(text, "- id: engine-selection"), "steps[0]"]
    ]);
    expect(plan.steps[0].decision).toBe("geometric-mean");
    expect(plan.steps[1].decision).toEqual({scenario: "sharegpt"});
  });
});
