// What the pages show for a study with repeats: gains with intervals, the repeats note, each repeat a chart point
// with the mean's interval; and for the seed (single runs) the note that no interval can be computed.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {compile} from "vega-lite";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {stepPages} from "../../loaders/pages/step.js";
import type {StepPage} from "../../loaders/pages/step.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {formatGain, formatInterval, repeatsNote} from "../../src/components/intervals.js";
import {stepChartSpec} from "../../src/components/stepChart.js";
import {meanText} from "../../src/components/stepTable.js";
import {exactRepeats, writeRepeatStudy} from "../support/repeat-study.js";

let root: string;
let page: StepPage;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-repeat-pages-"));
  const dir = join(root, "study");
  const base = exactRepeats("base", 2250, 67.5, 5);
  writeRepeatStudy(dir, {base, tuned: base.map((v) => +(v + 270).toFixed(2))});
  const {report, rows} = await loadStudy(dir, root);
  page = [...stepPages(report, rows)][0];
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("gains with intervals", () => {
  it("formats a gain and its interval, and a single run's gain alone", () => {
    const interval = {low: 15.21, high: 22.34, confidence: 0.95};
    expect(formatGain(18.673, interval)).toBe("+18.7% [+15.2, +22.3]");
    expect(formatInterval({low: -2.95, high: 3.71, confidence: 0.95})).toBe("[−3.0, +3.7]");
    expect(formatGain(18.673, null)).toBe("+18.7%");
  });

  it("the note: single runs have no interval; repeats have theirs", async () => {
    const seed = await loadStudy("data/studies/qwen3-32b-a100");
    expect(seed.report.study.repeats).toEqual({min: 1, max: 1});
    expect(repeatsNote(seed.report.study, "en")).toMatch(/^Each point ran once: no interval can be computed/);
    expect(page.study.repeats).toEqual({min: 5, max: 5});
    expect(repeatsNote(page.study, "en")).toMatch(/^Each figure is the mean of 5 repeats; intervals are 95% Student-t/);
    expect(repeatsNote(page.study, "tr")).toMatch(/^Her değer 5 tekrarın ortalamasıdır/);
  });

  it("a step's standing: mean, interval and n", () => {
    const tuned = page.step.standings.short[0];
    expect(tuned.runs).toEqual([
      "engine--tuned--short",
      "engine--tuned--short--r2",
      "engine--tuned--short--r3",
      "engine--tuned--short--r4",
      "engine--tuned--short--r5"
    ]);
    // 2520 ± t(0.975, 4) × 67.5 / √5 = 2520 ± 83.81
    expect(meanText(tuned)).toMatch(/^2520\.00 \[243[56]\.\d\d, 260[34]\.\d\d\] \(n = 5\)$/);
    expect(page.step.candidates.find((c) => c.id === "tuned")!.runs).toEqual(tuned.runs);
  });
});

describe("the step chart with repeats", () => {
  it("draws each repeat as a point and each mean's interval, and compiles", () => {
    const spec = stepChartSpec(
      page.step,
      page.rows,
      {study: page.study, steps: page.steps},
      {lang: "en", root: "../", width: 900}
    );
    const objective = (spec as {hconcat: {layer: {mark: {type: string} | string; data?: {values: unknown[]}}[]}[]})
      .hconcat[0];
    const marks = objective.layer.map((l) => (typeof l.mark === "string" ? l.mark : l.mark.type));
    expect(marks).toContain("errorbar");
    const points = objective.layer.find((l) => typeof l.mark !== "string" && l.mark.type === "point")!;
    expect(points.data!.values).toHaveLength(10);
    expect(() => compile(spec)).not.toThrow();
  });

  it("draws no repeat layers for single runs", async () => {
    const seed = await loadStudy("data/studies/qwen3-32b-a100");
    const seedPage = [...stepPages(seed.report, seed.rows)][0];
    const spec = stepChartSpec(
      seedPage.step,
      seedPage.rows,
      {study: seedPage.study, steps: seedPage.steps},
      {lang: "en", root: "../", width: 900}
    );
    const objective = (spec as {hconcat: {layer: {mark: {type: string} | string}[]}[]}).hconcat[0];
    expect(objective.layer.map((l) => (typeof l.mark === "string" ? l.mark : l.mark.type))).not.toContain("errorbar");
  });
});
