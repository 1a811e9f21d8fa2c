// `tps-report import`: results people already have → a study folder (or more runs in one).
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {basename, extname, join, relative, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {isMap, parseDocument} from "yaml";
import {loadStudyPlan, parseStudyPlan, type StudyPlan} from "../study/plan.js";
import {existingRuns, keepIds} from "./existing.js";
import {inferStudy, type InferredStudy} from "./infer.js";
import {applySettings, NoResultError, readResultFile} from "./records.js";
import {ByteBudget, ImportError, ImportFailed, rawFile, readSourceFile, type ImportedResult} from "./result.js";
import {studyYaml} from "./study-yaml.js";
import {runSteps, runStepsUntil, type Steps} from "./steps.js";
import {isSweepExperiment, sweepExperimentSteps} from "./sweep.js";
import {importedStudySteps, type ImportOutcome} from "./write-study.js";

const SCHEMA = fileURLToPath(new URL("../../schema/study.schema.json", import.meta.url));
/** Files a sweep or a client writes beside the results that are not results themselves. */
const NOT_RESULTS = /^(?:summary\.json|summary\.csv|warmup\.json|.*\.pytorch\.json|run\.json|study\.yaml)$/;
const RESULT_FILE = /\.(?:json|jsonl|log|txt|out|csv)$/;
/** AIPerf writes its figures twice: profile_export_aiperf.json and a CSV of the same run. */
const AIPERF_CSV = /^(.*)\.csv$/;
/** Server and GPU metrics written beside one run's result (tps-report's own, AIPerf's): kept with that run. */
const TELEMETRY_FILE =
  /^(?:metrics\.jsonl|gpu\.csv|telemetry\.json|server_metrics_export\.jsonl|server_metrics_metadata\.json|gpu_telemetry_export\.jsonl)$/;

export {ImportFailed};
export {ImportInterrupted} from "./steps.js";

/** Every result under one source, one file per step: a sweep experiment, a folder of sweeps or result files, or one file. */
function* readSource(
  path: string,
  problems: string[],
  notes: string[],
  budget: ByteBudget,
  named = true
): Steps<ImportedResult[]> {
  const failed = (error: unknown, file: string): ImportedResult[] => {
    if (!(error instanceof ImportError)) throw error;
    // A file that holds no result (a log, a GPU monitor, a summary), met in a folder or a shell glob, is skipped.
    if (error instanceof NoResultError) notes.push(`${file}: skipped: ${error.reason}`);
    else problems.push(error.message);
    return [];
  };
  const attempt = (read: () => ImportedResult[], file: string): ImportedResult[] => {
    try {
      return read();
    } catch (error) {
      return failed(error, file);
    }
  };
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    problems.push(code === "ENOENT" ? `${path} does not exist` : `${path}: cannot be read (${code})`);
    return [];
  }
  if (!stat.isDirectory()) {
    const twin = csvTwin(path);
    if (twin) {
      notes.push(`${path}: skipped: the same run as ${twin}`);
      return [];
    }
    const read = attempt(() => readResultFile(path, path, budget, named), path);
    // AIPerf's CSV alone is read, but it lacks what its JSON twin's input_config states.
    if (extname(path) === ".csv" && read.some((r) => r.client === "aiperf"))
      notes.push(`${path}: AIPerf's CSV states no model, workload or load (its JSON twin does): give them with --set`);
    yield;
    return read;
  }
  if (isSweepExperiment(path)) {
    try {
      return yield* sweepExperimentSteps(path, path, budget);
    } catch (error) {
      return failed(error, path);
    }
  }
  const entries = readdirSync(path, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name));
  // A link, FIFO or device with a result's or metrics file's name is named, never opened.
  const telemetry = entries.filter((e) => !e.isDirectory() && TELEMETRY_FILE.test(e.name));
  const own: ImportedResult[] = [];
  const results: ImportedResult[] = [];
  for (const e of entries) {
    if (!e.isDirectory() && (!RESULT_FILE.test(e.name) || NOT_RESULTS.test(e.name) || TELEMETRY_FILE.test(e.name)))
      continue;
    const read = yield* readSource(join(path, e.name), problems, notes, budget, false);
    for (const r of read) results.push(r);
    if (!e.isDirectory()) own.push(...read);
  }
  if (telemetry.length && own.length === 1)
    for (const e of telemetry) {
      const file = join(path, e.name);
      try {
        own[0].files.push(rawFile(e.name, file, readSourceFile(file), file, budget));
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        problems.push(error.message);
      }
    }
  else if (telemetry.length && own.length > 1)
    problems.push(
      `${path}: ${telemetry.map((e) => e.name).join(", ")} ${telemetry.length > 1 ? "sit" : "sits"} beside ${own.length} results, so ${telemetry.length > 1 ? "they belong" : "it belongs"} to none of them; put each run's result and metrics in a folder of their own`
    );
  // A folder of logs is a stray like a log file, inside a source or named by a shell glob; nothing importable at all fails.
  if (!results.length && !problems.length) notes.push(`${path}: skipped: no result files found`);
  return results;
}

/** The JSON an AIPerf CSV repeats, when it lies beside it. */
function csvTwin(path: string): string | null {
  const m = AIPERF_CSV.exec(path);
  if (!m) return null;
  const twin = `${m[1]}.json`;
  try {
    return statSync(twin).isFile() ? twin : null;
  } catch {
    return null;
  }
}

export interface ImportReport extends ImportOutcome {
  study: InferredStudy;
  studyDir: string;
  /** Files skipped, one line each: they hold no result, or repeat one imported. */
  notes: string[];
}

/** Seconds spent in each part of an import, for the benchmark. */
export interface ImportPhases {
  read: number;
  infer: number;
  plan: number;
  write: number;
}

export interface ImportOptions {
  /** The time recorded as `imported_at`. */
  now?: Date;
  /** Filled with the seconds each part took. */
  phases?: ImportPhases;
  /** Bytes of read files kept in memory until they are copied; files past it are read again then (default 256 MiB). */
  keepBytes?: number;
}

/** A source and the settings given for it on the command line (`--set key=value` before it). */
export interface ImportSource {
  path: string;
  set: Record<string, string>;
}

export function importResults(
  sourcesGiven: (string | ImportSource)[],
  studyDir: string,
  options: ImportOptions = {}
): ImportReport {
  return runSteps(importSteps(sourcesGiven, studyDir, options));
}

/**
 * importResults for a command a person may stop: once `signal` is aborted (Ctrl-C), it throws ImportInterrupted at
 * the next file read or run folder written, after removing what it had staged (or listing it as left).
 */
export function importResultsUntil(
  sourcesGiven: (string | ImportSource)[],
  studyDir: string,
  signal: AbortSignal,
  options: ImportOptions = {}
): Promise<ImportReport> {
  return runStepsUntil(importSteps(sourcesGiven, studyDir, options), signal, studyDir);
}

function* importSteps(
  sourcesGiven: (string | ImportSource)[],
  studyDir: string,
  options: ImportOptions
): Steps<ImportReport> {
  const given = sourcesGiven.map((s) => (typeof s === "string" ? {path: s, set: {}} : s));
  const sources = given.map((s) => s.path);
  const {now = new Date(), phases, keepBytes = 256 * 2 ** 20} = options;
  let mark = performance.now();
  const lap = (phase: keyof ImportPhases) => {
    const at = performance.now();
    if (phases) phases[phase] = (at - mark) / 1000;
    mark = at;
  };
  const problems: string[] = [];
  const notes: string[] = [];
  const budget = new ByteBudget(keepBytes);
  const results: ImportedResult[] = [];
  for (const s of given)
    for (const r of yield* readSource(s.path, problems, notes, budget)) {
      try {
        applySettings(r, s.set);
        results.push(r);
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        problems.push(error.message);
      }
    }
  if (!results.length && !problems.length)
    problems.push(...notes, `${sources.join(", ")}: nothing to import: no file holds a benchmark result`);
  if (problems.length) throw new ImportFailed(problems);
  lap("read");
  yield;
  // A file's name without its extension: the study is named for the results, not their format.
  const one = sources.length === 1 ? resolve(sources[0]) : null;
  const name = one ? basename(one, statSync(one).isFile() ? extname(one) : "") : basename(resolve(studyDir));
  const schema = relative(resolve(studyDir), SCHEMA);
  const planFile = join(studyDir, "study.yaml");
  let study: InferredStudy;
  let text: string;
  let merged: Merged | null = null;
  try {
    merged = existsSync(planFile) ? mergeWithStudy(results, studyDir, name, schema, sources) : null;
    study = merged?.study ?? inferStudy(results, name);
    lap("infer");
    yield;
    text = merged?.text ?? studyYaml(study, schema, sources);
  } catch (error) {
    if (error instanceof ImportError) throw new ImportFailed([error.message]);
    throw error;
  }
  // The plan written must read back: a fault here is import's, reported before anything is written.
  parseStudyPlan(text, planFile, studyDir);
  lap("plan");
  yield;
  if (merged && (merged.conflicts.length || merged.planConflict)) {
    const conflicts = [...merged.conflicts, ...(merged.planConflict ? [merged.planConflict] : [])];
    return {created: [], unchanged: merged.unchanged, conflicts, newStudy: false, removed: [], study, studyDir, notes};
  }
  const outcome = yield* importedStudySteps(
    studyDir,
    study,
    text,
    now.toISOString(),
    merged ? {replacePlan: merged.replacePlan} : {}
  );
  lap("write");
  return {...outcome, study, studyDir, notes};
}

interface Merged {
  study: InferredStudy;
  text: string;
  unchanged: string[];
  conflicts: string[];
  /** Why the plan cannot take the new results (edited by hand), or null. */
  planConflict: string | null;
  /** The plan is rewritten: the new results add candidates, scenarios or repeats and it was as import wrote it. */
  replacePlan: boolean;
}

/** What a plan says about its points (the parts import rewrites), for telling whether two plans are the same. */
function planShape(plan: StudyPlan): string {
  return JSON.stringify({
    scenarios: plan.scenarios,
    steps: plan.steps.map((s) => ({
      id: s.id,
      scenarios: s.scenarios,
      repeats: s.repeats,
      candidates: s.candidates.map((c) => [c.id, c.label, c.engine, c.model, c.quantization, c.server])
    })),
    baseline: plan.baseline
  });
}

/** The plan on disk with its scenarios, steps and baseline from the new one and any new engine; the rest as it was. */
function replacedPoints(current: string, next: string): string {
  const doc = parseDocument(current);
  const fresh = parseDocument(next);
  for (const key of ["scenarios", "steps", "baseline"]) doc.set(key, fresh.get(key, true));
  const engines = fresh.get("engines", true);
  if (isMap(engines))
    for (const pair of engines.items)
      if (!doc.hasIn(["engines", pair.key])) doc.setIn(["engines", pair.key], pair.value);
  // A quoted value with a line break stays on its line, escaped as studyYaml wrote it (yaml folds long ones by default).
  return doc.toString({lineWidth: 0, flowCollectionPadding: false, doubleQuotedMinMultiLineLength: Infinity});
}

/**
 * Results added to an existing study: inferred with its imported runs, its ids kept. Files already there are
 * unchanged; another file from the same source is a conflict. The plan is rewritten only when import wrote it as it is.
 */
function mergeWithStudy(
  results: ImportedResult[],
  studyDir: string,
  name: string,
  schema: string,
  sources: string[]
): Merged | null {
  const plan = loadStudyPlan(studyDir);
  const existing = existingRuns(studyDir, plan);
  // A study with runs import did not write keeps its plan: new runs must fit it (writeImportedStudy checks).
  if (!existing) return null;
  const unchanged: string[] = [];
  const conflicts: string[] = [];
  const fresh: ImportedResult[] = [];
  for (const r of results) {
    const same = existing.find((e) => e.result.files[0].sha256 === r.files[0].sha256);
    const at = existing.find((e) => e.result.source === r.source);
    if (same) unchanged.push(...same.ids);
    else if (at)
      conflicts.push(`${join(studyDir, "runs", at.ids[0])}: holds other files than ${r.source}; not overwritten`);
    else fresh.push(r);
  }
  const named = (study: InferredStudy) => {
    study.id = plan.id;
    if (typeof plan.title === "string") study.title = plan.title;
    return study;
  };
  const study = named(inferStudy([...existing.map((e) => e.result), ...fresh], name));
  const problem = keepIds(study, existing);
  if (problem)
    throw new ImportError(join(studyDir, "study.yaml"), `the new results do not fit the study's runs: ${problem}`);
  const file = join(studyDir, "study.yaml");
  const text = replacedPoints(readFileSync(file, "utf8"), studyYaml(study, schema, sources));
  const same = planShape(parseStudyPlan(text, file, studyDir)) === planShape(plan);
  let planConflict: string | null = null;
  if (!same) {
    // The plan as import would write it for the runs already there: when it is the plan on disk, nobody edited it.
    const before = named(
      inferStudy(
        existing.map((e) => e.result),
        name
      )
    );
    keepIds(before, existing);
    const untouched =
      planShape(
        parseStudyPlan(replacedPoints(readFileSync(file, "utf8"), studyYaml(before, schema, sources)), file, studyDir)
      ) === planShape(plan);
    if (!untouched)
      planConflict = `${file}: edited since import wrote it, and the new results add candidates, scenarios or repeats to it; import them into a new folder, or add them to the plan by hand`;
  }
  return {study, text, unchanged, conflicts, planConflict, replacePlan: !same};
}
