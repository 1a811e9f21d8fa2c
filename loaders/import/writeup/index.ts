// `tps-report import WRITEUP --into STUDY_DIR`: a published write-up (Markdown, or plain text copied from a page) into
// a study. The whole study is read and checked first; then it is staged inside STUDY_DIR and its study.yaml renamed
// in last, so the study appears whole or not at all, and nothing outside STUDY_DIR is written.
import {existsSync, mkdirSync, readdirSync, rmSync, renameSync, statSync, writeFileSync} from "node:fs";
import {basename, extname, join, relative, resolve} from "node:path";
import {pathBelow} from "../../files/path-below.js";
import {utf8TextOr} from "../../files/utf8-text.js";
import {fileURLToPath} from "node:url";
import {parseStudyPlan, PlanError} from "../../study/plan.js";
import {readSourceFile, sha256} from "../result.js";
import {NOT_RUN_REASONS, notRunError} from "../../runs/not-run.js";
import {writingTo} from "../../files/write-error.js";
import {buildStudy, nameId, type WriteupStudy} from "./build-study.js";
import {writeupPlanText} from "./plan-text.js";
import {readWriteup, WriteupProblem, type Writeup} from "./read-writeup.js";
import {readDocument} from "./document.js";
import {labelOf, sectionOf} from "./words.js";

const SCHEMA = fileURLToPath(new URL("../../../schema/study.schema.json", import.meta.url));
/** A write-up is a page: a file this large is an archive or a mistake, refused before it is read. */
export const MAX_WRITEUP_BYTES = 4 * 1024 * 1024;

/** Bad input: one line naming the file and line. */
export class WriteupError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly reason: string
  ) {
    super(`${file}:${line}: ${reason}`);
  }
}

/** Whether a source is a write-up rather than a result file: Markdown, or text with a write-up's sections. */
export function isWriteup(path: string): boolean {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return false;
  }
  if (!stat.isFile()) return false;
  const ext = extname(path).toLowerCase();
  if (ext === ".md" || ext === ".markdown") return true;
  if (ext !== ".txt" || stat.size > MAX_WRITEUP_BYTES) return false;
  const {items} = readDocument(readSourceFile(path).toString("utf8"));
  return items.some(
    (i) =>
      (i.kind === "heading" && sectionOf(i.text)?.role === "results") ||
      ((i.kind === "text" || i.kind === "label") && labelOf(i.text)?.role === "server")
  );
}

export interface WriteupImport {
  study: WriteupStudy;
  studyDir: string;
  planText: string;
  /** What was taken from where: `file:line (section): what`. */
  took: string[];
  runs: number;
  failed: number;
  /** Points of the plan the write-up gives no result for. */
  notRun: number;
}

/** The study a write-up describes, read and checked, nothing written. */
export function readWriteupStudy(file: string, studyDir: string): WriteupImport {
  const size = (() => {
    try {
      return statSync(file).size;
    } catch (error) {
      throw new WriteupError(file, 1, `cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
  })();
  if (size > MAX_WRITEUP_BYTES)
    throw new WriteupError(
      file,
      1,
      `${(size / 2 ** 20).toFixed(1)} MiB is too large for a write-up (at most ${MAX_WRITEUP_BYTES / 2 ** 20} MiB): a write-up is a page, not an archive of logs`
    );
  const bytes = readSourceFile(file);
  if (bytes.includes(0)) throw new WriteupError(file, 1, "binary data, not a write-up");
  const text = utf8TextOr(bytes, (line, problem) => new WriteupError(file, line, problem));
  let w: Writeup;
  let study: WriteupStudy;
  try {
    w = readWriteup(text, file);
    const runs = w.steps.flatMap((s) => s.candidates.flatMap((c) => c.entries));
    if (!runs.length) {
      const structured = w.sections.some((s) => s.role === "results" || s.role === "setup" || s.role === "conclusion");
      throw new WriteupProblem(
        1,
        structured
          ? "no result block: a write-up's runs are its `Serving Benchmark Result` blocks (or `# Error: …` lines) under its experiment sections"
          : "not a benchmark write-up: no result block, and none of the sections one has (Conclusion, Experimental Setup, Experiment Results)"
      );
    }
    study = buildStudy(w, nameId(basename(resolve(studyDir))), relativeSource(file));
  } catch (error) {
    if (error instanceof WriteupProblem) throw new WriteupError(file, error.line, error.message);
    throw error;
  }
  const planFile = join(studyDir, "study.yaml");
  const planText = writeupPlanText(study, relative(resolve(studyDir), SCHEMA));
  try {
    parseStudyPlan(planText, planFile, studyDir);
  } catch (error) {
    // A plan import cannot read back is import's fault: said as such, nothing written.
    if (error instanceof PlanError)
      throw new WriteupError(file, 1, `the study made from it does not read back: ${error.message.split("\n")[0]}`);
    throw error;
  }
  const headings = w.headings;
  const where = (line: number) => {
    const path: {level: number; text: string}[] = [];
    for (const h of headings) {
      if (h.line > line) break;
      while (path.length && path[path.length - 1].level >= h.level) path.pop();
      path.push(h);
    }
    return path
      .filter((h) => h.level > 1)
      .map((h) => h.text)
      .join(" › ");
  };
  const took = study.took.map((t) => {
    const section = where(t.line);
    return `${file}:${t.line}${section ? ` (${section})` : ""}: ${t.what}`;
  });
  return {
    study,
    studyDir,
    planText,
    took,
    runs: study.runs.length,
    failed: study.runs.filter((r) => r.entry?.kind === "error").length,
    notRun: study.runs.filter((r) => r.entry == null).length
  };
}

/** The write-up as the plan's `source` names it: relative to the working directory when below it. */
function relativeSource(file: string): string {
  return pathBelow(process.cwd(), file);
}

/** Reads the write-up and writes its study into STUDY_DIR (new or empty). */
export function importWriteup(file: string, studyDir: string, now = new Date()): WriteupImport {
  const read = readWriteupStudy(file, studyDir);
  if (existsSync(studyDir) && readdirSync(studyDir).length)
    throw new WriteupError(
      studyDir,
      1,
      "the folder exists and is not empty; import a write-up into a new or empty folder"
    );
  const created = !existsSync(studyDir);
  const stage = join(studyDir, `.import-${process.pid}-${now.getTime()}`);
  const write = (path: string, data: string) => writingTo(path, () => writeFileSync(path, data));
  try {
    mkdirSync(join(stage, "runs"), {recursive: true});
    for (const run of read.study.runs) {
      const dir = join(stage, "runs", run.id);
      mkdirSync(dir);
      const entry = run.entry;
      const record: Record<string, unknown> = {id: run.id, status: entry?.kind === "result" ? "ok" : "failed"};
      if (!entry) {
        // As a ladder level a search left out is recorded: failed in the not-run phase, with why.
        record.error = notRunError(NOT_RUN_REASONS.noResult);
        record.failed_phase = "not-run";
      } else if (entry.kind === "error") {
        record.error = entry.error;
        record.failed_phase = null;
      }
      if (entry) write(join(dir, "bench.log"), entry.text);
      record.origin = {
        kind: "import",
        tool: "writeup",
        imported_at: now.toISOString(),
        file: read.study.source,
        ...(entry
          ? {
              lines: [entry.first, entry.last],
              files: [
                {
                  file: "bench.log",
                  source: `${read.study.source}:${entry.first}-${entry.last}`,
                  sha256: sha256(Buffer.from(entry.text, "utf8"))
                }
              ]
            }
          : {})
      };
      write(join(dir, "run.json"), JSON.stringify(record, null, 2) + "\n");
    }
    write(join(stage, "study.yaml"), read.planText);
    renameSync(join(stage, "runs"), join(studyDir, "runs"));
    // The plan last: until it is in place the folder is no study.
    renameSync(join(stage, "study.yaml"), join(studyDir, "study.yaml"));
    rmSync(stage, {recursive: true, force: true});
  } catch (error) {
    if (created) rmSync(studyDir, {recursive: true, force: true});
    else {
      rmSync(stage, {recursive: true, force: true});
      rmSync(join(studyDir, "runs"), {recursive: true, force: true});
    }
    throw error;
  }
  return read;
}
