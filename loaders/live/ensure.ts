// For data loaders in live mode: run whatever runs of a study are missing, then let the loader read the folder.
import {loadStudyPlan} from "../study/plan.js";
import {withInterrupts} from "./interrupt.js";
import {Progress} from "./progress.js";
import {runStudy, type RunStudyResult} from "./runner.js";

export interface EnsureLiveOptions {
  /** Steps, `<step>--<candidate>` pairs or run ids; default: TPS_REPORT_LIVE_ONLY (comma-separated), else all. */
  only?: string[];
  /** Benchmark limit in seconds; default: TPS_REPORT_LIVE_TIMEOUT_S, else the plan's. */
  timeoutS?: number;
  /** Server port; default: TPS_REPORT_LIVE_PORT, else the plan's. */
  port?: number;
  /** Benchmark client; default: TPS_REPORT_LIVE_CLIENT ("vllm" or "native"), else the plan's. */
  client?: "vllm" | "native";
  /** Where progress goes; stderr by default (a loader's stdout is its data file). */
  stream?: NodeJS.WritableStream;
  env?: NodeJS.ProcessEnv;
  gpuQuery?: string[];
}

export {liveModeRequested} from "./mode.js";

const envNumber = (env: NodeJS.ProcessEnv, name: string): number | undefined => {
  const value = env[name];
  if (value == null || value === "") return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new Error(`${name} must be a whole number ≥ 1, not '${value}'`);
  return Number(value);
};

/**
 * Executes the study's runs that are not complete (complete ones are kept: resume), logging to stderr. Throws when
 * interrupted or when the study cannot run here, so a build fails rather than reading a half-run study in silence.
 */
export async function ensureLiveRuns(studyDir: string, options: EnsureLiveOptions = {}): Promise<RunStudyResult> {
  const env = options.env ?? process.env;
  const plan = loadStudyPlan(studyDir);
  const stream = options.stream ?? process.stderr;
  const progress = new Progress({stream, live: false});
  const client = options.client ?? (env.TPS_REPORT_LIVE_CLIENT || undefined);
  if (client !== undefined && client !== "vllm" && client !== "native")
    throw new Error(`TPS_REPORT_LIVE_CLIENT must be 'vllm' or 'native', not '${client}'`);
  const only = options.only ?? (env.TPS_REPORT_LIVE_ONLY ? env.TPS_REPORT_LIVE_ONLY.split(",") : undefined);
  const result = await withInterrupts(
    ({signal, hurry}) =>
      runStudy(plan, {
        only,
        resume: true,
        waitForLock: true,
        timeoutS: options.timeoutS ?? envNumber(env, "TPS_REPORT_LIVE_TIMEOUT_S"),
        port: options.port ?? envNumber(env, "TPS_REPORT_LIVE_PORT"),
        client,
        signal,
        hurry,
        progress,
        gpuQuery: options.gpuQuery,
        env: options.env
      }),
    (text) => progress.note(text)
  );
  const failed = result.runs.filter((run) => run.status === "failed").length;
  stream.write(
    `tps-report live: ${plan.id}: ${result.runs.length} run(s) executed (${failed} failed), ${result.skipped.length} already complete\n`
  );
  if (result.interrupted) throw new Error(`tps-report live: ${plan.id}: interrupted; complete runs are kept`);
  return result;
}
