// Issue 23: an imported study keeps "TODO: …" for what its files do not say; a run page says "not recorded" instead.
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import type {Lang} from "../../src/components/i18n.js";
import {runFacts} from "../../src/components/runDetail.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-run-facts-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function facts(study: string, run: string, lang: Lang): Promise<Record<string, string>> {
  const list = runFacts(await runDetail(study, run), {lang, root: "../"});
  return Object.fromEntries(
    [...list.querySelectorAll("dt")].map((dt) => [dt.textContent ?? "", dt.nextElementSibling?.textContent ?? ""])
  );
}

describe("a run page of an imported study whose files name no engine version and no GPU", () => {
  it("says not recorded, in the page's language, never the plan's TODO text", async () => {
    const study = join(tmp, "study");
    importResults([{path: "test/fixtures/import-corpus/vllm-json/er0080-bench_serve_v0.25.1.json", set: {}}], study);
    const [run] = listRunDirs(join(study, "runs"));
    expect(await facts(study, run, "en")).toMatchObject({GPU: "not recorded × 1"});
    expect((await facts(study, run, "en")).Engine).toMatch(/^vLLM, version not recorded$/);
    expect(await facts(study, run, "tr")).toMatchObject({Motor: "vLLM, sürüm kaydedilmemiş", GPU: "kaydedilmemiş × 1"});
  });

  it("keeps the seed's facts as they are", async () => {
    expect(await facts("data/studies/qwen3-32b-a100", "engine-selection--vllm--sharegpt", "en")).toMatchObject({
      Engine: "vLLM v0.11.0",
      GPU: "NVIDIA A100-SXM4-80GB × 1"
    });
  });
});
