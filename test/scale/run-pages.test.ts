// Run pages above the per-run limit: which set each run's page is, the same in the build and in the browser.
import {afterEach, describe, expect, it} from "vitest";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {runHref} from "../../src/components/links.js";
import * as runSets from "../../src/components/runSets.js";
const {runSetCount, runSetOf} = runSets;

describe("runSetOf", () => {
  it("is FNV-1a of the run id modulo the set count", () => {
    // FNV-1a("a") is 0xe40c292c (the algorithm's published test vector) = 3826002220 = 7 × 546571745 + 5.
    expect(runSetOf("a", 7)).toBe(5);
    expect(runSetOf("a", 0xe40c292c + 1)).toBe(0xe40c292c);
    // The empty string hashes to the offset basis 0x811c9dc5 = 2166136261 = 3 × 722045420 + 1.
    expect(runSetOf("", 3)).toBe(1);
  });

  it("spreads 17,000 run ids over 170 sets of about 100", () => {
    const ids = Array.from({length: 17_000}, (_, i) => `step-${i % 94}--candidate-${i % 60}--scenario-${i}`);
    const sizes = new Array(170).fill(0);
    for (const id of ids) sizes[runSetOf(id, 170)]++;
    expect(Math.min(...sizes)).toBeGreaterThan(60);
    expect(Math.max(...sizes)).toBeLessThan(140);
  });
});

describe("runSetCount", () => {
  it("gives every run its own page up to the limit, then one set per 100 runs", () => {
    expect(runSetCount(17)).toBe(0);
    expect(runSetCount(500)).toBe(0);
    expect(runSetCount(501)).toBe(6);
    expect(runSetCount(1700)).toBe(17);
    expect(runSetCount(17_000)).toBe(170);
    expect(runSetCount(17, 5, 6)).toBe(3);
  });
});

describe("runPageLayout", () => {
  afterEach(() => {
    delete process.env.TPS_REPORT_RUN_PAGE_LIMIT;
    delete process.env.TPS_REPORT_RUNS_PER_SET;
  });

  it("puts each run in the set its id hashes to, keeping the given order", () => {
    process.env.TPS_REPORT_RUN_PAGE_LIMIT = "2";
    process.env.TPS_REPORT_RUNS_PER_SET = "2";
    const runs = ["a", "b", "c", "d", "e"];
    const layout = runPageLayout(runs, runSets);
    expect(layout.sets).toBe(3);
    expect(layout.members.flat().sort()).toEqual(runs);
    layout.members.forEach((members, set) => {
      for (const run of members) expect(runSetOf(run, 3)).toBe(set);
      expect(members).toEqual(runs.filter((run) => members.includes(run)));
    });
  });

  it("has no sets below the limit", () => {
    expect(runPageLayout(["a", "b"], runSets)).toEqual({sets: 0, members: []});
  });

  it("names the variable when a limit is not a positive integer", () => {
    process.env.TPS_REPORT_RUN_PAGE_LIMIT = "ten";
    expect(() => runPageLayout(["a"], runSets)).toThrow(
      'TPS_REPORT_RUN_PAGE_LIMIT must be a positive integer, not "ten"'
    );
  });
});

describe("runHref", () => {
  it("links a run's own page, or its set's page with the run as fragment", () => {
    expect(runHref("engine-selection--vllm--sharegpt", {lang: "en", root: "../"})).toBe(
      "../runs/engine-selection--vllm--sharegpt"
    );
    expect(runHref("engine-selection--vllm--sharegpt", {lang: "tr", root: "../../"}, 3)).toBe(
      "../../tr/runs/set/1#engine-selection--vllm--sharegpt"
    );
  });
});
