// tps-report run STUDY --second-look against the loopback fixture server: the dry run lists the set and its count and
// starts nothing; live mode then runs exactly those runs, into ordinary run folders the one reader serves.
import {appendFileSync, existsSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy} from "../../loaders/live/runner.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {SECOND_LOOK_FILE} from "../../loaders/study/second-look-file.js";
import {FIXTURE_SERVER, removeStudies, runCli, runsFolder, stillAlive, tps, writeStudy} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
let study: string;
let dry: {code: number | null; stdout: string; stderr: string};
let live: {code: number | null; stdout: string; stderr: string; descendants: number[]};
let greedy: string[];

beforeAll(async () => {
  study = writeStudy({
    port: await freePort(),
    steps: [
      {
        id: "gap",
        scenarios: ["tiny"],
        candidates: [
          {id: "slow", server: [...FIXTURE_SERVER, "--token-gap-ms", "8"]},
          {id: "fast", server: [...FIXTURE_SERVER, "--token-gap-ms", "2"]}
        ]
      },
      {
        id: "first",
        scenarios: ["tiny"],
        candidates: [{id: "quick-first", server: [...FIXTURE_SERVER, "--token-gap-ms", "2", "--first-token-ms", "2"]}]
      }
    ]
  });
  appendFileSync(join(study, "study.yaml"), "repeats: 2\n");
  await runStudy(loadStudyPlan(study), {progress: new Progress({stream: quiet, live: false})});
  greedy = runsFolder(study);
  dry = await runCli(tps(study, "--second-look", "--dry-run"), {timeoutMs: 60_000});
  live = await runCli(tps(study, "--second-look"), {timeoutMs: 240_000});
}, 400_000);
afterAll(() => removeStudies());

/** The run ids a dry run lists, in order. */
const listed = (stdout: string): string[] => [...stdout.matchAll(/^# {3}\[run \d+\/\d+\] (\S+)$/gm)].map((m) => m[1]);

describe("the second look, live", () => {
  it("the greedy steps ran first: 3 configurations × 2 repeats", () => {
    expect(greedy).toHaveLength(6);
  });

  it("the dry run lists the second-look runs and their count, and starts nothing", () => {
    expect(dry.stderr).toBe("");
    expect(dry.code).toBe(0);
    const ids = listed(dry.stdout);
    expect(ids.length).toBeGreaterThan(0);
    const header = dry.stdout.split("\n")[0];
    expect(header).toMatch(
      new RegExp(`: \\d+ configurations?, ${ids.length} runs \\(2 repeats each\\); dry run: nothing was started\\.$`)
    );
    expect(ids.every((id) => id.startsWith("second-look--"))).toBe(true);
    // Every configuration twice: the study's repeats.
    expect(ids.filter((id) => id.endsWith("--r2"))).toHaveLength(ids.length / 2);
  });

  it("live mode runs exactly the dry run's set, into ordinary run folders, and leaves no process behind", async () => {
    expect(live.code).toBe(0);
    const added = runsFolder(study).filter((id) => !greedy.includes(id));
    expect(added).toEqual([...listed(dry.stdout)].sort());
    expect(existsSync(join(study, SECOND_LOOK_FILE))).toBe(true);
    for (const id of added) {
      const meta = JSON.parse(readFileSync(join(study, "runs", id, "run.json"), "utf8"));
      expect([meta.step, meta.status]).toEqual(["second-look", "ok"]);
    }
    expect(stillAlive(live.descendants)).toEqual([]);
    const {report} = await loadStudy(study);
    const look = report.second_look!;
    expect([look.runs_recorded, look.runs_planned]).toEqual([added.length, added.length]);
    expect(["survives", "does-not-survive"]).toContain(look.state);
    // The greedy report is the same with the second look's runs in the study.
    expect(report.steps.map((s) => s.id)).toEqual(["gap", "first"]);
  });
});
