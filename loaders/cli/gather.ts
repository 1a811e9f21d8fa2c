// `tps-report gather STUDY TASKS_DIR`: brings the runs of cluster tasks into STUDY/runs.
import {join, resolve} from "node:path";
import {gather, type GatherReport} from "../cluster/gather.js";
import {ClusterError} from "../cluster/tasks.js";
import {loadStudyPlan, PlanError} from "../study/plan.js";
import {notAStudy} from "../runs/study-folder.js";

const USAGE = `usage: tps-report gather STUDY TASKS_DIR [--json]

Merges the run folders the tasks of tps-report run --emit slurm|k8s wrote (TASKS_DIR/<step>--<candidate>/<run-id>/)
into STUDY/runs. Each run is copied to a hidden temporary folder in STUDY/runs and renamed into place; TASKS_DIR is
left as it is, and gathering again changes nothing. A run that is already in STUDY/runs with other content is a
conflict: both sha256 content hashes are printed and neither is changed. Runs of a task that died (sacct, or the
task's output file TASKS_DIR/logs/<job>_<index>.out, say so) are recorded as failed runs with that reason; tasks
without results are listed with the command that submits only them again.

  --json   print the report as JSON instead of lines

Exit status: 0 when every task's runs are in STUDY/runs, 3 when some tasks have no result yet (resubmit them),
1 for a conflict or a study/tasks folder that cannot be read, 2 for usage errors.`;

function lines(report: GatherReport, runsDir: string): string[] {
  const out: string[] = report.removed.map((path) => `removed ${path} (left by an interrupted run or import)`);
  for (const c of report.conflicts)
    out.push(
      `conflict ${c.id}: ${c.from} (sha256 ${c.sha256}) differs from ${join(runsDir, c.id)} (sha256 ${c.study_sha256}); neither was changed`
    );
  for (const s of report.skipped) out.push(`skipped ${s}`);
  for (const f of report.failed) out.push(`failed ${f.id}: ${f.reason}`);
  for (const m of report.missing)
    out.push(
      `no result: task ${m.task.index} ${m.task.group} (${m.runs.join(", ")})${m.reason ? `: ${m.reason}` : ": not finished, or its output is not readable"}`
    );
  out.push(
    `${report.added.length} run${report.added.length === 1 ? "" : "s"} added, ${report.unchanged.length} unchanged, ` +
      `${report.replaced.length} replaced a dead task's failed run; ${report.failed.length} recorded failed, ` +
      `${report.conflicts.length} conflict${report.conflicts.length === 1 ? "" : "s"}, ${report.missing.length} task${report.missing.length === 1 ? "" : "s"} without result`
  );
  if (report.resubmit) out.push(`resubmit only those: ${report.resubmit}`);
  return out;
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const json = argv.includes("--json");
  const positional = argv.filter((arg) => arg !== "--json");
  const unknown = positional.find((arg) => arg.startsWith("-"));
  if (unknown || positional.length !== 2) {
    process.stderr.write(
      `tps-report gather: ${unknown ? `unknown option ${unknown}` : "needs STUDY and TASKS_DIR"}\n\n${USAGE}\n`
    );
    return 2;
  }
  const [study, tasksDir] = positional;
  const why = notAStudy(study);
  if (why) {
    process.stderr.write(`tps-report gather: ${why}\n`);
    return 2;
  }
  try {
    const plan = loadStudyPlan(study);
    const report = gather(plan, resolve(tasksDir));
    if (json) process.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else process.stdout.write(lines(report, join(plan.dir, "runs")).join("\n") + "\n");
    return report.conflicts.length ? 1 : report.missing.length ? 3 : 0;
  } catch (error) {
    if (error instanceof PlanError || error instanceof ClusterError) {
      process.stderr.write(`tps-report gather: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
