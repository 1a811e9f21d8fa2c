// `tps-report run STUDY --emit slurm`: an sbatch array script, one task per server group, each in its own folder.
import {join} from "node:path";
import {shellLine, shellWord} from "../command/shell-quote.js";
import {ClusterError, LOGS, type ClusterTask} from "./tasks.js";

export interface SlurmOptions {
  studyId: string;
  /** Absolute study folder, as the nodes see it (a shared file system). */
  studyDir: string;
  /** Absolute tasks folder on the shared file system: <tasks>/<group>/ per task, <tasks>/logs/ for output. */
  tasksDir: string;
  tasks: ClusterTask[];
  /** Tasks running at once (the %P throttle); default all. */
  parallel?: number;
  partition?: string;
  /** "gpu:<n>" from the plan's hardware count unless given; "none" leaves --gres out. */
  gres?: string;
  gpuCount: number;
  time?: string;
  /** The tps-report entry a task runs with node. */
  cli: string;
  /** Options every task's `tps-report run` gets as well (--client, --timeout-s). */
  runArgs?: string[];
}

/** A value on an #SBATCH line is not shell-parsed: refuse what sbatch would split or misread. */
function directive(flag: string, value: string): string {
  if (!/^[^\s"'\\#]+$/.test(value))
    // Quoted as a shell word: a value with a line break is still one line of the message.
    throw new ClusterError(
      `${flag} ${shellWord(value, "bash")}: an #SBATCH value cannot hold spaces, quotes, '#' or backslashes`
    );
  return `#SBATCH ${flag}=${value}`;
}

export function arraySpec(indexes: number[], parallel?: number): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(j === i ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(",") + (parallel ? `%${parallel}` : "");
}

export function slurmScript(o: SlurmOptions): string {
  if (o.tasks.length === 0) throw new ClusterError("no runs selected: nothing to submit");
  const parallel = Math.min(o.parallel ?? o.tasks.length, o.tasks.length);
  const gres = o.gres ?? (o.gpuCount > 0 ? `gpu:${o.gpuCount}` : "none");
  const lines = [
    "#!/bin/bash",
    `# Study ${o.studyId}: ${o.tasks.length} server configuration${o.tasks.length === 1 ? "" : "s"}, one array task each (written by tps-report run --emit slurm).`,
    `# Submit with sbatch; when the tasks are done: tps-report gather ${shellLine([o.studyDir, o.tasksDir], "bash")}`,
    directive("--job-name", `tps-${o.studyId}`),
    directive(
      "--array",
      arraySpec(
        o.tasks.map((t) => t.index),
        parallel
      )
    ),
    directive("--output", join(o.tasksDir, LOGS, "%A_%a.out")),
    directive("--nodes", "1"),
    directive("--ntasks", "1")
  ];
  if (gres !== "none") lines.push(directive("--gres", gres));
  if (o.partition) lines.push(directive("--partition", o.partition));
  if (o.time) lines.push(directive("--time", o.time));
  lines.push(
    "set -euo pipefail",
    "# Array index -> server group (<step>--<candidate>); each task writes only <tasks>/<group>/.",
    "groups=(",
    ...o.tasks.map(
      (t) => `  ${shellWord(t.group, "bash")} # ${t.index}: ${t.runs.length} run${t.runs.length === 1 ? "" : "s"}`
    ),
    ")",
    'group="${groups[$SLURM_ARRAY_TASK_ID]}"',
    'echo "tps-report task $SLURM_ARRAY_TASK_ID of job $SLURM_ARRAY_JOB_ID: $group on $(hostname)"',
    // exec: scancel's SIGTERM reaches tps-report, which stops the server and keeps no partial run.
    `exec "\${TPS_NODE:-node}" ${shellLine([o.cli, "run", o.studyDir], "bash")} --only "$group" --runs-dir ${shellWord(o.tasksDir, "bash")}/"$group" ${shellLine(["--port", "auto", "--resume", ...(o.runArgs ?? [])], "bash")}`
  );
  return lines.join("\n") + "\n";
}
