// One holder at a time across processes: a folder made with mkdir (atomic) holding its owner's pid, so a lock left by
// a run that was killed is taken over at once instead of blocking the next run until it looks old.
import {existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname, join} from "node:path";

export interface DirLockOptions {
  /** Give up after waiting this long. */
  waitMs: number;
  /** A lock without a readable owner older than this is taken over. */
  staleMs: number;
}

function ownerGone(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    return false; // just made, its owner not written yet
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

export async function withDirLock<T>(
  lock: string,
  work: () => Promise<T>,
  {waitMs, staleMs}: DirLockOptions
): Promise<T> {
  mkdirSync(dirname(lock), {recursive: true});
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (existsSync(lock) && (ownerGone(lock) || Date.now() - statSync(lock).mtimeMs > staleMs))
        rmSync(lock, {recursive: true, force: true});
      else if (Date.now() > deadline) throw new Error(`${lock}: another site build held the lock for too long`);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, {recursive: true, force: true});
  }
}
