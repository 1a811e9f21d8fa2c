// A configuration a write-up gives no result for on a workload is imported as not run (run.json: status failed,
// failed_phase not-run, the reason in its error), as live mode records a ladder level it left out. Its step page said
// "failed: Optimized" and badged it failed (GLM-4.x on H200's "ShareGPT batch size 4"): it ran nothing, so nothing failed.
import "../../src/render/dom.js";
import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import {stepFragments} from "../../src/render/page-fragments.js";

const REASON = "the write-up gives no result for this configuration on this workload";
const root = mkdtempSync(join(tmpdir(), "tps-not-run-point-"));
let study: StudyData;

beforeAll(async () => {
  const dir = join(root, "study");
  cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
  // SGLang's engine-selection run, as the write-up import writes a run the document gives no result for.
  const run = join(dir, "runs/engine-selection--sglang--sharegpt");
  rmSync(run, {recursive: true});
  mkdirSync(run);
  const record = {
    id: "engine-selection--sglang--sharegpt",
    status: "failed",
    error: `not run: ${REASON}`,
    failed_phase: "not-run"
  };
  writeFileSync(join(run, "run.json"), JSON.stringify(record, null, 2));
  study = await loadStudy(dir, root);
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("a point the write-up gives no result for", () => {
  it("is ranked as not run, not failed, and badged so in the step's table, in both languages", async () => {
    const page = [...stepPages(study.report, study.rows)].find((p) => p.step.id === "engine-selection")!;
    const en = await stepFragments(page, "en");
    const ranking = JSON.stringify(en.ranking);
    expect(ranking).toContain("TensorRT-LLM (2054.21 tok/s) &gt; vLLM (1730.98 tok/s); not run: SGLang");
    expect(ranking).not.toContain("failed");
    const table = JSON.stringify(en["step-table"]);
    expect(table).toContain(`<span class=\\"status not-run\\">not run (${REASON})</span>`);
    expect(table).not.toContain("status failed");
    const tr = await stepFragments(page, "tr");
    expect(JSON.stringify(tr.ranking)).toContain("koşulmadı: SGLang");
    // Its reason, which run.json holds in English, in the page's language.
    expect(JSON.stringify(tr["step-table"])).toContain(
      `<span class=\\"status not-run\\">koşulmadı (özgün yazı bu yapılandırmanın bu iş yükündeki sonucunu vermiyor)</span>`
    );
  });
});
