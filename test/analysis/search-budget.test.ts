// What a search may still spend: the runs or seconds left after the start, less the re-measuring's share.
import {describe, expect, it} from "vitest";
import {halvingStart, searchRunsLeft} from "../../loaders/analysis/tuner.js";
import {syntheticSpace} from "../support/search-simulation.js";

describe("the search's budget", () => {
  const space = syntheticSpace(24); // start 7, top 2, 3 repeats, one run per configuration

  it("in runs: 24 − 7 started − 6 for the 3 leaders' repeats = 11; 13 where the greedy path is not among them", () => {
    expect(searchRunsLeft(space, {runs: 24}, {runs: 7, seconds: 0})).toBe(11);
    expect(searchRunsLeft(space, {runs: 24}, {runs: 7, seconds: 0}, false)).toBe(13);
  });

  it("in seconds: what is left at the mean seconds per run so far, less the leaders' repeats", () => {
    // 200 s for 10 runs: 20 s a run; 800 s left pay 40 runs, 6 of them kept for the repeats.
    expect(searchRunsLeft(space, {seconds: 1000}, {runs: 10, seconds: 200})).toBe(34);
    // 90 s a run: 100 s left pay 1.1 runs, less the 6 kept: nothing.
    expect(searchRunsLeft(space, {seconds: 1000}, {runs: 10, seconds: 900})).toBe(-5);
  });

  it("successive halving's start: the most configurations whose rounds fit the runs", () => {
    // 9 + 5 + 3 + 2 + 1 = 20 ≤ 20; 10 + 5 + 3 + 2 + 1 = 21 > 20.
    expect(halvingStart(20)).toBe(9);
    expect(halvingStart(18)).toBe(8);
  });
});
