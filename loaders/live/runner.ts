// Executes a study plan: per server configuration start the server, wait for it, run its benchmarks, stop it.
import {
  accessSync,
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync
} from "node:fs";
import {hostname} from "node:os";
import {delimiter, join, resolve} from "node:path";
import {placement} from "./placement.js";
import {INTERFERENCE_STEP, type StudyPlan} from "../study/plan.js";
import type {SeedRule} from "../study/repeats.js";
import {clientArgv, RESULT_FILE, serverArgv} from "../command/argv.js";
import {shellLine} from "../command/shell-quote.js";
import {recordedClientArgv} from "./recorded-argv.js";
import {runClient} from "./client-process.js";
import {queryGpus, versionFromCli, versionFromServer, type EngineVersion, type GpuQuery} from "./environment.js";
import {failureLine, logTail} from "./log-tail.js";
import {freePort, waitPortFree} from "./port.js";
import {spawnGroup, stopGroup, within, type Exit, type GroupProcess} from "./process-group.js";
import {ProcessRecord, stopLeftovers} from "./process-record.js";
import {cleanUp} from "../files/write-error.js";
import {Progress, SlotProgress, type RunProgress} from "./progress.js";
import {queryHostGpus, type HostGpus} from "./host-gpus.js";
import {checkGpuNeeds, type GroupNeed} from "./gpu-check.js";
import {GpuPool} from "./gpu-pool.js";
import {runPacked, type Gang} from "./packing.js";
import {HostActivity, PairMeeting} from "./side-by-side.js";
import {formatPlace, PlanLines} from "../study/plan-lines.js";
import {waitReady, type Readiness} from "./readiness.js";
import {
  commitRun,
  createTmpRun,
  removeStale,
  removeStaleImports,
  runComplete,
  serverLogName,
  writeRunJson,
  type FailedPhase,
  type LiveRunMeta
} from "../runs/run-folder.js";
import {groupByServer, selectRuns, type PlannedRun, type ServerGroup} from "./selection.js";
import {lockStudy, studyBusy} from "../runs/study-lock.js";
import {RUN_ERRORS, runError} from "../runs/read-runs.js";
import {fillForm} from "../text.js";
import {liveSettings, type LiveSettings} from "../command/settings.js";
import {telemetryFor} from "./telemetry.js";
import {engineFamily, metricsPath} from "../telemetry/aliases.js";
import {judgeRun, LadderGuard, type SearchOutcome} from "./ladder-guard.js";

export interface RunStudyOptions {
  /** Steps, `<step>--<candidate>` pairs or run ids (see selectRuns). */
  only?: string[];
  /** Skip runs that are complete already. */
  resume?: boolean;
  /** When another process is running this study, wait for it (loaders) instead of failing (the CLI). */
  waitForLock?: boolean;
  /** Run again (and replace) runs that are complete already. */
  force?: boolean;
  /** Limit for each benchmark, overriding the plan's serve.bench_timeout_s. */
  timeoutS?: number;
  /** Readiness limit for each server, overriding the plan's serve.ready_timeout_s. */
  readyTimeoutS?: number;
  /** Port for the servers, overriding the plan's serve.port; "auto": a free one for each server (cluster tasks). */
  port?: number | "auto";
  /** Where the run folders go instead of STUDY/runs (a cluster task's own folder; `tps-report gather` merges it). */
  runsDir?: string;
  /** Benchmark client, overriding the plan's client.kind ("native": tps-report bench). */
  client?: "vllm" | "native";
  /** Ctrl-C: stop the server and the benchmark, keep no partial run. */
  signal?: AbortSignal;
  /** A second Ctrl-C: no grace period, SIGKILL at once. */
  hurry?: AbortSignal;
  progress?: Progress;
  /** GPU query command (nvidia-smi by default). */
  gpuQuery?: string[];
  /** Runs server configurations side by side, each on its own GPUs of this host, its own port and client. */
  parallel?: boolean;
  /** The host's GPU list for placement (nvidia-smi --query-gpu=index,name,memory.total by default). */
  hostGpuQuery?: string[];
  env?: NodeJS.ProcessEnv;
  onSpawn?: (role: "server" | "benchmark", proc: GroupProcess) => void;
}

export interface RunOutcome {
  id: string;
  /** not-run: a ladder level left out because the SLO was already broken or the search did not need it. */
  status: "ok" | "failed" | "not-run";
  failed_phase?: FailedPhase;
  error: string | null;
}

export interface RunStudyResult {
  selected: number;
  /** Complete before this command and left as they were. */
  skipped: string[];
  runs: RunOutcome[];
  interrupted: boolean;
  /** Each goodput search: the limit found, the probes and why it stopped. */
  searches: SearchOutcome[];
}

/** A problem of this machine or invocation (port taken, executable missing, runs in the way): nothing is recorded. */
export class LiveError extends Error {}

class Interrupted extends Error {}

interface ServerInstance {
  proc: GroupProcess;
  argv: string[];
  logFile: string;
  startedAt: string;
  readiness: Readiness;
  version: EngineVersion | null;
}

const iso = (): string => new Date().toISOString();
const BANNER = /=+ Serving Benchmark Result =+/;
// vllm bench serve prints these once its ready check and warm-up are done and the measured run begins.
const MAIN_RUN = /Starting main benchmark run|Traffic request rate:/;

/** Why a server that was started ended, before it was ready or during the benchmark. */
function serverEnded(exit: Exit | null, early: boolean, cause: string | null): string {
  if (exit?.signal) return runError(early ? "serverKilledEarly" : "serverKilled", {signal: exit.signal}, cause);
  return runError(early ? "serverExitedEarly" : "serverExited", {code: String(exit?.code ?? null)}, cause);
}

/** Why a benchmark that did not end well ended. */
function benchEnded(exit: Exit, cause: string | null): string {
  if (exit.error) return runError("benchUnstarted", {message: exit.error.message}, cause);
  if (exit.signal) return runError("benchKilled", {signal: exit.signal}, cause);
  return runError("benchExited", {code: String(exit.code)}, cause);
}

/** Where argv[0] would be found; null when it would not. */
export function findExecutable(command: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const usable = (path: string): boolean => {
    try {
      accessSync(path, constants.X_OK);
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return usable(command) ? command : null;
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir && usable(join(dir, command))) return join(dir, command);
  }
  return null;
}

export async function runStudy(plan: StudyPlan, options: RunStudyOptions = {}): Promise<RunStudyResult> {
  const settings = liveSettings(plan, {
    port: options.port === "auto" ? undefined : options.port,
    benchTimeoutS: options.timeoutS,
    readyTimeoutS: options.readyTimeoutS,
    clientKind: options.client
  });
  const runsDir = options.runsDir ? resolve(options.runsDir) : join(plan.dir, "runs");
  const env: NodeJS.ProcessEnv = {PYTHONUNBUFFERED: "1", ...process.env, ...options.env};
  const progress = options.progress ?? new Progress({stream: process.stderr, live: false});
  let selected = selectRuns(plan, options.only);
  // A pair side by side needs a second slot on the host: the interference step runs with --parallel only.
  const sideBySide = selected.filter((run) => run.step.id === INTERFERENCE_STEP);
  if (sideBySide.length && !options.parallel) {
    selected = selected.filter((run) => run.step.id !== INTERFERENCE_STEP);
    progress.note(
      `${sideBySide.length} run${sideBySide.length === 1 ? "" : "s"} of step ${INTERFERENCE_STEP} left out: a configuration runs beside its copy only with --parallel`
    );
  }
  mkdirSync(runsDir, {recursive: true});
  const lock = await lockStudy(runsDir, {
    wait: Boolean(options.waitForLock),
    signal: options.signal,
    onWait: (holder) => progress.note(`waiting for tps-report (pid ${holder}) to finish running ${plan.id}`)
  });
  if (lock === null) return {selected: selected.length, skipped: [], runs: [], interrupted: true, searches: []};
  if (!("release" in lock)) throw new LiveError(studyBusy(plan.id, runsDir, lock.heldBy));
  try {
    // What a runner killed with SIGKILL left running would hold the port and write into runs/: stopped first.
    for (const line of await stopLeftovers(runsDir, settings.stopGraceS * 1000)) progress.note(line);
    const record = new ProcessRecord(runsDir);
    const onSpawn: RunStudyOptions["onSpawn"] = (role, proc) => {
      record.add(role, proc);
      options.onSpawn?.(role, proc);
    };
    try {
      return await runLocked(plan, {...options, onSpawn}, {settings, runsDir, env, progress, selected});
    } finally {
      cleanUp(
        () => record.close(),
        (text) => progress.note(text)
      );
    }
  } finally {
    cleanUp(
      () => lock.release(),
      (text) => progress.note(text)
    );
  }
}

async function runLocked(
  plan: StudyPlan,
  options: RunStudyOptions,
  {
    settings,
    runsDir,
    env,
    progress,
    selected
  }: {
    settings: LiveSettings;
    runsDir: string;
    env: NodeJS.ProcessEnv;
    progress: Progress;
    selected: PlannedRun[];
  }
): Promise<RunStudyResult> {
  const complete = selected.filter((run) => runComplete(runsDir, run.run)).map((run) => run.run);
  if (complete.length && !options.resume && !options.force)
    throw new LiveError(
      `${complete.length} of the ${selected.length} selected runs exist already in ${runsDir} (${complete.slice(0, 3).join(", ")}` +
        `${complete.length > 3 ? ", …" : ""}); --resume skips them, --force runs them again`
    );
  const skipped = options.force ? [] : complete;
  const todo = selected.filter((run) => !skipped.includes(run.run));
  const result: RunStudyResult = {selected: selected.length, skipped, runs: [], interrupted: false, searches: []};
  for (const name of removeStale(runsDir))
    progress.note(`removed ${join(runsDir, name)} (left by an interrupted run or import)`);
  for (const path of removeStaleImports(plan.dir)) progress.note(`removed ${path} (left by an interrupted import)`);
  if (todo.length === 0) return result;

  let guard: LadderGuard;
  try {
    guard = new LadderGuard(plan, todo, (run) => {
      const verdict = judgeRun(plan, run, join(runsDir, run.run));
      // Each level's verdict against the SLO as it is decided, so a ladder's stop or search can be followed.
      progress.note(`${run.run}: ${verdict.why}`);
      return verdict;
    });
  } catch (error) {
    throw new LiveError((error as Error).message);
  }
  const groups = groupByServer(todo);
  const missing = new Map<string, string[]>();
  for (const group of groups) {
    const server = serverArgv(group.candidate, settings)[0];
    const client = clientArgv(plan, group.candidate, group.runs[0].scenario, settings, "")[0];
    for (const [command, role] of [
      [server, "server"],
      [client, "benchmark"]
    ] as const)
      if (!findExecutable(command, env))
        missing.set(command, [...(missing.get(command) ?? []), `${role} of ${group.key}`]);
  }
  if (missing.size)
    throw new LiveError(
      [...missing]
        .map(
          ([command, uses]) =>
            `'${command}' is not on PATH (${uses.slice(0, 3).join(", ")}${uses.length > 3 ? ", …" : ""})`
        )
        .join("; ") + "; install it or leave those runs out with --only"
    );

  const host = await queryHostGpus(env, options.hostGpuQuery);
  if (options.parallel && host.error)
    throw new LiveError(`--parallel places each server on GPUs of this host, but they are unknown: ${host.error}`);
  const checked = checkGpuNeeds(plan, groups, host, Boolean(options.parallel));
  if ("problems" in checked) throw new LiveError(checked.problems.join("\n"));
  const gpu = await queryGpus(options.gpuQuery, env);
  if (gpu.error) progress.note(`GPU: ${gpu.error}; runs record gpu "unknown"`);
  const shared: Omit<GroupContext, "gpus" | "gpuCount"> = {
    ...options,
    env,
    progress,
    gpu,
    host,
    runsDir,
    ownRunsDir: Boolean(options.runsDir),
    result,
    guard
  };
  progress.begin(selected.length, skipped.length);
  try {
    if (options.parallel) await runSideBySide(plan, checked, settings, shared);
    else
      for (const {group, need} of checked) {
        // Tasks sharing a node each need their own port: probe a free one just before the server starts.
        const groupSettings = options.port === "auto" ? {...settings, port: await freePort(settings.host)} : settings;
        // A pin in the plan places the server; a pin in its command places it by itself.
        const pinned = need.pinnedBy === "plan" ? need.pinned : null;
        await runGroup(plan, group, groupSettings, {
          ...shared,
          env: pinned ? placedEnv(env, pinned) : env,
          gpus: need.pinned,
          gpuCount: need.count
        });
      }
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    result.interrupted = true;
    progress.note("interrupted: servers and benchmarks stopped, no partial run kept; --resume continues");
  } finally {
    progress.end();
    result.searches = guard.outcomes();
    for (const search of result.searches)
      progress.note(`${search.curve}: ${search.reason} (probes: ${search.probes.join(", ")})`);
  }
  return result;
}

interface GroupContext extends Omit<RunStudyOptions, "progress"> {
  env: NodeJS.ProcessEnv;
  progress: RunProgress;
  gpu: GpuQuery;
  host: HostGpus;
  /** The GPUs the server was placed on (nvidia-smi's indices), null when it sees what the host gives it. */
  gpus: number[] | null;
  /** GPUs one server of the configuration uses (study/gpu-need.ts). */
  gpuCount: number;
  runsDir: string;
  /** The runs go to --runs-dir, not STUDY/runs. */
  ownRunsDir: boolean;
  result: RunStudyResult;
  guard: LadderGuard;
  /** Servers side by side: which benchmarks overlap (each run records the others). */
  activity?: HostActivity;
  /** An interference copy: waits for its partner's run of the same slot before each benchmark. */
  meet?: (run: PlannedRun) => Promise<void>;
}

/** The environment of a server placed on `gpus`: CUDA numbers them as nvidia-smi does only in PCI bus order. */
function placedEnv(env: NodeJS.ProcessEnv, gpus: readonly number[]): NodeJS.ProcessEnv {
  return {...env, CUDA_VISIBLE_DEVICES: gpus.join(","), CUDA_DEVICE_ORDER: "PCI_BUS_ID"};
}

interface Placed extends GroupNeed {
  count: number;
  pinned: number[] | null;
}

/** --parallel: the configurations packed onto the host's GPUs (packing.ts), each with its GPUs, port and telemetry. */
async function runSideBySide(
  plan: StudyPlan,
  needs: GroupNeed[],
  settings: LiveSettings,
  shared: Omit<GroupContext, "gpus" | "gpuCount">
): Promise<void> {
  const gangs = gangsOf(plan, needs, shared.host);
  const stop = new AbortController();
  const signal = shared.signal ? AbortSignal.any([shared.signal, stop.signal]) : stop.signal;
  const activity = new HostActivity();
  const ports = new Set<number>();
  const meetings = new Map<Gang<Placed>, PairMeeting>();
  await runPacked<Placed>({
    pool: new GpuPool(shared.host.gpus.map((g) => g.index)),
    gangs,
    signal: shared.signal,
    stopAll: () => stop.abort(),
    isStop: (error) => error instanceof Interrupted,
    start: async ({group, need}, gpus, gang) => {
      // Every server its own port: probed just before it starts, never one handed to another server of this study.
      let port = await freePort(settings.host);
      while (ports.has(port)) port = await freePort(settings.host);
      ports.add(port);
      const label = `GPU ${gpus.join(",")}`;
      const side = gang.members.length === 2 ? (gang.members.findIndex((m) => m.group === group) as 0 | 1) : null;
      let meeting = meetings.get(gang);
      if (side !== null && !meeting) {
        const slots = gang.members.map((m) => new Set(m.group.runs.map((r) => slotOf(r)))) as [
          Set<string>,
          Set<string>
        ];
        meetings.set(gang, (meeting = new PairMeeting(slots)));
      }
      try {
        await runGroup(
          plan,
          group,
          {...settings, port},
          {
            ...shared,
            env: placedEnv(shared.env, gpus),
            progress: new SlotProgress(shared.progress as Progress, label),
            signal,
            gpus,
            gpuCount: need.count,
            activity,
            ...(meeting && side !== null ? {meet: (run: PlannedRun) => meeting.arrive(side, slotOf(run), signal)} : {})
          }
        );
      } finally {
        if (meeting && side !== null) meeting.leave(side);
      }
    }
  });
  if (shared.signal?.aborted) throw new Interrupted();
}

/** A run's place in its configuration's rounds: scenario, load level and repeat (its id after step--candidate--). */
function slotOf(run: PlannedRun): string {
  return run.run.slice(`${run.step.id}--${run.candidate.id}--`.length);
}

/** Gangs in plan order: every configuration alone, except the interference step's, which take the host to themselves:
 * the copy measured alone, and the two copies side by side. */
function gangsOf(plan: StudyPlan, needs: GroupNeed[], host: HostGpus): Gang<Placed>[] {
  const gangs: Gang<Placed>[] = [];
  const pairs = new Map<string, Gang<Placed>>();
  for (const entry of needs) {
    const member: Placed = {...entry, count: entry.need.count, pinned: entry.need.pinned};
    const pair = plan.interference?.pairs.find((p) => p.pair.includes(entry.group.candidate.id));
    if (entry.group.step.id !== INTERFERENCE_STEP || !pair) {
      gangs.push({members: [member], exclusive: entry.group.step.id === INTERFERENCE_STEP});
      continue;
    }
    const gang = pairs.get(pair.key);
    if (gang) gang.members.push(member);
    else {
      const fresh: Gang<Placed> = {members: [member], exclusive: true};
      pairs.set(pair.key, fresh);
      gangs.push(fresh);
    }
  }
  const lines = new PlanLines(plan);
  const problems = gangs.flatMap((gang) => {
    const total = gang.members.reduce((sum, m) => sum + m.count, 0);
    if (total <= host.gpus.length) return [];
    const candidate = gang.members[0].group.candidate;
    const i = plan.interference!.pairs.findIndex((p) => p.pair.includes(candidate.id) || p.alone === candidate.id);
    return [
      formatPlace(
        lines.key(["interference", i]),
        `two copies of ${plan.interference!.pairs[i].key} side by side need ${total} GPUs but this host has ${host.gpus.length}`
      )
    ];
  });
  if (problems.length) throw new LiveError(problems.join("\n"));
  return gangs;
}

const baseUrlOf = (settings: LiveSettings): string =>
  `http://${settings.host.includes(":") ? `[${settings.host}]` : settings.host}:${settings.port}`;

async function runGroup(plan: StudyPlan, group: ServerGroup, settings: LiveSettings, ctx: GroupContext): Promise<void> {
  const baseUrl = baseUrlOf(settings);
  const graceMs = (): number => (ctx.hurry?.aborted ? 0 : settings.stopGraceS * 1000);
  const argv = serverArgv(group.candidate, settings);
  const engine = plan.engines[group.candidate.engine];
  let server: ServerInstance | null = null;
  let startFailure: {meta: Partial<LiveRunMeta>; logFile: string; startedAt: string; endedAt: string} | null = null;
  let instance = 0;
  const logs: string[] = [];

  const stopServer = async (current: ServerInstance): Promise<void> => {
    ctx.progress.phase("stopping server", `pid ${current.proc.pid}`, `${group.key} server`);
    if (!(await stopGroup(current.proc, graceMs(), {hurry: ctx.hurry})))
      ctx.progress.note(`warning: processes of server group ${current.proc.pid} survived SIGKILL`);
    if (!(await waitPortFree(settings.host, settings.port, settings.stopGraceS * 1000 + 5000)))
      throw new LiveError(
        `port ${settings.port} on ${settings.host} is still in use after the server of ${group.key} stopped`
      );
  };

  const startServer = async (): Promise<ServerInstance> => {
    if (!(await waitPortFree(settings.host, settings.port, settings.stopGraceS * 1000)))
      throw new LiveError(
        `port ${settings.port} on ${settings.host} is in use by another process; stop it or choose another port (--port)`
      );
    const logFile = join(ctx.runsDir, serverLogName(group.key, instance++));
    logs.push(logFile);
    ctx.progress.phase("starting server", shellLine(argv));
    const fd = openSync(logFile, "a");
    let proc: GroupProcess;
    try {
      proc = spawnGroup(argv, {stdio: ["ignore", fd, fd], env: ctx.env});
    } finally {
      closeSync(fd);
    }
    ctx.onSpawn?.("server", proc);
    const startedAt = iso();
    const readiness = await waitReady({
      baseUrl,
      path: settings.readyPath,
      timeoutMs: settings.readyTimeoutS * 1000,
      exited: proc.exited,
      signal: ctx.signal
    });
    const current: ServerInstance = {proc, argv, logFile, startedAt, readiness, version: null};
    if (readiness.ready) current.version = (await versionFromServer(baseUrl)) ?? (await engineVersion(null));
    return current;
  };

  async function engineVersion(current: ServerInstance | null): Promise<EngineVersion> {
    return current?.version ?? (await versionFromCli(engine.version_argv)) ?? {version: engine.version, from: "plan"};
  }

  let round = group.runs[0]?.repeat ?? 1;
  // A goodput search adds its bisection probes right after the run that asks for them.
  const queue = [...group.runs];
  try {
    for (let i = 0; i < queue.length; i++) {
      const run = queue[i];
      if (ctx.signal?.aborted) throw new Interrupted();
      ctx.progress.runStart(run.run);
      const notRun = ctx.guard.skip(run);
      if (notRun) {
        recordNotRun(plan, run, argv, settings, ctx, notRun);
        continue;
      }
      // restart_between_repeats: each round of repeats gets a fresh server, so start-up variance is measured too.
      const restart = run.repeat !== round && plan.restart_between_repeats === true;
      round = run.repeat;
      if (restart) startFailure = null;
      if (!startFailure && (!server || server.proc.exit() || restart)) {
        if (server) await stopServer(server);
        server = await startServer();
        if (ctx.signal?.aborted) throw new Interrupted();
        const readiness = server.readiness;
        if (!readiness.ready) {
          const exit = server.proc.exit();
          if (exit?.error) throw new LiveError(`cannot start ${shellLine([argv[0]])}: ${exit.error.message}`);
          const endedAt = iso();
          const failed = server;
          server = null;
          await stopServer(failed);
          const lines = logTail(failed.logFile);
          const cause = failureLine(lines);
          const error =
            readiness.reason === "timeout"
              ? runError("serverNotReady", {seconds: settings.readyTimeoutS, path: settings.readyPath}, cause)
              : serverEnded(failed.proc.exit(), true, cause);
          const version = await engineVersion(null);
          startFailure = {
            meta: {
              error,
              failed_phase: "server-start",
              log_tail: {file: "server.log", lines},
              engine_version: version.version,
              origin: {engine_version_from: version.from, server_started_at: failed.startedAt, server_ready_s: null}
            },
            logFile: failed.logFile,
            startedAt: failed.startedAt,
            endedAt
          };
        } else {
          ctx.progress.note(`${run.run}: server ready after ${readiness.seconds.toFixed(1)} s (GET ${readiness.path})`);
        }
      }
      if (startFailure) {
        recordFailedStart(plan, run, argv, settings, ctx, startFailure);
        continue;
      }
      await ctx.meet?.(run);
      if (ctx.signal?.aborted) throw new Interrupted();
      await benchmark(plan, run, server!, settings, ctx, await engineVersion(server), graceMs);
      queue.splice(i + 1, 0, ...ctx.guard.after(run));
    }
  } finally {
    if (server) await stopServer(server).catch((error: unknown) => ctx.progress.note(String(error)));
    for (const log of logs)
      cleanUp(
        () => rmSync(log, {force: true}),
        (text) => ctx.progress.note(text)
      );
  }
}

function baseMeta(
  plan: StudyPlan,
  run: PlannedRun,
  ctx: GroupContext
): Omit<
  LiveRunMeta,
  "server_argv" | "bench_argv" | "status" | "error" | "started_at" | "ended_at" | "origin" | "engine_version"
> {
  return {
    id: run.run,
    study: plan.id,
    step: run.step.id,
    candidate: run.candidate.id,
    scenario: run.scenario.id,
    repeat: run.repeat,
    engine: run.candidate.engine,
    model: run.candidate.model,
    quantization: run.candidate.quantization,
    // Placed on GPUs of this host: theirs is the name; otherwise the first GPU nvidia-smi lists.
    gpu:
      (ctx.gpus && ctx.host.gpus.find((g) => g.index === ctx.gpus![0])?.name) || (ctx.gpu.gpus[0]?.name ?? "unknown"),
    gpu_count: ctx.gpuCount
  };
}

/** A ladder run records its seed rule (study/repeats.ts repeatSeed), so check tells it from runs given the old one. */
function seedRule(run: PlannedRun): {seed_rule?: SeedRule} {
  return run.scenario.load ? {seed_rule: "level-repeat"} : {};
}

/** The dataset seed the client was given (each level and repeat its own, command/argv.ts withRepeatSeed); null
 * without one. */
function datasetSeed(argv: string[]): number | null {
  const at = argv.lastIndexOf("--seed");
  return at >= 0 && Number.isInteger(Number(argv[at + 1])) ? Number(argv[at + 1]) : null;
}

function origin(ctx: GroupContext, settings: LiveSettings, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    kind: "live",
    host: hostname(),
    command: "tps-report run",
    serve: {host: settings.host, port: settings.port, client: settings.clientKind},
    gpus: ctx.gpu.gpus,
    ...(ctx.gpu.error ? {gpu_error: ctx.gpu.error} : {}),
    placement: placement(ctx.env),
    // Written elsewhere than STUDY/runs (a cluster task): the recorded commands name that folder.
    ...(ctx.ownRunsDir ? {runs_dir: ctx.runsDir} : {}),
    ...extra
  };
}

/** Orders run.json keys as the archive does: the shared fields, then failed_phase and log_tail for failures. */
function assemble(fields: LiveRunMeta): LiveRunMeta {
  const {failed_phase, log_tail, ...rest} = fields;
  return {
    id: rest.id,
    study: rest.study,
    step: rest.step,
    candidate: rest.candidate,
    scenario: rest.scenario,
    ...(rest.repeat != null && rest.repeat > 1 ? {repeat: rest.repeat} : {}),
    engine: rest.engine,
    engine_version: rest.engine_version,
    model: rest.model,
    quantization: rest.quantization,
    gpu: rest.gpu,
    gpu_count: rest.gpu_count,
    server_argv: rest.server_argv,
    bench_argv: rest.bench_argv,
    status: rest.status,
    error: rest.error,
    started_at: rest.started_at,
    ended_at: rest.ended_at,
    origin: rest.origin,
    ...(rest.status === "failed" ? {failed_phase, log_tail} : {})
  };
}

function finish(ctx: GroupContext, tmpDir: string, meta: LiveRunMeta): void {
  writeRunJson(tmpDir, assemble(meta));
  commitRun(ctx.runsDir, tmpDir, meta.id, Boolean(ctx.force));
  ctx.result.runs.push({id: meta.id, status: meta.status, failed_phase: meta.failed_phase, error: meta.error});
  ctx.progress.runEnd(meta.id, meta.status, meta.error ?? undefined);
}

/** A ladder level left out: its record says why, so the site and check show it as not run, not as missing. */
function recordNotRun(
  plan: StudyPlan,
  run: PlannedRun,
  argv: string[],
  settings: LiveSettings,
  ctx: GroupContext,
  reason: string
): void {
  const tmpDir = createTmpRun(ctx.runsDir, run.run);
  const finalDir = join(ctx.runsDir, run.run);
  try {
    const now = iso();
    const meta: LiveRunMeta = {
      ...baseMeta(plan, run, ctx),
      engine_version: plan.engines[run.candidate.engine]?.version ?? "unknown",
      server_argv: argv,
      bench_argv: plannedBenchArgv(plan, run, settings, finalDir),
      status: "failed",
      error: reason,
      started_at: now,
      ended_at: now,
      origin: origin(ctx, settings, seedRule(run)),
      failed_phase: "not-run"
    };
    writeRunJson(tmpDir, assemble(meta));
    commitRun(ctx.runsDir, tmpDir, meta.id, Boolean(ctx.force));
    ctx.result.runs.push({id: meta.id, status: "not-run", failed_phase: "not-run", error: reason});
    ctx.progress.runEnd(meta.id, "failed", reason);
  } finally {
    cleanUp(
      () => rmSync(tmpDir, {recursive: true, force: true}),
      (text) => ctx.progress.note(text)
    );
  }
}

/** The client command a run that never reached its benchmark would have run, as a run folder records it. */
function plannedBenchArgv(plan: StudyPlan, run: PlannedRun, settings: LiveSettings, finalDir: string): string[] {
  const argv = clientArgv(plan, run.candidate, run.scenario, settings, finalDir, run.repeat);
  return recordedClientArgv(argv, settings.clientKind === "native", finalDir, run.run);
}

function recordFailedStart(
  plan: StudyPlan,
  run: PlannedRun,
  argv: string[],
  settings: LiveSettings,
  ctx: GroupContext,
  failure: {meta: Partial<LiveRunMeta>; logFile: string; startedAt: string; endedAt: string}
): void {
  const tmpDir = createTmpRun(ctx.runsDir, run.run);
  const finalDir = join(ctx.runsDir, run.run);
  try {
    if (existsSync(failure.logFile)) copyFileSync(failure.logFile, join(tmpDir, "server.log"));
    finish(ctx, tmpDir, {
      ...baseMeta(plan, run, ctx),
      engine_version: failure.meta.engine_version!,
      server_argv: argv,
      bench_argv: plannedBenchArgv(plan, run, settings, finalDir),
      status: "failed",
      error: failure.meta.error!,
      started_at: failure.startedAt,
      ended_at: failure.endedAt,
      origin: origin(ctx, settings, {...seedRule(run), ...failure.meta.origin}),
      failed_phase: failure.meta.failed_phase,
      log_tail: failure.meta.log_tail
    });
  } finally {
    cleanUp(
      () => rmSync(tmpDir, {recursive: true, force: true}),
      (text) => ctx.progress.note(text)
    );
  }
}

async function benchmark(
  plan: StudyPlan,
  run: PlannedRun,
  server: ServerInstance,
  settings: LiveSettings,
  ctx: GroupContext,
  version: EngineVersion,
  graceMs: () => number
): Promise<void> {
  const tmpDir = createTmpRun(ctx.runsDir, run.run);
  try {
    const finalDir = join(ctx.runsDir, run.run);
    const argv = clientArgv(plan, run.candidate, run.scenario, settings, tmpDir, run.repeat);
    const recorded = recordedClientArgv(argv, settings.clientKind === "native", tmpDir, run.run);
    const stdoutFile = join(tmpDir, "bench.log");
    const stderrFile = join(tmpDir, "bench.stderr.log");
    ctx.progress.phase("warming", shellLine(recorded));
    let measuring = false;
    const startedAt = iso();
    const family = engineFamily(run.candidate.engine, plan.engines[run.candidate.engine]?.name ?? "", ...server.argv);
    const telemetry = telemetryFor(tmpDir, settings, baseUrlOf(settings), metricsPath(family), ctx.env, ctx.gpus);
    telemetry.start();
    ctx.activity?.begin(run.run);
    let sharedWith: string[] | null = null;
    const outcome = await runClient(argv, {
      stdoutFile,
      stderrFile,
      timeoutMs: settings.benchTimeoutS * 1000,
      serverExited: server.proc.exited,
      signal: ctx.signal,
      graceMs: () => Math.min(graceMs(), 10_000),
      hurry: ctx.hurry,
      env: ctx.env,
      onLine: (line) => {
        if (!measuring && MAIN_RUN.test(line)) {
          measuring = true;
          telemetry.markStart();
          ctx.progress.phase("benchmarking");
        }
      },
      onSpawn: (proc) => ctx.onSpawn?.("benchmark", proc)
    }).finally(() => {
      sharedWith = ctx.activity?.end(run.run) ?? null;
      return telemetry.stop(Date.parse(startedAt), Date.now(), !ctx.signal?.aborted);
    });
    const endedAt = iso();
    if (outcome.kind === "interrupted" || ctx.signal?.aborted) throw new Interrupted();
    // A server dying while its client finishes (connection errors) is a crash, not a benchmark failure.
    if (outcome.kind !== "server-exit" && !server.proc.exit()) await within(server.proc.exited, 500);
    copyFileSync(server.logFile, join(tmpDir, "server.log"));

    const benchTail = (): {file: string; lines: string[]} => {
      const errLines = logTail(stderrFile);
      return errLines.length && failureLine(errLines)
        ? {file: "bench.stderr.log", lines: errLines}
        : {file: "bench.log", lines: logTail(stdoutFile)};
    };
    let failure: {phase: FailedPhase; error: string; tail: {file: string; lines: string[]}} | null = null;
    if (server.proc.exit()) {
      const lines = logTail(server.logFile);
      const cause = failureLine(lines);
      failure = {
        phase: "server-crash",
        error: serverEnded(server.proc.exit(), false, cause),
        tail: {file: "server.log", lines}
      };
    } else if (outcome.kind === "timeout") {
      failure = {
        phase: "timeout",
        error: fillForm(RUN_ERRORS.benchTimedOut, {seconds: settings.benchTimeoutS}),
        tail: benchTail()
      };
    } else if (outcome.kind === "exit" && (outcome.exit.code !== 0 || outcome.exit.error)) {
      const tail = benchTail();
      const cause = failureLine(tail.lines);
      failure = {phase: "benchmark", error: benchEnded(outcome.exit, cause), tail};
    } else if (!BANNER.test(readFileSync(stdoutFile, "utf8")) && !existsSync(join(tmpDir, RESULT_FILE))) {
      failure = {
        phase: "benchmark",
        error: RUN_ERRORS.benchNoResult,
        tail: benchTail()
      };
    }
    finish(ctx, tmpDir, {
      ...baseMeta(plan, run, ctx),
      engine_version: version.version,
      server_argv: server.argv,
      bench_argv: recorded,
      status: failure ? "failed" : "ok",
      error: failure?.error ?? null,
      started_at: startedAt,
      ended_at: endedAt,
      origin: origin(ctx, settings, {
        dataset_seed: datasetSeed(argv),
        ...seedRule(run),
        engine_version_from: version.from,
        server_started_at: server.startedAt,
        server_ready_s: server.readiness.ready ? Number(server.readiness.seconds.toFixed(1)) : null,
        // Side by side (--parallel): the runs whose benchmarks overlapped this one's on the host ([]: it ran alone).
        ...(sharedWith ? {shared_host_with: sharedWith} : {})
      }),
      failed_phase: failure?.phase,
      log_tail: failure?.tail
    });
  } finally {
    cleanUp(
      () => rmSync(tmpDir, {recursive: true, force: true}),
      (text) => ctx.progress.note(text)
    );
  }
}
