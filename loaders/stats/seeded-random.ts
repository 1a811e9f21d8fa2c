// Seeded uniform numbers (mulberry32), so a search with the same seed and the same results picks the same configurations.

export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = (seed ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller). */
export function normalDraw(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** `count` distinct indexes below `n`, in the order drawn. */
export function sampleIndexes(n: number, count: number, random: Random): number[] {
  const order = Array.from({length: n}, (_, i) => i);
  const k = Math.min(count, n);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, k);
}
