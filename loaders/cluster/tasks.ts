// A study as scheduler tasks: one task per server group, in plan order; the manifest `gather` reads them back with.
import {existsSync, lstatSync, mkdirSync} from "node:fs";
import {IN_BUNDLE, RESOURCE_ROOT, resourcePath} from "../resources.js";
import {dirname, join, resolve} from "node:path";
import {INTERFERENCE_STEP, type StudyPlan} from "../study/plan.js";
import {gpuCount} from "../study/gpu-need.js";
import {groupByServer, selectRuns, type ServerGroup} from "../live/selection.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {RefusedFile, readStudyFile} from "../files/regular-files.js";

export interface ClusterTask {
  index: number;
  /** `<step>--<candidate>`: the task's --only and the name of its folder in the tasks folder. */
  group: string;
  runs: string[];
}

/** tasks.json in the tasks folder: what was submitted, so gather can name missing tasks by index. */
export interface TaskManifest {
  study: string;
  study_dir: string;
  scheduler: "slurm" | "k8s";
  /** The script or Job file, when it was written to a file (--out). */
  script: string | null;
  parallel: number;
  /** The emit command's --only, to emit the missing tasks again. */
  only: string[];
  tasks: ClusterTask[];
}

/** A study that cannot be turned into tasks, or a tasks folder that cannot be read: one line for the user. */
export class ClusterError extends Error {}

export const MANIFEST = "tasks.json";
/** Slurm writes each task's output here: logs/<array job id>_<task index>.out. */
export const LOGS = "logs";

export function clusterTasks(plan: StudyPlan, only: string[] = []): {tasks: ClusterTask[]; groups: ServerGroup[]} {
  // An interference pair runs two copies on one host at once (run --parallel): no task of its own.
  const groups = groupByServer(selectRuns(plan, only).filter((run) => run.step.id !== INTERFERENCE_STEP));
  // A step listing a candidate twice would interleave; one task per group key keeps each folder one task's.
  const keys = groups.map((g) => g.key);
  const twice = keys.find((key, i) => keys.indexOf(key) !== i);
  if (twice) throw new ClusterError(`${plan.file}: server group ${twice} is not contiguous in plan order`);
  return {groups, tasks: groups.map((g, index) => ({index, group: g.key, runs: g.runs.map((r) => r.run)}))};
}

export function writeManifest(tasksDir: string, manifest: TaskManifest): void {
  mkdirSync(tasksDir, {recursive: true});
  writeFileAtomic(join(tasksDir, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
}

export function readManifest(tasksDir: string): TaskManifest | null {
  const file = join(tasksDir, MANIFEST);
  if (!lstatSync(file, {throwIfNoEntry: false})) return null;
  try {
    return JSON.parse(readStudyFile(file, {inside: "the tasks folder"})) as TaskManifest;
  } catch (error) {
    if (error instanceof RefusedFile) throw new ClusterError(`${file}:${error.line ?? 1}: ${error.problem}`);
    throw new ClusterError(`${file}:1: does not parse: ${(error as Error).message}`);
  }
}

// The checkout (or, running from the bundle, the folder above it); import.meta.url moves when bundled.
const ROOT = IN_BUNDLE ? dirname(RESOURCE_ROOT) : RESOURCE_ROOT;

/**
 * The tps-report a task starts: "bundle" (dist-cli/tps-report.mjs, no npm needed on the node), "checkout"
 * (bin/tps-report.js, needs node_modules), "auto" (the bundle when built), or a path to either.
 */
export function taskCli(choice: string = "auto", root = ROOT): string {
  const bundle = IN_BUNDLE && root === ROOT ? resourcePath("tps-report.mjs") : join(root, "dist-cli", "tps-report.mjs");
  const checkout = join(root, "bin", "tps-report.js");
  if (choice === "bundle") {
    if (!existsSync(bundle))
      throw new ClusterError(`--cli bundle: ${bundle} does not exist (npm run bundle builds it)`);
    return bundle;
  }
  if (choice === "checkout") return checkout;
  if (choice === "auto") return existsSync(bundle) ? bundle : checkout;
  return resolve(choice);
}

/** GPUs a task asks the scheduler for: the most any of its server configurations needs (an array's tasks ask alike). */
export function taskGpus(plan: StudyPlan, groups: ServerGroup[]): number {
  return Math.max(0, ...groups.map((g) => gpuCount(g.candidate, plan.hardware.count)));
}
