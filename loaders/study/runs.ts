// Reads a study's run folders (archive or live: same layout) into records with their parsed result block.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {isAbsolute, join, relative} from "node:path";
import type {ParsedBlock} from "../canonical.js";
import {parseFileSync} from "../parse/index.js";
import type {Finding, RunStatus} from "../report-types.js";
import type {StudyPlan} from "./plan.js";

/** run.json: what was run, written by the archive import or by `tps-report run`. */
export interface RunMeta {
  id: string;
  study: string;
  step: string;
  candidate: string;
  scenario: string;
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
}

/** Result files in the order they are preferred: the printed block, then the --save-result JSON. */
const RESULT_FILES = ["bench.log", "result.json"];
const LOG_FILES = ["bench.log", "bench.stderr.log", "server.log", "result.json"];

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
  if (record.status === "failed" && typeof record.error !== "string")
    throw new RunMetaError(file, "run.json: a failed run needs an 'error' message");
  return {error: null, started_at: null, ended_at: null, failed_phase: null, ...(record as object)} as RunMeta;
}

/** Run folders of a study; folders starting with "." are unfinished live runs and are not results. */
export function listRunDirs(runsDir: string): string[] {
  if (!existsSync(runsDir)) return [];
  return readdirSync(runsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}

export async function readRun(dir: string, cwd = process.cwd()): Promise<RunRecord> {
  return readRunSync(dir, cwd);
}

/** One run folder, read and parsed synchronously (small files: a blocking read beats the thread pool's round trip);
 * relDir is the folder relative to cwd where the caller already knows it. */
export function readRunSync(dir: string, cwd = process.cwd(), relDir = relative(cwd, dir)): RunRecord {
  const meta = readRunMeta(join(dir, "run.json"));
  const relName = (name: string) => (relDir ? join(relDir, name) : name);
  // The result files are among the logs: one existsSync per name.
  const present = new Set(LOG_FILES.filter((name) => existsSync(join(dir, name))));
  const logs = LOG_FILES.filter((name) => present.has(name)).map(relName);
  const findings: Finding[] = [];
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

/** Every run folder of the study, parsed. Unreadable run.json files become error findings, never silent gaps. */
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
  for (const name of listRunDirs(runsDir)) {
    try {
      runs.push(readRunSync(join(runsDir, name), cwd, below ? join(relRuns, name) : undefined));
    } catch (error) {
      if (!(error instanceof RunMetaError)) throw error;
      findings.push({
        severity: "error",
        code: "run-meta-invalid",
        message: error.message.replace(/^.*?:1: /, ""),
        run: name,
        file: relative(cwd, error.file) || error.file,
        line: 1
      });
    }
  }
  return {runs, findings};
}
