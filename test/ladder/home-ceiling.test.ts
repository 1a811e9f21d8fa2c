// The home page's "how close to the limit" of a ladder study: each side's share is that of the point that decided the
// verdict, against the headroom model's ceiling at that point's concurrency (not the scenario's flood ceiling).
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {scenarioCeiling} from "../../loaders/headroom/ceiling.js";
import {readGpuTable, resolveGpu} from "../../loaders/headroom/gpus.js";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {homePage, type HomePage} from "../../loaders/pages/home.js";
import {headroomHeadline} from "../../src/components/headroomRuns.js";
import {headroomHeadlineTable} from "../../src/components/headroomTables.js";
import {writeLadderStudy} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-home-ceiling-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

let home: HomePage;
beforeAll(async () => {
  const dir = join(root, "ladder");
  writeLadderStudy(dir, {ttft: 2000, tpot: 30});
  const {report, rows} = await loadStudy(dir);
  home = JSON.parse(JSON.stringify(homePage(report, rows))) as HomePage;
});

// The queueing model by hand: p99 TPOT = 1.25 · (d + e·c) with its upper bound over the 3 repeats (± 1 %) within
// 30 ms decides. Defaults (20 + 0.25c): c8 gives 27.5 ms (bound 28.2), c16 gives 30 (bound above 30), so c8 wins:
// 8 · 1200 tok / (340 + 199 · 22) ms = 2034.76 tok/s. Small batches (12 + 0.5c): c16 gives 25 ms (bound 25.6), c32
// gives 35: 16 · 1200 / (1020 + 199 · 20) ms = 3840 tok/s.
const BASE = (8 * 1200) / ((340 + 199 * 22) / 1000);
const ALPHA = (16 * 1200) / ((1020 + 199 * 20) / 1000);
const ceilingAt = (c: number) =>
  scenarioCeiling(
    readModelConfig("qwen3-8b"),
    resolveGpu(readGpuTable(), "h200-sxm"),
    {numPrompts: Math.max(100, 2 * c), inputLen: 1000, outputLen: 200},
    {concurrency: c}
  ).ceilingTps;

describe("the home page's share of the ceiling on a ladder study", () => {
  it("sets each deciding point against the ceiling at its own concurrency", () => {
    expect(BASE).toBeCloseTo(2034.76, 2);
    expect(ALPHA).toBe(3840);
    const [chat] = headroomHeadline(home, home.rows);
    expect(chat.scenario).toBe("chat");
    expect(chat.ladder).toMatchObject({load_kind: "concurrency", baselineLoad: 8, recommendedLoad: 16});
    expect(chat.ladder!.baselineCeiling).toBeCloseTo(ceilingAt(8), 6);
    expect(chat.ladder!.recommendedCeiling).toBeCloseTo(ceilingAt(16), 6);
    expect(chat.baselineRatio).toBeCloseTo(BASE / ceilingAt(8), 9);
    expect(chat.recommendedRatio).toBeCloseTo(ALPHA / ceilingAt(16), 9);
    // The scenario's ceiling (its flood figure) is not the one these shares are of.
    expect(chat.ladder!.baselineCeiling).not.toBeCloseTo(home.headroom!.scenarios[0].ceiling_tps, 0);
  });

  it("the table names each side's load and the ceiling its share is of", () => {
    const table = headroomHeadlineTable(home, home.rows, {lang: "en", root: "./"});
    const head = [...table.querySelectorAll("thead tr:last-child th")].map((th) => th.textContent);
    expect(head).toEqual([
      "Scenario",
      "Load",
      "Hard ceiling at that load (tok/s)",
      "Share",
      "Load",
      "Hard ceiling at that load (tok/s)",
      "Share",
      "Throughput change"
    ]);
    const cells = [...table.querySelectorAll("tbody tr:first-child > *")].map((c) => c.textContent);
    const share = (v: number) => `${(v * 100).toFixed(1)}%`;
    expect(cells).toEqual([
      "Chat",
      "concurrency 8",
      ceilingAt(8).toFixed(2),
      share(BASE / ceilingAt(8)),
      "concurrency 16",
      ceilingAt(16).toFixed(2),
      share(ALPHA / ceilingAt(16)),
      `+${((ALPHA / BASE - 1) * 100).toFixed(1)}%`
    ]);
  });
});
