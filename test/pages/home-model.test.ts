// A study imported from files of several models (the whole real corpus as one study): the home page said "To serve
// meta-llama/Llama-3.3-70B-Instruct …, start Llama-3.1-70B-Instruct, TensorRT-LLM …", the plan's first model beside
// a recommendation that serves another.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import {allSteps} from "../../loaders/study/plan.js";
import {homeFragments} from "../../src/render/page-fragments.js";
import {corpusSources} from "../support/import-corpus.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-home-model-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

describe("the home page's model", () => {
  it("is the model the recommended configuration serves", async () => {
    const sources = corpusSources(CORPUS);
    const dir = join(tmp, "all");
    importResults(sources, dir);
    const study = await loadStudy(dir);
    const {step, candidate} = study.report.recommended;
    const served = allSteps(study.plan)
      .find((s) => s.id === step)!
      .candidates.find((c) => c.id === candidate)!.model;
    expect(served).not.toBe(study.plan.model.name);
    const fragments = await homeFragments(study, "en");
    expect("html" in fragments.serve && fragments.serve.html).toContain(`To serve ${served} on `);
  });

  it("is the seed's model on the seed", async () => {
    const study = await loadStudy("data/studies/qwen3-32b-a100");
    const {serve} = await homeFragments(study, "en");
    expect("html" in serve && serve.html).toMatch(/^<p>To serve Qwen\/Qwen3-32B on /);
  });
});
