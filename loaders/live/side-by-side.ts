// What runs side by side on one host share: which benchmarks overlapped in time (each run records the others), and
// the meeting point of an interference pair, whose two copies start each benchmark together.

/** Benchmarks in flight on this host; each remembers every other one it overlapped with. */
export class HostActivity {
  private readonly active = new Map<string, Set<string>>();

  begin(run: string): void {
    for (const seen of this.active.values()) seen.add(run);
    this.active.set(run, new Set(this.active.keys()));
  }

  /** The runs whose benchmarks overlapped this one's, sorted. */
  end(run: string): string[] {
    const seen = this.active.get(run);
    this.active.delete(run);
    return [...(seen ?? [])].sort();
  }
}

/** Two copies of one configuration: each copy's run of a slot (scenario, load, repeat) waits for the other copy's,
 * so both benchmarks run at the same time; a copy without that slot (done already, or gone) waits for nothing. */
export class PairMeeting {
  private readonly waiting = new Map<string, {side: 0 | 1; go: () => void}>();
  private readonly gone: [boolean, boolean] = [false, false];

  constructor(private readonly slots: [Set<string>, Set<string>]) {}

  /** Resolves once the other copy reaches the same slot (or never will); an abort resolves it too. */
  arrive(side: 0 | 1, slot: string, signal?: AbortSignal): Promise<void> {
    const other = (1 - side) as 0 | 1;
    const partner = this.waiting.get(slot);
    if (partner && partner.side === other) {
      this.waiting.delete(slot);
      partner.go();
      return Promise.resolve();
    }
    if (this.gone[other] || !this.slots[other].has(slot) || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const go = (): void => {
        signal?.removeEventListener("abort", go);
        if (this.waiting.get(slot)?.go === go) this.waiting.delete(slot);
        resolve();
      };
      signal?.addEventListener("abort", go, {once: true});
      this.waiting.set(slot, {side, go});
    });
  }

  /** A copy that ends (its runs done, its server failed) releases the other from waiting for it. */
  leave(side: 0 | 1): void {
    this.gone[side] = true;
    for (const [slot, entry] of [...this.waiting])
      if (entry.side !== side) {
        this.waiting.delete(slot);
        entry.go();
      }
  }
}
