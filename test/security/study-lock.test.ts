// Case 6 of issue 15: the study lock is held by one process at most, however many take it at the same instant,
// whether it is free or left stale by a process that is gone.
import {spawnSync} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import {Worker} from "node:worker_threads";
import {buildSync} from "esbuild";
import {afterAll, describe, expect, it} from "vitest";
import {LOCK_FILE, tryLockStudy} from "../../loaders/runs/study-lock.js";

const made: string[] = [];

// The thread's code as one plain ES module (tsx's loader hooks in many threads at once made a start hang now and then).
const WORKER = "test/.tmp/lock-worker.mjs";
buildSync({
  entryPoints: ["test/security/lock-worker.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: WORKER,
  logLevel: "error"
});
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync("true").pid!;
}

/** What a contention test saw: the most holders at once, trials done, and trials where takers overlapped. */
interface Contention {
  mostHolders: number;
  trials: number;
  overlapped: number;
}

/** Every trial releases `workers` threads together on a barrier; trials stop at `trials` or after `budgetMs`. */
async function contend(runsDir: string, workers: number, trials: number, stale: boolean): Promise<Contention> {
  const shared = new SharedArrayBuffer(256);
  const state = new Int32Array(shared);
  const stalePid = stale ? deadPid() : null;
  const threads = Array.from(
    {length: workers},
    (_, index) =>
      new Worker(pathToFileURL(WORKER), {
        workerData: {runsDir, shared, workers, trials, index, stalePid}
      })
  );
  // Bounded work on a loaded machine: the threads stop together at the next trial once the budget is spent.
  const budget = setTimeout(() => Atomics.store(state, 4, 1), BUDGET_MS);
  try {
    await Promise.all(
      threads.map(
        (thread) =>
          new Promise<void>((resolve, reject) => {
            thread.on("error", reject);
            thread.on("exit", () => resolve());
          })
      )
    );
  } finally {
    clearTimeout(budget);
    // A thread that failed leaves the others waiting at the barrier.
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
  return {mostHolders: Atomics.load(state, 3), trials: Atomics.load(state, 9), overlapped: Atomics.load(state, 8)};
}

/** How long one contention test may run its trials (the thread start and the checks come on top). */
const BUDGET_MS = 20_000;

describe("the study lock", () => {
  it("is held once when many take a free lock at the same instant", async () => {
    const runsDir = mkdtempSync(join(tmpdir(), "tps-lock-"));
    made.push(runsDir);
    const seen = await contend(runsDir, 6, 150, false);
    expect(seen.mostHolders).toBe(1);
    // Real contention: in some trial, two or more takers were inside tryLockStudy at once.
    expect(seen.overlapped).toBeGreaterThan(0);
    expect(readdirSync(runsDir)).toEqual([]);
  }, 120_000);

  it("is held once when many take over a stale lock at the same instant", async () => {
    const runsDir = mkdtempSync(join(tmpdir(), "tps-lock-"));
    made.push(runsDir);
    const seen = await contend(runsDir, 6, 150, true);
    expect(seen.mostHolders).toBe(1);
    expect(seen.overlapped).toBeGreaterThan(0);
    expect(readdirSync(runsDir).filter((n) => n !== LOCK_FILE)).toEqual([]);
  }, 120_000);

  it("is a file holding the pid from the instant it exists", () => {
    const runsDir = mkdtempSync(join(tmpdir(), "tps-lock-"));
    made.push(runsDir);
    const lock = tryLockStudy(runsDir);
    expect("release" in lock).toBe(true);
    expect(readFileSync(join(runsDir, LOCK_FILE), "utf8")).toBe(`${process.pid}\n`);
    expect(tryLockStudy(runsDir)).toEqual({heldBy: process.pid});
    if ("release" in lock) lock.release();
    expect(readdirSync(runsDir)).toEqual([]);
  });
});
