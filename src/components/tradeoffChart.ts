// The trade-off plane: every run's objective against its mean TPOT, each scenario's Pareto front joined by a line.
import type {TopLevelSpec} from "vega-lite";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {TradeoffRow} from "../../loaders/pages/summary.js";
import {formatFixed, shortLoad} from "./format.js";
import {fill, t} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {metricTitle} from "./metricLabels.js";
import {paretoFront} from "./pareto.js";
import {dataTable} from "./table.js";
import {scenarioName} from "./verdict.js";

type TradeoffStudy = {study: Pick<StudyInfo, "scenarios" | "objective">};

export interface TradeoffChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

export interface TradeoffDatum {
  run: string;
  /** Position of the scenario in the study plan. */
  scenarioOrder: number;
  scenario: string;
  throughput: number;
  latency: number;
  label: string;
  front: boolean;
  frontText: string;
  throughputText: string;
  latencyText: string;
  href: string;
}

/** Runs that have both numbers, marked on or off their scenario's front. */
export function tradeoffData(
  rows: readonly TradeoffRow[],
  report: TradeoffStudy,
  options: PageContext
): TradeoffDatum[] {
  const objective = report.study.objective;
  const points = rows.flatMap((row) => {
    const throughput = row[objective];
    const latency = row.mean_tpot_ms;
    if (row.status !== "ok" || typeof throughput !== "number" || typeof latency !== "number") return [];
    return [{row, scenario: row.scenario, throughput, latency}];
  });
  const front = paretoFront(points);
  return points.map((p) => ({
    run: p.row.run,
    scenarioOrder: report.study.scenarios.findIndex((s) => s.id === p.scenario),
    scenario: scenarioName(report, p.scenario, options.lang),
    throughput: p.throughput,
    latency: p.latency,
    label: typeof p.row.load === "number" ? `${p.row.label} · ${shortLoad(p.row.load_kind, p.row.load)}` : p.row.label,
    front: front.has(p),
    frontText: front.has(p) ? t("onFront", options.lang) : t("dominated", options.lang),
    throughputText: formatFixed(p.throughput),
    latencyText: formatFixed(p.latency),
    href: runHref(p.row.run, options)
  }));
}

/** Points a static chart draws at most: past this an SVG of every run outweighs the page (BENCHMARKS.md). */
export const MAX_TRADEOFF_POINTS = 1000;

/** Every run on a front, and an even sample of the others (by scenario and throughput) up to the cap. */
export function drawnTradeoffPoints(values: readonly TradeoffDatum[], cap = MAX_TRADEOFF_POINTS): TradeoffDatum[] {
  if (values.length <= cap) return [...values];
  const front = values.filter((v) => v.front);
  const rest = values
    .filter((v) => !v.front)
    .sort((a, b) => a.scenarioOrder - b.scenarioOrder || a.throughput - b.throughput || a.run.localeCompare(b.run));
  const room = Math.max(0, cap - front.length);
  const sample = Array.from(
    {length: Math.min(room, rest.length)},
    (_, i) => rest[Math.floor((i * rest.length) / room)]
  );
  return [...front, ...sample];
}

export function tradeoffSpec(
  rows: readonly TradeoffRow[],
  report: TradeoffStudy,
  options: TradeoffChartOptions
): TopLevelSpec {
  const {lang, width} = options;
  const all = tradeoffData(rows, report, options);
  const values = drawnTradeoffPoints(all);
  const sampled =
    values.length < all.length ? fill("tradeoffSampled", lang, {drawn: values.length, all: all.length}) : null;
  const scenarios = report.study.scenarios.map((s) => scenarioName(report, s.id, lang));
  const objectiveTitle = metricTitle(report.study.objective, lang);
  const tpotTitle = t("chartTpot", lang);
  const x = {
    field: "latency",
    type: "quantitative" as const,
    title: `${tpotTitle} — log`,
    scale: {type: "log" as const, nice: false, padding: 16},
    axis: {format: "~s"}
  };
  const y = {
    field: "throughput",
    type: "quantitative" as const,
    title: objectiveTitle,
    // No padding below the lowest point: padded, the axis ran to −1000 tok/s, a throughput no run can have.
    scale: {zero: false, nice: true},
    axis: {format: "d"}
  };
  const color = {field: "scenario", type: "nominal" as const, sort: scenarios, title: t("scenario", lang)};
  const shown: [title: string, field: keyof TradeoffDatum][] = [
    [t("candidate", lang), "label"],
    [t("scenario", lang), "scenario"],
    [objectiveTitle, "throughputText"],
    [metricTitle("mean_tpot_ms", lang), "latencyText"],
    [t("paretoFront", lang), "frontText"]
  ];
  // The static chart's hover text: Vega-Lite's default repeats the axes, the scenario and the link for every point.
  const description = shown
    .map(([title, field]) => `${JSON.stringify(`${title}: `)} + datum.${field}`)
    .join(" + '; ' + ");
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    // The y axis and its title take about 80 px to the left of the plot.
    width: Math.max(200, width - 90),
    height: Math.round(Math.min(440, Math.max(280, width * 0.45))),
    ...(sampled ? {title: {text: "", subtitle: sampled}} : {}),
    data: {values},
    encoding: {x, y, color},
    layer: [
      {
        transform: [{filter: "datum.front"}],
        mark: {type: "line", strokeWidth: 1.5, strokeDash: [4, 3], opacity: 0.8},
        encoding: {order: {field: "latency"}, detail: {field: "scenario"}}
      },
      {
        transform: [{calculate: description, as: "description"}],
        mark: {type: "point", size: 90, strokeWidth: 2, cursor: "pointer"},
        encoding: {
          fill: {
            condition: {test: "datum.front", field: "scenario", type: "nominal", sort: scenarios},
            value: "transparent"
          },
          href: {field: "href"},
          description: {field: "description", type: "nominal"},
          tooltip: shown.map(([title, field]) => ({field, type: "nominal" as const, title}))
        }
      }
    ]
  };
}

/** The runs on each scenario's front, as a table that names them: the chart only shows them as points. */
export function paretoTable(rows: readonly TradeoffRow[], report: TradeoffStudy, context: PageContext): HTMLElement {
  const {lang} = context;
  const front = tradeoffData(rows, report, context)
    .filter((d) => d.front)
    .sort((a, b) => a.scenarioOrder - b.scenarioOrder || b.throughput - a.throughput);
  return dataTable(front, [
    {label: t("scenario", lang), value: (d) => d.scenario},
    {label: t("candidate", lang), value: (d) => link(d.href, d.label)},
    {label: metricTitle(report.study.objective, lang), numeric: true, value: (d) => d.throughputText},
    {label: metricTitle("mean_tpot_ms", lang), numeric: true, value: (d) => d.latencyText}
  ]);
}
