// The Headroom page's table of runs against their ceilings. On the H200 ladder (a real GPU run: one engine, each
// candidate at eight loads) it was 1,145 px wide in a 912 px column: its Candidate cells repeated the Load column
// ("4096 batch tokens · c128" beside "c128"), an Engine column said "transformers continuous batching
// (gpu_engine_server.py)" on every row, and a Step column "Batch-token budget" on every row.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {columnRows} from "../../src/components/columnRows.js";
import {headroomRuns} from "../../src/components/headroomRuns.js";
import {headroomColumns, headroomRunsTable} from "../../src/components/headroomTables.js";
import {headroomChartSpec} from "../../src/components/headroomChart.js";

async function table(dir: string, scenario: string, lang: "en" | "tr" = "en") {
  const study = await loadStudy(dir);
  const page = headroomPage(study.report, study.rows);
  const context = {lang, root: lang === "en" ? "./" : "../"};
  const rows = columnRows(page.columns);
  const element = headroomRunsTable(headroomRuns(rows, page, scenario, context), context, "t", headroomColumns(rows));
  const headers = [...element.querySelectorAll("thead th")].map((th) => th.textContent);
  const first = [...element.querySelectorAll("tbody tr")[0].querySelectorAll("td, th")].map((td) => td.textContent);
  const cells = [...element.querySelectorAll("tbody tr")].map((tr) =>
    [...tr.querySelectorAll("td, th")].map((td) => td.textContent)
  );
  const scenarioHeadroom = page.headroom!.scenarios.find((s) => s.scenario === scenario)!;
  const chart = headroomChartSpec(scenarioHeadroom, headroomRuns(rows, page, scenario, context), page, {
    ...context,
    width: 900
  }) as unknown as {data: {values: {shareText: string}[]}};
  const shares = chart.data.values.map((v) => v.shareText);
  return {headers, first, cells, element, shares};
}

describe("the runs-against-ceilings table", () => {
  it("a ladder of one engine and one step: each candidate named once, its load in the Load column, no Engine or Step column", async () => {
    const {headers, first} = await table("data/studies/h200-ladder", "chat");
    expect(headers.slice(0, 3)).toEqual(["Candidate", "Load", "Role"]);
    expect(first.slice(0, 2)).toEqual(["4096 batch tokens", "c128"]);
  });

  it("the seed, whose runs span steps and engines, keeps both columns in every table, one step's too", async () => {
    const {headers, first} = await table("data/studies/qwen3-32b-a100", "short");
    expect(headers.slice(0, 4)).toEqual(["Candidate", "Step", "Engine", "Role"]);
    expect(first.slice(1, 3)).toEqual(["Other scenarios", "TensorRT-LLM"]);
  });

  it("the seed, whose runs span three engines, keeps its Engine column", async () => {
    const {headers, first} = await table("data/studies/qwen3-32b-a100", "sharegpt");
    expect(headers.slice(0, 4)).toEqual(["Candidate", "Step", "Engine", "Role"]);
    expect(first.slice(0, 4)).toEqual(["TensorRT-LLM", "Engine selection", "TensorRT-LLM", "Recommended"]);
  });

  it("lists the loads a candidate has no figures for in the ladder's order", async () => {
    // The live ladder's search left out c8 to c128: they read c128, c16, c32, c64, c8 (their run ids' order).
    const {cells} = await table("data/studies/h200-live-ladder", "search");
    const left = cells.filter((row) => row[6] === "not run").map((row) => row[2]);
    expect(left).toEqual(["c8", "c16", "c32", "c64", "c128"]);
  });

  it("says a load the goodput search left out is not run, in the table and the chart, not failed", async () => {
    // The live ladder's search ran c1 to c4 and left c8 to c128 out (run.json: not run, with the search's reason):
    // the table's Measured / ceiling cell and the chart said "failed" / "✕ failed", in red.
    for (const lang of ["en", "tr"] as const) {
      const {cells, element, shares} = await table("data/studies/h200-live-ladder", "search", lang);
      const left = cells.filter((row) => ["c8", "c16", "c32", "c64", "c128"].includes(row[2]));
      expect(left.map((row) => row[6])).toEqual(Array(5).fill(lang === "en" ? "not run" : "koşulmadı"));
      expect(element.querySelectorAll("tbody tr.failed")).toHaveLength(0);
      expect(element.querySelectorAll("tbody tr.not-run")).toHaveLength(5);
      expect(shares.slice(-5)).toEqual(Array(5).fill(lang === "en" ? "not run" : "koşulmadı"));
    }
  });
});
