// The headline's charts: each scenario's change against the baseline, and the values before and after.
import type {TopLevelSpec} from "vega-lite";
import type {Field} from "vega-lite/types_unstable/channeldef.js";
import type {LayerSpec} from "vega-lite/types_unstable/spec/layer.js";
import type {HeadlineRow} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {HomePage} from "../../loaders/pages/home.js";
import {axisNames, legendLines, nameBand, namesLabel} from "./chartLabels.js";
import {arrangePanels, paddedMax, panelLayout} from "./chartLayout.js";
import {formatFixed, formatPercent} from "./format.js";
import {t, type Lang} from "./i18n.js";
import {runHref, type PageContext} from "./links.js";
import {metricTitle} from "./metricLabels.js";
import {scenarioName} from "./verdict.js";
import {changeKind} from "./intervals.js";
import {changeColors} from "./vegaChart.js";

export interface HeadlineChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

/** The scenario axis: none on a panel beside another, else each scenario's name over the lines it needs. */
function scenarioAxis(names: ReadonlyMap<string, string[]>, hidden: boolean) {
  if (hidden) return {axis: null};
  const named = namesLabel(names);
  return named.labelExpr ? {axis: named} : {};
}

interface ChangeDatum {
  scenario: string;
  change: number | null;
  text: string;
  direction: string;
  href: string;
}

/** Whether a change is better or worse for the reader: throughput up is better, latency up is worse. */
function direction(change: number | null, higherIsBetter: boolean, lang: Lang): string {
  if (change == null || change === 0) return "";
  return change > 0 === higherIsBetter ? t("better", lang) : t("worse", lang);
}

function changePanel(
  values: ChangeDatum[],
  title: string,
  scenarios: string[],
  width: number,
  hideY: boolean,
  options: HeadlineChartOptions
): LayerSpec<Field> {
  const colors = changeColors(options.dark ?? false);
  const changes = values.map((v) => v.change).filter((c): c is number => c != null);
  const low = Math.min(0, ...changes);
  const high = Math.max(0, ...changes);
  const pad = Math.max(high - low, 1) * 0.28;
  const names = axisNames(scenarios);
  const y = {field: "scenario", type: "nominal" as const, sort: scenarios, title: null, ...scenarioAxis(names, hideY)};
  return {
    title,
    width,
    height: {step: nameBand(names, 30)},
    data: {values},
    encoding: {y},
    layer: [
      {
        mark: {type: "bar", cornerRadiusEnd: 2, cursor: "pointer"},
        encoding: {
          x: {
            field: "change",
            type: "quantitative",
            title: null,
            scale: {domain: [low < 0 ? low - pad : 0, high > 0 ? high + pad : 0]},
            axis: {format: "+d", labelExpr: "datum.label + '%'"}
          },
          color: {
            field: "direction",
            type: "nominal",
            scale: {
              domain: [t("better", options.lang), t("worse", options.lang), t("withinNoise", options.lang)],
              range: [colors.better, colors.worse, colors.neutral]
            },
            legend: {title: null}
          },
          href: {field: "href"},
          tooltip: [
            {field: "scenario", type: "nominal", title: t("scenario", options.lang)},
            {field: "text", type: "nominal", title}
          ]
        }
      },
      {
        mark: {type: "rule", color: colors.neutral},
        encoding: {x: {datum: 0, type: "quantitative"}}
      },
      {
        transform: [{filter: "datum.change >= 0"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11, fontWeight: "bold"},
        encoding: {x: {field: "change", type: "quantitative"}, text: {field: "text"}}
      },
      {
        transform: [{filter: "datum.change < 0"}],
        mark: {type: "text", align: "right", dx: -4, fontSize: 11, fontWeight: "bold"},
        encoding: {x: {field: "change", type: "quantitative"}, text: {field: "text"}}
      }
    ]
  };
}

/** Throughput change and mean TPOT change per scenario, side by side, so a latency cost shows next to the gain. */
export function changeChartSpec(
  headline: HeadlineRow[],
  report: {study: Pick<StudyInfo, "scenarios">},
  options: HeadlineChartOptions
): TopLevelSpec {
  const {lang, width} = options;
  const scenarios = headline.map((h) => scenarioName(report, h.scenario, lang));
  const layout = panelLayout(width, [...axisNames(scenarios).values()].flat());
  const throughput: ChangeDatum[] = headline.map((h, i) => ({
    scenario: scenarios[i],
    change: h.change_percent,
    text: formatPercent(h.change_percent),
    // A change whose interval includes zero is neither better nor worse.
    direction: ["noise", "same"].includes(
      changeKind(h.change_percent, h.change_interval, h.baseline_run === h.recommended_run)
    )
      ? t("withinNoise", lang)
      : direction(h.change_percent, true, lang),
    href: runHref(h.recommended_run, options)
  }));
  const tpot: ChangeDatum[] = headline.map((h, i) => ({
    scenario: scenarios[i],
    change: h.tpot_change_percent,
    text: formatPercent(h.tpot_change_percent),
    direction: direction(h.tpot_change_percent, false, lang),
    href: runHref(h.recommended_run, options)
  }));
  return arrangePanels(layout, [
    changePanel(throughput, t("throughputChange", lang), scenarios, layout.panelWidth, false, options),
    changePanel(tpot, t("chartTpotChange", lang), scenarios, layout.panelWidth, layout.sideBySide, options)
  ]);
}

interface PairDatum {
  scenario: string;
  configuration: string;
  value: number | null;
  text: string;
  href: string;
}

function pairPanel(
  values: PairDatum[],
  title: string,
  scenarios: string[],
  configurations: string[],
  width: number,
  hideY: boolean,
  lang: Lang
): LayerSpec<Field> {
  const yOffset = {field: "configuration", type: "nominal" as const, sort: configurations};
  const names = axisNames(scenarios);
  return {
    title,
    width,
    height: {step: nameBand(names, 44)},
    data: {values},
    encoding: {
      y: {field: "scenario", type: "nominal", sort: scenarios, title: null, ...scenarioAxis(names, hideY)},
      yOffset
    },
    layer: [
      {
        mark: {type: "bar", cornerRadiusEnd: 2, cursor: "pointer"},
        encoding: {
          x: {
            field: "value",
            type: "quantitative",
            title: null,
            scale: {
              domain: [
                0,
                paddedMax(
                  values.map((v) => v.value),
                  1.28
                )
              ]
            },
            axis: {format: "d"}
          },
          color: {
            field: "configuration",
            type: "nominal",
            sort: configurations,
            legend: {title: null, ...legendLines(configurations)}
          },
          href: {field: "href"},
          tooltip: [
            {field: "scenario", type: "nominal", title: t("scenario", lang)},
            {field: "configuration", type: "nominal", title: t("configuration", lang)},
            {field: "text", type: "nominal", title}
          ]
        }
      },
      {
        transform: [{filter: "datum.value != null"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 10},
        encoding: {x: {field: "value", type: "quantitative"}, text: {field: "text"}}
      }
    ]
  };
}

/** Baseline and recommended values per scenario: the objective and mean TPOT. */
export function beforeAfterSpec(
  headline: HeadlineRow[],
  report: Pick<HomePage, "recommended"> & {study: Pick<StudyInfo, "scenarios" | "objective">},
  options: HeadlineChartOptions
): TopLevelSpec {
  const {lang, width} = options;
  const scenarios = headline.map((h) => scenarioName(report, h.scenario, lang));
  const configurations = [t("baseline", lang), `${t("recommended", lang)}: ${report.recommended.label}`];
  const layout = panelLayout(width, [...axisNames(scenarios).values()].flat());
  const pairs = (pick: (h: HeadlineRow) => [number | null, number | null]): PairDatum[] =>
    headline.flatMap((h, i) => {
      const [before, after] = pick(h);
      return [
        {
          scenario: scenarios[i],
          configuration: configurations[0],
          value: before,
          text: formatFixed(before),
          href: runHref(h.baseline_run, options)
        },
        {
          scenario: scenarios[i],
          configuration: configurations[1],
          value: after,
          text: formatFixed(after),
          href: runHref(h.recommended_run, options)
        }
      ];
    });
  return arrangePanels(layout, [
    pairPanel(
      pairs((h) => [h.baseline_tps, h.recommended_tps]),
      metricTitle(report.study.objective, lang),
      scenarios,
      configurations,
      layout.panelWidth,
      false,
      lang
    ),
    pairPanel(
      pairs((h) => [h.baseline_tpot_ms, h.recommended_tpot_ms]),
      t("chartTpot", lang),
      scenarios,
      configurations,
      layout.panelWidth,
      layout.sideBySide,
      lang
    )
  ]);
}
