// Test helpers: a throw-away study whose servers are the fixture server and whose client is the stand-in bench,
// and a watch on every process a command starts, to check that none outlives it.
import {spawn} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {stringify} from "yaml";

export const ROOT = resolve(import.meta.dirname, "../..");
export const NODE = process.execPath;
/** Where the tests' global setup bundles the fixture server and the stand-in bench (test/support/bundles.ts): each
 * of the hundreds of processes the live tests start then runs on Node alone, with no tsx to compile it. */
export const FIXTURE_BUNDLES = join(ROOT, "test/.tmp/fixtures");
export const FIXTURE_SERVER = [NODE, join(FIXTURE_BUNDLES, "fixture-server.mjs")];
/**
 * The fixture timing of the seed plan's live run: decode gaps like a real engine's, so a client or server that the
 * machine starves of CPU for a while still sees its tokens arrive apart (a 1 ms gap let one stall hide a whole decode).
 */
export const LIVE_FIXTURE_TIMING = ["--first-token-ms", "5", "--token-gap-ms", "40"];
/** Output tokens per request in the seed plan's live run: few, so the 17 runs stay quick. */
export const LIVE_OUTPUT_LEN = 6;
export const STAND_IN_BENCH = [NODE, join(FIXTURE_BUNDLES, "stand-in-bench.mjs")];
/** A server that fails to load its model, the way TensorRT-LLM did with the seed's FP8 checkpoint. */
export const FAILING_SERVER = [
  NODE,
  "-e",
  "console.log('loading model'); console.error('Traceback (most recent call last):\\nRuntimeError: Unsupported SM version for FP8 block scaling GEMM'); process.exit(1)",
  "--",
  "{port}"
];

export interface CandidateSpec {
  id: string;
  server: string[];
  bench_args?: string[];
  model?: string;
  /** The plan's `gpus` for it: a count, or the GPUs it is pinned to. */
  gpus?: number | number[];
}

export interface StudySpec {
  port: number;
  scenarios?: Record<string, {input_len: number; output_len: number; num_prompts: number}>;
  steps: {id: string; scenarios: string[]; candidates: CandidateSpec[]}[];
  serve?: Record<string, unknown>;
  client?: string[];
  /** More top-level plan keys (interference, repeats, hardware…), written as given. */
  plan?: Record<string, unknown>;
}

const made: string[] = [];

/** Removes the study folders this test file wrote (kept when TPS_LIVE_KEEP is set, to look at them). */
export function removeStudies(): void {
  if (process.env.TPS_LIVE_KEEP) return;
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
}

/** Writes <tmp>/study.yaml and returns the study folder. */
export function writeStudy(spec: StudySpec): string {
  const dir = mkdtempSync(join(tmpdir(), "tps-live-"));
  made.push(dir);
  const scenarios = spec.scenarios ?? {tiny: {input_len: 16, output_len: 4, num_prompts: 6}};
  const plan = {
    id: "live-test",
    title: {en: "Live mode test study", tr: "Canlı mod deneme çalışması"},
    goal: {
      en: "Exercise tps-report run against a loopback fixture server",
      tr: "tps-report run, yerel bir sunucuya karşı"
    },
    model: {name: "fixture-model"},
    hardware: {gpu: "none", name: "none", count: 1},
    engines: {fixture: {name: "Fixture", version: "fixture"}},
    client: {argv: [...(spec.client ?? STAND_IN_BENCH), "--model", "{model}", "--backend", "openai-chat"]},
    serve: {port: spec.port, ready_timeout_s: 5, stop_grace_s: 2, bench_timeout_s: 20, ...spec.serve},
    scenarios: Object.fromEntries(
      Object.entries(scenarios).map(([id, s]) => [id, {name: {en: id, tr: id}, dataset: "random", ...s, seed: 1}])
    ),
    steps: spec.steps.map((step) => ({
      id: step.id,
      kind: "selection",
      title: {en: step.id, tr: step.id},
      scenarios: step.scenarios,
      candidates: step.candidates.map((c) => ({
        id: c.id,
        engine: "fixture",
        model: c.model ?? "fixture-model",
        server: c.server,
        ...(c.bench_args ? {bench_args: c.bench_args} : {}),
        ...(c.gpus !== undefined ? {gpus: c.gpus} : {})
      }))
    })),
    baseline: {step: spec.steps[0].id, candidate: spec.steps[0].candidates[0].id},
    ...spec.plan
  };
  writeFileSync(join(dir, "study.yaml"), stringify(plan));
  return dir;
}

export function readRunJson(study: string, id: string): Record<string, any> {
  return JSON.parse(readFileSync(join(study, "runs", id, "run.json"), "utf8"));
}

export function runsFolder(study: string): string[] {
  try {
    return readdirSync(join(study, "runs")).sort();
  } catch {
    return [];
  }
}

interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  state: string;
}

function processTable(): ProcInfo[] {
  const table: ProcInfo[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      table.push({pid: Number(entry), state: fields[0], ppid: Number(fields[1]), pgid: Number(fields[2])});
    } catch {
      // Gone meanwhile.
    }
  }
  return table;
}

/** Live (non-zombie) processes among `pids`. */
export function stillAlive(pids: Iterable<number>): number[] {
  const live = new Map(processTable().map((p) => [p.pid, p]));
  return [...pids].filter((pid) => {
    const p = live.get(pid);
    return p !== undefined && p.state !== "Z" && p.state !== "X";
  });
}

/** Polls the process table while a command runs, remembering every descendant of `root` (by parent chain). */
export function watchDescendants(root: number, everyMs = 50): {seen: Set<number>; stop: () => void} {
  const seen = new Set<number>();
  const poll = (): void => {
    const table = processTable();
    const family = new Set([root, ...seen]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const p of table)
        if (!family.has(p.pid) && family.has(p.ppid)) {
          family.add(p.pid);
          seen.add(p.pid);
          grew = true;
        }
    }
  };
  poll();
  const timer = setInterval(poll, everyMs);
  return {seen, stop: () => clearInterval(timer)};
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  descendants: number[];
}

/** Runs a command from the repository root, watching every process it starts; `onStderr` may signal it. */
export function runCli(
  argv: string[],
  options: {env?: NodeJS.ProcessEnv; onStderr?: (text: string, pid: number) => void; timeoutMs?: number} = {}
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    // Its own process group, like a shell job: a terminal's Ctrl-C signals the whole foreground group.
    const child = spawn(process.execPath, argv, {cwd: ROOT, env: {...process.env, ...options.env}, detached: true});
    const watch = watchDescendants(child.pid!);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => {
      stderr += d;
      options.onStderr?.(stderr, child.pid!);
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`timed out: ${argv.join(" ")}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      watch.stop();
      resolve({code, signal, stdout, stderr, descendants: [...watch.seen]});
    });
  });
}

/** argv of `tps-report run …` for runCli. */
export const tps = (...args: string[]): string[] => ["bin/tps-report.js", "run", ...args];
