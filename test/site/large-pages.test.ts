// What a page of a large study carries: a chart draws every run on a front and an even sample of the rest, and a long
// table its first rows with where the rest are, so a 17,000-run study's pages stay light.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {pagedTable} from "../../src/components/table.js";
import {drawnTradeoffPoints, type TradeoffDatum} from "../../src/components/tradeoffChart.js";
import {chartSvg} from "../../src/components/vegaChart.js";

const datum = (run: string, front: boolean, throughput: number, scenarioOrder = 0): TradeoffDatum => ({
  run,
  scenarioOrder,
  scenario: `s${scenarioOrder}`,
  throughput,
  latency: 10,
  label: run,
  front,
  frontText: "",
  throughputText: "",
  latencyText: "",
  href: ""
});

describe("the trade-off chart of a large study", () => {
  it("draws every run while they fit under the cap", () => {
    const values = [datum("a", true, 5), datum("b", false, 3)];
    expect(drawnTradeoffPoints(values, 2)).toEqual(values);
  });

  it("above it, draws every front run and an even sample of the others by scenario and throughput", () => {
    // Rest sorted: d(1), e(2), c(3), f(4), g(5) in scenario 0, h(1) in scenario 1; room 6 − 2 = 4 → indices 0, 1, 3, 4.
    const values = [
      datum("a", true, 9),
      datum("c", false, 3),
      datum("b", true, 8),
      datum("d", false, 1),
      datum("e", false, 2),
      datum("f", false, 4),
      datum("g", false, 5),
      datum("h", false, 1, 1)
    ];
    expect(drawnTradeoffPoints(values, 6).map((v) => v.run)).toEqual(["a", "b", "d", "e", "f", "g"]);
  });
});

describe("a long table above the rows a page carries", () => {
  it("shows its first rows, how many there are, and where the rest are", () => {
    const rows = Array.from({length: 2500}, (_, i) => i);
    const rest = document.createElement("a");
    rest.textContent = "runs.csv";
    const table = pagedTable(rows, [{label: "n", value: (i) => String(i)}], {lang: "en", id: "t", maxRows: 2000, rest});
    expect(table.querySelectorAll("tbody tr")).toHaveLength(2000);
    expect(table.querySelector(".table-rest")?.textContent).toBe("Rows 1–2000 of 2500. runs.csv");
    expect(table.querySelector("tbody tr:last-child th")?.textContent).toBe("1999");
  });

  it("pages every row in the HTML up to that limit", () => {
    const rows = Array.from({length: 1203}, (_, i) => i);
    const table = pagedTable(rows, [{label: "n", value: (i) => String(i)}], {lang: "en", id: "t"});
    expect(
      [...table.querySelectorAll(".table-page")].map((p) => [p.id, p.querySelectorAll("tbody tr").length])
    ).toEqual([
      ["t-p1", 500],
      ["t-p2", 500],
      ["t-p3", 203]
    ]);
  });
});

describe("a drawn point's position", () => {
  it("carries two decimals (a hundredth of a pixel), not the scale's sixteen digits", async () => {
    // x = 1/3 of a 100 px axis = 33.333…; y = 100 − 33.333… = 66.666… (SVG's y grows downwards).
    const svg = await chartSvg({
      width: 100,
      height: 100,
      data: {values: [{x: 1, y: 1}]},
      mark: "point",
      encoding: {
        x: {field: "x", type: "quantitative", scale: {domain: [0, 3], nice: false, zero: false}},
        y: {field: "y", type: "quantitative", scale: {domain: [0, 3], nice: false, zero: false}}
      }
    });
    // The point, which has no hover text, is left out of the accessibility tree (describedMarks); its place is rounded.
    expect(svg).toContain(
      '<g class="mark-symbol role-mark marks" aria-hidden="true"><path transform="translate(33.33,66.67)"'
    );
  });
});
