// Reads a study's run folders (archive or live: same layout) into records with their parsed result block.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {basename, dirname, isAbsolute, join, relative} from "node:path";
import type {ParsedBlock} from "../canonical.js";
import {parseFileSync} from "../parse/index.js";
import {derivedTotalThroughput} from "../parse/total-throughput.js";
import type {z} from "zod";
import {FINDING_FORMS, type Finding} from "../finding.js";
import {fillForm} from "../text.js";
import {isRunId, parseRunId, type Load} from "../study/ids.js";
import {gpuCount} from "../study/gpu-need.js";
import {allSteps, rebuiltBenchArgv, scenarioAtLoad, type StudyPlan} from "../study/plan.js";
import {runFileState, runFolderProblem} from "../files/regular-files.js";
import {RunSchema, type RunData} from "../study/schema.js";
import {formatIssue, jsonIssues, type FileIssue} from "../study/schema-issues.js";
import {readTelemetry, type RunTelemetry} from "../telemetry/read.js";
import {keptRecords, type RunRecordCache} from "./run-record-cache.js";
import type {PerRequest} from "../requests/request-collector.js";

/** run.json: what was run, written by the archive import or by `tps-report run`. */
export type RunStatus = "ok" | "failed";

/** The errors tps-report itself gives a run, each as its form. The pages read one back by its form
 * (src/components/libraryText.ts), so a new one gets a form here and its words there. */
export const RUN_ERRORS = {
  allRequestsFailed: "every request failed (0 of {sent} completed)",
  noRun: "no run in the archive",
  // A vLLM sweep's combination whose server never started (its failure file's error, or none).
  serverNeverUp: "the server never came up: no error recorded",
  serverNeverUpWith: "the server never came up: {error}",
  runFailedSilent: "the run failed (no error recorded)",
  // An imported result whose every request failed, with the first request's error where the file keeps one.
  allFailed: "all {count} requests failed",
  allFailedWith: "all {count} requests failed: {error}",
  // A live run's server or benchmark that failed (loaders/live/runner.ts); each "With" twin adds the line its log
  // names as the cause.
  serverNotReady: "server was not ready within {seconds} s (no 200 from {path} or /v1/models)",
  serverNotReadyWith: "server was not ready within {seconds} s (no 200 from {path} or /v1/models): {error}",
  serverExitedEarly: "server exited with code {code} before it was ready",
  serverExitedEarlyWith: "server exited with code {code} before it was ready: {error}",
  serverKilledEarly: "server was killed by {signal} before it was ready",
  serverKilledEarlyWith: "server was killed by {signal} before it was ready: {error}",
  serverExited: "server exited with code {code} during the benchmark",
  serverExitedWith: "server exited with code {code} during the benchmark: {error}",
  serverKilled: "server was killed by {signal} during the benchmark",
  serverKilledWith: "server was killed by {signal} during the benchmark: {error}",
  benchTimedOut: "benchmark did not finish within {seconds} s and was stopped",
  benchExited: "benchmark exited with code {code}",
  benchExitedWith: "benchmark exited with code {code}: {error}",
  benchKilled: "benchmark was killed by {signal}",
  benchKilledWith: "benchmark was killed by {signal}: {error}",
  benchUnstarted: "benchmark could not be started ({message})",
  benchUnstartedWith: "benchmark could not be started ({message}): {error}",
  benchNoResult: "benchmark exited with code 0 but printed no result block and saved no result file",
  // A cluster task that ended before it recorded a run (loaders/cluster/gather.ts), with the scheduler's reason.
  taskDied: "the task died before this run was recorded: {error}"
} as const;
/** Its type, for the components, which take only types from the library. */
export type RunErrors = typeof RUN_ERRORS;

/** The run errors whose "With" twin adds the line a log or a result file names as the cause. */
type CausedError = {[K in keyof RunErrors]: `${K}With` extends keyof RunErrors ? K : never}[keyof RunErrors];

/** A run's error in its form, or in the form's "With" twin where a cause is named. */
export function runError(form: CausedError, values: Record<string, string | number>, cause: string | null): string {
  return cause ? fillForm(RUN_ERRORS[`${form}With`], {...values, error: cause}) : fillForm(RUN_ERRORS[form], values);
}

export interface RunMeta {
  id: string;
  study: string;
  step: string;
  candidate: string;
  scenario: string;
  /** Which repeat of its point this run is, from 1; absent means 1. */
  repeat?: number;
  /** The load level of a ladder scenario's run (from its id); absent outside a ladder. */
  load?: Load;
  engine: string;
  engine_version: string;
  model: string;
  quantization: string;
  gpu: string;
  gpu_count: number;
  server_argv: string[];
  /** Empty where no command is recorded: an imported run whose tool is not the plan's, or takes other options. */
  bench_argv: string[];
  /** The benchmark client that measured the run, as run.json records it (null: unknown; absent: the plan's). */
  client?: string | null;
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
  /** Each request's figures from the run's result file (--save-detailed; null when it kept none): absent until
   * perRequestOf first reads them, then kept on the record, and in the record cache when read before it is written. */
  perRequest?: PerRequest | null;
}

/** Result files in the order they are preferred: the printed block, then the --save-result JSON. */
const RESULT_FILES = ["bench.log", "result.json"];
// slurm.out: a Slurm task's output, kept by tps-report gather with the failed runs of a task that died.
const LOG_FILES = ["bench.log", "bench.stderr.log", "server.log", "result.json", "slurm.out"];

export class RunMetaError extends Error {
  readonly issues: FileIssue[];
  constructor(
    readonly file: string,
    message: string,
    issues?: FileIssue[]
  ) {
    const all = issues?.length ? issues : [{file, line: 1, path: "", message}];
    super(all.map(formatIssue).join("\n"));
    this.issues = all;
  }
}

/**
 * A run folder's record: run.json read against the schema, with what it leaves out taken from the run id and the
 * plan. A folder without run.json is a run named by the folder when it holds a result file.
 */
export function readRunMeta(file: string, plan?: StudyPlan | null): RunMeta {
  const folder = basename(dirname(file));
  const state = runFileState(dirname(file), basename(file));
  if (state.kind === "refused") throw new RunMetaError(file, `run.json ${state.problem}`);
  if (state.kind === "absent" && !RESULT_FILES.some((name) => runFileState(dirname(file), name).kind === "ok"))
    throw new RunMetaError(
      dirname(file),
      `run folder has neither run.json nor a result file (${RESULT_FILES.join(", ")})`
    );
  const text = state.kind === "ok" ? readFileSync(file, "utf8") : null;
  let raw: unknown = {};
  if (text != null)
    try {
      raw = JSON.parse(text);
    } catch (error) {
      throw new RunMetaError(file, `run.json does not parse: ${(error as Error).message}`);
    }
  const parsed = RunSchema.safeParse(raw);
  if (!parsed.success)
    throw new RunMetaError(
      file,
      "",
      jsonIssues(text ?? "{}", file, parsed.error as z.ZodError).sort((a, b) => a.line - b.line)
    );
  return completeRunMeta(parsed.data, folder, plan ?? null, file);
}

/** Schema problems of every run.json in a study, read without its plan (for when the plan itself does not parse). */
export function runFileIssues(runsDir: string): FileIssue[] {
  return listRunDirs(runsDir).flatMap((name) => {
    const file = join(runsDir, name, "run.json");
    const state = runFileState(join(runsDir, name), "run.json");
    if (state.kind === "absent") return [];
    if (state.kind === "refused") return [{file, line: 1, path: "", message: `run.json ${state.problem}`}];
    const text = readFileSync(file, "utf8");
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return [{file, line: 1, path: "", message: `run.json does not parse: ${(error as Error).message}`}];
    }
    const parsed = RunSchema.safeParse(raw);
    return parsed.success ? [] : jsonIssues(text, file, parsed.error as z.ZodError).sort((a, b) => a.line - b.line);
  });
}

function completeRunMeta(data: RunData, folder: string, plan: StudyPlan | null, file: string): RunMeta {
  const id = data.id ?? folder;
  const parts = parseRunId(id);
  const stepId = data.step ?? parts?.step;
  const candidateId = data.candidate ?? parts?.candidate;
  const scenarioId = data.scenario ?? parts?.scenario;
  const step = plan ? allSteps(plan).find((s) => s.id === stepId) : undefined;
  const candidate = step?.candidates.find((c) => c.id === candidateId);
  const planned = plan?.scenarios.find((s) => s.id === scenarioId);
  const scenario = planned && parts?.load ? scenarioAtLoad(planned, parts.load) : planned;
  const missing: string[] = [];
  const need = <T>(key: string, value: T | undefined): T => {
    if (value === undefined) missing.push(key);
    return value as T;
  };
  const engine = data.engine ?? candidate?.engine;
  const meta: RunMeta = {
    ...(data as object),
    id,
    study: need("study", data.study ?? plan?.id),
    step: need("step", stepId),
    candidate: need("candidate", candidateId),
    scenario: need("scenario", scenarioId),
    engine: need("engine", engine),
    engine_version: need(
      "engine_version",
      data.engine_version ?? (engine ? plan?.engines[engine]?.version : undefined)
    ),
    model: need("model", data.model ?? candidate?.model),
    quantization: need("quantization", data.quantization ?? candidate?.quantization),
    gpu: need("gpu", data.gpu ?? plan?.hardware.name),
    // A candidate's parallelism flags say how many GPUs its server used; hardware.count where they do not.
    gpu_count: need(
      "gpu_count",
      data.gpu_count ?? (plan && candidate ? gpuCount(candidate, plan.hardware.count) : plan?.hardware.count)
    ),
    server_argv: need("server_argv", data.server_argv ?? candidate?.server),
    bench_argv: need(
      "bench_argv",
      data.bench_argv ??
        (plan && candidate && scenario
          ? (rebuiltBenchArgv(plan, candidate, scenario, data.client === undefined ? plan.client.name : data.client) ??
            [])
          : undefined)
    ),
    status: data.status,
    error: data.error ?? null,
    failed_phase: data.failed_phase ?? null,
    started_at: data.started_at ?? null,
    ended_at: data.ended_at ?? null
  };
  if (data.repeat != null || (parts && parts.repeat > 1)) meta.repeat = data.repeat ?? parts!.repeat;
  if (parts?.load) meta.load = parts.load;
  const issues: FileIssue[] = [];
  if (missing.length)
    issues.push({
      file,
      line: 1,
      path: "",
      message: `run.json leaves out ${missing.join(", ")}, and ${candidate ? "the plan does not say" : `the plan has no candidate '${candidateId}' in step '${stepId}' to take ${missing.length > 1 ? "them" : "it"} from`}`
    });
  if (meta.status === "failed" && meta.error == null)
    issues.push({file, line: 1, path: "error", message: "a failed run needs an 'error' message"});
  if (issues.length) throw new RunMetaError(file, "", issues);
  return meta;
}

/** The benchmark client that measured a run: its run.json's, else the plan's (null where no file says). */
export function runClient(meta: RunMeta, plan: StudyPlan): string | null {
  return meta.client === undefined ? plan.client.name : meta.client;
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
function brokenRun(dir: string, file: string, message: string, logs: string[], issues: Finding[] = []): RunRecord {
  const id = basename(dir);
  const parts = parseRunId(id);
  const meta: RunMeta = {
    id,
    study: "",
    step: parts?.step ?? "",
    candidate: parts?.candidate ?? "",
    scenario: parts?.scenario ?? "",
    ...(parts?.load ? {load: parts.load} : {}),
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
  return {meta, dir, source: null, block: null, logs, findings: issues.length ? issues : [finding], broken: true};
}

export async function readRun(dir: string, cwd = process.cwd(), plan: StudyPlan | null = null): Promise<RunRecord> {
  return readRunSync(dir, cwd, relative(cwd, dir), plan);
}

/** One run folder, read and parsed synchronously (small files: a blocking read beats the thread pool's round trip);
 * relDir is the folder relative to cwd where the caller already knows it. */
export function readRunSync(
  dir: string,
  cwd = process.cwd(),
  relDir = relative(cwd, dir),
  plan: StudyPlan | null = null
): RunRecord {
  const record = readRunResult(dir, relDir, cwd, plan);
  if (record.broken) return record;
  const {telemetry, findings} = readTelemetry(dir, record.meta, (name) => (relDir ? join(relDir, name) : name));
  record.findings.push(...findings);
  return telemetry ? {...record, telemetry} : record;
}

function readRunResult(dir: string, relDir: string, cwd: string, plan: StudyPlan | null): RunRecord {
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
    meta = readRunMeta(join(dir, "run.json"), plan);
  } catch (error) {
    if (!(error instanceof RunMetaError)) throw error;
    // Every schema problem of run.json is its own finding, with its line.
    const issues: Finding[] = error.issues.map((issue) => ({
      severity: "error",
      code: "run-meta-invalid",
      message: `${issue.path ? `${issue.path}: ` : ""}${issue.message}`,
      run: basename(dir),
      file: issue.file === dir ? relDir || dir : relative(cwd, issue.file) || issue.file,
      line: issue.line
    }));
    const first = issues[0];
    const broken = brokenRun(dir, relName("run.json"), first.message, logs, issues);
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

  const resultName = RESULT_FILES.find((name) => present.has(name));
  if (meta.status === "failed") return {meta, dir, ...failedResult(dir, resultName, relName), logs, findings};

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
  const short = block && !block.partial ? missingRequests(block, meta, plan) : null;
  if (short) {
    block!.partial = short;
    finding("warning", "partial-result", short, source, block!.lines[0]);
  }
  // Older clients (SGLang 2024, trtllm-bench 0.16) print no total token throughput; it follows from what they print.
  const derived = block ? derivedTotalThroughput(block) : null;
  if (block && derived) {
    block.metrics.total_token_throughput = derived.value;
    block.extra.derived = [block.extra.derived, "total_token_throughput"].filter(Boolean).join(", ");
    finding(
      "info",
      "metric-derived",
      `total_token_throughput is not printed: derived as ${derived.formula} = ${derived.value.toFixed(2)}`,
      source,
      block.lines[0]
    );
  }
  // A benchmark whose every request failed printed zeros for its latencies (vLLM does): it has no result to rank or
  // to hold to an SLO, so it is a failed run; its block stays for the run page.
  const completed = block?.metrics.completed;
  if (block && completed === 0) {
    const sent = completed + (typeof block.metrics.failed === "number" ? block.metrics.failed : 0);
    meta = {
      ...meta,
      status: "failed",
      error: fillForm(RUN_ERRORS.allRequestsFailed, {sent}),
      failed_phase: "benchmark"
    };
  }
  return {meta, dir, source, block, logs, findings};
}

/**
 * Why a result that accounts for fewer requests than its workload sends is partial: the others neither completed nor
 * failed in it (a run cut short, or a tool that counts only what succeeded). Null when it accounts for all of them.
 */
function missingRequests(block: ParsedBlock, meta: RunMeta, plan: StudyPlan | null): string | null {
  const planned = plan?.scenarios.find((s) => s.id === meta.scenario);
  const scenario = planned && meta.load ? scenarioAtLoad(planned, meta.load) : planned;
  const {completed, failed} = block.metrics;
  if (!scenario?.num_prompts || completed == null) return null;
  const sent = completed + (failed ?? 0);
  if (sent >= scenario.num_prompts) return null;
  return fillForm(failed ? FINDING_FORMS.partialResultFailed : FINDING_FORMS.partialResult, {
    sent,
    planned: scenario.num_prompts,
    completed,
    failed,
    missing: scenario.num_prompts - sent
  });
}

/**
 * A failed run's result file, where it holds one clean block (a record whose every request failed still states its
 * duration and counts): kept so the export shows them; the run stays failed, so no mean or decision includes it.
 */
function failedResult(
  dir: string,
  resultName: string | undefined,
  relName: (name: string) => string
): {source: string | null; block: ParsedBlock | null} {
  if (!resultName) return {source: null, block: null};
  const parsed = parseFileSync(join(dir, resultName));
  if (parsed.errors.length || parsed.blocks.length !== 1) return {source: null, block: null};
  return {source: relName(resultName), block: parsed.blocks[0]};
}

/** Every run folder of the study, parsed. Unreadable records are broken runs with findings, never silent gaps. */
export async function readRuns(
  plan: StudyPlan,
  cwd = process.cwd(),
  cache?: RunRecordCache
): Promise<{runs: RunRecord[]; findings: Finding[]}> {
  const runsDir = join(plan.dir, "runs");
  const runs: RunRecord[] = [];
  const findings: Finding[] = [];
  // A run folder's path relative to cwd is the runs folder's plus its name (path.relative once, not per run), unless
  // cwd lies inside the runs folder.
  const relRuns = relative(cwd, runsDir);
  const below = !relRuns.startsWith("..") && !isAbsolute(relRuns);
  const kept = cache ? keptRecords<RunRecord>(cache, plan, cwd) : null;
  for (const name of listRunDirs(runsDir)) {
    const dir = join(runsDir, name);
    const read = () => readRunSync(dir, cwd, below ? join(relRuns, name) : undefined, plan);
    runs.push(kept ? kept.record(name, dir, read) : read());
  }
  // Kept before anything derives from the records, so the next read gets them as read.
  kept?.save();
  findings.push(...runFolderFindings(runsDir, relative(cwd, runsDir) || runsDir));
  return {runs, findings};
}
