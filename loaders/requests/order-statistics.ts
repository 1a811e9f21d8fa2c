// Exact order statistics of a large list in two linear passes: count values into fine buckets, then sort only the
// few buckets that hold a wanted rank.

const BUCKETS = 4096;

/** The values at the given ranks (0-based, as in a sorted copy); `min` and `max` are the list's extremes. */
export function orderStatistics(values: Float64Array, ranks: number[], min: number, max: number): number[] {
  const n = values.length;
  if (n <= BUCKETS || min === max) {
    const sorted = Float64Array.from(values).sort();
    return ranks.map((r) => sorted[r]);
  }
  const scale = (BUCKETS - 1) / (max - min);
  const counts = new Int32Array(BUCKETS);
  for (let i = 0; i < n; i++) counts[((values[i] - min) * scale) | 0]++;
  const starts = new Int32Array(BUCKETS + 1);
  for (let b = 0; b < BUCKETS; b++) starts[b + 1] = starts[b] + counts[b];
  const slotOf = new Int16Array(BUCKETS).fill(-1);
  const slots: {bucket: number; values: Float64Array; fill: number}[] = [];
  const bucketOf = (rank: number) => {
    let lo = 0;
    let hi = BUCKETS - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (starts[mid] <= rank) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const buckets = ranks.map(bucketOf);
  for (const b of buckets)
    if (slotOf[b] < 0) {
      slotOf[b] = slots.length;
      slots.push({bucket: b, values: new Float64Array(counts[b]), fill: 0});
    }
  for (let i = 0; i < n; i++) {
    const x = values[i];
    const s = slotOf[((x - min) * scale) | 0];
    if (s >= 0) {
      const slot = slots[s];
      slot.values[slot.fill++] = x;
    }
  }
  for (const slot of slots) slot.values.sort();
  return ranks.map((r, k) => slots[slotOf[buckets[k]]].values[r - starts[buckets[k]]]);
}
