// Page data (loaders/pages): each page's file holds only what it shows, and the components draw the same from it as
// from the whole report and runs table.
import {beforeAll, describe, expect, it} from "vitest";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {homePage} from "../../loaders/pages/home.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {stepPages} from "../../loaders/pages/step.js";
import {studyPage} from "../../loaders/pages/study.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {columnRows} from "../../src/components/columnRows.js";
import {beforeAfterSpec, changeChartSpec} from "../../src/components/headlineCharts.js";
import {headlineSummary, recommendationOrigin} from "../../src/components/headlineSummary.js";
import {headroomHeadline, headroomRuns} from "../../src/components/headroomRuns.js";
import {headroomUnavailableText} from "../../src/components/headroomText.js";
import {stepChartSpec} from "../../src/components/stepChart.js";
import {tradeoffData, tradeoffSpec} from "../../src/components/tradeoffChart.js";
import {candidateLabel, verdictText} from "../../src/components/verdict.js";

let report: Report;
let rows: RunRow[];
const contexts = [
  {lang: "en" as const, root: "./", width: 640},
  {lang: "tr" as const, root: "../", width: 900}
];

beforeAll(async () => {
  ({report, rows} = await loadStudy("data/studies/qwen3-32b-a100"));
});

describe("home page data", () => {
  it("holds the headline's runs only, with their status and share of the ceiling", () => {
    const home = homePage(report, rows);
    const headlineRuns = new Set(report.headline.flatMap((h) => [h.baseline_run, h.recommended_run]));
    expect(headlineRuns.size).toBe(10);
    expect(new Set(home.rows.map((r) => r.run))).toEqual(headlineRuns);
    for (const row of home.rows) expect(Object.keys(row)).toEqual(["run", "status", "ceiling_ratio"]);
    expect(Object.keys(home)).not.toContain("steps");
    expect(JSON.stringify(home).length).toBeLessThan(JSON.stringify(report).length / 1.5);
  });

  it("names where the recommendation comes from, in both languages", () => {
    const home = homePage(report, rows);
    expect(recommendationOrigin(home, "en")).toEqual({
      lastStep: "Max tokens per batch (TensorRT-LLM)",
      wonIn: "Engine selection",
      winnerCommand: "trtllm-serve Qwen/Qwen3-32B",
      adapted: true
    });
    expect(recommendationOrigin(home, "tr").wonIn).toBe(report.steps[0].title.tr);
  });

  it("gives the headline sentences, charts and shares of the ceiling the whole report gives", () => {
    const home = homePage(report, rows);
    for (const context of contexts) {
      expect(headlineSummary(home, context.lang)).toBe(headlineSummary(report, context.lang));
      expect(changeChartSpec(home.headline, home, context)).toEqual(changeChartSpec(report.headline, report, context));
      expect(beforeAfterSpec(home.headline, home, context)).toEqual(beforeAfterSpec(report.headline, report, context));
    }
    expect(headroomHeadline(home, home.rows)).toEqual(headroomHeadline(report, rows));
    expect(headroomHeadline(home, home.rows)[0]).toMatchObject({scenario: "sharegpt", baselineRun: expect.any(String)});
  });
});

describe("step page data", () => {
  it("holds each step's own runs and the metrics they printed, and nothing of the other steps' runs", () => {
    const pages = [...stepPages(report, rows)];
    expect(pages.map((p) => p.step.id)).toEqual([
      "engine-selection",
      "quantization",
      "max-num-tokens",
      "other-scenarios"
    ]);
    for (const page of pages) {
      const own = rows.filter((r) => r.step === page.step.id).map((r) => r.run);
      expect(page.rows.map((r) => r.run)).toEqual(own);
      for (const row of page.rows) expect(Object.keys(row)).toEqual(["run", "status", ...page.metrics]);
    }
    const quantization = pages[1];
    expect(quantization.rows).toHaveLength(4);
    expect(quantization.metrics.slice(0, 3)).toEqual(["completed", "duration", "total_input_tokens"]);
    expect(quantization.metrics).toContain("mean_tpot_ms");
    expect(quantization.metrics).not.toContain("ceiling_tps");
    const failed = quantization.rows.find((r) => r.run === "quantization--trtllm-awq--sharegpt")!;
    expect(failed.status).toBe("failed");
    expect(failed.total_token_throughput).toBeNull();
  });

  it("names the step the best configuration so far comes from, with that candidate only", () => {
    const quantization = [...stepPages(report, rows)][1];
    expect(quantization.step.verdict.incumbent).toMatchObject({step: "engine-selection", candidate: "trtllm"});
    expect(quantization.steps.map((s) => s.id)).toEqual(["quantization", "engine-selection"]);
    expect(quantization.steps[1].candidates).toEqual([{id: "trtllm", label: "TensorRT-LLM"}]);
  });

  it("states the same verdict and draws the same chart as the whole report", () => {
    for (const page of stepPages(report, rows))
      for (const context of contexts) {
        expect(verdictText(page.step, page, context.lang)).toBe(verdictText(page.step, report, context.lang));
        expect(stepChartSpec(page.step, page.rows, page, context)).toEqual(
          stepChartSpec(page.step, rows, report, context)
        );
      }
  });
});

describe("summary, runs and headroom page data", () => {
  it("puts the same runs on the trade-off plane as the whole runs table", () => {
    const summary = summaryPage(report, rows);
    const points = columnRows(summary.columns);
    expect(points).toHaveLength(15);
    for (const context of contexts) {
      expect(tradeoffData(points, summary, context)).toEqual(tradeoffData(rows, report, context));
      expect(tradeoffSpec(points, summary, context)).toEqual(tradeoffSpec(rows, report, context));
    }
  });

  it("names on the summary the candidates each verdict names", () => {
    const summary = summaryPage(report, rows);
    for (const step of summary.steps) {
      const {incumbent, best} = step.verdict;
      if (incumbent)
        expect(candidateLabel(summary, incumbent.step, incumbent.candidate)).toBe(
          candidateLabel(report, incumbent.step, incumbent.candidate)
        );
      if (best)
        expect(candidateLabel(summary, step.id, best.candidate)).toBe(candidateLabel(report, step.id, best.candidate));
    }
    expect(summary.steps[0].candidates.map((c) => c.label)).toEqual(["vLLM", "TensorRT-LLM"]);
    expect(summary.steps[3].candidates).toEqual([]);
  });

  it("sends the all-runs table every run with the table's columns only", () => {
    const page = runsPage(report, rows);
    const runs = columnRows(page.columns);
    expect(runs.map((r) => r.run)).toEqual(rows.map((r) => r.run));
    expect(Object.keys(page.columns)).toEqual([
      "run",
      "status",
      "step",
      "label",
      "scenario",
      "error",
      "total_token_throughput",
      "mean_tpot_ms"
    ]);
    expect(runs.filter((r) => r.status !== "ok").map((r) => r.error)).toEqual([
      "KeyError: 'weight'",
      expect.any(String)
    ]);
    for (const context of contexts)
      expect(tradeoffSpec(runs, page, context)).toEqual(tradeoffSpec(rows, report, context));
  });

  it("lists every scenario's runs against the ceiling as the whole report does", () => {
    const page = headroomPage(report, rows);
    const runs = columnRows(page.columns);
    expect(runs).toHaveLength(17);
    // Only the failed runs' candidates are named: they are listed in plan order.
    expect(page.steps.flatMap((s) => s.candidates.map((c) => c.id))).toEqual(["trtllm-fp8", "trtllm-awq"]);
    for (const scenario of report.headroom!.scenarios)
      for (const context of contexts)
        expect(headroomRuns(runs, page, scenario.scenario, context)).toEqual(
          headroomRuns(rows, report, scenario.scenario, context)
        );
    expect(headroomHeadline(page, runs)).toEqual(headroomHeadline(report, rows));
    expect(headroomUnavailableText(page, "en")).toBe(headroomUnavailableText(report, "en"));
  });
});

describe("setup, quality and notes page data", () => {
  it("groups every run under its scenario's benchmark command, each run once", () => {
    const setup = setupPage(report, rows);
    expect(setup.bench_commands.flatMap((g) => g.runs).sort()).toEqual(rows.map((r) => r.run).sort());
    for (const group of setup.bench_commands)
      for (const run of group.runs) {
        const row = rows.find((r) => r.run === run)!;
        expect([row.scenario, row.bench_command]).toEqual([group.scenario, group.command]);
      }
    expect([...new Set(setup.bench_commands.map((g) => g.scenario))]).toEqual(report.study.scenarios.map((s) => s.id));
    expect(setup.bench_commands.map((g) => g.runs.length)).toEqual([5, 2, 2, 2, 2, 2, 2]);
    expect(setup.steps.flatMap((s) => s.candidates)).toHaveLength(11);
    expect(setup.steps[0].candidates[0]).toEqual({
      id: report.steps[0].candidates[0].id,
      label: report.steps[0].candidates[0].label,
      server_command: report.steps[0].candidates[0].server_command
    });
  });

  it("keeps for the quality page the claims, the findings and which findings' runs have a page", () => {
    const quality = qualityPage(report, rows);
    expect(quality.claims).toEqual(report.claims);
    expect(quality.findings).toEqual(report.findings);
    const archived = new Set(rows.map((r) => r.run));
    expect(quality.archived_runs).toEqual(
      [...new Set(report.findings.flatMap((f) => (f.run && archived.has(f.run) ? [f.run] : [])))].sort(
        (a, b) => rows.findIndex((r) => r.run === a) - rows.findIndex((r) => r.run === b)
      )
    );
  });

  it("gives the notes page the study's facts only", () => {
    expect(studyPage(report)).toEqual({study: report.study});
    expect(studyPage(report).study.notes.length).toBeGreaterThan(0);
  });
});
