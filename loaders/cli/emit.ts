// `tps-report run STUDY --emit slurm|k8s`: writes the scheduler's job description for a study instead of running it.
import {mkdirSync} from "node:fs";
import {basename, dirname, join, resolve} from "node:path";
import {SelectionError} from "../live/selection.js";
import {notAStudy} from "../runs/study-folder.js";
import {loadStudyPlan, PlanError} from "../study/plan.js";
import {k8sYaml} from "../cluster/k8s.js";
import {slurmScript} from "../cluster/slurm.js";
import {ClusterError, clusterTasks, LOGS, taskCli, taskGpus, writeManifest} from "../cluster/tasks.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {UsageError, wholeNumber} from "./usage.js";

const USAGE = `usage: tps-report run STUDY --emit slurm --tasks-dir DIR [--out FILE] [--parallel P] [--partition NAME]
                        [--gres SPEC|none] [--time LIMIT] [--cli auto|bundle|checkout|PATH]
       tps-report run STUDY --emit k8s --image IMAGE [--volume CLAIM] [--mount PATH] [--out FILE] [--parallel P]
                        [--retries N] [--namespace NS] [--cli COMMAND]
       both also take --only STEP|RUN…, --client vllm|native and --timeout-s N, passed on to every task.

One task per server configuration (<step>--<candidate>, in plan order); each task runs
  tps-report run STUDY --only <step>--<candidate> --runs-dir <tasks>/<step>--<candidate> --port auto --resume
and tps-report gather STUDY TASKS_DIR merges the tasks' runs into STUDY/runs afterwards.

slurm: an sbatch script with #SBATCH --array=0-<G-1>%P (P: --parallel, default G); task output goes to
       DIR/logs/<job>_<index>.out; DIR/tasks.json records the tasks for gather. --gres defaults to gpu:<the most GPUs a
       configuration needs (its parallelism flags, its gpus, else hardware.count)>; --gres none asks for none. --cli:
       the tps-report the nodes run with node (auto: the bundle dist-cli/tps-report.mjs when built, else
       bin/tps-report.js of this checkout); paths must be on a shared disk.
k8s:   a batch/v1 Job, completionMode Indexed, completions G, parallelism P, backoffLimitPerIndex N (--retries, default
       1), nvidia.com/gpu limit: the most GPUs a configuration needs. The PersistentVolumeClaim CLAIM (default
       tps-results) is mounted at PATH (default /results) and holds the study folder (PATH/<study folder name>) and the
       tasks folder (PATH/tasks). --cli: the tps-report command in the image (default tps-report).`;

interface EmitArgs {
  study: string;
  kind: "slurm" | "k8s";
  only: string[];
  runArgs: string[];
  out?: string;
  parallel?: number;
  tasksDir?: string;
  partition?: string;
  gres?: string;
  time?: string;
  cli?: string;
  image?: string;
  volume?: string;
  mount?: string;
  retries?: number;
  namespace?: string;
}

export function parseEmitArgs(argv: string[]): EmitArgs | "help" {
  const args: Partial<EmitArgs> & {only: string[]; runArgs: string[]} = {only: [], runArgs: []};
  for (let i = 0; i < argv.length; i++) {
    let arg = argv[i];
    let inline: string | undefined;
    if (arg.startsWith("--") && arg.includes("="))
      [arg, inline] = [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === "--help" || arg === "-h") return "help";
    else if (arg === "--emit") {
      const kind = value();
      if (kind !== "slurm" && kind !== "k8s") throw new UsageError("--emit is 'slurm' or 'k8s'");
      args.kind = kind;
    } else if (arg === "--only") {
      if (inline !== undefined) args.only.push(inline);
      else while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) args.only.push(argv[++i]);
      if (args.only.length === 0) throw new UsageError("--only needs at least one step or run id");
    } else if (arg === "--client") {
      const kind = value();
      if (kind !== "vllm" && kind !== "native") throw new UsageError("--client is 'vllm' or 'native'");
      args.runArgs.push("--client", kind);
    } else if (arg === "--timeout-s") args.runArgs.push("--timeout-s", String(wholeNumber(arg, value(), 1)));
    else if (arg === "--out") args.out = value();
    else if (arg === "--parallel") args.parallel = wholeNumber(arg, value(), 1);
    else if (arg === "--tasks-dir") args.tasksDir = value();
    else if (arg === "--partition") args.partition = value();
    else if (arg === "--gres") args.gres = value();
    else if (arg === "--time") args.time = value();
    else if (arg === "--cli") args.cli = value();
    else if (arg === "--image") args.image = value();
    else if (arg === "--volume") args.volume = value();
    else if (arg === "--mount") args.mount = value();
    // The Job's backoffLimitPerIndex is an int32.
    else if (arg === "--retries") args.retries = wholeNumber(arg, value(), 0, 2 ** 31 - 1);
    else if (arg === "--namespace") args.namespace = value();
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg} for --emit`);
    else if (args.study === undefined) args.study = arg;
    else throw new UsageError(`one study at a time (got '${args.study}' and '${arg}')`);
  }
  if (args.study === undefined) throw new UsageError("which study? (a folder with study.yaml)");
  if (args.kind === "slurm" && !args.tasksDir)
    throw new UsageError("--emit slurm needs --tasks-dir DIR (a shared folder)");
  if (args.kind === "k8s" && !args.image)
    throw new UsageError("--emit k8s needs --image IMAGE (with tps-report in it)");
  return args as EmitArgs;
}

function writeAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), {recursive: true});
  writeFileAtomic(file, text, 0o755);
}

export async function main(argv: string[]): Promise<number> {
  let args: EmitArgs | "help";
  try {
    args = parseEmitArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`tps-report run: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const why = notAStudy(args.study);
  if (why) {
    process.stderr.write(`tps-report run: ${why}\n`);
    return 2;
  }
  try {
    const plan = loadStudyPlan(args.study);
    const {tasks, groups} = clusterTasks(plan, args.only);
    const gpuCount = taskGpus(plan, groups);
    const out = args.out ? resolve(args.out) : null;
    let text: string;
    if (args.kind === "slurm") {
      const tasksDir = resolve(args.tasksDir!);
      text = slurmScript({
        studyId: plan.id,
        studyDir: resolve(plan.dir),
        tasksDir,
        tasks,
        parallel: args.parallel,
        partition: args.partition,
        gres: args.gres,
        gpuCount,
        time: args.time,
        cli: taskCli(args.cli),
        runArgs: args.runArgs
      });
      // Slurm opens each task's --output before the task starts: the folder has to exist.
      mkdirSync(join(tasksDir, LOGS), {recursive: true});
      writeManifest(tasksDir, {
        study: plan.id,
        study_dir: resolve(plan.dir),
        scheduler: "slurm",
        script: out,
        parallel: Math.min(args.parallel ?? tasks.length, tasks.length),
        only: args.only,
        tasks
      });
    } else {
      const mount = args.mount ?? "/results";
      text = k8sYaml({
        studyId: plan.id,
        tasks,
        image: args.image!,
        claim: args.volume ?? "tps-results",
        mount,
        studyPath: `${mount}/${basename(resolve(plan.dir))}`,
        tasksPath: args.tasksDir ?? `${mount}/tasks`,
        parallel: args.parallel,
        backoffLimitPerIndex: args.retries ?? 1,
        gpuCount,
        cli: args.cli ?? "tps-report",
        runArgs: args.runArgs,
        namespace: args.namespace
      });
    }
    if (out) {
      writeAtomic(out, text);
      process.stderr.write(`tps-report run: ${tasks.length} task${tasks.length === 1 ? "" : "s"} written to ${out}\n`);
    } else process.stdout.write(text);
    return 0;
  } catch (error) {
    if (error instanceof PlanError || error instanceof SelectionError || error instanceof ClusterError) {
      process.stderr.write(`tps-report run: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
