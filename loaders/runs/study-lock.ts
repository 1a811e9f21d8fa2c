// One live runner per study at a time: two would start servers on the same port and run the same benchmarks twice
// (Framework may start several data loaders of one build at once).
import {randomBytes} from "node:crypto";
import {linkSync, rmSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {writingTo} from "../files/write-error.js";
import {readRegularFile} from "../files/regular-files.js";

export interface StudyLock {
  release(): void;
}

export const LOCK_FILE = ".lock";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A name in runs/ no other taker uses (threads of one process share its pid). */
const uniqueName = (runsDir: string, what: string): string =>
  join(runsDir, `${LOCK_FILE}.${what}-${process.pid}-${randomBytes(6).toString("hex")}`);

/** The pid in `file`; null when there is no such file (NaN when it holds no pid). */
function readHolder(file: string): number | null {
  try {
    // Not a regular file of a few bytes (a FIFO would block): it holds no pid.
    return Number(readRegularFile(file, {maxBytes: 64}).toString("utf8").trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    return NaN;
  }
}

/** A file that exists and names no live process: left by one that is gone. */
const stale = (holder: number | null): boolean =>
  holder !== null && !(Number.isInteger(holder) && holder > 0 && alive(holder));

/** Pause between attempts, synchronous like the rest of taking the lock. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Links a new file holding this pid at `file`; false when `file` exists. */
function linkPid(runsDir: string, file: string): boolean {
  const mine = uniqueName(runsDir, "new");
  writingTo(mine, () => writeFileSync(mine, `${process.pid}\n`, {flag: "wx"}));
  try {
    linkSync(mine, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return false;
  } finally {
    rmSync(mine, {force: true});
  }
}

/**
 * Removes a lock left by a process that is gone. One taker at a time does (runs/.lock.break): it reads the holder
 * again and removes the lock only if that holder is still dead, so a lock another taker just linked stays.
 */
function breakStale(runsDir: string, file: string): void {
  const guard = `${file}.break`;
  if (!linkPid(runsDir, guard)) {
    // A breaker that died while breaking leaves its guard; it is removed like a stale lock.
    // A guard already gone is not removed again: the name may be a new breaker's by now.
    if (stale(readHolder(guard))) rmSync(guard, {force: true});
    return;
  }
  try {
    // A lock gone meanwhile is not removed again: the name may be a new holder's lock by now.
    if (stale(readHolder(file))) rmSync(file, {force: true});
  } finally {
    rmSync(guard, {force: true});
  }
}

/** What every command that writes a study says when another process holds its lock. */
export const studyBusy = (studyId: string, runsDir: string, holder: number): string =>
  `another tps-report (pid ${holder}) is running ${studyId} (${join(runsDir, LOCK_FILE)})`;

/** Takes runs/.lock for this process; returns the holder's pid instead when a live process has it. */
export function tryLockStudy(runsDir: string): StudyLock | {heldBy: number} {
  const file = join(runsDir, LOCK_FILE);
  for (let attempt = 0; attempt < 200; attempt++) {
    // The pid is written before the lock exists: link() puts the whole file in place at once, or fails.
    if (linkPid(runsDir, file)) {
      const {ino} = statSync(file);
      return {
        release: () => {
          // Only this taker's own file (a lock it no longer holds is another's).
          if (statSync(file, {throwIfNoEntry: false})?.ino === ino) rmSync(file, {force: true});
        }
      };
    }
    const holder = readHolder(file);
    if (holder !== null && !stale(holder)) return {heldBy: holder};
    // Left by a process that is gone (or unreadable, or released meanwhile): take it over.
    breakStale(runsDir, file);
    if (attempt > 0) pause(1);
  }
  throw new Error(`cannot take ${file}`);
}

/** Waits (polling) until the study is free, then takes it; null when `signal` aborts first. */
export async function lockStudy(
  runsDir: string,
  options: {wait: boolean; signal?: AbortSignal; onWait?: (holder: number) => void}
): Promise<StudyLock | {heldBy: number} | null> {
  let told = false;
  for (;;) {
    const lock = tryLockStudy(runsDir);
    if ("release" in lock || !options.wait) return lock;
    if (!told) options.onWait?.(lock.heldBy);
    told = true;
    if (options.signal?.aborted) return null;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
