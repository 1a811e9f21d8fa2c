// Reads a study's run folders (archive or live: same layout) into records with their parsed result block.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {basename, dirname, isAbsolute, join, relative} from "node:path";
import type {ParsedBlock} from "../canonical.js";
import {parseFileSync} from "../parse/index.js";
import type {Finding, RunStatus} from "../report-types.js";
import {isRunId, parseRunId} from "./ids.js";
import type {StudyPlan} from "./plan.js";
import {runFileState, runFolderProblem} from "./run-files.js";
import {readTelemetry, type RunTelemetry} from "../telemetry/read.js";

/** run.json: what was run, written by the archive import or by `tps-report run`. */
export interface RunMeta {
  id: string;
  study: string;
  step: string;
  candidate: string;
  scenario: string;
  /** Which repeat of its point this run is, from 1; absent means 1. */
  repeat?: number;
  engine: string;
  engine_version: string;
  model: string;
  quantization: string;
  gpu: string;
  gpu_count: number;
  server_argv: string[];
  bench_argv: string[];
  status: RunStatus;
  error: string | null;
  failed_phase?: string | null;
  started_at: string | null;
  ended_at: string | null;
  origin?: Record<string, unknown>;
}

export interface RunRecord {
  meta: RunMeta;
  /** Run folder, absolute or relative as given. */
  dir: string;
  /** The log the result came from, relative to the working directory (null when none). */
  source: string | null;
  block: ParsedBlock | null;
  /** Logs kept with the run, in the order a reader wants them. */
  logs: string[];
  findings: Finding[];
  /** Set when the run's own record (run.json, or the folder) could not be read: meta then holds only its id. */
  broken?: true;
  /** Server metrics and GPU samples recorded with the run (null when it has none). */
  telemetry?: RunTelemetry | null;
}

/** Result files in the order they are preferred: the printed block, then the --save-result JSON. */
const RESULT_FILES = ["bench.log", "result.json"];
// slurm.out: a Slurm task's output, kept by tps-report gather with the failed runs of a task that died.
const LOG_FILES = ["bench.log", "bench.stderr.log", "server.log", "result.json", "slurm.out"];

const REQUIRED: [keyof RunMeta, "string" | "number" | "array"][] = [
  ["id", "string"],
  ["study", "string"],
  ["step", "string"],
  ["candidate", "string"],
  ["scenario", "string"],
  ["engine", "string"],
  ["engine_version", "string"],
  ["model", "string"],
  ["quantization", "string"],
  ["gpu", "string"],
  ["gpu_count", "number"],
  ["server_argv", "array"],
  ["bench_argv", "array"],
  ["status", "string"]
];

export class RunMetaError extends Error {
  constructor(
    readonly file: string,
    message: string
  ) {
    super(`${file}:1: ${message}`);
  }
}

export function readRunMeta(file: string): RunMeta {
  const state = runFileState(dirname(file), basename(file));
  if (state.kind === "absent") throw new RunMetaError(file, "run.json is missing");
  if (state.kind === "refused") throw new RunMetaError(file, `run.json ${state.problem}`);
  let meta: unknown;
  try {
    meta = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new RunMetaError(file, `run.json does not parse: ${(error as Error).message}`);
  }
  if (!meta || typeof meta !== "object" || Array.isArray(meta))
    throw new RunMetaError(file, "run.json must be an object");
  const record = meta as Record<string, unknown>;
  for (const [key, type] of REQUIRED) {
    const value = record[key];
    const ok =
      type === "array" ? Array.isArray(value) && value.every((v) => typeof v === "string") : typeof value === type;
    if (!ok)
      throw new RunMetaError(
        file,
        `run.json: '${key}' must be ${type === "array" ? "a list of strings" : `a ${type}`}`
      );
  }
  if (record.status !== "ok" && record.status !== "failed")
    throw new RunMetaError(file, `run.json: 'status' must be "ok" or "failed", not ${JSON.stringify(record.status)}`);
  if (record.repeat !== undefined && !(Number.isInteger(record.repeat) && (record.repeat as number) >= 1))
    throw new RunMetaError(
      file,
      `run.json: 'repeat' must be a whole number from 1, not ${JSON.stringify(record.repeat)}`
    );
  if (record.status === "failed" && typeof record.error !== "string")
    throw new RunMetaError(file, "run.json: a failed run needs an 'error' message");
  return {error: null, started_at: null, ended_at: null, failed_phase: null, ...(record as object)} as RunMeta;
}

/** Run folders of a study: real folders named by a run id. Names starting with "." are unfinished live runs. */
export function listRunDirs(runsDir: string): string[] {
  if (!existsSync(runsDir)) return [];
  return readdirSync(runsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && isRunId(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Entries of runs/ that are not read as runs (other names, links, files), each a finding: nothing is skipped unsaid. */
export function runFolderFindings(runsDir: string, relRuns = runsDir): Finding[] {
  if (!existsSync(runsDir)) return [];
  const findings: Finding[] = [];
  for (const entry of readdirSync(runsDir, {withFileTypes: true})) {
    if (entry.name.startsWith(".") || (entry.isDirectory() && isRunId(entry.name))) continue;
    const what = entry.isSymbolicLink()
      ? "is a symbolic link; only folders inside the study are read"
      : !entry.isDirectory()
        ? "is not a folder"
        : "is not named by a run id (<step>--<candidate>--<scenario>, ids of lowercase letters, digits, '.', '_' and single '-')";
    findings.push({
      severity: "error",
      code: "run-folder-invalid",
      message: `${JSON.stringify(entry.name)} in the runs folder ${what}; it is not read`,
      run: null,
      file: join(relRuns, entry.name),
      line: null
    });
  }
  return findings;
}

/** A run whose record could not be read: shown as a failed run whose error is the finding. */
function brokenRun(dir: string, file: string, message: string, logs: string[]): RunRecord {
  const id = basename(dir);
  const parts = parseRunId(id);
  const meta: RunMeta = {
    id,
    study: "",
    step: parts?.step ?? "",
    candidate: parts?.candidate ?? "",
    scenario: parts?.scenario ?? "",
    engine: "",
    engine_version: "",
    model: "",
    quantization: "",
    gpu: "",
    gpu_count: 0,
    server_argv: [],
    bench_argv: [],
    status: "failed",
    error: `${file}: ${message}`,
    failed_phase: "run-record",
    started_at: null,
    ended_at: null
  };
  const finding: Finding = {severity: "error", code: "run-meta-invalid", message, run: id, file, line: 1};
  return {meta, dir, source: null, block: null, logs, findings: [finding], broken: true};
}

export async function readRun(dir: string, cwd = process.cwd()): Promise<RunRecord> {
  return readRunSync(dir, cwd);
}

/** One run folder, read and parsed synchronously (small files: a blocking read beats the thread pool's round trip);
 * relDir is the folder relative to cwd where the caller already knows it. */
export function readRunSync(dir: string, cwd = process.cwd(), relDir = relative(cwd, dir)): RunRecord {
  const record = readRunResult(dir, relDir);
  if (record.broken) return record;
  const {telemetry, findings} = readTelemetry(dir, record.meta, (name) => (relDir ? join(relDir, name) : name));
  record.findings.push(...findings);
  return telemetry ? {...record, telemetry} : record;
}

function readRunResult(dir: string, relDir: string): RunRecord {
  const relName = (name: string) => (relDir ? join(relDir, name) : name);
  const folderProblem = runFolderProblem(dir);
  if (folderProblem) return brokenRun(dir, relDir || dir, `the run folder ${folderProblem}`, []);
  // The result files are among the logs; a file that may not be read is a finding and is neither parsed nor shown.
  const present = new Set<string>();
  const refused: Finding[] = [];
  for (const name of LOG_FILES) {
    const state = runFileState(dir, name);
    if (state.kind === "ok") present.add(name);
    else if (state.kind === "refused")
      refused.push({
        severity: "error",
        code: "run-file-refused",
        message: `${name} ${state.problem}; its content is not shown`,
        run: basename(dir),
        file: relName(name),
        line: null
      });
  }
  const logs = LOG_FILES.filter((name) => present.has(name)).map(relName);
  let meta: RunMeta;
  try {
    meta = readRunMeta(join(dir, "run.json"));
  } catch (error) {
    if (!(error instanceof RunMetaError)) throw error;
    const broken = brokenRun(dir, relName("run.json"), error.message.replace(/^.*?:1: /, ""), logs);
    broken.findings.push(...refused);
    return broken;
  }
  const findings: Finding[] = refused.map((f) => ({...f, run: meta.id}));
  const finding = (
    severity: Finding["severity"],
    code: string,
    message: string,
    file: string | null,
    line: number | null
  ) => findings.push({severity, code, message, run: meta.id, file, line});

  if (meta.id !== dir.split(/[\\/]/).filter(Boolean).pop())
    finding(
      "error",
      "run-id-mismatch",
      `run.json says id '${meta.id}' but its folder is named differently`,
      relName("run.json"),
      1
    );

  if (meta.status === "failed") return {meta, dir, source: null, block: null, logs, findings};

  const resultName = RESULT_FILES.find((name) => present.has(name));
  if (!resultName) {
    finding(
      "error",
      "result-missing",
      `run is marked ok but has none of ${RESULT_FILES.join(", ")}`,
      relDir || dir,
      null
    );
    return {meta, dir, source: null, block: null, logs, findings};
  }
  const source = relName(resultName);
  const parsed = parseFileSync(join(dir, resultName));
  for (const error of parsed.errors) finding("error", "parse-error", error.message, source, error.line);
  for (const warning of parsed.warnings) {
    const partial = parsed.blocks.some((b) => b.partial === warning.message);
    finding("warning", partial ? "partial-result" : "parse-warning", warning.message, source, warning.line);
  }
  if (parsed.blocks.length > 1)
    finding(
      "error",
      "several-results",
      `expected one result block, found ${parsed.blocks.length} (lines ${parsed.blocks.map((b: ParsedBlock) => b.lines.join("–")).join(", ")}); the first is used`,
      source,
      parsed.blocks[1].lines[0]
    );
  const block = parsed.blocks[0] ?? null;
  if (!block && !parsed.errors.length) finding("error", "result-missing", "no result block found", source, null);
  return {meta, dir, source, block, logs, findings};
}

/** Every run folder of the study, parsed. Unreadable records are broken runs with findings, never silent gaps. */
export async function readRuns(
  plan: StudyPlan,
  cwd = process.cwd()
): Promise<{runs: RunRecord[]; findings: Finding[]}> {
  const runsDir = join(plan.dir, "runs");
  const runs: RunRecord[] = [];
  const findings: Finding[] = [];
  // A run folder's path relative to cwd is the runs folder's plus its name (path.relative once, not per run), unless
  // cwd lies inside the runs folder.
  const relRuns = relative(cwd, runsDir);
  const below = !relRuns.startsWith("..") && !isAbsolute(relRuns);
  for (const name of listRunDirs(runsDir))
    runs.push(readRunSync(join(runsDir, name), cwd, below ? join(relRuns, name) : undefined));
  findings.push(...runFolderFindings(runsDir, relative(cwd, runsDir) || runsDir));
  return {runs, findings};
}
