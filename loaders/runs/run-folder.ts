// Run folders of a live study: written under a hidden temporary name, renamed into place only when complete.
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {isRunId} from "../study/ids.js";
import {runFileState} from "../files/regular-files.js";
import {writingTo} from "../files/write-error.js";
import type {RunMeta} from "./read-runs.js";

/** run.json as the archive has it; `failed_phase` and `log_tail` only on failed runs. */
export interface LiveRunMeta extends Omit<RunMeta, "failed_phase" | "origin"> {
  origin: Record<string, unknown>;
  failed_phase?: FailedPhase;
  /** The last lines of the log that shows the failure, and which log that is. */
  log_tail?: {file: string; lines: string[]};
}

export type FailedPhase = "server-start" | "server-crash" | "benchmark" | "timeout" | "not-run";

const TMP = /^\.(.+)\.(?:tmp|old)-(\d+)$/;
const SERVER_LOG = /^\.server\..+\.(\d+)\.log$/;
/** study-lock.ts's file of a taker, before it is linked into place. */
const LOCK_TMP = /^\.lock\.new-(\d+)-[0-9a-f]+$/;
/** Where import stages new runs inside runs/, and a whole new study beside its folder. */
const IMPORT_STAGE = /^\.import-(\d+)-\d+$/;
const IMPORT_STUDY = /^\.import-(\d+)-\d+\.tmp$/;

export const importStageName = (pid = process.pid): string => `.import-${pid}-${Date.now()}`;

export const tmpName = (id: string, pid = process.pid): string => `.${id}.tmp-${pid}`;
export const serverLogName = (group: string, instance: number, pid = process.pid): string =>
  `.server.${group}.${instance}.${pid}.log`;

/** A run is complete when its folder has a run.json that parses with status ok or failed. */
export function runComplete(runsDir: string, id: string): boolean {
  const file = join(runsDir, id, "run.json");
  // A link, FIFO or device is never opened (it could block or read outside the study).
  if (runFileState(join(runsDir, id), "run.json").kind !== "ok") return false;
  try {
    const meta = JSON.parse(readFileSync(file, "utf8")) as {status?: unknown};
    return meta.status === "ok" || meta.status === "failed";
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes temporary run folders and server logs left by runs whose process is gone; returns what it removed. */
export function removeStale(runsDir: string): string[] {
  if (!existsSync(runsDir)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(runsDir)) {
    const match = TMP.exec(name) ?? SERVER_LOG.exec(name) ?? LOCK_TMP.exec(name) ?? IMPORT_STAGE.exec(name);
    if (!match) continue;
    const pid = Number(match[match.length - 1]);
    if (alive(pid)) continue;
    rmSync(join(runsDir, name), {recursive: true, force: true});
    removed.push(name);
  }
  return removed;
}

/** Removes new studies an import that is gone was building beside `studyDir`; returns their paths. */
export function removeStaleImports(studyDir: string): string[] {
  const parent = dirname(studyDir);
  if (!existsSync(parent)) return [];
  const removed: string[] = [];
  for (const name of readdirSync(parent)) {
    const match = IMPORT_STUDY.exec(name);
    if (!match || alive(Number(match[1]))) continue;
    rmSync(join(parent, name), {recursive: true, force: true});
    removed.push(join(parent, name));
  }
  return removed;
}

/** A run folder's name is a run id, so joining it to runs/ stays inside runs/ (the plan checks ids; this is the floor). */
function assertRunId(id: string): void {
  if (!isRunId(id)) throw new Error(`${JSON.stringify(id)} is not a run id (<step>--<candidate>--<scenario>)`);
}

export function createTmpRun(runsDir: string, id: string): string {
  assertRunId(id);
  mkdirSync(runsDir, {recursive: true});
  const dir = join(runsDir, tmpName(id));
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir);
  return dir;
}

export function writeRunJson(dir: string, meta: LiveRunMeta): void {
  const file = join(dir, "run.json");
  writingTo(file, () => writeFileSync(file, JSON.stringify(meta, null, 2) + "\n"));
}

/** Moves a finished temporary folder to its final name; an existing run is replaced only when `replace` is set. */
export function commitRun(runsDir: string, tmpDir: string, id: string, replace: boolean): string {
  assertRunId(id);
  const finalDir = join(runsDir, id);
  if (!existsSync(finalDir)) {
    renameSync(tmpDir, finalDir);
    return finalDir;
  }
  if (!replace) throw new Error(`${finalDir} exists already`);
  const old = join(runsDir, `.${id}.old-${process.pid}`);
  rmSync(old, {recursive: true, force: true});
  renameSync(finalDir, old);
  renameSync(tmpDir, finalDir);
  rmSync(old, {recursive: true, force: true});
  return finalDir;
}
