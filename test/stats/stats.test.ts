// Student-t quantiles against published values (scipy.stats.t.ppf), summaries computed by hand, Welch against
// scipy.stats.ttest_ind(equal_var=False), and the interval's coverage over simulated studies.
import {describe, expect, it} from "vitest";
import {summarize, tCritical} from "../../loaders/stats/summary.js";
import {incompleteBeta, tCdf, tQuantile} from "../../loaders/stats/t-distribution.js";
import {welch} from "../../loaders/stats/welch.js";
import {Prng} from "../support/synth/prng.js";

describe("Student's t distribution", () => {
  it("quantiles equal the tables", () => {
    expect(tQuantile(0.975, 4)).toBeCloseTo(2.776445105, 8);
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262157163, 8);
    expect(tQuantile(0.995, 1)).toBeCloseTo(63.65674116, 6);
    expect(tQuantile(0.95, 30)).toBeCloseTo(1.697260887, 8);
    // Fractional degrees of freedom, as Welch's test produces.
    expect(tQuantile(0.975, 5.882352941176471)).toBeCloseTo(2.45882371, 8);
    expect(tQuantile(0.9, 2.5)).toBeCloseTo(1.730250929, 8);
    expect(tQuantile(0.025, 4)).toBeCloseTo(-2.776445105, 8);
    // Many degrees of freedom: the normal quantile.
    expect(tQuantile(0.975, 1e7)).toBeCloseTo(1.959964, 5);
  });

  it("CDF and incomplete beta", () => {
    expect(tCdf(1.5, 3.7)).toBeCloseTo(0.8932009154, 9);
    expect(tCdf(0, 3)).toBe(0.5);
    // I_x(1, 1) = x; I_x(2, 1) = x².
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.3, 2, 1)).toBeCloseTo(0.09, 12);
  });

  it("rejects what has no quantile", () => {
    expect(() => tQuantile(1, 4)).toThrow(/0 < p < 1/);
    expect(() => tQuantile(0.9, 0)).toThrow(/df > 0/);
  });
});

describe("summaries", () => {
  it("1, 2, 3, 4, 5 at 95 %", () => {
    const s = summarize([1, 2, 3, 4, 5], 0.95)!;
    // mean 3; std √(10/4) = 1.58113883; se = std/√5 = 0.70710678; t(0.975, 4) = 2.77644511.
    expect(s.n).toBe(5);
    expect(s.mean).toBe(3);
    expect(s.std).toBeCloseTo(1.58113883, 8);
    expect(s.se).toBeCloseTo(0.70710678, 8);
    expect(s.cv).toBeCloseTo(0.52704628, 8);
    expect([s.min, s.max]).toEqual([1, 5]);
    expect(s.t_critical).toBeCloseTo(2.77644511, 8);
    expect(s.ci_low).toBeCloseTo(3 - 2.77644511 * 0.70710678, 7);
    expect(s.ci_high).toBeCloseTo(3 + 2.77644511 * 0.70710678, 7);
  });

  it("the issue's four runs, 2,195 to 2,349 tok/s, at 90 %", () => {
    const s = summarize([2195, 2349, 2260, 2301], 0.9)!;
    // mean 2276.25; deviations −81.25, 72.75, −16.25, 24.75: squares sum 12770.75, std √(12770.75/3) = 65.2451.
    expect(s.mean).toBe(2276.25);
    expect(s.std).toBeCloseTo(65.24505, 4);
    expect(s.t_critical).toBeCloseTo(2.353363435, 8);
    expect(s.ci_low).toBeCloseTo(2276.25 - 2.353363435 * (65.24505 / 2), 3);
  });

  it("a single value has a mean and nothing else", () => {
    expect(summarize([2054.21], 0.95)).toEqual({
      n: 1,
      mean: 2054.21,
      std: null,
      min: 2054.21,
      max: 2054.21,
      cv: null,
      se: null,
      ci_low: null,
      ci_high: null,
      t_critical: null
    });
    expect(summarize([], 0.95)).toBeNull();
  });
});

describe("Welch's t-test", () => {
  it("equals scipy's interval of the difference", () => {
    const before = summarize([1, 2, 3, 4, 5], 0.95)!;
    const after = summarize([2, 4, 6, 8, 10], 0.95)!;
    const c = welch(before, after, 0.95)!;
    expect(c.df).toBeCloseTo(5.882352941, 8);
    expect(c.low).toBeCloseTo(-0.887741644, 8);
    expect(c.high).toBeCloseTo(6.887741644, 8);
    expect(c.significant).toBe(false);
    expect(c.gain_percent).toBeCloseTo(100, 10);
    expect(c.gain_low).toBeCloseTo((-0.887741644 / 3) * 100, 6);
  });

  it("needs two values on each side", () => {
    expect(welch(summarize([1], 0.95)!, summarize([2, 3], 0.95)!, 0.95)).toBeNull();
  });
});

describe("coverage over 2,000 simulated studies", () => {
  const coverage = (draw: (rng: Prng) => number, trueMean: number, n: number, seed: string, confidence = 0.95) => {
    const rng = new Prng(seed);
    let covered = 0;
    const studies = 2000;
    for (let i = 0; i < studies; i++) {
      const s = summarize(
        Array.from({length: n}, () => draw(rng)),
        confidence
      )!;
      if (s.ci_low! <= trueMean && trueMean <= s.ci_high!) covered++;
    }
    return covered / studies;
  };

  it("normal noise, 3 % of 2,250 tok/s, 5 repeats: the 95 % interval covers the true mean 93–97 % of the time", () => {
    const c = coverage((rng) => 2250 + 67.5 * rng.normal(), 2250, 5, "coverage-normal-5");
    expect(c).toBeGreaterThanOrEqual(0.93);
    expect(c).toBeLessThanOrEqual(0.97);
  });

  it("normal noise, 3 repeats", () => {
    const c = coverage((rng) => 2250 + 67.5 * rng.normal(), 2250, 3, "coverage-normal-3");
    expect(c).toBeGreaterThanOrEqual(0.93);
    expect(c).toBeLessThanOrEqual(0.97);
  });

  it("log-normal noise (skewed), 10 repeats", () => {
    const sigma = 0.05;
    const c = coverage((rng) => rng.lognormal(2250, sigma), 2250 * Math.exp(sigma ** 2 / 2), 10, "coverage-lognormal");
    expect(c).toBeGreaterThanOrEqual(0.93);
    expect(c).toBeLessThanOrEqual(0.97);
  });

  it("a 90 % interval covers about 90 %", () => {
    const c = coverage((rng) => 100 + 5 * rng.normal(), 100, 5, "coverage-90", 0.9);
    expect(c).toBeGreaterThanOrEqual(0.88);
    expect(c).toBeLessThanOrEqual(0.92);
  });
});

it("tCritical is the two-sided value", () => {
  expect(tCritical(0.95, 4)).toBeCloseTo(2.776445105, 8);
});
