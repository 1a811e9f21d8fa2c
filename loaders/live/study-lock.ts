// One live runner per study at a time: two would start servers on the same port and run the same benchmarks twice
// (Framework may start several data loaders of one build at once).
import {openSync, readFileSync, rmSync, writeSync, closeSync} from "node:fs";
import {join} from "node:path";

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

/** Takes runs/.lock for this process; returns the holder's pid instead when a live process has it. */
export function tryLockStudy(runsDir: string): StudyLock | {heldBy: number} {
  const file = join(runsDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {release: () => rmSync(file, {force: true})};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, "utf8").trim());
    } catch {
      // Released meanwhile.
    }
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) return {heldBy: holder};
    // Left by a process that is gone (or unreadable): take it over.
    rmSync(file, {force: true});
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
