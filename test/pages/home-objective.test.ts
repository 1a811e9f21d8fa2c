// The home page's before-and-after table shows the study's objective, and says which one it is. A real AIPerf 0.11.0
// report (akamaslabs/vllm-benchmark, in the import corpus) gives no input token counts, so its study maximizes output
// throughput: the page must not call those figures total token throughput.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import {homeFragments} from "../../src/render/page-fragments.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-home-objective-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
const AIPERF = "test/fixtures/import-corpus/aiperf-json/akamaslabs-exp7-c16/profile_export_aiperf.json";

const textOf = (fragment: unknown) => JSON.stringify(fragment);

it("a study maximizing output throughput labels its headline figures so, in both languages", async () => {
  const dir = join(tmp, "aiperf");
  importResults([AIPERF], dir);
  const study = await loadStudy(dir);
  expect(study.plan.objective).toBe("output_throughput");
  const en = await homeFragments(study, "en");
  expect(textOf(en["headline-table"])).toContain("Output token throughput (tok/s)");
  expect(textOf(en["headline-table"])).not.toContain("Total token throughput");
  // 1792.23 is the file's output_token_throughput (1792.2310692134672), shown to two decimals.
  expect(textOf(en["headline-table"])).toContain("1792.23");
  expect(textOf(en["throughput-note"])).toContain("output token throughput");
  const tr = await homeFragments(study, "tr");
  expect(textOf(tr["headline-table"])).toContain("Çıkış token işlem hacmi (tok/s)");
  expect(textOf(tr["throughput-note"])).toContain("çıkış token işlem hacmi");
});

it("the seed, which maximizes total token throughput, keeps its label and sentence", async () => {
  const study = await loadStudy("data/studies/qwen3-32b-a100");
  const en = await homeFragments(study, "en");
  expect(textOf(en["headline-table"])).toContain("Total token throughput (tok/s)");
  expect(textOf(en["throughput-note"])).toContain("total token throughput: input plus output tokens per second");
});
