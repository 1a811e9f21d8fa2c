// Repeats run live: every scenario of a server configuration once, then again (rounds); restart_between_repeats
// starts a fresh server for each round. Against the loopback fixture server and the stand-in bench.
import {appendFileSync} from "node:fs";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy} from "../../loaders/live/runner.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, runsFolder, writeStudy} from "./live-study.js";

const quiet = {write: () => true} as unknown as NodeJS.WritableStream;
let restarted: string;
let kept: string;
const order: string[] = [];

async function liveStudy(restart: boolean, watch?: string[]): Promise<string> {
  const study = writeStudy({
    port: await freePort(),
    scenarios: {
      tiny: {input_len: 16, output_len: 4, num_prompts: 4},
      small: {input_len: 32, output_len: 8, num_prompts: 4}
    },
    steps: [{id: "engines", scenarios: ["tiny", "small"], candidates: [{id: "fast", server: FIXTURE_SERVER}]}]
  });
  appendFileSync(`${study}/study.yaml`, `repeats: 2\nrestart_between_repeats: ${restart}\n`);
  const progress = new Progress({stream: quiet, live: false});
  if (watch) {
    const runStart = progress.runStart.bind(progress);
    progress.runStart = (run: string) => (watch.push(run), runStart(run));
  }
  await runStudy(loadStudyPlan(study), {progress});
  return study;
}

beforeAll(async () => {
  restarted = await liveStudy(true, order);
  kept = await liveStudy(false);
}, 120_000);
afterAll(() => removeStudies());

const started = (study: string, id: string) => readRunJson(study, id).origin.server_started_at;

describe("repeats run live", () => {
  it("in rounds: each scenario once, then each again; repeat 2 is a run of its own with its index", () => {
    expect(order).toEqual([
      "engines--fast--tiny",
      "engines--fast--small",
      "engines--fast--tiny--r2",
      "engines--fast--small--r2"
    ]);
    expect(runsFolder(restarted)).toEqual([...order].sort());
    expect(readRunJson(restarted, "engines--fast--small--r2").repeat).toBe(2);
    expect(readRunJson(restarted, "engines--fast--small")).not.toHaveProperty("repeat");
  });

  it("restart_between_repeats: a fresh server each round, one server within a round", () => {
    expect(started(restarted, "engines--fast--tiny")).toBe(started(restarted, "engines--fast--small"));
    expect(started(restarted, "engines--fast--tiny--r2")).toBe(started(restarted, "engines--fast--small--r2"));
    expect(started(restarted, "engines--fast--tiny--r2")).not.toBe(started(restarted, "engines--fast--tiny"));
  });

  it("without it, one server serves every round", () => {
    const first = started(kept, "engines--fast--tiny");
    for (const id of ["engines--fast--small", "engines--fast--tiny--r2", "engines--fast--small--r2"])
      expect(started(kept, id)).toBe(first);
  });

  it("each repeat sends its own prompts: the plan's seed (1) plus k − 1, recorded in run.json (issue 28)", async () => {
    const seedOf = (id: string) => {
      const argv: string[] = readRunJson(restarted, id).bench_argv;
      return argv[argv.lastIndexOf("--seed") + 1];
    };
    expect(seedOf("engines--fast--tiny")).toBe("1");
    expect(seedOf("engines--fast--tiny--r2")).toBe("2");
    expect(readRunJson(restarted, "engines--fast--tiny--r2").origin.dataset_seed).toBe(2);
    expect(loadStudyPlan(restarted).scenarios.find((s) => s.id === "tiny")!.seed).toBe(1);
    const {report} = await loadStudy(restarted);
    expect(report.findings.filter((f) => f.code === "bench-argv-differs")).toEqual([]);
  });

  it("the report aggregates the rounds: two repeats per point, none missing", async () => {
    const {report} = await loadStudy(restarted);
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(report.steps[0].standings.tiny.map((s) => [s.candidate, s.n, s.failed_repeats])).toEqual([["fast", 2, 0]]);
    expect(report.study.repeats).toEqual({min: 2, max: 2});
  });
});
