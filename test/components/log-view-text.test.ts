// A run page's log lines are written as text (logView), not built as one DOM element per line: the page must read as
// the DOM-built lines did, byte for byte, for every log of the shipped studies, and a chart's SVG is its own text.
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {join} from "node:path";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {runDetail, type RunDetail} from "../../loaders/runs/run-detail.js";
import {lineId, logView, metricLines} from "../../src/components/runDetail.js";
import {textElement} from "../../src/components/table.js";
import {chartSvg, vegaChart, chartsDrawn} from "../../src/components/vegaChart.js";
import {appendRawHtml} from "../../src/components/rawHtml.js";
import {keepRawHtmlAsText, toHtml} from "../../src/render/dom.js";

// The lines as the DOM built them before (one span per line): the oracle.
function domLines(detail: RunDetail, index: number): string {
  const log = detail.logs[index];
  const figureLines = new Map([...metricLines(detail)].map(([metric, line]) => [line, metric]));
  const isSource = log.file === detail.row.source_file && detail.block != null;
  const [first, last] = isSource && detail.block ? detail.block.lines : [0, -1];
  const pre = document.createElement("pre");
  const text = log.text.endsWith("\n") ? log.text.slice(0, -1) : log.text;
  text.split("\n").forEach((content, i) => {
    const n = i + 1;
    const line = document.createElement("span");
    line.id = lineId(index, n);
    const classes = ["log-line"];
    if (n >= first && n <= last) classes.push("in-block");
    if (isSource && figureLines.has(n)) {
      classes.push("figure-line");
      line.dataset.metric = figureLines.get(n);
    }
    line.className = classes.join(" ");
    line.append(textElement("span", String(n), "line-number"), document.createTextNode(content + "\n"));
    pre.append(line);
  });
  return pre.outerHTML;
}

const STUDIES = ["data/studies/qwen3-32b-a100", "data/studies/h200-ladder", "data/studies/h200-live-ladder"];

// As the build's renderer runs (src/render/main.ts).
keepRawHtmlAsText();

describe("log lines written as text", () => {
  it("equal the DOM-built lines for every log of the shipped studies", async () => {
    let logs = 0;
    for (const study of STUDIES)
      for (const run of listRunDirs(join(study, "runs"))) {
        const detail = await runDetail(study, run);
        const pres = toHtml(logView(detail, {lang: "en", root: "../"})).match(/<pre>[\s\S]*?<\/pre>/g) ?? [];
        expect(pres).toHaveLength(detail.logs.length);
        pres.forEach((pre, index) => expect(pre).toBe(domLines(detail, index)));
        logs += pres.length;
      }
    expect(logs).toBeGreaterThan(100);
  });

  it("escape markup, ampersands and no-break spaces in a line as the DOM does", () => {
    const text = 'a <b> & "c"\u00a0d';
    const detail = {
      logs: [{file: "bench.log", text}],
      row: {source_file: "other"},
      block: null,
      metrics: {}
    } as unknown as RunDetail;
    expect(toHtml(logView(detail, {lang: "en", root: "../"}))).toContain(
      '<span class="log-line" id="log-0-L1"><span class="line-number">1</span>a &lt;b&gt; &amp; "c"&#160;d\n</span>'
    );
  });
});

describe("raw HTML in the build", () => {
  it("puts a chart's SVG into its figure as vega drew it", async () => {
    const spec = {
      data: {values: [{x: 1, y: 2}]},
      mark: "point",
      encoding: {x: {field: "x", type: "quantitative"}, y: {field: "y", type: "quantitative"}}
    } as const;
    const figure = await vegaChart(spec, {name: "one-point", lang: "en"});
    await chartsDrawn();
    expect(toHtml(figure)).toBe(`<figure data-chart="one-point" class="vega-chart">${await chartSvg(spec)}</figure>`);
  });

  it("is written once: a second write of the same element is an error, not a silent empty block", () => {
    const div = document.createElement("div");
    appendRawHtml(div, "<b>x</b>");
    expect(toHtml(div)).toBe("<div><b>x</b></div>");
    expect(() => toHtml(div)).toThrow(/written already/);
  });
});
