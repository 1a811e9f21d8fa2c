// npm run build says, on one line, when the study it builds has check errors (issue 23: the build passed silently).
import {mkdtempSync, rmSync, writeFileSync, mkdirSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {checkWarning} from "../../loaders/pages/quality.js";
import {ladderPlanYaml} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-check-warning-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("the build's check line", () => {
  it("names the error count, the study and the first error, on one line", async () => {
    // The plan asks for 81 runs; the study has none of them.
    mkdirSync(join(root, "runs"), {recursive: true});
    writeFileSync(join(root, "study.yaml"), ladderPlanYaml({ttft: 2000, tpot: 30}));
    const {report} = await loadStudy(root);
    const errors = report.findings.filter((f) => f.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    const line = checkWarning(report, root)!;
    expect(line).not.toContain("\n");
    expect(line).toBe(
      `tps-report: ${errors.length} check errors in study ladder-study (${root}); the first: ${errors[0].message}; run npx tps-report check ${root}`
    );
  });

  it("says nothing for the seed, which has no error", async () => {
    const {report} = await loadStudy("data/studies/qwen3-32b-a100");
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(checkWarning(report, "data/studies/qwen3-32b-a100")).toBeNull();
  });
});
