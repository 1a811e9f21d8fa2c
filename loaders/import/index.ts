// `tps-report import`: results people already have → a study folder (or more runs in one).
import {readdirSync, readFileSync, statSync} from "node:fs";
import {basename, extname, join, relative, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseStudyPlan} from "../study/plan.js";
import {inferStudy, type InferredStudy} from "./infer.js";
import {NoResultError, precision, readResultFile} from "./records.js";
import {ByteBudget, ImportError, rawFile, settingsKey, type ImportedResult} from "./result.js";
import {studyYaml} from "./study-yaml.js";
import {isSweepExperiment, readSweepExperiment} from "./sweep.js";
import {writeImportedStudy, type ImportOutcome} from "./write-study.js";

const SCHEMA = fileURLToPath(new URL("../../schema/study.schema.json", import.meta.url));
/** Files a sweep or a client writes beside the results that are not results themselves. */
const NOT_RESULTS = /^(?:summary\.json|summary\.csv|warmup\.json|.*\.pytorch\.json|run\.json|study\.yaml)$/;
const RESULT_FILE = /\.(?:json|jsonl|log|txt|out|csv)$/;
/** AIPerf writes its figures twice: profile_export_aiperf.json and a CSV of the same run. */
const AIPERF_CSV = /^(.*)\.csv$/;
/** Server and GPU metrics written beside one run's result (tps-report's own, AIPerf's): kept with that run. */
const TELEMETRY_FILE =
  /^(?:metrics\.jsonl|gpu\.csv|telemetry\.json|server_metrics_export\.jsonl|server_metrics_metadata\.json|gpu_telemetry_export\.jsonl)$/;

export class ImportFailed extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** Every result under one source: a sweep experiment, a folder of sweeps or result files, or one file. */
function readSource(
  path: string,
  problems: string[],
  notes: string[],
  budget: ByteBudget,
  named = true
): ImportedResult[] {
  const attempt = (read: () => ImportedResult[], file: string): ImportedResult[] => {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      // A file met in a folder that holds no result (a log, a GPU monitor, a summary) is not what was asked for.
      if (error instanceof NoResultError && !named) notes.push(`${file}: skipped: ${error.reason}`);
      else problems.push(error.message);
      return [];
    }
  };
  let stat;
  try {
    stat = statSync(path);
  } catch (error) {
    problems.push(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code})`);
    return [];
  }
  if (!stat.isDirectory()) {
    const twin = csvTwin(path);
    if (twin) {
      notes.push(`${path}: skipped: the same run as ${twin}`);
      return [];
    }
    if (extname(path) === ".csv") {
      const message = `${path}: a CSV is not read; import the JSON written beside it (profile_export_aiperf.json)`;
      if (named) problems.push(message);
      else notes.push(message.replace(": a CSV", ": skipped: a CSV"));
      return [];
    }
    return attempt(() => readResultFile(path, path, budget), path);
  }
  if (isSweepExperiment(path)) return attempt(() => readSweepExperiment(path, path, budget), path);
  const entries = readdirSync(path, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name));
  const telemetry = entries.filter((e) => e.isFile() && TELEMETRY_FILE.test(e.name));
  const own: ImportedResult[] = [];
  const results = entries.flatMap((e) => {
    if (e.isDirectory()) return readSource(join(path, e.name), problems, notes, budget, false);
    if (!e.isFile() || !RESULT_FILE.test(e.name) || NOT_RESULTS.test(e.name) || TELEMETRY_FILE.test(e.name)) return [];
    const read = readSource(join(path, e.name), problems, notes, budget, false);
    own.push(...read);
    return read;
  });
  if (telemetry.length && own.length === 1)
    for (const e of telemetry) {
      const file = join(path, e.name);
      own[0].files.push(rawFile(e.name, file, readFileSync(file), file, budget));
    }
  else if (telemetry.length && own.length > 1)
    problems.push(
      `${path}: ${telemetry.map((e) => e.name).join(", ")} ${telemetry.length > 1 ? "sit" : "sits"} beside ${own.length} results, so ${telemetry.length > 1 ? "they belong" : "it belongs"} to none of them; put each run's result and metrics in a folder of their own`
    );
  if (!results.length && !problems.length) problems.push(`${path}: no result files found`);
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

/** Settings that are facts of the setup rather than server flags. */
const FACT_SETTING: Record<string, "model" | "engine" | "engineVersion" | "gpu" | "quantization"> = {
  model: "model",
  engine: "engine",
  engine_version: "engineVersion",
  version: "engineVersion",
  gpu: "gpu",
  quantization: "quantization"
};

/** Gives a result the settings its file does not record; one its file states otherwise is bad input. */
function applySettings(r: ImportedResult, set: Record<string, string>): void {
  const added: Record<string, string> = {};
  for (const [key, value] of Object.entries(set)) {
    const fact = FACT_SETTING[key];
    const stated = fact ? r[fact] : r.serve[key];
    if (stated != null && String(stated) !== value)
      throw new ImportError(r.source, `records ${key}=${stated}, not ${value} as --set says`);
    if (stated != null) continue;
    if (fact) r[fact] = fact === "quantization" ? (precision(value) ?? value) : value;
    else r.serve[key] = value;
    added[key] = value;
  }
  if (Object.keys(added).length) {
    r.serveKey = `${r.serveKey}\0${settingsKey(added)}`;
    if (r.serveName) r.serveName = null;
  }
}

export function importResults(
  sourcesGiven: (string | ImportSource)[],
  studyDir: string,
  options: ImportOptions = {}
): ImportReport {
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
  const results = given.flatMap((s) =>
    readSource(s.path, problems, notes, budget).flatMap((r) => {
      try {
        applySettings(r, s.set);
        return [r];
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        problems.push(error.message);
        return [];
      }
    })
  );
  if (!results.length && !problems.length)
    problems.push(...notes, `${sources.join(", ")}: nothing to import: no file holds a benchmark result`);
  if (problems.length) throw new ImportFailed(problems);
  lap("read");
  // A file's name without its extension: the study is named for the results, not their format.
  const one = sources.length === 1 ? resolve(sources[0]) : null;
  const name = one ? basename(one, statSync(one).isFile() ? extname(one) : "") : basename(resolve(studyDir));
  let study: InferredStudy;
  try {
    study = inferStudy(results, name);
  } catch (error) {
    if (error instanceof ImportError) throw new ImportFailed([error.message]);
    throw error;
  }
  lap("infer");
  const text = studyYaml(study, relative(resolve(studyDir), SCHEMA), sources);
  // The plan written must read back: a fault here is import's, reported before anything is written.
  parseStudyPlan(text, join(studyDir, "study.yaml"), studyDir);
  lap("plan");
  const outcome = writeImportedStudy(studyDir, study, text, now.toISOString());
  lap("write");
  return {...outcome, study, studyDir, notes};
}
