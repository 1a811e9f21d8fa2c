// tps-report tune's command line: its options, and the one-line refusals that come before any run.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {spawnSync} from "node:child_process";
import {afterAll, describe, expect, it} from "vitest";
import {parseEmitArgs} from "../../loaders/cli/emit.js";
import {parseRunArgs} from "../../loaders/cli/run.js";
import {parseTuneArgs} from "../../loaders/cli/tune.js";
import {syntheticPlanYaml} from "../support/search-simulation.js";
import {syntheticTuneYaml} from "../support/synthetic-engine.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-tune-cli-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

function study(name: string, yaml: string): string {
  const dir = join(tmp, name);
  spawnSync("mkdir", ["-p", dir]);
  writeFileSync(join(dir, "study.yaml"), yaml);
  return dir;
}

const tune = (...args: string[]) =>
  spawnSync(process.execPath, ["bin/tps-report.js", "tune", ...args], {
    encoding: "utf8",
    env: {...process.env, TPS_REPORT_FROM_SOURCE: "1"}
  });

describe("tps-report tune", () => {
  it("reads its options: a budget in runs or seconds, the grid's repeats", () => {
    expect(parseTuneArgs(["s", "--budget", "24"])).toMatchObject({study: "s", budget: {runs: 24}});
    expect(parseTuneArgs(["s", "--budget=90m", "--dry-run"])).toMatchObject({budget: {seconds: 5400}, dryRun: true});
    expect(parseTuneArgs(["s", "--grid", "--repeats", "2", "--resume"])).toMatchObject({
      grid: true,
      repeats: 2,
      resume: true
    });
    expect(() => parseTuneArgs(["s", "--budget", "lots"])).toThrow(
      "--budget needs runs (24) or seconds (3600s, 60m, 2h)"
    );
    expect(() => parseTuneArgs(["s", "--grid", "--budget", "3"])).toThrow("--grid runs every configuration");
    // It was taken as 1e20 runs ("Budget: 100000000000000000000 runs"), a count the plan's tune.budget refuses.
    for (const huge of ["99999999999999999999", "9999999999999999999999h"])
      expect(() => parseTuneArgs(["s", "--budget", huge])).toThrow(
        "--budget needs runs (24) or seconds (3600s, 60m, 2h)"
      );
  });

  // Each said "needs a whole number from 1", of a whole number from 1.
  it("a whole number past its flag's bound names the bound, as run and emit do", () => {
    expect(() => parseTuneArgs(["s", "--port", "70000"])).toThrow(/^--port needs a whole number from 1 to 65535$/);
    expect(() => parseTuneArgs(["s", "--grid", "--repeats", "5000"])).toThrow(
      /^--repeats needs a whole number from 1 to 1000$/
    );
    expect(() => parseTuneArgs(["s", "--timeout-s", "0"])).toThrow(/^--timeout-s needs a whole number from 1$/);
    expect(() => parseRunArgs(["s", "--port", "0"])).toThrow(/^--port needs a whole number from 1 to 65535$/);
    expect(() => parseRunArgs(["s", "--timeout-s", "0"])).toThrow(/^--timeout-s needs a whole number from 1$/);
    expect(() => parseEmitArgs(["s", "--emit", "k8s", "--parallel", "0"])).toThrow(
      /^--parallel needs a whole number from 1$/
    );
  });

  it("refuses in one line: no search space; a budget below the start batch", () => {
    const none = tune(study("none", syntheticPlanYaml("")));
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(
      /^tps-report tune: \S+study\.yaml: the plan has no search space: add 'tune:' \(docs\/study-format\.md\)\n$/
    );
    const low = tune(study("low", syntheticPlanYaml(syntheticTuneYaml(24))), "--budget", "9");
    expect(low.status).toBe(1);
    expect(low.stderr).toBe(
      "tps-report tune: --budget 9: a budget of 9 runs is below the start batch (7 configurations, 7 runs) plus measuring the 3 leaders again with 3 repeats (6 runs): give at least 13\n"
    );
  });
});
