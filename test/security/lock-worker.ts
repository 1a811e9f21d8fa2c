// One of many threads taking a study's lock at the same instant (see study-lock.test.ts): all start together on a
// shared barrier, and each counts itself while it holds the lock.
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {workerData} from "node:worker_threads";
import {LOCK_FILE, tryLockStudy} from "../../loaders/runs/study-lock.js";

const {runsDir, shared, workers, trials, index, stalePid} = workerData as {
  runsDir: string;
  shared: SharedArrayBuffer;
  workers: number;
  /** The most trials; fewer when the test's time is up (state[STOP] set). */
  trials: number;
  index: number;
  /** When set, thread 0 leaves a lock of this (dead) pid before each trial. */
  stalePid: number | null;
};
// The slots of the shared state (study-lock.test.ts reads them too).
const ARRIVED = 0;
const GENERATION = 1;
const HOLDERS = 2;
const MOST_HOLDERS = 3;
const STOP = 4;
const STOPPING = 5;
const INSIDE = 6;
const MOST_INSIDE = 7;
const OVERLAPPED = 8;
const DONE = 9;
const state = new Int32Array(shared);
/** A thread that never arrives fails the test at once, not at its timeout. */
const BARRIER_MS = 30_000;

function raise(slot: number, value: number): void {
  for (let seen = Atomics.load(state, slot); value > seen; seen = Atomics.load(state, slot))
    Atomics.compareExchange(state, slot, seen, value);
}

/** Waits for every thread; the last to arrive copies the stop request, so all threads decide alike. */
function barrier(): boolean {
  const generation = Atomics.load(state, GENERATION);
  if (Atomics.add(state, ARRIVED, 1) === workers - 1) {
    Atomics.store(state, ARRIVED, 0);
    Atomics.store(state, STOPPING, Atomics.load(state, STOP));
    Atomics.add(state, GENERATION, 1);
    Atomics.notify(state, GENERATION);
  } else {
    // In short slices, re-reading the generation: a wake-up lost under load (seen here as all threads waiting at
    // one barrier, each counted in) costs a slice, not the test.
    const deadline = Date.now() + BARRIER_MS;
    while (Atomics.load(state, GENERATION) === generation) {
      if (Date.now() > deadline)
        throw new Error(
          `thread ${index}: the other threads did not reach the barrier within ${BARRIER_MS} ms (${Array.from(state.slice(16, 16 + workers))})`
        );
      Atomics.wait(state, GENERATION, generation, 50);
    }
  }
  return Atomics.load(state, STOPPING) === 1;
}

// Where each thread is (slot 16 + index: 10 × trial + phase), shown when a barrier times out.
Atomics.store(state, 16 + index, 1);
for (let trial = 0; trial < trials; trial++) {
  Atomics.store(state, 16 + index, 10 * trial + 2);
  if (index === 0 && stalePid != null) writeFileSync(join(runsDir, LOCK_FILE), `${stalePid}\n`);
  if (barrier()) break;
  raise(MOST_INSIDE, Atomics.add(state, INSIDE, 1) + 1);
  Atomics.store(state, 16 + index, 10 * trial + 3);
  const lock = tryLockStudy(runsDir);
  Atomics.store(state, 16 + index, 10 * trial + 4);
  Atomics.sub(state, INSIDE, 1);
  if ("release" in lock) raise(MOST_HOLDERS, Atomics.add(state, HOLDERS, 1) + 1);
  barrier();
  if ("release" in lock) {
    Atomics.sub(state, HOLDERS, 1);
    lock.release();
  }
  if (index === 0) {
    // Contended: two or more threads were inside tryLockStudy at once in this trial.
    if (Atomics.exchange(state, MOST_INSIDE, 0) >= 2) Atomics.add(state, OVERLAPPED, 1);
    Atomics.add(state, DONE, 1);
  }
  barrier();
}
