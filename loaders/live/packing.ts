// Packs server configurations onto the host's GPUs (--parallel): in plan order, each that finds its GPUs free starts;
// when one ends its GPUs go to the next that fits. An exclusive gang (an interference configuration alone, or its
// pair) waits until the host is empty and holds it until it is done, so nothing else runs beside it.
import type {GpuPool} from "./gpu-pool.js";

export interface Member {
  /** GPUs the server needs, or exactly those it is pinned to. */
  count: number;
  pinned: number[] | null;
}

export interface Gang<M extends Member> {
  members: M[];
  exclusive: boolean;
}

export interface PackOptions<M extends Member> {
  pool: GpuPool;
  gangs: Gang<M>[];
  /** Runs one member on its GPUs; the GPUs go back to the pool when it settles. */
  start: (member: M, gpus: number[], gang: Gang<M>) => Promise<void>;
  /** Called once, at the first failure: the members still running are to stop. */
  stopAll: () => void;
  /** True for the error a member throws because it was told to stop (not the failure itself). */
  isStop: (error: unknown) => boolean;
  signal?: AbortSignal;
}

/** Resolves when every gang has run; rejects with the first failure once every member still running has stopped. */
export async function runPacked<M extends Member>(options: PackOptions<M>): Promise<void> {
  const {pool} = options;
  const pending = [...options.gangs];
  const running = new Set<Promise<void>>();
  const errors: unknown[] = [];
  let exclusiveRunning = false;
  let wake: () => void = () => {};

  const launch = (gang: Gang<M>): boolean => {
    const taken: number[][] = [];
    for (const member of gang.members) {
      const gpus = pool.take(member.count, member.pinned);
      if (!gpus) {
        for (const back of taken) pool.give(back);
        return false;
      }
      taken.push(gpus);
    }
    if (gang.exclusive) exclusiveRunning = true;
    let left = gang.members.length;
    gang.members.forEach((member, i) => {
      const gpus = taken[i];
      const task: Promise<void> = options
        .start(member, gpus, gang)
        .catch((error: unknown) => {
          if (!errors.length) options.stopAll();
          errors.push(error);
        })
        .finally(() => {
          pool.give(gpus);
          running.delete(task);
          if (--left === 0 && gang.exclusive) exclusiveRunning = false;
          wake();
        });
      running.add(task);
    });
    return true;
  };

  while (pending.length || running.size) {
    if (!errors.length && !options.signal?.aborted && !exclusiveRunning)
      for (let i = 0; i < pending.length; i++) {
        const gang = pending[i];
        // An exclusive gang starts on an empty host, and nothing behind it starts before it.
        if (gang.exclusive && running.size) break;
        if (launch(gang)) {
          pending.splice(i--, 1);
          if (gang.exclusive) break;
        }
      }
    if (!running.size) {
      if (errors.length || options.signal?.aborted) break;
      if (pending.length)
        throw new Error(
          `cannot place ${pending[0].members.map((m) => `${m.count} GPU(s)`).join(" + ")} on this host's ${pool.gpus.length} GPUs`
        );
      break;
    }
    await new Promise<void>((resolve) => (wake = resolve));
  }
  if (errors.length) throw errors.find((error) => !options.isStop(error)) ?? errors[0];
}
