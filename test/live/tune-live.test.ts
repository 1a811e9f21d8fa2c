// tps-report tune against the synthetic engine (the fixture server with its own response surface): the dry run prints
// the budget and the first batch and starts nothing; a search killed mid-run (SIGKILL) loses no run and --resume
// finishes it within its budget; the grid of the same space gives the regret; the crash region is recorded as failed
// with its reasons; the one reader serves every run.
import {existsSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {TuneReport} from "../../loaders/analysis/search-report.js";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy} from "../../loaders/live/runner.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {
  FIXTURE_SERVER,
  removeStudies,
  runCli,
  runsFolder,
  stillAlive,
  writeStudy,
  type Finished
} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
const ENGINE = [...FIXTURE_SERVER, "--surface", "synthetic"];
const tune = (...args: string[]) => ["bin/tps-report.js", "tune", ...args];

let study: string;
let dry: Finished;
let killed: Finished;
let resumed: Finished;
let grid: Finished;
let report: TuneReport;
let afterKill: string[];
let firstRun: string;

beforeAll(async () => {
  study = writeStudy({
    port: await freePort(),
    scenarios: {tiny: {input_len: 8, output_len: 24, num_prompts: 4}},
    steps: [
      {
        id: "defaults",
        scenarios: ["tiny"],
        candidates: [
          {
            id: "defaults",
            server: [...ENGINE, "--max-batch-tokens", "8192", "--max-requests-per-batch", "64", "--scheduler", "fifo"]
          }
        ]
      }
    ]
  });
  const file = join(study, "study.yaml");
  writeFileSync(
    file,
    readFileSync(file, "utf8") +
      `repeats: 2
tune:
  scenario: tiny
  server: ${JSON.stringify(ENGINE)}
  knobs:
    - {name: max_batch_tokens, flag: --max-batch-tokens, values: [8192, 16384]}
    - {name: max_requests_per_batch, flag: --max-requests-per-batch, values: [64, 128]}
    - {name: scheduler, flag: --scheduler, values: [fifo, prefill_first]}
  budget: {runs: 7}
  start: 3
  top: 1
`
  );
  // The greedy path first: its winner is the search's incumbent.
  await runStudy(loadStudyPlan(study), {progress: new Progress({stream: quiet, live: false})});
  dry = await runCli(tune(study, "--dry-run"), {timeoutMs: 60_000});
  let sent = false;
  killed = await runCli(tune(study), {
    timeoutMs: 120_000,
    onStderr: (text, pid) => {
      if (!sent && /tune--c002--tiny: benchmarking/.test(text)) {
        sent = true;
        process.kill(-pid, "SIGKILL");
      }
    }
  });
  afterKill = runsFolder(study);
  firstRun = readFileSync(join(study, "runs", "tune--c001--tiny", "run.json"), "utf8");
  resumed = await runCli(tune(study, "--resume"), {timeoutMs: 240_000});
  grid = await runCli(tune(study, "--grid"), {timeoutMs: 240_000});
  report = (await loadStudy(study)).report.tune!;
}, 600_000);
afterAll(() => removeStudies());

describe("tps-report tune, live against the synthetic engine", () => {
  it("the dry run prints the budget and the first batch with its commands, and starts nothing", () => {
    expect(dry.code).toBe(0);
    const lines = dry.stdout.split("\n");
    expect(lines[1]).toBe(
      "# Budget: 7 runs: the start 3 runs, the leaders measured again 2 runs (1 leader and the greedy path's configuration, 2 repeats each), the search the rest (up to 2 runs)"
    );
    expect(dry.stdout).toContain("# the greedy path's winner defaults (defaults--defaults) is in the start");
    expect(dry.stdout).toContain("# First batch, the start: 3 configurations; dry run: nothing was started.");
    expect(dry.stdout).toContain(
      "#   c001 — max_batch_tokens 8192, max_requests_per_batch 64, scheduler fifo: the greedy path's configuration"
    );
    expect(dry.stdout.match(/^# {3}\[run \d+\/3\] tune--c00\d--tiny$/gm)).toHaveLength(3);
    expect(dry.stdout).toMatch(
      /--surface synthetic --max-batch-tokens 8192 --max-requests-per-batch 64 --scheduler fifo/
    );
  });

  it("killed mid-run (SIGKILL): the decisions were written first, the finished run is kept, no partial run", () => {
    expect(killed.signal).toBe("SIGKILL");
    expect(afterKill.filter((r) => r.startsWith("tune--"))).toEqual(["tune--c001--tiny"]);
    const record = JSON.parse(readFileSync(join(study, "tune.json"), "utf8"));
    expect(record.candidates.map((c: {id: string}) => c.id)).toEqual(expect.arrayContaining(["c001", "c002", "c003"]));
  });

  it("--resume finishes the search within its budget without running a recorded run again", () => {
    expect(resumed.code).toBe(0);
    expect(readFileSync(join(study, "runs", "tune--c001--tiny", "run.json"), "utf8")).toBe(firstRun);
    const tuneRuns = runsFolder(study).filter((r) => r.startsWith("tune--"));
    expect(tuneRuns.length).toBeLessThanOrEqual(7);
    expect(report.spent.runs).toBe(tuneRuns.length);
    expect(resumed.stderr).toMatch(/^recommendation: /m);
    expect(stillAlive([...killed.descendants, ...resumed.descendants])).toEqual([]);
  });

  it("every configuration in order with its result; the leaders measured again; a verdict by the noise rule", () => {
    expect(report.state).toBe("done");
    expect(report.configurations.map((c) => c.order)).toEqual(report.configurations.map((_, i) => i + 1));
    expect(report.configurations[0]).toMatchObject({id: "c001", greedy: true, confirmed: true, n: 2});
    for (const c of report.configurations) {
      if (c.status === "failed") expect(c.error).toMatch(/out of memory|not ready/);
      // Tried once: a failure is never tried again.
      if (c.status === "failed") expect(c.runs).toHaveLength(1);
    }
    const confirmed = report.configurations.filter((c) => c.confirmed);
    expect(confirmed.every((c) => c.status !== "ok" || c.n === 2)).toBe(true);
    expect(report.verdict).not.toBeNull();
    expect(["improved", "within-noise", "no-improvement"]).toContain(report.verdict!.kind);
    // The best mean so far: it may fall when a leader's repeats bring its mean down, never past the others'.
    const last = report.progress.at(-1)!;
    expect(last.runs).toBe(report.spent.runs);
    expect(last.best).toBe(Math.max(...report.configurations.map((c) => c.value ?? 0)));
    expect(report.winner!.server_command).toContain("--surface synthetic");
  });

  it("the grid of the same space: 8 configurations, the crash region failed with its reasons, the regret", async () => {
    expect(grid.code).toBe(0);
    expect(existsSync(join(study, "grid.json"))).toBe(true);
    const g = report.grid!;
    expect([g.configurations, g.runs, g.complete]).toEqual([8, 8, true]);
    const {rows} = await loadStudy(study);
    const failed = rows.filter((r) => r.step === "grid" && r.status === "failed");
    expect(failed.map((r) => r.error)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/exited with code 1 before it was ready: RuntimeError: CUDA out of memory/),
        expect.stringMatching(/was not ready within 5 s/)
      ])
    );
    expect(g.best).not.toBeNull();
    expect(g.regret_percent).not.toBeNull();
    expect(g.search_runs).toBe(report.spent.runs);
    expect(["beats", "ties", "does-not-beat"]).toContain(g.versus_random);
  });
});
