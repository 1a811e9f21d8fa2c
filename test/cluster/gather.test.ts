// tps-report gather: task run folders into STUDY/runs — atomic, idempotent, conflicts by hash, dead tasks recorded.
import {execFileSync} from "node:child_process";
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {folderHash} from "../../loaders/cluster/folder-hash.js";
import {gather} from "../../loaders/cluster/gather.js";
import {parseSacct, taskEnd} from "../../loaders/cluster/slurm-reasons.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {readRunSync} from "../../loaders/runs/read-runs.js";
import {FIXTURE_SERVER, NODE, removeStudies, ROOT, runsFolder, writeStudy} from "../live/live-study.js";

afterAll(removeStudies);

// The line slurmstepd printed when this session's local cluster cancelled task 1 of job 7 (scancel 7_1).
const CANCELLED = "slurmstepd-vm: error: *** JOB 7 ON vm CANCELLED AT 2026-12-01T21:45:59 ***";

function studyWithTasks(): {study: string; tasks: string} {
  const study = writeStudy({
    port: 8000,
    steps: [
      {
        id: "s",
        scenarios: ["tiny"],
        candidates: [
          {id: "a", server: [...FIXTURE_SERVER]},
          {id: "b", server: [...FIXTURE_SERVER]}
        ]
      }
    ]
  });
  const tasks = join(study, "tasks");
  const emitted = execFileSync(
    NODE,
    ["bin/tps-report.js", "run", study, "--emit", "slurm", "--tasks-dir", tasks, "--out", join(tasks, "job.sbatch")],
    {cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"]}
  );
  expect(emitted).toBe("");
  return {study, tasks};
}

/** A finished run folder as a task leaves it (run.json plus the client's log). */
function taskRun(tasks: string, group: string, id: string, log: string, status = "ok"): string {
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
    status,
    error: status === "ok" ? null : "benchmark exited with code 1",
    started_at: null,
    ended_at: null,
    origin: {kind: "live"}
  };
  writeFileSync(join(dir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
  writeFileSync(join(dir, "bench.log"), log);
  return dir;
}

const tree = (dir: string): Record<string, string> =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, folderHash(join(dir, name))]));

const gatherCli = (study: string, tasks: string) => {
  try {
    return {
      code: 0,
      stdout: execFileSync(NODE, ["bin/tps-report.js", "gather", study, tasks], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"]
      })
    };
  } catch (error) {
    const e = error as {status: number; stdout: string};
    return {code: e.status, stdout: e.stdout};
  }
};

describe("gather", () => {
  it("the content hash: sha256 over each file's path and sha256, in path order", () => {
    const {tasks} = studyWithTasks();
    const dir = taskRun(tasks, "s--a", "s--a--tiny", "hello\n");
    const sha = (text: string) => createHash("sha256").update(text).digest("hex");
    const runJson = readFileSync(join(dir, "run.json"), "utf8");
    expect(folderHash(dir)).toBe(sha(`bench.log\0${sha("hello\n")}\nrun.json\0${sha(runJson)}\n`));
  });

  it("copies runs in, leaves the tasks folder as it was, and a second gather changes nothing", () => {
    const {study, tasks} = studyWithTasks();
    taskRun(tasks, "s--a", "s--a--tiny", "a\n");
    taskRun(tasks, "s--b", "s--b--tiny", "b\n", "failed");
    const tasksBefore = {a: tree(join(tasks, "s--a")), b: tree(join(tasks, "s--b"))};
    const first = gatherCli(study, tasks);
    expect(first.stdout).toBe(
      "2 runs added, 0 unchanged, 0 replaced a dead task's failed run; 0 recorded failed, 0 conflicts, 0 tasks without result\n"
    );
    expect(first.code).toBe(0);
    expect(readdirSync(join(study, "runs")).sort()).toEqual(["s--a--tiny", "s--b--tiny"]);
    const runs = tree(join(study, "runs"));
    expect(runs).toEqual({...tasksBefore.a, ...tasksBefore.b});
    const second = gatherCli(study, tasks);
    expect(second.stdout).toMatch(/^0 runs added, 2 unchanged/);
    expect(tree(join(study, "runs"))).toEqual(runs);
    expect({a: tree(join(tasks, "s--a")), b: tree(join(tasks, "s--b"))}).toEqual(tasksBefore);
  });

  it("a run that arrives again with other content is a conflict, named by both hashes, and nothing is overwritten", () => {
    const {study, tasks} = studyWithTasks();
    taskRun(tasks, "s--a", "s--a--tiny", "first\n");
    taskRun(tasks, "s--b", "s--b--tiny", "b\n");
    gatherCli(study, tasks);
    const kept = folderHash(join(study, "runs", "s--a--tiny"));
    const arrived = taskRun(tasks, "s--a", "s--a--tiny", "second\n");
    const done = gatherCli(study, tasks);
    expect(done.code).toBe(1);
    expect(done.stdout).toContain(
      `conflict s--a--tiny: ${arrived} (sha256 ${folderHash(arrived)}) differs from ${join(study, "runs", "s--a--tiny")} (sha256 ${kept}); neither was changed`
    );
    expect(folderHash(join(study, "runs", "s--a--tiny"))).toBe(kept);
    expect(readFileSync(join(study, "runs", "s--a--tiny", "bench.log"), "utf8")).toBe("first\n");
  });

  it("a cancelled task's runs are recorded failed with slurmstepd's reason; its result later takes their place", () => {
    const {study, tasks} = studyWithTasks();
    taskRun(tasks, "s--a", "s--a--tiny", "a\n");
    const output = `tps-report task 1 of job 7: s--b on vm\n${CANCELLED}\n21:45:59 SIGTERM: stopping the server and the benchmark (again to kill them at once)\n`;
    writeFileSync(join(tasks, "logs", "7_1.out"), output);
    const plan = loadStudyPlan(study);
    const report = gather(plan, tasks, {sacct: null});
    const reason = "slurm task 7_1 CANCELLED (output: JOB 7 ON vm CANCELLED AT 2026-12-01T21:45:59)";
    expect(report.failed).toEqual([{id: "s--b--tiny", reason}]);
    expect(report.missing.map((m) => [m.task.index, m.task.group, m.runs, m.reason])).toEqual([
      [1, "s--b", ["s--b--tiny"], reason]
    ]);
    expect(report.resubmit).toBe(`sbatch --array=1%1 ${join(tasks, "job.sbatch")}`);
    const failed = JSON.parse(readFileSync(join(study, "runs", "s--b--tiny", "run.json"), "utf8"));
    expect(failed).toMatchObject({
      status: "failed",
      failed_phase: "scheduler",
      error: `the task died before this run was recorded: ${reason}`,
      origin: {kind: "scheduler", placement: {scheduler: "slurm", array_job_id: "7", task_id: "1"}, state: "CANCELLED"}
    });
    expect(failed.log_tail.lines).toEqual(output.trimEnd().split("\n"));
    expect(readFileSync(join(study, "runs", "s--b--tiny", "slurm.out"), "utf8")).toBe(output);
    // The run page shows the task's output as the failed run's log.
    expect(readRunSync(join(study, "runs", "s--b--tiny"), study).logs).toEqual(["runs/s--b--tiny/slurm.out"]);
    const before = tree(join(study, "runs"));
    const again = gather(plan, tasks, {sacct: null});
    expect([again.added, again.unchanged, again.failed, again.replaced]).toEqual([[], ["s--a--tiny"], [], []]);
    expect(again.resubmit).toBe(`sbatch --array=1%1 ${join(tasks, "job.sbatch")}`);
    expect(tree(join(study, "runs"))).toEqual(before);

    taskRun(tasks, "s--b", "s--b--tiny", "b\n");
    const resubmitted = gather(plan, tasks, {sacct: null});
    expect(resubmitted.replaced).toEqual(["s--b--tiny"]);
    expect([resubmitted.missing, resubmitted.resubmit]).toEqual([[], null]);
    expect(folderHash(join(study, "runs", "s--b--tiny"))).toBe(folderHash(join(tasks, "s--b", "s--b--tiny")));
  });

  it("time limit, a tps-report that could not run, and a task still running", () => {
    const {study, tasks} = studyWithTasks();
    writeFileSync(
      join(tasks, "logs", "12_0.out"),
      "slurmstepd: error: *** JOB 13 ON gpu3 CANCELLED AT 2026-12-01T23:00:00 DUE TO TIME LIMIT ***\n"
    );
    writeFileSync(
      join(tasks, "logs", "12_1.out"),
      "tps-report run: 'vllm' is not on PATH (benchmark of s--b); install it or leave those runs out with --only\n"
    );
    // An older submission's output of task 0 is not the latest.
    writeFileSync(join(tasks, "logs", "9_0.out"), "still running\n");
    const report = gather(loadStudyPlan(study), tasks, {sacct: null});
    expect(report.failed).toEqual([
      {
        id: "s--a--tiny",
        reason: "slurm task 12_0 TIMEOUT (output: JOB 13 ON gpu3 CANCELLED AT 2026-12-01T23:00:00 DUE TO TIME LIMIT)"
      },
      {
        id: "s--b--tiny",
        reason:
          "slurm task 12_1 FAILED (output: tps-report run: 'vllm' is not on PATH (benchmark of s--b); install it or leave those runs out with --only)"
      }
    ]);
    expect(report.resubmit).toBe(`sbatch --array=0-1%2 ${join(tasks, "job.sbatch")}`);

    const other = studyWithTasks();
    writeFileSync(join(other.tasks, "logs", "3_1.out"), "tps-report task 1 of job 3: s--b on vm\n");
    taskRun(other.tasks, "s--a", "s--a--tiny", "a\n");
    const running = gather(loadStudyPlan(other.study), other.tasks, {sacct: null});
    expect(running.failed).toEqual([]);
    expect(running.missing.map((m) => [m.task.group, m.reason])).toEqual([["s--b", "slurm task 3_1"]]);
    expect(runsFolder(other.study)).toEqual(["s--a--tiny"]);
  });

  it("leaves unfinished runs, strangers and temporary folders where they are, one line each", () => {
    const {study, tasks} = studyWithTasks();
    mkdirSync(join(tasks, "s--a", ".s--a--tiny.tmp-4194305"), {recursive: true});
    mkdirSync(join(tasks, "s--a", "s--a--tiny"));
    taskRun(tasks, "s--a", "s--b--tiny", "wrong task\n");
    mkdirSync(join(tasks, "other--x"));
    const report = gather(loadStudyPlan(study), tasks, {sacct: null});
    expect(report.skipped).toEqual([
      `${join(tasks, "other--x")}: not a task of live-test (tasks: s--a, s--b)`,
      `${join(tasks, "s--a", "s--a--tiny", "run.json")}: missing or without status ok/failed (an unfinished run)`,
      `${join(tasks, "s--a", "s--b--tiny")}: run s--b--tiny is not one of task s--a's planned runs`
    ]);
    expect(runsFolder(study)).toEqual([]);
    expect(existsSync(join(tasks, "s--a", ".s--a--tiny.tmp-4194305"))).toBe(true);
  });

  it("without a manifest (a Kubernetes tasks folder) the tasks come from the plan", () => {
    const study = writeStudy({
      port: 8000,
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [
            {id: "a", server: [...FIXTURE_SERVER]},
            {id: "b", server: [...FIXTURE_SERVER]}
          ]
        }
      ]
    });
    const tasks = join(study, "copied");
    taskRun(tasks, "s--b", "s--b--tiny", "b\n");
    const report = gather(loadStudyPlan(study), tasks, {sacct: null});
    expect(report.added).toEqual(["s--b--tiny"]);
    expect(report.resubmit).toBe(
      `tps-report run ${study} --emit k8s --only s--a (with the --image and --volume used before) | kubectl apply -f -  (delete the finished Job first)`
    );
  });

  it("sacct's word comes first when accounting runs: state, exit code and reason of each array task", () => {
    // sacct -j 7 -X -n -P --format=JobID,State,ExitCode,Reason: one line per task, pending ranges bracketed.
    const states = parseSacct(
      "7_0|COMPLETED|0:0|None\n7_1|CANCELLED by 0|0:15|None\n7_3|OUT_OF_MEMORY|0:125|None\n7_[4-5]|PENDING|0:0|JobArrayTaskLimit\n",
      "7"
    );
    expect([...states.keys()]).toEqual([0, 1, 3]);
    const cancelled = taskEnd("7", 1, null, states.get(1));
    expect([cancelled.state, cancelled.died, cancelled.reason]).toEqual([
      "CANCELLED",
      true,
      "slurm task 7_1 CANCELLED (sacct: CANCELLED by 0, exit 0:15)"
    ]);
    expect(taskEnd("7", 0, null, states.get(0)).died).toBe(false);
    expect(taskEnd("7", 3, null, states.get(3)).reason).toBe(
      "slurm task 7_3 OUT_OF_MEMORY (sacct: OUT_OF_MEMORY, exit 0:125)"
    );
  });
});
