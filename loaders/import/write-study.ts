// Writes an imported study: the whole study built in a temporary sibling folder and renamed into place; into an
// existing study, new run folders staged under runs/ and renamed in. Same files again change nothing; a different
// file for an existing run is a conflict, reported and never overwritten.
import {existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join, sep} from "node:path";
import {loadStudyPlan, parseStudyPlan} from "../study/plan.js";
import {importStageName, removeStale, removeStaleImports} from "../runs/run-folder.js";
import {studyBusy, tryLockStudy} from "../runs/study-lock.js";
import {ImportFailed, rawBytes, sha256} from "./result.js";
import {writingTo} from "../files/write-error.js";
import {readRegularFile, runFileState} from "../files/regular-files.js";
import {ImportInterrupted, runSteps, type Steps} from "./steps.js";
import type {InferredRun, InferredStudy} from "./infer.js";

export interface ImportOutcome {
  created: string[];
  unchanged: string[];
  conflicts: string[];
  /** True when the study folder and its study.yaml were created. */
  newStudy: boolean;
  /** Temporary folders of imports that were interrupted, removed before this one wrote. */
  removed: string[];
}

function runJson(run: InferredRun, importedAt: string): string {
  const r = run.result;
  const record: Record<string, unknown> = {id: run.id};
  if (r.repeat != null || run.repeat > 1) record.repeat = run.repeat;
  record.status = r.status;
  if (r.status === "failed") {
    record.error = r.error;
    record.failed_phase = r.failed_phase;
  }
  // The tool that measured the run: the plan names one client, a study may mix several.
  record.client = r.client;
  if (r.benchArgv) record.bench_argv = r.benchArgv;
  record.origin = {
    kind: "import",
    tool: r.tool,
    imported_at: importedAt,
    files: r.files.map((f) => ({file: f.name, source: f.source, sha256: f.sha256})),
    ...(r.set ? {set: r.set} : {})
  };
  return JSON.stringify(record, null, 2) + "\n";
}

/** Writes `data` to `file`, naming the file in a write's error (fs write errors carry none). */
const write = (file: string, data: string | Buffer): void => writingTo(file, () => writeFileSync(file, data));

function writeRunFolder(dir: string, run: InferredRun, importedAt: string): void {
  mkdirSync(dir, {recursive: true});
  // Plain file names in a folder join made: join's normalizing would change nothing, at a cost per file.
  for (const f of run.result.files) write(`${dir}${sep}${f.name}`, rawBytes(f));
  write(`${dir}${sep}run.json`, runJson(run, importedAt));
}

/** Whether an existing run folder holds exactly the files this run would copy. */
function sameRun(dir: string, run: InferredRun): boolean {
  return run.result.files.every(
    (f) => runFileState(dir, f.name).kind === "ok" && sha256(readRegularFile(join(dir, f.name))) === f.sha256
  );
}

export function writeImportedStudy(
  studyDir: string,
  study: InferredStudy,
  planText: string,
  importedAt: string,
  options: {replacePlan?: boolean} = {}
): ImportOutcome {
  return runSteps(importedStudySteps(studyDir, study, planText, importedAt, options));
}

/** Removes a temporary folder of a failed import; an interrupted one lists it, removed or left for the next command. */
function dropStaged(path: string, error: unknown): void {
  let removed = true;
  try {
    rmSync(path, {recursive: true, force: true});
  } catch {
    removed = false;
  }
  if (error instanceof ImportInterrupted) error.temp.push({path, removed});
}

/** writeImportedStudy one run folder per step. */
export function* importedStudySteps(
  studyDir: string,
  study: InferredStudy,
  planText: string,
  importedAt: string,
  {replacePlan = false} = {}
): Steps<ImportOutcome> {
  const outcome: ImportOutcome = {created: [], unchanged: [], conflicts: [], newStudy: false, removed: []};
  outcome.removed.push(...removeStaleImports(studyDir));
  if (!existsSync(join(studyDir, "study.yaml"))) {
    if (existsSync(studyDir) && readdirSync(studyDir).length)
      throw new Error(
        `${studyDir}: the folder exists, is not empty and holds no study.yaml; import into a new or empty folder`
      );
    const tmp = join(dirname(studyDir), `${importStageName()}.tmp`);
    try {
      // One level at a time: a recursive mkdir on a read-only disk says ENOENT for the deepest folder, not EROFS.
      mkdirSync(dirname(studyDir), {recursive: true});
      mkdirSync(tmp);
      mkdirSync(join(tmp, "runs"));
      write(join(tmp, "study.yaml"), planText);
      for (const run of study.runs) {
        writeRunFolder(join(tmp, "runs", run.id), run, importedAt);
        yield;
      }
      // One rename puts the whole study in place, over an empty folder too; a folder filled meanwhile stays as it is.
      try {
        renameSync(tmp, studyDir);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOTEMPTY" && code !== "EEXIST") throw error;
        throw new ImportFailed([
          `${studyDir}: another import created this study meanwhile; import again to add these runs to it`
        ]);
      }
    } catch (error) {
      dropStaged(tmp, error);
      throw error;
    }
    outcome.newStudy = true;
    outcome.created = study.runs.map((r) => r.id);
    return outcome;
  }

  // An existing study: runs it already has must hold the same files; new runs must be in its plan.
  // A plan import rewrites (new candidates, scenarios or repeats) is the one the new runs must fit.
  const plan = replacePlan ? parseStudyPlan(planText, join(studyDir, "study.yaml"), studyDir) : loadStudyPlan(studyDir);
  const runsDir = join(studyDir, "runs");
  mkdirSync(runsDir, {recursive: true});
  const lock = tryLockStudy(runsDir);
  if (!("release" in lock)) throw new ImportFailed([studyBusy(plan.id, runsDir, lock.heldBy)]);
  try {
    outcome.removed.push(...removeStale(runsDir).map((name) => join(runsDir, name)));
    return yield* addRuns(studyDir, plan, study, importedAt, outcome, replacePlan ? planText : null);
  } finally {
    lock.release();
  }
}

/** New runs into an existing study, staged under runs/ and renamed in (the caller holds the study's lock). */
function* addRuns(
  studyDir: string,
  plan: ReturnType<typeof loadStudyPlan>,
  study: InferredStudy,
  importedAt: string,
  outcome: ImportOutcome,
  planText: string | null
): Steps<ImportOutcome> {
  const replacePlan = planText != null;
  const planned = new Set(
    plan.steps.flatMap((s) => s.candidates.flatMap((c) => s.scenarios.map((sc) => `${s.id}--${c.id}--${sc}`)))
  );
  const fresh: InferredRun[] = [];
  for (const run of study.runs) {
    const dir = join(studyDir, "runs", run.id);
    if (existsSync(dir)) {
      if (sameRun(dir, run)) outcome.unchanged.push(run.id);
      else outcome.conflicts.push(`${dir}: holds other files than ${run.result.source}; not overwritten`);
    } else if (!planned.has(`${run.step}--${run.candidate}--${run.scenario}`))
      outcome.conflicts.push(
        `${run.result.source}: ${join(studyDir, "study.yaml")} has no candidate '${run.candidate}' with scenario '${run.scenario}' in step '${run.step}'; add them to the plan or import into a new folder`
      );
    else fresh.push(run);
  }
  if (outcome.conflicts.length || (!fresh.length && !replacePlan)) return outcome;
  const stage = join(studyDir, "runs", importStageName());
  try {
    for (const run of fresh) {
      writeRunFolder(join(stage, run.id), run, importedAt);
      yield;
    }
    // Renamed in with no step between, so an interruption never leaves some of them in.
    for (const run of fresh) renameSync(join(stage, run.id), join(studyDir, "runs", run.id));
  } catch (error) {
    dropStaged(stage, error);
    throw error;
  }
  rmSync(stage, {recursive: true, force: true});
  if (replacePlan) {
    const tmp = join(studyDir, `${importStageName()}.yaml`);
    writeFileSync(tmp, planText!);
    renameSync(tmp, join(studyDir, "study.yaml"));
  }
  outcome.created = fresh.map((r) => r.id);
  return outcome;
}
