// The trade-off plane's Pareto front: runs that no run of the same scenario beats on throughput and latency at once.

export interface TradeoffPoint {
  scenario: string;
  /** Higher is better. */
  throughput: number;
  /** Lower is better. */
  latency: number;
}

function dominates(a: TradeoffPoint, b: TradeoffPoint): boolean {
  return (
    a.throughput >= b.throughput && a.latency <= b.latency && (a.throughput > b.throughput || a.latency < b.latency)
  );
}

/** The points on their scenario's Pareto front. */
export function paretoFront<T extends TradeoffPoint>(points: readonly T[]): Set<T> {
  return new Set(points.filter((p) => !points.some((q) => q.scenario === p.scenario && dominates(q, p))));
}
