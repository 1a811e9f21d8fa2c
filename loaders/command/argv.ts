// Builds the exact argv of each server and benchmark process a live run starts, and shows it as a shell line.
import {join} from "node:path";
import {selfCommand} from "../resources.js";
import {benchArgv, ladderWarmups, type PlanCandidate, type PlanScenario, type StudyPlan} from "../study/plan.js";
import {repeatSeed, seedLevel, type SeedLevel, type SeedRule} from "../study/repeats.js";
import {engineFamily} from "../telemetry/aliases.js";
import {liveSettings, type LiveSettings} from "./settings.js";

export {shellLine, shellWord} from "./shell-quote.js";

/** File name the vLLM client is told to save its --save-result JSON under (the runs reader looks for it). */
export const RESULT_FILE = "result.json";

const PLACEHOLDER = /\{(host|port|base_url|run_dir)\}/g;

export interface ArgvValues {
  host: string;
  port: number;
  run_dir?: string;
}

/** Replaces {host}, {port}, {base_url} and {run_dir} inside each argument; other braces are left alone. */
export function fillPlaceholders(argv: string[], values: ArgvValues): string[] {
  const table: Record<string, string> = {
    host: values.host,
    port: String(values.port),
    base_url: `http://${values.host.includes(":") ? `[${values.host}]` : values.host}:${values.port}`,
    run_dir: values.run_dir ?? "{run_dir}"
  };
  return argv.map((arg) => arg.replace(PLACEHOLDER, (_, name: string) => table[name]));
}

const mentionsEndpoint = (argv: string[]): boolean => argv.some((arg) => /\{(port|base_url)\}/.test(arg));

/** The server command: the candidate's argv, told where to listen unless it already says so with {port}. */
export function serverArgv(candidate: PlanCandidate, settings: LiveSettings): string[] {
  const values = {host: settings.host, port: settings.port};
  const argv = fillPlaceholders(candidate.server, values);
  const served = mentionsEndpoint(candidate.server) ? argv : [...argv, ...fillPlaceholders(settings.portArgs, values)];
  // SGLang serves /metrics only when told to; the plan asked for metrics.
  const sglang = engineFamily(candidate.engine, ...candidate.server) === "sglang";
  return settings.metricsAsked && sglang && !served.includes("--enable-metrics")
    ? [...served, "--enable-metrics"]
    : served;
}

/** The native client, `tps-report bench`, run by this Node with this checkout's entry point (or the bundle). */
export function nativeClient(): string[] {
  return [...selfCommand(), "bench"];
}

/**
 * The benchmark command of one run; `runDir` is where its result file lands. Both clients take vllm bench serve's
 * flags, so the server's address and --save-result are added unless the plan's argv places {port}/{base_url} itself.
 */
export function clientArgv(
  plan: StudyPlan,
  candidate: PlanCandidate,
  scenario: PlanScenario,
  settings: LiveSettings,
  runDir: string,
  repeat = 1,
  rule: SeedRule = "level-repeat"
): string[] {
  let planned = withRepeatSeed(benchArgv(plan, candidate, scenario), repeat, seedLevel(scenario), rule);
  if (settings.clientKind === "native") {
    // The plan's command words (`vllm bench serve`) give way to the native client; its flags stay.
    const firstFlag = planned.findIndex((arg) => arg.startsWith("-"));
    planned = [...nativeClient(), ...(firstFlag < 0 ? [] : planned.slice(firstFlag))];
  }
  const argv = fillPlaceholders(planned, {host: settings.host, port: settings.port, run_dir: runDir});
  const endpoint = mentionsEndpoint(planned) ? [] : ["--host", settings.host, "--port", String(settings.port)];
  // The warm-up goes before the clock: bench.log records it ("Warming up with N requests..."), the metrics do not.
  // A ladder level warms with at least max(2, concurrency) requests, so every slot has served one before the clock.
  const warmups = Math.max(settings.numWarmups, ladderWarmups(scenario));
  const warmup = warmups > 0 ? ["--num-warmups", String(warmups)] : [];
  return [...argv, ...endpoint, ...warmup, "--save-result", "--result-dir", runDir, "--result-filename", RESULT_FILE];
}

/** The argv with its dataset seed moved to that of repeat `repeat` at `level` (repeatSeed); repeat 1 at the first
 * level (every repeat-1 run off a ladder) keeps the plan's command. */
export function withRepeatSeed(
  argv: string[],
  repeat: number,
  level: SeedLevel = {slot: 0, slots: 1},
  rule: SeedRule = "level-repeat"
): string[] {
  const at = argv.lastIndexOf("--seed");
  const base = at >= 0 ? Number(argv[at + 1]) : 0;
  const seed = repeatSeed(base, repeat, level, rule);
  if (seed === base || (at >= 0 && !Number.isInteger(base))) return argv;
  return at >= 0 ? [...argv.slice(0, at + 1), String(seed), ...argv.slice(at + 2)] : [...argv, "--seed", String(seed)];
}

/** Where a run's files end up: <study>/runs/<run-id>. */
export function runDirOf(plan: StudyPlan, id: string): string {
  return join(plan.dir, "runs", id);
}

/**
 * The commands a recorded live run was meant to start, from its plan entry and the address it recorded in
 * origin.serve: what a validator compares a live run.json's server_argv and bench_argv with (runDir as recorded;
 * `rule`, the seed rule the run was given).
 */
export function expectedLiveCommands(
  plan: StudyPlan,
  candidate: PlanCandidate,
  scenario: PlanScenario,
  runDir: string,
  serve: {host: string; port: number; client?: "vllm" | "native"},
  repeat = 1,
  rule: SeedRule = "level-repeat"
): {server: string[]; bench: string[]} {
  const settings = liveSettings(plan, {port: serve.port, clientKind: serve.client});
  const used: LiveSettings = {...settings, host: serve.host};
  return {
    server: serverArgv(candidate, used),
    bench: clientArgv(plan, candidate, scenario, used, runDir, repeat, rule)
  };
}
