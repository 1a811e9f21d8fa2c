// A study whose candidates serve different models (issue 23: the whole corpus imported as one study) showed the plan's
// first model on /setup as if it were the study's; the page lists each model with the candidates that serve it.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import type {Fragment, PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";

const VLLM = "test/fixtures/import-corpus/vllm-json";
const tmp = mkdtempSync(join(tmpdir(), "tps-setup-models-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

async function setupFragments(study: StudyData, dir: string): Promise<Record<string, PageFragments>> {
  const pages: Record<string, PageFragments> = {};
  await siteFragments(study, dir, (path, fragments) => {
    if (path === "/setup" || path === "/tr/setup") pages[path] = fragments;
  });
  return pages;
}

const shown = (fragment: Fragment) =>
  ("html" in fragment ? fragment.html : fragment.text)
    .replace(/<\/?(ul|li)>/g, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();

let mixed: StudyData;
const mixedDir = join(tmp, "vllm");

beforeAll(async () => {
  // Two files of meta-llama/Llama-3.1-8B-Instruct (two framework settings) and two of facebook/opt-125m.
  importResults(
    [
      "er0080-bench_serve_v0.25.1.json",
      "er0080-bench_serve_all_requests_failed_v0.25.1.json",
      "nerdalert-results.json"
    ].map((f) => ({path: join(VLLM, f), set: {}})),
    mixedDir
  );
  mixed = await loadStudy(mixedDir);
}, 120_000);

describe("the setup page's model", () => {
  it("lists each model a candidate serves, with its candidates, in both languages", async () => {
    const served = new Map<string, Set<string>>();
    for (const step of mixed.plan.steps)
      for (const c of step.candidates) served.set(c.model, (served.get(c.model) ?? new Set()).add(c.label));
    expect([...served.keys()].sort()).toEqual(["facebook/opt-125m", "meta-llama/Llama-3.1-8B-Instruct"]);
    const pages = await setupFragments(mixed, mixedDir);
    const en = shown(pages["/setup"].model);
    const tr = shown(pages["/tr/setup"].model);
    expect(en).toBe(
      `Models, with the candidates that serve them: ${[...served]
        .map(([model, labels]) => `${model}: ${[...labels].join("; ")}`)
        .join(" ")}`
    );
    expect(tr).toBe(
      `Modeller ve onları sunan adaylar: ${[...served]
        .map(([model, labels]) => `${model}: ${[...labels].join("; ")}`)
        .join(" ")}`
    );
  });

  it("names the one model of a study whose candidates all serve it", async () => {
    const dir = join(tmp, "one");
    importResults([{path: join(VLLM, "nerdalert-results.json"), set: {}}], dir);
    const study = await loadStudy(dir);
    const pages = await setupFragments(study, dir);
    expect(shown(pages["/setup"].model)).toBe("Model: meta-llama/Llama-3.1-8B-Instruct");
    expect(shown(pages["/tr/setup"].model)).toBe("Model: meta-llama/Llama-3.1-8B-Instruct");
  });
});
