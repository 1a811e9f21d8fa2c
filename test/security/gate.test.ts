// Issue 47, cases 6 and 7: `compare` and `history` as a CI gate fail (exit 2, one line) when nothing was compared, and
// refuse a confidence level outside the range an interval can be drawn at, on the command line or in the plan.
import {spawnSync} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {writeRepeatStudy} from "../support/repeat-study.js";

const SEED = "data/studies/qwen3-32b-a100";
const root = mkdtempSync(join(tmpdir(), "tps-gate-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function cli(...args: string[]): {status: number | null; stdout: string; stderr: string} {
  const run = spawnSync(process.execPath, ["bin/tps-report.js", ...args], {
    encoding: "utf8",
    env: {...process.env, TPS_REPORT_DEBUG: ""}
  });
  return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

const repeats = join(root, "repeats");
const emptyRuns = join(root, "empty-runs");
const noRuns = join(root, "no-runs");
const emptyRepeats = join(root, "empty-repeats");
beforeAll(() => {
  writeRepeatStudy(repeats, {base: [1000, 1010, 990], tuned: [1100, 1110, 1090]});
  // The seed's plan with an empty runs/ folder, and with none at all.
  mkdirSync(join(emptyRuns, "runs"), {recursive: true});
  cpSync(join(SEED, "study.yaml"), join(emptyRuns, "study.yaml"));
  mkdirSync(noRuns);
  cpSync(join(SEED, "study.yaml"), join(noRuns, "study.yaml"));
  mkdirSync(join(emptyRepeats, "runs"), {recursive: true});
  cpSync(join(repeats, "study.yaml"), join(emptyRepeats, "study.yaml"));
});

/** One line on stderr, nothing on stdout, exit 2. */
function refused(run: ReturnType<typeof cli>, line: RegExp): void {
  expect(run.stdout).toBe("");
  expect(run.stderr.split("\n")).toEqual([expect.stringMatching(line), ""]);
  expect(run.status).toBe(2);
}

describe("compare: nothing compared is a failure of the gate", () => {
  it("NEW with an empty runs/ folder: exit 2, one line naming it", () => {
    refused(
      cli("compare", SEED, emptyRuns),
      new RegExp(`^tps-report compare: nothing was compared: ${emptyRuns} has no runs$`)
    );
  });

  it("NEW without a runs/ folder, in every format", () => {
    for (const format of ["md", "csv", "json"])
      refused(
        cli("compare", SEED, noRuns, "--format", format),
        new RegExp(`^tps-report compare: nothing was compared: ${noRuns} has no runs$`)
      );
  });

  it("BASE without runs", () => {
    refused(
      cli("compare", emptyRuns, SEED),
      new RegExp(`^tps-report compare: nothing was compared: ${emptyRuns} has no runs$`)
    );
  });

  it("two studies that share no point: exit 2 in one line; the report on stdout says why", () => {
    for (const format of ["md", "json"]) {
      const run = cli("compare", SEED, repeats, "--format", format);
      expect(run.stderr).toBe(
        `tps-report compare: nothing was compared: no point of ${repeats} matches one of ${SEED} (17 points only in the base, 2 only in the new study)\n`
      );
      expect(run.status).toBe(2);
      expect(run.stdout).toContain(format === "md" ? "## Unmatched points" : '"unmatched"');
    }
  });

  it("every matched point failed in both studies: exit 2", () => {
    const failed = join(root, "all-failed");
    writeRepeatStudy(failed, {base: [null, null], tuned: [null]});
    const run = cli("compare", failed, failed);
    expect(run.stderr).toBe(
      "tps-report compare: nothing was compared: every run of the 2 points that match failed in both studies\n"
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toContain(
      "0 regressions, 0 improvements, 0 within noise, 2 failed in both, of 2 matched points"
    );
  });

  it("a study against itself still compares (exit 0)", () => {
    const run = cli("compare", repeats, repeats);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("of 2 matched points");
  });
});

describe("history: a study without runs is nothing to compare", () => {
  it("one of the series has no runs: exit 2, one line naming it", () => {
    refused(
      cli("history", repeats, repeats, emptyRepeats),
      new RegExp(`^tps-report history: nothing was compared: ${emptyRepeats} has no runs$`)
    );
  });

  it("studies that share no point: exit 2", () => {
    refused(cli("history", SEED, repeats), /^tps-report history: nothing was compared: the studies share no point$/);
  });
});

describe("--confidence and the plan's confidence are bounded", () => {
  it("0.9999999999999999 and 1e-300 are refused in one line, before any study is read", () => {
    for (const level of ["0.9999999999999999", "1e-300", "0.3", "1", "95"])
      refused(
        cli("compare", repeats, repeats, "--confidence", level),
        new RegExp(
          `^tps-report compare: --confidence '${level}' must be a number from 0\\.5 to 0\\.9999 \\(0\\.95 for 95 %\\)$`
        )
      );
  });

  it("the bounds themselves are levels an interval is drawn at", () => {
    for (const level of ["0.5", "0.9999"]) {
      const run = cli("compare", repeats, repeats, "--confidence", level, "--format", "json");
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      const c = JSON.parse(run.stdout);
      expect(c.confidence).toBe(Number(level));
      const tps = c.matched[0].metrics.find((m: {metric: string}) => m.metric === "total_token_throughput");
      expect(tps.low).toBeLessThan(1);
      expect(tps.high).toBeGreaterThan(1);
    }
  });

  it("a plan's confidence of 0.9999999999999999: a one-line error naming study.yaml and its line", () => {
    const dir = join(root, "plan-confidence");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1100, 1110, 1090]});
    const file = join(dir, "study.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("repeats: 3\n", "repeats: 3\nconfidence: 0.9999999999999999\n")
    );
    const check = cli("check", dir);
    expect(check.stderr).toBe(
      `tps-report check: ${file}:6: confidence: must be a number from 0.5 to 0.9999 (0.95 for 95 %)\n1 error\n`
    );
    expect(check.status).toBe(2);
    refused(
      cli("compare", dir, repeats),
      new RegExp(`^tps-report compare: ${file}:6: confidence: must be a number from 0\\.5 to 0\\.9999`)
    );
  });
});
