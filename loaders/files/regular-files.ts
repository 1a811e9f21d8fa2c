// Which files of a run folder may be read: regular files inside the study, of bounded size. Anything else (a
// symbolic link, a FIFO, a device, a folder, a huge file) is never opened, so it can neither leak nor block.
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  readSync,
  realpathSync
} from "node:fs";
import {basename, dirname, join} from "node:path";
import {utf8TextOr} from "./utf8-text.js";

/** Larger run files are not read (a JS string holds at most ~512 MiB; real logs and result files are far smaller). */
export const MAX_RUN_FILE_BYTES = 256 * 1024 * 1024;

/** Larger plans, second looks, model configs and manifests are not read: a plan of 1000× the seed is 2.7 MB. */
export const MAX_STUDY_FILE_BYTES = 64 * 1024 * 1024;

export type RunFileState = {kind: "absent"} | {kind: "ok"; size: number} | {kind: "refused"; problem: string};

function kindOf(stat: ReturnType<typeof lstatSync> | ReturnType<typeof fstatSync>): string {
  if (!stat) return "nothing";
  if (stat.isDirectory()) return "a folder";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return "a device";
  return "not a regular file";
}

/** Why a run folder is not read in place (a link, or a path through a link out of the study), or null. */
export function runFolderProblem(runDir: string): string | null {
  const stat = lstatSync(runDir, {throwIfNoEntry: false});
  if (!stat) return "does not exist";
  if (stat.isSymbolicLink())
    return `is a symbolic link (to ${readlinkSync(runDir)}); only folders inside the study are read`;
  if (!stat.isDirectory()) return `is ${kindOf(stat)}, not a run folder`;
  const study = dirname(dirname(runDir));
  if (realpathSync(runDir) !== join(realpathSync(study), "runs", basename(runDir)))
    return `lies outside the study folder ${study} (its runs folder is a link); only folders inside the study are read`;
  return null;
}

/** A file of a run folder (whose own path runFolderProblem checked): absent, readable, or refused with the reason. */
export function runFileState(runDir: string, name: string): RunFileState {
  const file = join(runDir, name);
  const stat = lstatSync(file, {throwIfNoEntry: false});
  if (!stat) return {kind: "absent"};
  if (stat.isSymbolicLink())
    return {
      kind: "refused",
      problem: `is a symbolic link (to ${readlinkSync(file)}); only regular files inside the study are read`
    };
  if (!stat.isFile()) return {kind: "refused", problem: `is ${kindOf(stat)}; only regular files are read`};
  if (stat.size > MAX_RUN_FILE_BYTES)
    return {
      kind: "refused",
      problem: `has ${stat.size} bytes, more than the ${MAX_RUN_FILE_BYTES} a run file may have; not read`
    };
  return {kind: "ok", size: stat.size};
}

/** A file refused by readRegularFile or readStudyFile: `problem` completes a line that starts with the path. */
export class RefusedFile extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    /** The line the problem is on; none where it is the whole file's. */
    readonly line?: number
  ) {
    super(`${path}: ${problem}`);
  }
}

/**
 * A regular file's bytes, with the run reader's checks: a link (unless `followLink`: a path the user named), a FIFO, a
 * device or a file past `maxBytes` is refused without blocking, and a file swapped for one meanwhile too.
 */
export function readRegularFile(
  path: string,
  options: {followLink?: boolean; maxBytes?: number; inside?: string; what?: string} = {}
): Buffer {
  const {followLink = false, maxBytes = MAX_RUN_FILE_BYTES, inside = "the source", what = "a result file"} = options;
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | (followLink ? 0 : constants.O_NOFOLLOW));
  } catch (error) {
    // O_NOFOLLOW refuses a link (ELOOP); it is told apart only then, which spares a stat per file read.
    if (!followLink && lstatSync(path, {throwIfNoEntry: false})?.isSymbolicLink())
      throw new RefusedFile(
        path,
        `is a symbolic link (to ${readlinkSync(path)}); only regular files inside ${inside} are read`
      );
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new RefusedFile(path, `is ${kindOf(stat)}; only regular files are read`);
    if (stat.size > maxBytes)
      throw new RefusedFile(path, `has ${stat.size} bytes, more than the ${maxBytes} ${what} may have; not read`);
    return readOpened(fd, stat.size);
  } finally {
    closeSync(fd);
  }
}

/** A study's own file (a plan, a second look, a model config, a manifest) as UTF-8 text, with readRegularFile's checks. */
export function readStudyFile(path: string, options: {followLink?: boolean; inside?: string} = {}): string {
  const bytes = readRegularFile(path, {...options, maxBytes: MAX_STUDY_FILE_BYTES, what: "a study file"});
  return utf8TextOr(bytes, (line, problem) => new RefusedFile(path, problem, line));
}

/** The bytes of an open file whose size fstat gave: read into one buffer, without readFileSync's second fstat. */
function readOpened(fd: number, size: number): Buffer {
  // A file stating no size (as /proc's do) is read to its end.
  if (size === 0) return readFileSync(fd);
  const bytes = Buffer.allocUnsafe(size);
  let read = 0;
  for (let n; read < size && (n = readSync(fd, bytes, read, size - read, null)) > 0;) read += n;
  return read < size ? bytes.subarray(0, read) : bytes;
}

/** The first entry of a run folder (depth first, by name) that the run reader would refuse, as one line; else null. */
export function runTreeProblem(dir: string): string | null {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) {
      const inner = runTreeProblem(path);
      if (inner) return inner;
      continue;
    }
    if (stat.isSymbolicLink())
      return `${path}: is a symbolic link (to ${readlinkSync(path)}); only regular files inside the run folder are read`;
    if (!stat.isFile()) return `${path}: is ${kindOf(stat)}; only regular files are read`;
    if (stat.size > MAX_RUN_FILE_BYTES)
      return `${path}: has ${stat.size} bytes, more than the ${MAX_RUN_FILE_BYTES} a run file may have; not read`;
  }
  return null;
}
