// One of many threads taking a study's lock at the same instant (see study-lock.test.ts): all start together on a
// shared barrier, and each counts itself while it holds the lock.
import {writeFileSync} from "node:fs";
import {join} from "node:path";
import {workerData} from "node:worker_threads";
import {LOCK_FILE, tryLockStudy} from "../../loaders/live/study-lock.js";

const {runsDir, shared, workers, trials, index, stalePid} = workerData as {
  runsDir: string;
  shared: SharedArrayBuffer;
  workers: number;
  trials: number;
  index: number;
  /** When set, thread 0 leaves a lock of this (dead) pid before each trial. */
  stalePid: number | null;
};
// [0]: barrier arrivals, [1]: barrier generation, [2]: holders now, [3]: most holders seen at once.
const state = new Int32Array(shared);

function barrier(): void {
  const generation = Atomics.load(state, 1);
  if (Atomics.add(state, 0, 1) === workers - 1) {
    Atomics.store(state, 0, 0);
    Atomics.add(state, 1, 1);
    Atomics.notify(state, 1);
  } else Atomics.wait(state, 1, generation);
}

for (let trial = 0; trial < trials; trial++) {
  if (index === 0 && stalePid != null) writeFileSync(join(runsDir, LOCK_FILE), `${stalePid}\n`);
  barrier();
  const lock = tryLockStudy(runsDir);
  if ("release" in lock) {
    const now = Atomics.add(state, 2, 1) + 1;
    for (let seen = Atomics.load(state, 3); now > seen; seen = Atomics.load(state, 3))
      Atomics.compareExchange(state, 3, seen, now);
  }
  barrier();
  if ("release" in lock) {
    Atomics.sub(state, 2, 1);
    lock.release();
  }
  barrier();
}
