// Reads a `vllm bench sweep serve` experiment folder (vllm-project/vllm vllm/benchmarks/sweep/serve.py @ 4fa9174d,
// param_sweep.py @ 52ef833e): SERVE-<combo>-BENCH-<combo>/run=<N>.json (the result JSON with the serve and bench
// overrides and run_number merged in, N from 0), run=<N>.failure.json, SERVE-<combo>-failure.json (a server that never
// came up), summary.json / summary.csv (derived) and warmup.json (not a measurement).
import {existsSync, lstatSync, readdirSync, readlinkSync, statSync} from "node:fs";
import {join, sep} from "node:path";
import {RUN_ERRORS, runError} from "../runs/read-runs.js";
import {allFailedError} from "./records.js";
import {
  ImportError,
  parsePythonJson,
  pickBench,
  rawFile,
  readSourceFile,
  type ByteBudget,
  type ImportedResult
} from "./result.js";
import {runSteps, type Steps} from "./steps.js";

// s: a newline in a combo's name (a _benchmark_name may hold one) is part of the name, not the end of a match.
const COMBO_DIR = /^SERVE--?(.*?)-BENCH--?(.*)$|^SERVE--?(.*)$|^BENCH--?(.*)$/s;
const SERVER_FAILURE = /^SERVE--?(.*)-failure\.json$/s;
const RUN_FILE = /^run=(\d+)\.json$/;
const RUN_FAILURE = /^run=(\d+)\.failure\.json$/;
/** What a sweep's files state beyond its overrides: the client; version, GPU and precision are not in them. */
const SWEEP_FACTS = {engineVersion: null, gpu: null, quantization: null, client: "vllm bench serve"} as const;

/** True when the folder looks like a sweep experiment: combo folders or server failures directly inside. */
export function isSweepExperiment(dir: string): boolean {
  return readdirSync(dir).some(
    (name) => (COMBO_DIR.test(name) && statSync(join(dir, name)).isDirectory()) || SERVER_FAILURE.test(name)
  );
}

/** Where a `<key>=` can start in a combo's text (its start, or after a `-`) and the key it would name there. */
const comboStarts = new Map<string, {i: number; k: string}[]>();
function startsIn(text: string): {i: number; k: string}[] {
  let starts = comboStarts.get(text);
  if (!starts) {
    starts = [];
    for (let i = 0; ;) {
      const eq = text.indexOf("=", i);
      if (eq >= i) starts.push({i, k: text.slice(i, eq)});
      const dash = text.indexOf("-", i);
      if (dash < 0) break;
      i = dash + 1;
    }
    // Memoized per combo folder (a sweep reads thousands of runs from each); cleared before it could grow large.
    if (comboStarts.size >= 10_000) comboStarts.clear();
    comboStarts.set(text, starts);
  }
  return starts;
}

/**
 * A combo's settings from its folder-name text (`k=v` pairs joined by `-`) and the record holding them: a key starts
 * where the text has `<key>=` for a key the record has, so values containing `-` stay whole.
 */
export function comboSettings(text: string, record: Record<string, unknown>): Record<string, unknown> | null {
  if (!text) return {};
  const starts = startsIn(text).filter(({k}) => Object.hasOwn(record, k));
  if (!starts.length || starts[0].i !== 0) return null;
  const settings: Record<string, unknown> = {};
  starts.forEach(({k, i}, n) => {
    const end = n + 1 < starts.length ? starts[n + 1].i - 1 : text.length;
    const value = text.slice(i + k.length + 1, end);
    if (String(record[k]) === value) settings[k] = record[k];
  });
  return Object.keys(settings).length === starts.length ? settings : null;
}

function readJson(path: string, display: string): {bytes: Buffer; data: Record<string, unknown>} {
  const bytes = readSourceFile(path, display);
  const data = parsePythonJson(bytes.toString("utf8"), display);
  if (!data || typeof data !== "object" || Array.isArray(data))
    throw new ImportError(display, "expected a JSON object");
  return {bytes, data: data as Record<string, unknown>};
}

function overrides(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

const named = (o: Record<string, unknown>) => (typeof o._benchmark_name === "string" ? o._benchmark_name : null);
const withoutName = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => k !== "_benchmark_name"));

/** What a sweep's failure file says went wrong ("TimeoutError: …"), or "" when it says nothing. */
function failureCause(data: Record<string, unknown>): string {
  return [data.error_type, data.error].filter(Boolean).join(": ");
}

/** A server that never came up: `SERVE-<combo>-failure.json`. */
function serverFailureResult(text: string, path: string, shown: string, budget?: ByteBudget): ImportedResult {
  const {bytes, data} = readJson(path, shown);
  const serve = overrides(data.serve_overrides);
  const cause = failureCause(data);
  return {
    tool: "vllm-sweep",
    source: shown,
    files: [rawFile("server-failure.json", shown, bytes, path, budget)],
    model: null,
    engine: "vllm",
    ...SWEEP_FACTS,
    serve: withoutName(serve),
    bench: {},
    serveKey: text,
    benchKey: "",
    serveName: named(serve) ?? (Object.keys(serve).length ? null : text),
    benchName: null,
    repeat: null,
    status: "failed",
    error: runError("serverNeverUp", {}, cause || null),
    failed_phase: "server-start",
    date: null
  };
}

/** Run N of a combo: `run=<N>.json`, or `run=<N>.failure.json` when it failed. */
function comboRunResult(
  serveText: string,
  benchText: string,
  n: number,
  failure: boolean,
  path: string,
  shownFile: string,
  budget?: ByteBudget
): ImportedResult {
  const {bytes, data} = readJson(path, shownFile);
  if (failure) {
    const serve = overrides(data.serve_overrides);
    const bench = overrides(data.bench_overrides);
    return {
      tool: "vllm-sweep",
      source: shownFile,
      files: [rawFile("failure.json", shownFile, bytes, path, budget)],
      model: null,
      engine: "vllm",
      ...SWEEP_FACTS,
      serve: withoutName(serve),
      bench: withoutName(bench),
      serveKey: serveText,
      benchKey: benchText,
      serveName: named(serve),
      benchName: named(bench),
      repeat: n + 1,
      status: "failed",
      error: failureCause(data) || RUN_ERRORS.runFailedSilent,
      failed_phase: "benchmark",
      date: null
    };
  }
  const serve = comboSettings(serveText, data);
  const bench = comboSettings(benchText, data);
  if (data.run_number !== n)
    throw new ImportError(shownFile, `run_number is ${JSON.stringify(data.run_number)}, not ${n}`);
  const allFailed = allFailedError(data);
  return {
    tool: "vllm-sweep",
    source: shownFile,
    files: [rawFile("result.json", shownFile, bytes, path, budget)],
    model: typeof data.model_id === "string" ? data.model_id : null,
    engine: "vllm",
    ...SWEEP_FACTS,
    serve: serve ?? {},
    bench: {...pickBench(data), ...bench},
    serveKey: serveText,
    benchKey: benchText,
    serveName: serve ? null : serveText,
    benchName: bench ? null : benchText,
    repeat: n + 1,
    status: allFailed ? "failed" : "ok",
    error: allFailed,
    failed_phase: allFailed ? "benchmark" : null,
    date: typeof data.date === "string" ? data.date : null
  };
}

/**
 * One sweep file imported before, read again from its copy in a run folder: the combo and run number come from the
 * path it was imported from (`…/SERVE-<combo>-BENCH-<combo>/run=<N>.json`), as when it was first read.
 */
export function sweepFileAgain(source: string, copy: string): ImportedResult | null {
  const parts = source.split(/[\\/]/);
  const file = parts.at(-1) ?? "";
  const serverFailure = SERVER_FAILURE.exec(file);
  if (serverFailure) return serverFailureResult(serverFailure[1], copy, source);
  const combo = COMBO_DIR.exec(parts.at(-2) ?? "");
  const run = RUN_FILE.exec(file) ?? RUN_FAILURE.exec(file);
  if (!combo || !run) return null;
  const failure = RUN_FAILURE.test(file);
  return comboRunResult(combo[1] ?? combo[3] ?? "", combo[2] ?? combo[4] ?? "", Number(run[1]), failure, copy, source);
}

export function readSweepExperiment(dir: string, display = dir, budget?: ByteBudget): ImportedResult[] {
  return runSteps(sweepExperimentSteps(dir, display, budget));
}

/** A sweep experiment read one result file per step. */
export function* sweepExperimentSteps(dir: string, display = dir, budget?: ByteBudget): Steps<ImportedResult[]> {
  const results: ImportedResult[] = [];
  const names = readdirSync(dir).sort();
  for (const name of names) {
    const path = join(dir, name);
    const shown = join(display, name);
    const serverFailure = SERVER_FAILURE.exec(name);
    // lstat: a link or FIFO under a result's name is refused by name when read, never followed.
    const stat = lstatSync(path);
    if (serverFailure && !stat.isDirectory()) {
      results.push(serverFailureResult(serverFailure[1], path, shown, budget));
      yield;
      continue;
    }
    const combo = COMBO_DIR.exec(name);
    if (combo && stat.isSymbolicLink())
      throw new ImportError(
        shown,
        `is a symbolic link (to ${readlinkSync(path)}); only folders inside the source are read`
      );
    if (!combo || !stat.isDirectory()) continue;
    const serveText = combo[1] ?? combo[3] ?? "";
    const benchText = combo[2] ?? combo[4] ?? "";
    const files = readdirSync(path).sort();
    const runs = new Map<number, string>();
    const failures = new Map<number, string>();
    for (const f of files) {
      const run = RUN_FILE.exec(f);
      const failure = RUN_FAILURE.exec(f);
      if (run) runs.set(Number(run[1]), f);
      else if (failure) failures.set(Number(failure[1]), f);
    }
    const numbers = [...new Set([...runs.keys(), ...failures.keys()])].sort((a, b) => a - b);
    if (!numbers.length)
      throw new ImportError(shown, "half-written sweep folder: no run=<N>.json and no run=<N>.failure.json");
    numbers.forEach((n, i) => {
      if (n !== i)
        throw new ImportError(join(shown, `run=${i}.json`), "half-written sweep folder: this run is missing");
    });
    for (const n of numbers) {
      if (runs.has(n) && failures.has(n))
        throw new ImportError(join(shown, failures.get(n)!), `run ${n} has both a result and a failure`);
      const file = runs.get(n) ?? failures.get(n)!;
      // A name from readdir under a path join made: join's normalizing would change nothing, at a cost per file.
      const shownFile = `${shown}${sep}${file}`;
      // One string when the source is shown as it was given: each result keeps both until the study is written.
      const pathFile = shown === path ? shownFile : `${path}${sep}${file}`;
      results.push(comboRunResult(serveText, benchText, n, failures.has(n), pathFile, shownFile, budget));
      yield;
    }
  }
  // One sweep serves one model: its failure files, which name none, ran the model its results name.
  const models = new Set(results.map((r) => r.model).filter((m) => m != null));
  if (models.size === 1) for (const r of results) r.model ??= [...models][0];
  if (!results.length && !existsSync(join(dir, "summary.csv")))
    throw new ImportError(display, "no sweep results in this folder (no SERVE-…/BENCH-… folders)");
  return results;
}
