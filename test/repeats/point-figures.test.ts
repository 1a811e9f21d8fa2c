// Issue 28, defects 2–3: a point's figure is the mean over its successful repeats on every page. The scan walks the page
// data of a repeats study (and the figures the components draw from it) for any number that only one repeat has.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {homePage} from "../../loaders/pages/home.js";
import {stepPages} from "../../loaders/pages/step.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {ROW_COLUMNS} from "../../loaders/runs/rows.js";
import {columnRows} from "../../src/components/columnRows.js";
import {headroomChartSpec} from "../../src/components/headroomChart.js";
import {headroomHeadline, headroomRuns} from "../../src/components/headroomRuns.js";
import {stepChartSpec} from "../../src/components/stepChart.js";
import {tradeoffData} from "../../src/components/tradeoffChart.js";
import {REPEAT_TPS, repeatTpot, writeRepeatsFixture} from "../support/repeats-fixture.js";

let root: string;
let report: Report;
let rows: RunRow[];
const en = {lang: "en" as const, root: "./"};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-point-figures-"));
  const dir = join(root, "study");
  writeRepeatsFixture(dir);
  ({report, rows} = await loadStudy(dir, process.cwd()));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

const IDENTITY = new Set<string>(ROW_COLUMNS);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Every metric value of a single repeat that differs from its point's mean over the successful repeats. */
function singleRepeatFigures(): Map<number, string> {
  const byPoint = new Map<string, RunRow[]>();
  for (const r of rows) {
    const key = `${r.step}--${r.candidate}--${r.scenario}`;
    byPoint.set(key, [...(byPoint.get(key) ?? []), r]);
  }
  const single = new Map<number, string>();
  for (const [key, group] of byPoint) {
    const ok = group.filter((r) => r.status === "ok");
    if (ok.length < 2) continue;
    for (const metric of Object.keys(ok[0])) {
      if (IDENTITY.has(metric)) continue;
      const values = ok.map((r) => r[metric]).filter((v): v is number => typeof v === "number");
      if (values.length < 2) continue;
      const m = mean(values);
      for (const [i, v] of values.entries())
        // Small whole numbers (counts, flags) say nothing about where a figure came from.
        if (Math.abs(v - m) > 1e-6 * Math.abs(m) && !(Number.isInteger(v) && v < 10))
          single.set(v, `${key} repeat ${i + 1} ${metric}`);
    }
  }
  return single;
}

// A scenario's settings are the plan's numbers, not measured ones; labelAt places a chart's label past its repeats.
const PLAN_SETTINGS = new Set(["input_len", "output_len", "num_prompts", "seed", "labelAt"]);

/** Paths of the numbers in `data` that only one repeat has; a chart's own layer of repeat points is skipped. */
function scan(data: unknown, single: Map<number, string>, path = ""): string[] {
  if (typeof data === "number") return single.has(data) ? [`${path} = ${data} (${single.get(data)})`] : [];
  if (Array.isArray(data)) return data.flatMap((v, i) => scan(v, single, `${path}[${i}]`));
  if (data && typeof data === "object") {
    const mark = (data as {mark?: {type?: string}}).mark;
    if (mark && typeof mark === "object" && mark.type === "point") return [];
    return Object.entries(data).flatMap(([k, v]) => (PLAN_SETTINGS.has(k) ? [] : scan(v, single, `${path}.${k}`)));
  }
  return [];
}

describe("a repeats study's pages show each point's mean", () => {
  it("the fixture's repeat-1 figures differ from the means (else the scan proves nothing)", () => {
    const single = singleRepeatFigures();
    expect(single.get(3427)).toBe("max-batch-tokens--t8192--chat repeat 1 total_token_throughput");
    expect(single.get(repeatTpot(3427))).toBe("max-batch-tokens--t8192--chat repeat 1 mean_tpot_ms");
  });

  it("no page's data holds a single repeat's figure where a point's figure is shown", () => {
    const single = singleRepeatFigures();
    const found: string[] = [];
    const home = homePage(report, rows);
    found.push(...scan(home, single, "home"));
    found.push(...scan(headroomHeadline(home, home.rows), single, "home shares"));
    const summary = summaryPage(report, rows);
    found.push(...scan(summary, single, "summary"));
    found.push(...scan(tradeoffData(columnRows(summary.columns), summary, en), single, "summary pareto"));
    const headroom = headroomPage(report, rows);
    const {repeats: _repeats, ...headroomPoints} = headroom as typeof headroom & {repeats?: unknown};
    found.push(...scan(headroomPoints, single, "headroom"));
    for (const s of headroom.headroom!.scenarios) {
      const runs = headroomRuns(columnRows(headroom.columns), headroom, s.scenario, en);
      found.push(
        ...scan(headroomChartSpec(s, runs, headroom, {...en, width: 900}), single, `headroom chart ${s.scenario}`)
      );
    }
    for (const page of stepPages(report, rows)) {
      // The step table lists every repeat: its rows are the one place a single repeat's figures belong.
      const {rows: _perRepeat, ...pointData} = page;
      found.push(...scan(pointData, single, `step ${page.step.id}`));
      found.push(
        ...scan(stepChartSpec(page.step, page.rows, page, {...en, width: 900}), single, `chart ${page.step.id}`)
      );
    }
    expect(found).toEqual([]);
  });

  it("the step chart's TPOT panel shows the mean TPOT of the point (the issue's 161.82 against 117.32)", () => {
    const page = [...stepPages(report, rows)][0];
    const spec = stepChartSpec(page.step, page.rows, page, {...en, width: 900}) as unknown as {
      hconcat?: {data: {values: {candidate: string; scenario: string; tpot: number}[]}}[];
      vconcat?: {data: {values: {candidate: string; scenario: string; tpot: number}[]}}[];
    };
    const panels = spec.hconcat ?? spec.vconcat!;
    const t8192 = panels[1].data.values.find((v) => v.candidate === "8192 tokens" && v.scenario === "Chat")!;
    // 550000 / 3427, / 5855, / 5697 → 160.49, 93.94, 96.54: mean 116.99
    expect(repeatTpot(3427)).toBe(160.49);
    expect(t8192.tpot).toBeCloseTo(mean(REPEAT_TPS["max-batch-tokens--t8192--chat"].map((v) => repeatTpot(v!))), 6);
  });

  it("/headroom draws one bar per point at its mean, its repeats as points, never a stack", () => {
    const headroom = headroomPage(report, rows);
    const chat = headroom.headroom!.scenarios.find((s) => s.scenario === "chat")!;
    const runs = headroomRuns(columnRows(headroom.columns), headroom, "chat", en);
    const spec = headroomChartSpec(chat, runs, headroom, {...en, width: 900}) as unknown as {
      data: {values: {label: string; value: number}[]};
      layer: {mark?: {type: string}; data?: {values: {label: string; value: number}[]}}[];
    };
    const bars = spec.data.values;
    expect(new Set(bars.map((b) => b.label)).size).toBe(bars.length);
    const t8192 = bars.find((b) => b.label === "8192 tokens")!;
    expect(t8192.value).toBeCloseTo((3427 + 5855 + 5697) / 3, 1);
    const dots = spec.layer.find((l) => l.mark?.type === "point")!.data!.values;
    expect(dots.filter((d) => d.label === "8192 tokens").map((d) => d.value)).toEqual([3427, 5855, 5697]);
  });
});
