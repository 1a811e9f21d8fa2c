// Arrival times per event-loop turn: every socket read handled in one poll phase was ready when the poll returned,
// so all get the time of the first read, not a time pushed later by the client's own processing of the others.

export function turnClock(now: () => number): () => number {
  let stamp: number | null = null;
  const clear = (): void => {
    stamp = null;
  };
  return () => {
    if (stamp === null) {
      stamp = now();
      // Check phase runs right after this poll phase: the next turn's reads get a fresh time.
      setImmediate(clear);
    }
    return stamp;
  };
}
