// Which of the host's GPUs are free, and which a server of n GPUs gets: a block aligned to n where one is free (GPUs
// 0–3 or 4–7 for four, as NVLink pairs and PCIe switches group them), else n side by side, else the lowest free.
export class GpuPool {
  private readonly busy = new Set<number>();

  /** `gpus`: the host's GPU indices in nvidia-smi's order. */
  constructor(readonly gpus: readonly number[]) {}

  free(): number[] {
    return this.gpus.filter((gpu) => !this.busy.has(gpu));
  }

  /** n GPUs (or exactly `pinned`), marked busy; null when they are not free now. */
  take(n: number, pinned: readonly number[] | null = null): number[] | null {
    const picked = pinned ? this.pinned(pinned) : this.pick(n);
    if (picked) for (const gpu of picked) this.busy.add(gpu);
    return picked;
  }

  give(gpus: readonly number[]): void {
    for (const gpu of gpus) this.busy.delete(gpu);
  }

  private pinned(pinned: readonly number[]): number[] | null {
    return pinned.every((gpu) => this.gpus.includes(gpu) && !this.busy.has(gpu)) ? [...pinned] : null;
  }

  private pick(n: number): number[] | null {
    const free = (at: number): boolean => !this.busy.has(this.gpus[at]);
    const block = (start: number): number[] | null => {
      if (start + n > this.gpus.length) return null;
      for (let at = start; at < start + n; at++) if (!free(at)) return null;
      return this.gpus.slice(start, start + n);
    };
    for (let start = 0; start + n <= this.gpus.length; start += n) {
      const aligned = block(start);
      if (aligned) return aligned;
    }
    for (let start = 0; start + n <= this.gpus.length; start++) {
      const side = block(start);
      if (side) return side;
    }
    const any = this.free();
    return any.length >= n ? any.slice(0, n) : null;
  }
}
