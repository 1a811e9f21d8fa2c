// Results two studies hold figure for figure: two measurements never agree to the last printed digit, so such a pair
// is one result in two studies. GPUStack's Qwen3-8B on 910B prints five result blocks of its Qwen3-30B-A3B page, and
// nothing said so: each study's check only found its own table at odds with those blocks.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {sharedResults} from "../../loaders/analysis/shared-results.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";

const root = mkdtempSync(join(tmpdir(), "tps-shared-results-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

let seed: StudyData;
let page: StudyData;
beforeAll(async () => {
  importWriteup("test/fixtures/writeups/qwen3-32b--a100.md", join(root, "page"), new Date("2026-03-01T00:00:00Z"));
  [seed, page] = await Promise.all([loadStudy("data/studies/qwen3-32b-a100"), loadStudy(join(root, "page"))]);
});

describe("results shared by studies", () => {
  // The seed is the Turkish text of the same page: its 15 result blocks are the English page's.
  it("pairs every result of the seed with its own page's, run by run", () => {
    const shared = sharedResults([
      {id: "seed", rows: seed.rows},
      {id: "page", rows: page.rows}
    ]);
    expect(shared).toHaveLength(15);
    for (const group of shared) expect(group.map((r) => r.study)).toEqual(["seed", "page"]);
    expect(shared.map((group) => group.map((r) => r.run))).toContainEqual([
      "engine-selection--sglang--sharegpt",
      "choosing-the-inference-engine--sglang--sharegpt"
    ]);
    expect(shared.map((group) => group.map((r) => r.run))).toContainEqual([
      "other-scenarios--recommended--very-long",
      "other-benchmark-cases--optimized--very-long-prompt"
    ]);
  });

  it("a result differing in one printed figure, one study alone, or a failed run: none shared", () => {
    const sglang = seed.rows.find((r) => r.run === "engine-selection--sglang--sharegpt")!;
    const other = {...sglang, run: "x", mean_ttft_ms: (sglang.mean_ttft_ms as number) + 0.01};
    expect(
      sharedResults([
        {id: "a", rows: [sglang]},
        {id: "b", rows: [other]}
      ])
    ).toEqual([]);
    // A page that prints one run in two steps holds one result twice: that is no finding.
    expect(sharedResults([{id: "a", rows: [sglang, {...sglang, run: "y"}]}])).toEqual([]);
    const failed = seed.rows.filter((r) => r.status !== "ok");
    expect(failed.length).toBeGreaterThan(0);
    expect(
      sharedResults([
        {id: "a", rows: failed},
        {id: "b", rows: failed}
      ])
    ).toEqual([]);
  });
});
