// `tps-report gather`: merges the run folders of cluster tasks into STUDY/runs, atomically and idempotently.
import {
  cpSync,
  existsSync,
  mkdirSync,
  statSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync
} from "node:fs";
import {join} from "node:path";
import {runComplete, removeStale, removeStaleImports, tmpName} from "../runs/run-folder.js";
import {selectRuns, type PlannedRun} from "../live/selection.js";
import {studyBusy, tryLockStudy} from "../runs/study-lock.js";
import {benchArgv, type StudyPlan} from "../study/plan.js";
import {readRunMeta, RUN_ERRORS, RunMetaError} from "../runs/read-runs.js";
import {fillForm} from "../text.js";
import {folderHash} from "./folder-hash.js";
import {runFileState, runTreeProblem} from "../files/regular-files.js";
import {arraySpec} from "./slurm.js";
import {shellWord} from "../command/shell-quote.js";
import {sacctStates, taskEnd, taskOutputs, type TaskEnd} from "./slurm-reasons.js";
import {gpuCount} from "../study/gpu-need.js";
import {ClusterError, clusterTasks, LOGS, readManifest, type ClusterTask, type TaskManifest} from "./tasks.js";

export interface Conflict {
  id: string;
  /** The run folder in the tasks folder whose content differs from the study's. */
  from: string;
  sha256: string;
  study_sha256: string;
}

export interface GatherReport {
  added: string[];
  /** Already in STUDY/runs with the same content. */
  unchanged: string[];
  /** A failed run recorded for a dead task, replaced by the task's result once it arrived. */
  replaced: string[];
  conflicts: Conflict[];
  /** Failed runs recorded now for tasks that died, with the scheduler's reason. */
  failed: {id: string; reason: string}[];
  /** Tasks with runs that have no result (missing, or failed because the task died): resubmit these. */
  missing: {task: ClusterTask; runs: string[]; reason: string | null}[];
  /** Problems with single entries of the tasks folder (one line each), left where they are. */
  skipped: string[];
  /** The command that submits only the missing tasks again; null when none is missing. */
  resubmit: string | null;
  /** Temporary folders an interrupted run, gather or import left, removed first. */
  removed: string[];
}

export interface GatherOptions {
  /** sacct executable (tests point it elsewhere); null: do not ask sacct. */
  sacct?: string | null;
}

/** A failed run written by gather for a task that died: its place is taken by the task's result when it comes. */
const isSchedulerFailure = (dir: string): boolean => {
  try {
    if (runFileState(dir, "run.json").kind !== "ok") return false;
    const meta = JSON.parse(readFileSync(join(dir, "run.json"), "utf8")) as {origin?: {kind?: unknown}};
    return meta.origin?.kind === "scheduler";
  } catch {
    return false;
  }
};

const visibleDirs = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, {withFileTypes: true})
        .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
        .map((entry) => entry.name)
        .sort()
    : [];

/** Copies a run folder to a hidden temporary name inside runs/, then renames it into place (replacing `old`). */
function moveIn(runsDir: string, src: string, id: string, replace: boolean): void {
  const tmp = join(runsDir, tmpName(id));
  rmSync(tmp, {recursive: true, force: true});
  try {
    cpSync(src, tmp, {recursive: true});
  } catch (error) {
    rmSync(tmp, {recursive: true, force: true});
    throw error;
  }
  const dest = join(runsDir, id);
  if (replace) {
    const old = join(runsDir, `.${id}.old-${process.pid}`);
    rmSync(old, {recursive: true, force: true});
    renameSync(dest, old);
    renameSync(tmp, dest);
    rmSync(old, {recursive: true, force: true});
  } else renameSync(tmp, dest);
}

export function resubmitCommand(
  plan: StudyPlan,
  tasksDir: string,
  manifest: TaskManifest | null,
  tasks: ClusterTask[]
): string {
  const groups = tasks.map((t) => t.group).join(",");
  if (manifest?.scheduler === "slurm") {
    const array = `--array=${arraySpec(
      tasks.map((t) => t.index),
      Math.min(manifest.parallel, tasks.length)
    )}`;
    if (manifest.script) return `sbatch ${array} ${shellWord(manifest.script, "bash")}`;
    const script = join(tasksDir, "job.sbatch");
    const only = manifest.only.length ? ` --only ${shellWord(manifest.only.join(","), "bash")}` : "";
    return `tps-report run ${shellWord(plan.dir, "bash")} --emit slurm --tasks-dir ${shellWord(tasksDir, "bash")} --out ${shellWord(script, "bash")}${only} (with the options used before) && sbatch ${array} ${shellWord(script, "bash")}`;
  }
  return `tps-report run ${shellWord(plan.dir, "bash")} --emit k8s --only ${shellWord(groups, "bash")} (with the --image and --volume used before) | kubectl apply -f -  (delete the finished Job first)`;
}

function schedulerFailure(plan: StudyPlan, run: PlannedRun, end: TaskEnd): Record<string, unknown> {
  return {
    id: run.run,
    study: plan.id,
    step: run.step.id,
    candidate: run.candidate.id,
    scenario: run.scenario.id,
    engine: run.candidate.engine,
    engine_version: plan.engines[run.candidate.engine]?.version ?? "unknown",
    model: run.candidate.model,
    quantization: run.candidate.quantization,
    gpu: "unknown",
    gpu_count: gpuCount(run.candidate, plan.hardware.count),
    server_argv: run.candidate.server,
    bench_argv: benchArgv(plan, run.candidate, run.scenario),
    status: "failed",
    error: fillForm(RUN_ERRORS.taskDied, {error: end.reason}),
    started_at: null,
    ended_at: null,
    origin: {
      kind: "scheduler",
      command: "tps-report gather",
      placement: {scheduler: "slurm", array_job_id: end.arrayJob, task_id: String(end.index)},
      state: end.state
    },
    failed_phase: "scheduler",
    log_tail: {
      file: "slurm.out",
      lines: end.output ? readFileSync(end.output, "utf8").trimEnd().split("\n").slice(-20) : []
    }
  };
}

export function gather(plan: StudyPlan, tasksDir: string, options: GatherOptions = {}): GatherReport {
  if (!existsSync(tasksDir)) throw new ClusterError(`${tasksDir} does not exist`);
  if (!statSync(tasksDir).isDirectory()) throw new ClusterError(`${tasksDir} is a file; give the tasks folder`);
  const manifest = readManifest(tasksDir);
  if (manifest && manifest.study !== plan.id)
    throw new ClusterError(`${join(tasksDir, "tasks.json")}: tasks of study '${manifest.study}', not '${plan.id}'`);
  const tasks = manifest?.tasks ?? clusterTasks(plan).tasks;
  const planned = new Map(selectRuns(plan).map((run) => [run.run, run]));
  const runsDir = join(plan.dir, "runs");
  mkdirSync(runsDir, {recursive: true});
  const lock = tryLockStudy(runsDir);
  if (!("release" in lock)) throw new ClusterError(studyBusy(plan.id, runsDir, lock.heldBy));
  const report: GatherReport = {
    added: [],
    unchanged: [],
    replaced: [],
    conflicts: [],
    failed: [],
    missing: [],
    skipped: [],
    resubmit: null,
    removed: []
  };
  try {
    report.removed.push(...removeStaleImports(plan.dir), ...removeStale(runsDir).map((name) => join(runsDir, name)));
    const byGroup = new Map(tasks.map((t) => [t.group, t]));
    for (const folder of visibleDirs(tasksDir)) {
      if (folder === LOGS) continue;
      const task = byGroup.get(folder);
      if (!task) {
        report.skipped.push(
          `${join(tasksDir, folder)}: not a task of ${plan.id} (tasks: ${tasks.map((t) => t.group).join(", ")})`
        );
        continue;
      }
      for (const id of visibleDirs(join(tasksDir, folder))) {
        const src = join(tasksDir, folder, id);
        if (!task.runs.includes(id) || !planned.has(id)) {
          report.skipped.push(`${src}: run ${id} is not one of task ${folder}'s planned runs`);
          continue;
        }
        if (!runComplete(join(tasksDir, folder), id)) {
          report.skipped.push(`${join(src, "run.json")}: missing or without status ok/failed (an unfinished run)`);
          continue;
        }
        // A FIFO would block the copy, a link would copy what lies outside: the run stays where it is, named.
        const refused = runTreeProblem(src);
        if (refused) {
          report.skipped.push(`${refused} (run ${id} left in the tasks folder)`);
          continue;
        }
        try {
          const meta = readRunMeta(join(src, "run.json"));
          if (meta.id !== id) throw new RunMetaError(join(src, "run.json"), `run.json says id '${meta.id}'`);
        } catch (error) {
          if (!(error instanceof RunMetaError)) throw error;
          report.skipped.push(error.message);
          continue;
        }
        const dest = join(runsDir, id);
        if (!existsSync(dest)) {
          moveIn(runsDir, src, id, false);
          report.added.push(id);
          continue;
        }
        const sha256 = folderHash(src);
        const studySha = folderHash(dest);
        if (sha256 === studySha) report.unchanged.push(id);
        else if (isSchedulerFailure(dest)) {
          moveIn(runsDir, src, id, true);
          report.replaced.push(id);
        } else report.conflicts.push({id, from: src, sha256, study_sha256: studySha});
      }
    }

    const outputs = taskOutputs(join(tasksDir, LOGS));
    const sacctByJob = new Map<string, ReturnType<typeof sacctStates>>();
    const sacct = options.sacct === undefined ? "sacct" : options.sacct;
    for (const task of tasks) {
      const absent = task.runs.filter((id) => !existsSync(join(runsDir, id)));
      const stillFailed = task.runs.filter(
        (id) => existsSync(join(runsDir, id)) && isSchedulerFailure(join(runsDir, id))
      );
      if (absent.length === 0 && stillFailed.length === 0) continue;
      let end: TaskEnd | null = null;
      const output = outputs.get(task.index);
      if (manifest?.scheduler === "slurm" && output) {
        if (sacct && !sacctByJob.has(output.arrayJob))
          sacctByJob.set(output.arrayJob, sacctStates(output.arrayJob, sacct));
        end = taskEnd(output.arrayJob, task.index, output.file, sacctByJob.get(output.arrayJob)?.get(task.index));
      }
      if (end?.died)
        for (const id of absent) {
          const tmp = join(runsDir, tmpName(id));
          rmSync(tmp, {recursive: true, force: true});
          mkdirSync(tmp);
          if (end.output) cpSync(end.output, join(tmp, "slurm.out"));
          writeFileSync(
            join(tmp, "run.json"),
            JSON.stringify(schedulerFailure(plan, planned.get(id)!, end), null, 2) + "\n"
          );
          renameSync(tmp, join(runsDir, id));
          report.failed.push({id, reason: end.reason});
        }
      report.missing.push({task, runs: [...stillFailed, ...absent].sort(), reason: end?.reason ?? null});
    }
    if (report.missing.length)
      report.resubmit = resubmitCommand(
        plan,
        tasksDir,
        manifest,
        report.missing.map((m) => m.task)
      );
  } finally {
    lock.release();
  }
  return report;
}
