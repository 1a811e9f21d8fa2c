// A scenario the other-workloads step names, but one side of it never ran there (a write-up that gives no result
// for the baseline on ShareGPT): the headline compares the baseline step's run with the recommended configuration's,
// as the page's own table does, instead of leaving the scenario out. Qwen3-8B on 910B (Performance Lab) did so: its
// ShareGPT row and five published figures went unverified. Here the seed's English page is given the same shape.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

const PAGE = "test/fixtures/writeups/qwen3-32b--a100.md";
const DATE = new Date("2026-03-01T00:00:00Z");
let root: string;
let plain: StudyData;
let shaped: StudyData;

/** The page with the winner's ShareGPT block (TensorRT-LLM, step 1) also under the optimized side of its other
 * workloads, where the baseline gives none. */
function optimizedOnlyOnShareGpt(): string {
  const lines = readFileSync(PAGE, "utf8").split("\n");
  const block = lines.slice(lines.indexOf("    trtllm-serve Qwen/Qwen3-32B") + 4, 180);
  const end = lines.lastIndexOf("    ```");
  const file = join(root, "optimized-only.md");
  writeFileSync(
    file,
    [...lines.slice(0, end), "", "    # sharegpt", ...block.slice(1, -1), ...lines.slice(end)].join("\n")
  );
  return file;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-headline-not-run-"));
  importWriteup(PAGE, join(root, "plain"), DATE);
  importWriteup(optimizedOnlyOnShareGpt(), join(root, "shaped"), DATE);
  [plain, shaped] = [await loadStudy(join(root, "plain")), await loadStudy(join(root, "shaped"))];
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a headline scenario one side of the other workloads did not run", () => {
  it("is the page as published: the other workloads step runs ShareGPT for the optimized side alone", () => {
    const step = shaped.plan.steps.find((s) => s.id === "other-benchmark-cases")!;
    expect(step.scenarios).toContain("sharegpt");
    const notRun = shaped.rows.filter((r) => r.failed_phase === "not-run").map((r) => r.run);
    expect(notRun).toEqual(["other-benchmark-cases--baseline--sharegpt"]);
  });

  it("compares the baseline step's run with the recommended configuration's, as without that block", () => {
    const row = shaped.report.headline.find((h) => h.scenario === "sharegpt");
    expect(row).toMatchObject({
      baseline_run: "choosing-the-inference-engine--vllm--sharegpt",
      recommended_run: "choosing-the-inference-engine--tensorrt-llm--sharegpt",
      baseline_tps: 1730.98,
      recommended_tps: 2054.21
    });
    expect(shaped.report.headline).toEqual(plain.report.headline);
    expect(shaped.report.findings.filter((f) => f.code === "headline-incomplete")).toEqual([]);
  });
});
