// What a live run started, kept in runs/.processes.json: each process group with its leader's start time, so that
// after the runner is SIGKILLed (OOM killer, a dying ssh session) the next run can stop what it left running.
import {readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {groupMembers, type GroupProcess} from "./process-group.js";
import {cleanUp, writingTo} from "../files/write-error.js";
import {readRegularFile} from "../files/regular-files.js";

export const PROCESS_FILE = ".processes.json";

export interface RecordedGroup {
  pgid: number;
  /** The leader's start time (/proc/<pid>/stat field 22, clock ticks since boot): a reused pid has another. */
  start: number;
  role: string;
  argv0: string;
}

interface ProcessFile {
  runner: {pid: number; start: number | null};
  groups: RecordedGroup[];
}

/** A process's start time from /proc, or null where there is none (the process is gone, or no /proc). */
export function startTime(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses) start at field 3, so 22 is index 19.
    const value = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Writes runs/.processes.json as this runner adds groups (atomically: temp file, then rename). */
export class ProcessRecord {
  private readonly file: string;
  private readonly data: ProcessFile;

  constructor(runsDir: string) {
    this.file = join(runsDir, PROCESS_FILE);
    this.data = {runner: {pid: process.pid, start: startTime(process.pid)}, groups: []};
  }

  add(role: string, proc: GroupProcess): void {
    if (proc.pid <= 0) return;
    const start = startTime(proc.pid);
    if (start === null) return; // Already gone (or no /proc): nothing to stop later.
    this.data.groups.push({pgid: proc.pid, start, role, argv0: proc.argv[0]});
    const tmp = `${this.file}.tmp-${process.pid}`;
    try {
      writingTo(tmp, () => writeFileSync(tmp, JSON.stringify(this.data) + "\n"));
      renameSync(tmp, this.file);
    } catch (error) {
      cleanUp(
        () => rmSync(tmp, {force: true}),
        () => {}
      );
      throw error;
    }
  }

  /** The runner ended normally: every group it started has been stopped. */
  close(): void {
    rmSync(this.file, {force: true});
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the process groups a dead runner recorded and left running; returns one line per group stopped. A group
 * counts as the runner's while its leader has the recorded start time, or, with the leader gone, while members
 * remain: a group id is not given to another group while any member of the old one lives.
 */
export async function stopLeftovers(runsDir: string, graceMs: number): Promise<string[]> {
  const file = join(runsDir, PROCESS_FILE);
  let data: ProcessFile;
  try {
    // A FIFO or a device in its place is refused (it would block), like a record that does not parse.
    data = JSON.parse(readRegularFile(file, {maxBytes: 16 * 1024 * 1024}).toString("utf8")) as ProcessFile;
  } catch {
    return [];
  }
  const {runner} = data;
  if (runner.pid !== process.pid && runner.start !== null && startTime(runner.pid) === runner.start) return [];
  const left = (data.groups ?? []).filter((group) => {
    if (groupMembers(group.pgid).length === 0) return false;
    const leader = startTime(group.pgid);
    return leader === null || leader === group.start;
  });
  const signal = (pgid: number, name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Gone meanwhile.
    }
  };
  for (const group of left) signal(group.pgid, "SIGTERM");
  const until = Date.now() + graceMs;
  while (left.some((g) => groupMembers(g.pgid).length) && Date.now() < until) await sleep(100);
  for (const group of left) if (groupMembers(group.pgid).length) signal(group.pgid, "SIGKILL");
  const killUntil = Date.now() + 5000;
  while (left.some((g) => groupMembers(g.pgid).length) && Date.now() < killUntil) await sleep(100);
  rmSync(file, {force: true});
  return left.map(
    (group) =>
      `stopped the ${group.role} (${group.argv0}, process group ${group.pgid}) left running by tps-report pid ${runner.pid}, which is gone`
  );
}
