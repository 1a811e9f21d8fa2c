// `tps-report run STUDY`: executes a study plan on this machine (or prints its commands with --dry-run).
import {join} from "node:path";
import {dryRunScript} from "../live/dry-run.js";
import {withInterrupts} from "../live/interrupt.js";
import {Progress} from "../live/progress.js";
import {LiveError, runStudy, type RunStudyResult} from "../live/runner.js";
import {SelectionError, selectRuns} from "../live/selection.js";
import {liveSettings} from "../command/settings.js";
import {runComplete} from "../runs/run-folder.js";
import {writeErrorLine} from "../files/write-error.js";
import {INTERFERENCE_STEP, loadStudyPlan, PlanError} from "../study/plan.js";
import {notAStudy} from "../runs/study-folder.js";
import {prepareSecondLook} from "./second-look.js";
import {SECOND_LOOK_STEP} from "../study/second-look-file.js";
import {UsageError, wholeNumber} from "./usage.js";

const USAGE = `usage: tps-report run STUDY [--only STEP|RUN…] [--dry-run] [--resume] [--force] [--timeout-s N] [--port N|auto]
                        [--ready-timeout-s N] [--client vllm|native] [--runs-dir DIR] [--parallel]
       tps-report run STUDY --second-look [--dry-run] [--resume] …
       tps-report run STUDY --emit slurm|k8s … (tps-report run --emit slurm --help)

Runs every planned benchmark of STUDY (a folder with study.yaml) on this machine: for each server configuration it
starts the server, waits until it answers, runs the benchmarks, stops it, and writes STUDY/runs/<run-id>/.

  --only STEP|RUN…  only these steps, <step>--<candidate> pairs or run ids (several, or comma-separated)
  --dry-run         print every server and benchmark command in order, start nothing
  --resume          skip runs that are complete already (interrupted runs are never complete)
  --force           run complete runs again and replace them
  --timeout-s N     stop a benchmark after N seconds (a failed run, phase "timeout"); default: the plan's
                    serve.bench_timeout_s, else 7200
  --ready-timeout-s N
                    wait at most N seconds for each server to answer (a failed run, phase "server-start");
                    default: the plan's serve.ready_timeout_s, else 1800
  --port N|auto     port for the servers (default: the plan's serve.port, else 8000); auto: a free port for each
                    server, so that tasks sharing a machine do not collide
  --client KIND     vllm: the plan's client command as written (default); native: tps-report bench with the
                    same flags (no Python needed on the client side)
  --runs-dir DIR    write the run folders to DIR instead of STUDY/runs (a cluster task's folder; see gather)
  --parallel        run server configurations side by side on this host's GPUs (nvidia-smi, CUDA_VISIBLE_DEVICES):
                    each gets the GPUs its flags or the plan's gpus need (CUDA_VISIBLE_DEVICES), a free port, its
                    own client and GPU samples of its GPUs only; runs record which runs shared the host with them.
                    Also runs the plan's interference pairs (a configuration alone, then beside its copy); see
                    README "Several GPUs of one host" for when not to use it
  --emit slurm|k8s  write an sbatch array script or a Kubernetes Indexed Job instead of running here
  --second-look     after the greedy steps: run a small set around the recommendation (runners-up of decisions
                    within noise or the plan's margin with the later winning settings, ½× and 2× each numeric
                    setting the steps tuned), with the study's repeats, as step second-look; the set is frozen in
                    STUDY/second-look.json first; with --dry-run it lists the set and its runs and starts nothing

Exit status: 0 when every selected run is recorded (failed runs are results too), 1 when the study could not be
run here (nothing recorded for the runs not reached), 2 for usage errors, 130 when interrupted.`;

interface RunArgs {
  study: string;
  only: string[];
  dryRun: boolean;
  resume: boolean;
  force: boolean;
  timeoutS?: number;
  readyTimeoutS?: number;
  port?: number | "auto";
  client?: "vllm" | "native";
  runsDir?: string;
  secondLook?: boolean;
  parallel?: boolean;
}

export function parseRunArgs(argv: string[]): RunArgs | "help" {
  const args: Partial<RunArgs> & {only: string[]} = {only: [], dryRun: false, resume: false, force: false};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") return "help";
    if (arg === "--only") {
      const start = args.only.length;
      while (i + 1 < argv.length && !argv[i + 1].startsWith("--")) args.only.push(argv[++i]);
      if (args.only.length === start) throw new UsageError("--only needs at least one step or run id");
    } else if (arg.startsWith("--only=")) args.only.push(arg.slice("--only=".length));
    else if (arg === "--dry-run") args.dryRun = true;
    else if (arg === "--second-look") args.secondLook = true;
    else if (arg === "--parallel") args.parallel = true;
    else if (arg === "--resume") args.resume = true;
    else if (arg === "--force") args.force = true;
    else if (arg === "--timeout-s") args.timeoutS = wholeNumber(arg, argv[++i], 1);
    else if (arg.startsWith("--timeout-s=")) args.timeoutS = wholeNumber("--timeout-s", arg.split("=")[1], 1);
    else if (arg === "--ready-timeout-s") args.readyTimeoutS = wholeNumber(arg, argv[++i], 1);
    else if (arg.startsWith("--ready-timeout-s="))
      args.readyTimeoutS = wholeNumber("--ready-timeout-s", arg.split("=")[1], 1);
    else if (arg === "--port" || arg.startsWith("--port=")) {
      const value = arg === "--port" ? argv[++i] : arg.slice("--port=".length);
      args.port = value === "auto" ? "auto" : wholeNumber("--port", value, 1, 65535);
    } else if (arg === "--runs-dir" || arg.startsWith("--runs-dir=")) {
      const dir = arg === "--runs-dir" ? argv[++i] : arg.slice("--runs-dir=".length);
      if (!dir) throw new UsageError("--runs-dir needs a folder");
      args.runsDir = dir;
    } else if (arg === "--client" || arg.startsWith("--client=")) {
      const kind = arg === "--client" ? argv[++i] : arg.slice("--client=".length);
      if (kind !== "vllm" && kind !== "native") throw new UsageError("--client is 'vllm' or 'native'");
      args.client = kind;
    } else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else if (args.study === undefined) args.study = arg;
    else throw new UsageError(`one study at a time (got '${args.study}' and '${arg}')`);
  }
  if (args.study === undefined) throw new UsageError("which study? (a folder with study.yaml)");
  if (args.resume && args.force) throw new UsageError("--resume and --force contradict each other");
  if (args.secondLook && args.only.length) throw new UsageError("--second-look runs its own set; leave out --only");
  if (args.parallel && args.port !== undefined)
    throw new UsageError("--parallel gives each server a free port of its own; leave out --port");
  return args as RunArgs;
}

function summary(result: RunStudyResult): string {
  const ok = result.runs.filter((r) => r.status === "ok").length;
  const failed = result.runs.filter((r) => r.status === "failed");
  const notRun = result.runs.filter((r) => r.status === "not-run").length;
  const lines = [
    `${result.runs.length} run${result.runs.length === 1 ? "" : "s"} recorded: ${ok} ok, ${failed.length} failed` +
      (notRun ? `, ${notRun} not run (ladder stopped or not needed by the search)` : "") +
      (result.skipped.length ? `; ${result.skipped.length} already complete, skipped` : "") +
      (result.interrupted
        ? `; interrupted, ${result.selected - result.skipped.length - result.runs.length} not run`
        : "")
  ];
  for (const run of failed) lines.push(`  failed ${run.id} (${run.failed_phase}): ${run.error}`);
  for (const search of result.searches ?? []) lines.push(`  search ${search.curve}: ${search.reason}`);
  return lines.join("\n");
}

export async function main(argv: string[]): Promise<number> {
  if (argv.some((arg) => arg === "--emit" || arg.startsWith("--emit="))) return (await import("./emit.js")).main(argv);
  let args: RunArgs | "help";
  try {
    args = parseRunArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`tps-report run: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const {study} = args;
  const why = notAStudy(study);
  if (why) {
    process.stderr.write(`tps-report run: ${why}\n`);
    return 2;
  }
  try {
    let plan = loadStudyPlan(study);
    if (args.secondLook) {
      const look = await prepareSecondLook(plan, args.dryRun);
      if (typeof look === "string") {
        process.stderr.write(`tps-report run: ${look}\n`);
        return 1;
      }
      plan = look.plan;
      args.only = [SECOND_LOOK_STEP];
      if (args.dryRun || look.empty) process.stdout.write(look.header);
      else process.stderr.write(look.header);
      if (look.empty) return 0;
    }
    if (args.dryRun) {
      let runs = selectRuns(plan, args.only);
      const runsDir = args.runsDir ?? join(plan.dir, "runs");
      if (args.resume) runs = runs.filter((run) => !runComplete(runsDir, run.run));
      if (!args.parallel) runs = runs.filter((run) => run.step.id !== INTERFERENCE_STEP);
      process.stdout.write(
        dryRunScript(
          plan,
          runs,
          liveSettings(plan, {
            port: args.port === "auto" ? undefined : args.port,
            benchTimeoutS: args.timeoutS,
            readyTimeoutS: args.readyTimeoutS,
            clientKind: args.client
          }),
          {parallel: Boolean(args.parallel)}
        )
      );
      return 0;
    }
    const progress = new Progress({stream: process.stderr, live: Boolean(process.stderr.isTTY)});
    const {only, resume, force, timeoutS, readyTimeoutS, port, client, runsDir, parallel} = args;
    const result = await withInterrupts(
      ({signal, hurry}) =>
        runStudy(plan, {
          only,
          resume,
          force,
          timeoutS,
          readyTimeoutS,
          port,
          client,
          runsDir,
          parallel,
          signal,
          hurry,
          progress
        }),
      (text) => progress.note(text)
    );
    process.stderr.write(summary(result) + "\n");
    if (result.interrupted) return 130;
    // Runs were asked for and none has a result: the command did not do its job.
    const ran = result.runs.filter((r) => r.status !== "not-run");
    if (ran.length && ran.every((r) => r.status === "failed")) {
      process.stderr.write(`tps-report run: every run failed (${ran.length} of ${ran.length})\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof PlanError || error instanceof LiveError || error instanceof SelectionError) {
      process.stderr.write(`tps-report run: ${error.message}\n`);
      return 1;
    }
    const line = writeErrorLine(error);
    if (line) {
      process.stderr.write(`tps-report run: ${line}\n`);
      return 1;
    }
    throw error;
  }
}
