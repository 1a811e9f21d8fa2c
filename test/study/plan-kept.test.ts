// An incremental build keeps the parsed plan: it must be the plan loadStudyPlan gives, and be parsed again when
// study.yaml, its folder or the code changed, or the kept file is damaged.
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {keptPlan} from "../../loaders/study/plan-kept.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-plan-kept-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

describe("the kept plan", () => {
  for (const name of ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder"])
    it(`equals the parsed plan of ${name}, kept or not`, () => {
      const dir = join("data/studies", name);
      const keeping = {file: join(tmp, `${name}.plan`), version: "v1"};
      const parsed = JSON.stringify(loadStudyPlan(dir));
      expect(JSON.stringify(keptPlan(dir, keeping))).toBe(parsed);
      expect(readFileSync(keeping.file).length).toBeGreaterThan(0);
      expect(JSON.stringify(keptPlan(dir, keeping))).toBe(parsed);
    });

  it("is kept in a folder that is not there yet (Framework's cache in a fresh clone, where dev keeps it)", () => {
    const keeping = {file: join(tmp, "fresh", "cache", ".dev-memo.runs.plan"), version: "v1"};
    const dir = "data/studies/qwen3-32b-a100";
    expect(JSON.stringify(keptPlan(dir, keeping))).toBe(JSON.stringify(loadStudyPlan(dir)));
    expect(readFileSync(keeping.file).length).toBeGreaterThan(0);
  });

  it("is parsed again when study.yaml changes, for another code version, and from a damaged file", () => {
    const dir = join(tmp, "study");
    cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
    const keeping = {file: join(tmp, "study.plan"), version: "v1"};
    const title = keptPlan(dir, keeping).title.en;
    const yaml = join(dir, "study.yaml");
    const source = readFileSync(yaml, "utf8");
    expect(source).toContain(title);
    writeFileSync(yaml, source.replace(title, "Another title"));
    expect(keptPlan(dir, keeping).title.en).toBe("Another title");
    expect(JSON.stringify(keptPlan(dir, {...keeping, version: "v2"}))).toBe(JSON.stringify(loadStudyPlan(dir)));
    writeFileSync(keeping.file, readFileSync(keeping.file).subarray(0, 50));
    expect(JSON.stringify(keptPlan(dir, keeping))).toBe(JSON.stringify(loadStudyPlan(dir)));
  });
});
