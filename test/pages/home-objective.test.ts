// The home page's before-and-after table shows the study's objective, and says which one it is. A real AIPerf 0.11.0
// report (akamaslabs/vllm-benchmark, in the import corpus) gives no input token counts, so its study maximizes output
// throughput: the page must not call those figures total token throughput.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
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

it("a study of the one AIPerf file maximizes output throughput and, one configuration, compares nothing", async () => {
  const dir = join(tmp, "aiperf");
  importResults([AIPERF], dir);
  const study = await loadStudy(dir);
  expect(study.plan.objective).toBe("output_throughput");
  const en = await homeFragments(study, "en");
  // One configuration: no table of it against itself (issue 23, item 11); the note still names the objective.
  expect(en["headline-table"]).toEqual({html: ""});
  expect(textOf(en["throughput-note"])).toContain("output token throughput");
  expect(textOf((await homeFragments(study, "tr"))["throughput-note"])).toContain("çıkış token işlem hacmi");
});

it("a study maximizing output throughput labels its headline figures so, in both languages", async () => {
  // The seed's plan with output throughput as its objective: its runs print it, so the table has real figures.
  const dir = join(tmp, "seed-output");
  cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
  const plan = readFileSync(join(dir, "study.yaml"), "utf8");
  writeFileSync(
    join(dir, "study.yaml"),
    plan.replace("objective: total_token_throughput", "objective: output_throughput")
  );
  const study = await loadStudy(dir, tmp);
  expect(study.plan.objective).toBe("output_throughput");
  const baseline = study.rows.find((r) => r.run === study.report.headline[0].baseline_run)!;
  const en = await homeFragments(study, "en");
  expect(textOf(en["headline-table"])).toContain("Output token throughput (tok/s)");
  expect(textOf(en["headline-table"])).not.toMatch(/total token throughput/i);
  expect(textOf(en["headline-table"])).toContain((baseline.output_throughput as number).toFixed(2));
  expect(textOf(en["throughput-note"])).toContain("output token throughput");
  const tr = await homeFragments(study, "tr");
  expect(textOf(tr["headline-table"])).toContain("Çıkış token işlem hacmi (tok/s)");
  expect(textOf(tr["throughput-note"])).toContain("çıkış token işlem hacmi");
});

it("the seed, which maximizes total token throughput, names it as vLLM prints it, as every page does", async () => {
  const study = await loadStudy("data/studies/qwen3-32b-a100");
  const en = await homeFragments(study, "en");
  expect(textOf(en["headline-table"])).toContain("Total Token throughput (tok/s)");
  expect(textOf(en["throughput-note"])).toContain("total token throughput: input plus output tokens per second");
});
