// The geometric-mean gain's interval, against a computation written out by hand, and the decisions it gives.
import {describe, expect, it} from "vitest";
import {geometricGain} from "../../loaders/stats/geometric-gain.js";
import {summarize} from "../../loaders/stats/summary.js";

const s = (mean: number, std: number, n: number) => ({
  n,
  mean,
  std,
  min: mean,
  max: mean,
  cv: std / mean,
  se: std / Math.sqrt(n),
  ci_low: null,
  ci_high: null,
  t_critical: null
});

describe("geometricGain", () => {
  it("two scenarios, 5 repeats a side: delta-method variance and Welch–Satterthwaite df by hand", () => {
    // Scenario 1: 1000 (sd 30) → 1100 (sd 33); scenario 2: 2000 (sd 60) → 2100 (sd 63): every cv is 3 %.
    const g = geometricGain(
      [
        {before: s(1000, 30, 5), after: s(1100, 33, 5)},
        {before: s(2000, 60, 5), after: s(2100, 63, 5)}
      ],
      0.95
    )!;
    const logMean = (Math.log(1.1) + Math.log(1.05)) / 2;
    // Each side's term (0.03)² / 5 = 0.00018; four equal terms of df 4 give df = 16; se = √(4 × 0.00018) / 2.
    const se = Math.sqrt(4 * 0.00018) / 2;
    expect(g.df).toBeCloseTo(16, 12);
    // scipy.stats.t.ppf(0.975, 16)
    expect(g.t_critical).toBeCloseTo(2.1199052992212546, 9);
    expect(g.gain_percent).toBeCloseTo((Math.exp(logMean) - 1) * 100, 12);
    expect(g.gain_low).toBeCloseTo((Math.exp(logMean - 2.1199052992212546 * se) - 1) * 100, 9);
    expect(g.gain_high).toBeCloseTo((Math.exp(logMean + 2.1199052992212546 * se) - 1) * 100, 9);
  });

  it("a single run on any side: no interval", () => {
    expect(geometricGain([{before: s(1000, 30, 5), after: {...s(1100, 0, 1), std: null}}], 0.95)).toBeNull();
    expect(geometricGain([{before: null, after: s(1100, 33, 5)}], 0.95)).toBeNull();
  });

  it("0.4 % better on both scenarios with 3 % noise and 5 repeats is within noise; 12 % better is significant", () => {
    const noisy = (mean: number) =>
      summarize(
        [0.97, 1.03, 1.0, 0.985, 1.015].map((f) => mean * f),
        0.95
      )!;
    const small = geometricGain(
      [
        {before: noisy(1000), after: noisy(1004)},
        {before: noisy(2000), after: noisy(2008)}
      ],
      0.95
    )!;
    expect(small.gain_percent).toBeCloseTo(0.4, 9);
    expect(small.gain_low).toBeLessThan(0);
    const large = geometricGain(
      [
        {before: noisy(1000), after: noisy(1120)},
        {before: noisy(2000), after: noisy(2240)}
      ],
      0.95
    )!;
    expect(large.gain_percent).toBeCloseTo(12, 9);
    expect(large.gain_low).toBeGreaterThan(0);
  });
});
