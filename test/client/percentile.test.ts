import {describe, expect, it} from "vitest";
import {mean, median, percentile, std} from "../../loaders/client/percentile.js";

// Expected values are numpy 2.4 results (np.percentile default 'linear', np.std ddof=0), checked by hand where short.
describe("numpy-compatible statistics", () => {
  it("interpolates percentiles linearly between order statistics", () => {
    // index (4-1)*0.25 = 0.75 → 1 + 0.75*(2-1)
    expect(percentile([1, 2, 3, 4], 25)).toBe(1.75);
    // index 2.97 → 3 + 0.97*(4-3); numpy prints 3.9699999999999998
    expect(percentile([4, 3, 2, 1], 99)).toBe(3.9699999999999998);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99)).toBe(9.91);
    expect(percentile([0.5, 0.1, 0.3], 50)).toBe(0.3);
    expect(percentile([10, 20], 33.3)).toBe(13.33);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(percentile([3, 1, 2], 100)).toBe(3);
  });

  it("matches numpy's mean, std and median", () => {
    expect(mean([1, 2, 3, 4])).toBe(2.5);
    expect(std([1, 2, 3, 4])).toBe(1.118033988749895);
    expect(median([5, 1, 3, 2])).toBe(2.5);
    expect(median([5, 1, 3])).toBe(3);
  });

  it("sums pairwise like numpy, so long vectors agree to the last bit", () => {
    // 0.1 * 1000 by naive left-to-right summation is 99.9999999999986; numpy's pairwise sum gives 100.00000000000001
    const tenths = new Array(1000).fill(0.1);
    expect(mean(tenths) * 1000).toBe(100.00000000000001);
  });

  it("treats an empty list as vLLM's `x or 0`", () => {
    expect(mean([])).toBe(0);
    expect(std([])).toBe(0);
    expect(median([])).toBe(0);
    expect(percentile([], 99)).toBe(0);
  });

  it("rejects percentiles outside [0, 100]", () => {
    expect(() => percentile([1], 101)).toThrow(/\[0, 100\]/);
  });
});
