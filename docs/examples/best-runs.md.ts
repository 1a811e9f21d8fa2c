// A page drawn at build time: Framework's page loader runs this file and the Markdown it prints is the page. The
// analysis is in this one file, the study comes from the library and the chart and table from the site's
// components, so the page shows everything with scripts off. Copy it to src/best-runs.md.ts to add it to the site
// (it loads the study once per build: keep such pages few on a large study).
import "./render/dom.js";
import {studyForLoader} from "../loaders/live/for-loader.js";
import {runPageLayout} from "../loaders/pages/run-pages.js";
import {formatFixed} from "./components/format.js";
import {link, runHref} from "./components/links.js";
import {metricTitle} from "./components/metricLabels.js";
import * as runSets from "./components/runSets.js";
import {dataTable} from "./components/table.js";
import {chartSvg} from "./components/vegaChart.js";
import {toHtml} from "./render/dom.js";

const study = await studyForLoader();
const objective = study.plan.objective;
const context = {lang: "en" as const, root: "./"};
const sets = runPageLayout(
  study.rows.map((row) => row.run),
  runSets
).sets;

// Each scenario's successful run with the highest objective.
const best = study.plan.scenarios.flatMap((scenario) => {
  const runs = study.rows.filter((row) => row.scenario === scenario.id && typeof row[objective] === "number");
  const top = runs.filter((row) => row.status === "ok").sort((a, b) => +b[objective]! - +a[objective]!)[0];
  return top
    ? [{scenario: scenario.name.en, run: top.run, label: top.label, value: +top[objective]!, runs: runs.length}]
    : [];
});

const chart = await chartSvg({
  width: 560,
  height: {step: 28},
  data: {values: best},
  mark: {type: "bar", tooltip: true},
  encoding: {
    y: {field: "scenario", type: "nominal", sort: null, title: null},
    x: {field: "value", type: "quantitative", title: metricTitle(objective, "en")},
    description: {field: "label"}
  }
});
const table = dataTable(best, [
  {label: "Scenario", value: (d) => d.scenario},
  {label: "Best run", value: (d) => link(runHref(d.run, context, sets), d.label)},
  {label: metricTitle(objective, "en"), numeric: true, value: (d) => formatFixed(d.value)},
  {label: "Runs", numeric: true, value: (d) => String(d.runs)}
]);

process.stdout.write(`---
title: Best run per scenario
toc: false
---

# Best run per scenario

Of the runs of each scenario, the one with the highest ${metricTitle(objective, "en").toLowerCase()}, drawn when the
site was built.

<figure class="vega-chart">${chart}</figure>

${toHtml(table)}
`);
