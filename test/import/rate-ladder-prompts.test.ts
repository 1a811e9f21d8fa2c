// Real SGLang rate sweeps (datacrunch, in the import corpus): requests 1, 2, 4, 8 and 16 per second, with 300, 600,
// 1200, 2400 and 3200 prompts. The counts follow neither rule a plan could state (the same at every level, or in
// proportion to it), so each rate became a scenario of its own and a step of its own: a load curve imported as five
// unrelated workloads (issue 23: new loads are new load levels).
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import {allSteps, scenarioLoads} from "../../loaders/study/plan.js";
import {LoadsSchema} from "../../loaders/study/schema.js";

const CORPUS = "test/fixtures/import-corpus/sglang-jsonl";
const FILES = ["datacrunch-2024-12-llama_3_3_70b_output_online.jsonl", "datacrunch-llama_3_3_70b_online_output.jsonl"];
const tmp = mkdtempSync(join(tmpdir(), "tps-rate-ladder-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

describe("a rate sweep whose prompt counts follow no rule", () => {
  it("is one scenario with a request-rate ladder, each level with its own prompt count", async () => {
    const dir = join(tmp, "study");
    importResults(
      FILES.map((name) => ({
        path: join(CORPUS, name),
        set: JSON.parse(readFileSync(join(CORPUS, `${name}.provenance.json`), "utf8")).setup
      })),
      dir
    );
    const {plan, rows, report} = await loadStudy(dir, tmp);
    // The ShareGPT runs of the second file (rates 4 and 8, 1200 and 2400 prompts) were a ladder already.
    const ladders = plan.scenarios.filter((s) => s.loads).sort((a, b) => (a.dataset < b.dataset ? -1 : 1));
    expect(ladders.map((s) => [s.dataset, s.loads!.kind, s.loads!.levels])).toEqual([
      ["random", "request_rate", [1, 2, 4, 8, 16]],
      ["sharegpt", "request_rate", [4, 8]]
    ]);
    expect(scenarioLoads(ladders[0]).map((s) => [s.request_rate, s.num_prompts])).toEqual([
      [1, 300],
      [2, 600],
      [4, 1200],
      [8, 2400],
      [16, 3200]
    ]);
    // Both setups ran the whole ladder: ten points on it, each run where the plan puts it.
    const onLadder = rows.filter((r) => r.scenario === ladders[0].id);
    expect(onLadder.map((r) => [r.candidate, r.load, r.completed]).sort()).toEqual(
      [
        ...[1, 2, 4, 8, 16].map((rate, i) => ["default", rate, [300, 600, 1200, 2400, 3200][i]]),
        ...[1, 2, 4, 8, 16].map((rate, i) => ["tp_size-4", rate, [300, 600, 1200, 2400, 3200][i]])
      ].sort()
    );
    expect(allSteps(plan).filter((s) => s.scenarios.includes(ladders[0].id))).toHaveLength(1);
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});

describe("a ladder's listed prompt counts in the plan", () => {
  it("need one number per level, and exclude prompts_per_load", () => {
    const issues = (loads: unknown) => {
      const parsed = LoadsSchema.safeParse(loads);
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(issues({request_rate: [1, 2], prompts: [300, 600]})).toEqual([]);
    expect(issues({request_rate: [1, 2], prompts: [300]})).toEqual(["'prompts' needs one number per level"]);
    expect(issues({concurrency: [1, 2], prompts: [3, 6], prompts_per_load: 3})).toEqual([
      "give 'prompts' or 'prompts_per_load', not both"
    ]);
  });
});
