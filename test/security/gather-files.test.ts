// Issue 29, case 8 (and 5 for gather): a run folder in the tasks folder holding a FIFO, a link or a device is skipped by
// name, with the reader's words; the other tasks' runs are gathered and no temporary folder stays in runs/.
import {spawnSync} from "node:child_process";
import {mkdirSync, readdirSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {gather} from "../../loaders/cluster/gather.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {FIXTURE_SERVER, removeStudies, writeStudy} from "../live/live-study.js";

afterAll(removeStudies);

function taskRun(tasks: string, group: string, id: string): string {
  const dir = join(tasks, group, id);
  mkdirSync(dir, {recursive: true});
  const [step, candidate, scenario] = id.split("--");
  const meta = {
    id,
    study: "live-test",
    step,
    candidate,
    scenario,
    engine: "fixture",
    engine_version: "fixture",
    model: "fixture-model",
    quantization: "bf16",
    gpu: "unknown",
    gpu_count: 1,
    server_argv: ["server"],
    bench_argv: ["bench"],
    status: "ok",
    error: null,
    started_at: null,
    ended_at: null,
    origin: {kind: "live"}
  };
  writeFileSync(join(dir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
  return dir;
}

describe("gather reads only regular files", () => {
  it("a FIFO in one task's run, a link in another's: both skipped by name, the third task's run gathered", () => {
    const study = writeStudy({
      port: 8000,
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: ["a", "b", "c"].map((id) => ({id, server: [...FIXTURE_SERVER]}))
        }
      ]
    });
    const tasks = join(study, "tasks");
    const fifo = join(taskRun(tasks, "s--a", "s--a--tiny"), "bench.log");
    expect(spawnSync("mkfifo", [fifo]).status).toBe(0);
    const link = join(taskRun(tasks, "s--b", "s--b--tiny"), "logs", "server.log");
    mkdirSync(join(link, ".."));
    symlinkSync("/dev/zero", link);
    taskRun(tasks, "s--c", "s--c--tiny");
    const report = gather(loadStudyPlan(study), tasks, {sacct: null});
    expect(report.added).toEqual(["s--c--tiny"]);
    expect(report.skipped).toEqual([
      `${fifo}: is a FIFO; only regular files are read (run s--a--tiny left in the tasks folder)`,
      `${link}: is a symbolic link (to /dev/zero); only regular files inside the run folder are read (run s--b--tiny left in the tasks folder)`
    ]);
    expect(readdirSync(join(study, "runs")).sort()).toEqual(["s--c--tiny"]);
  });
});
