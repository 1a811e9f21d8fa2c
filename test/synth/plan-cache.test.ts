// The per-run loaders' plan cache: same plan as a fresh parse, reused while study.yaml is unchanged.
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudyPlanCached} from "../../loaders/study/plan-cache.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {planYaml} from "../support/synth/plan-yaml.js";
import {synthPlan} from "../support/synth/study-plan.js";

const root = mkdtempSync(join(tmpdir(), "tps-plan-cache-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("loadStudyPlanCached", () => {
  it("returns the parsed plan, from one cache file for a large plan", () => {
    const study = join(root, "study");
    const cache = join(root, "cache");
    mkdirSync(study);
    writeFileSync(join(study, "study.yaml"), planYaml(synthPlan(30, "cache")));
    const fresh = loadStudyPlan(study);
    expect(loadStudyPlanCached(study, cache)).toEqual(fresh);
    expect(readdirSync(cache)).toHaveLength(1);
    expect(loadStudyPlanCached(study, cache)).toEqual(fresh);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it("parses small plans directly (the seed)", () => {
    const cache = join(root, "none");
    expect(loadStudyPlanCached("data/studies/qwen3-32b-a100", cache)).toEqual(
      loadStudyPlan("data/studies/qwen3-32b-a100")
    );
    expect(() => readdirSync(cache)).toThrow();
  });
});
