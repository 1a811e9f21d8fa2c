// A scenario's headroom chart: each run's throughput as a bar, the hard ceiling as a rule, the realistic band shaded.
import type {TopLevelSpec} from "vega-lite";
import type {Field} from "vega-lite/types_unstable/channeldef.js";
import type {LayerSpec} from "vega-lite/types_unstable/spec/layer.js";
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {axisNames, nameBand, namesLabel} from "./chartLabels.js";
import {labelWidth, paddedMax} from "./chartLayout.js";
import {formatFixed, formatShare} from "./format.js";
import {fill, t, type Lang} from "./i18n.js";
import {metricTitle} from "./metricLabels.js";
import type {PageContext} from "./links.js";
import {realisticBand, type HeadroomRun} from "./headroomRuns.js";
import {bindingName} from "./headroomText.js";
import {changeColors, chartConfig} from "./vegaChart.js";

export interface HeadroomChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

interface HeadroomDatum {
  label: string;
  /** The bar's place from the top: Vega-Lite turns a sort list into one nested expression per name. */
  order: number;
  engine: string;
  value: number | null;
  shareText: string;
  /** The share is printed inside the bar's end when the bar is long enough, so it never crosses the ceiling rule. */
  inside: boolean;
  valueText: string;
  /** Where an outside label starts: past the bar and its repeats. */
  labelAt: number | null;
  ceilingText: string;
  /** The run's own hard ceiling (a ladder's point: at its load), and its hover text. */
  ceiling: number | null;
  ceilingDescription: string;
  bindingText: string;
  failed: boolean;
  notRun: boolean;
  href: string;
}

const FONT_SIZE = 10;

/** Bars a chart draws at most; a scenario with more runs charts its fastest, and its table lists them all. */
export const MAX_CHART_RUNS = 50;

/** The runs a scenario's chart draws, in order: all, or the baseline, the recommendation and the fastest. */
export function chartedRuns(runs: readonly HeadroomRun[]): readonly HeadroomRun[] {
  if (runs.length <= MAX_CHART_RUNS) return runs;
  const kept = new Set(runs.filter((r) => r.role));
  const fastest = runs.filter((r) => !r.role && r.throughput != null).sort((a, b) => b.throughput! - a.throughput!);
  for (const run of fastest) {
    if (kept.size >= MAX_CHART_RUNS) break;
    kept.add(run);
  }
  return runs.filter((r) => kept.has(r));
}
// Rough width of a character at FONT_SIZE, to decide whether two labels fit side by side.
const CHAR_PX = 5.8;
// A bar at least this long (px) carries its share inside its end.
const INSIDE_MIN_PX = 52;

function referenceLabels(lang: Lang, ceiling: number): {ceiling: string; band: string} {
  return {
    ceiling: fill("hardCeilingLabel", lang, {ceiling: formatFixed(ceiling)}),
    band: t("realisticBandLabel", lang)
  };
}

export function headroomChartSpec(
  scenario: HeadroomScenario,
  scenarioRuns: readonly HeadroomRun[],
  report: {study: Pick<StudyInfo, "engines">},
  options: HeadroomChartOptions
): TopLevelSpec {
  const {lang, width, dark = false} = options;
  const runs = chartedRuns(scenarioRuns);
  const colors = changeColors(dark);
  // An engine keeps its color from one scenario's chart to the next: its place among the study's engines picks it.
  const allEngines = [...new Set([...report.study.engines.map((e) => e.name), ...runs.map((r) => r.engine)])];
  const engines = allEngines.filter((name) => runs.some((r) => r.engine === name));
  const palette = chartConfig(dark).range?.category as string[];
  const labels = runs.map((r) => r.label);
  const emphasized = runs.filter((r) => r.role).map((r) => r.label);
  // A run's name on the axis: what sets it apart, where its label does not fit on one line.
  const names = axisNames(labels);
  // On a narrow page the names give up room to the plot (and are cut with an ellipsis) rather than squeeze it.
  const labelsPx = Math.min(labelWidth([...names.values()].flat()), Math.round(width * 0.45));
  const panelWidth = Math.max(120, width - labelsPx - 24);
  const [bandLow, bandHigh] = realisticBand(scenario);
  // A ladder's points each have the ceiling at their load: the scenario's one ceiling and band (at its largest batch)
  // belong to none of them, so each bar gets a tick at its own ceiling instead.
  const ladder = runs.some((r) => r.load != null);
  // The scale ends a little past the ceiling (or a run above it, which the model says cannot happen).
  const domainMax = paddedMax(
    [
      scenario.ceiling_tps,
      ...runs.map((r) => r.throughput),
      ...runs.map((r) => r.ceiling),
      ...runs.flatMap((r) => (r.repeats ?? []).map((x) => x.value))
    ],
    1.04
  );
  const px = (value: number) => (value / domainMax) * panelWidth;
  const values: HeadroomDatum[] = runs.map((r, order) => ({
    label: r.label,
    order,
    engine: r.engine,
    value: r.throughput,
    shareText: r.notRun != null ? t("notRun", lang) : r.failed ? `✕ ${t("failed", lang)}` : formatShare(r.ratio),
    inside: r.throughput != null && px(r.throughput) >= INSIDE_MIN_PX,
    valueText: formatFixed(r.throughput),
    labelAt: r.throughput == null ? null : Math.max(r.throughput, ...(r.repeats ?? []).map((x) => x.value)),
    ceilingText: formatFixed(r.ceiling),
    ceiling: r.ceiling,
    ceilingDescription: `${r.label}: ${t("hardCeiling", lang)} ${formatFixed(r.ceiling)} tok/s`,
    bindingText: r.binding ? bindingName(r.binding, lang) : "—",
    failed: r.failed && r.notRun == null,
    notRun: r.notRun != null,
    href: r.href
  }));
  // Each repeat of a point that ran more than once, as a point on its bar (the bar is their mean).
  const repeats = runs.flatMap((r) =>
    (r.repeats ?? []).map((x) => ({
      label: r.label,
      value: x.value,
      text: `${t("repeat", lang)} ${x.repeat}: ${formatFixed(x.value)}`,
      href: x.href
    }))
  );
  const text = referenceLabels(lang, scenario.ceiling_tps);
  // The band's name goes left of the ceiling's only where both fit above the plot without touching.
  const bandLabelFits =
    px(bandLow) + 4 + text.band.length * CHAR_PX + 8 < px(scenario.ceiling_tps) - 4 - text.ceiling.length * CHAR_PX;
  const y = {
    field: "label",
    type: "nominal" as const,
    sort: {field: "order", op: "min" as const},
    title: null,
    axis: {
      labelLimit: labelsPx,
      ...namesLabel(names),
      labelFontWeight: {
        condition: {test: `indexof(${JSON.stringify(emphasized)}, datum.value) >= 0`, value: "bold" as const},
        value: "normal" as const
      }
    }
  };
  const bandColor = colors.neutral;
  const ruleColor = dark ? "#d8dade" : "#1b1e23";
  const scenarioReference: LayerSpec<Field>["layer"] = [
    {
      data: {values: [{low: bandLow, high: bandHigh}]},
      mark: {type: "rect", color: bandColor, opacity: dark ? 0.3 : 0.18},
      encoding: {
        x: {field: "low", type: "quantitative"},
        x2: {field: "high"},
        // The band means something: its hover text says what, in words, so it stays in the accessibility tree.
        description: {value: `${text.band}: ${formatFixed(bandLow)}–${formatFixed(bandHigh)} tok/s`}
      }
    },
    {
      data: {values: [{value: scenario.ceiling_tps, text: text.ceiling, band: text.band, low: bandLow}]},
      layer: [
        {
          mark: {type: "rule", color: ruleColor, strokeWidth: 2},
          encoding: {x: {field: "value", type: "quantitative"}}
        },
        {
          mark: {
            type: "text",
            align: "right",
            baseline: "bottom",
            dx: -4,
            y: -3,
            fontSize: FONT_SIZE,
            fontWeight: "bold",
            color: ruleColor
          },
          encoding: {x: {field: "value", type: "quantitative"}, text: {field: "text"}}
        },
        ...(bandLabelFits
          ? [
              {
                mark: {
                  type: "text" as const,
                  align: "left" as const,
                  baseline: "bottom" as const,
                  dx: 4,
                  y: -3,
                  fontSize: FONT_SIZE,
                  color: bandColor
                },
                encoding: {x: {field: "low", type: "quantitative" as const}, text: {field: "band"}}
              }
            ]
          : [])
      ]
    }
  ];
  const ceilingTicks: LayerSpec<Field>["layer"] = [
    {
      data: {values: values.filter((v) => v.ceiling != null)},
      mark: {type: "tick" as const, color: ruleColor, thickness: 2, bandSize: 22},
      encoding: {
        x: {field: "ceiling", type: "quantitative" as const},
        y,
        description: {field: "ceilingDescription", type: "nominal" as const}
      }
    }
  ];
  // Light text on the day palette's dark bars, dark text on the night palette's light ones.
  const insideText = dark ? "#1b1e23" : "#ffffff";
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width: panelWidth,
    height: {step: nameBand(names)},
    data: {values},
    layer: [
      // Band and ceiling first, so the bars and their labels are drawn over them.
      ...(ladder ? ceilingTicks : scenarioReference),
      {
        mark: {type: "bar", cornerRadiusEnd: 2, cursor: "pointer", height: {band: 0.7}},
        encoding: {
          x: {
            field: "value",
            type: "quantitative",
            title: metricTitle("total_token_throughput", lang),
            scale: {domain: [0, domainMax], nice: false},
            axis: {format: "d", tickCount: Math.max(2, Math.round(panelWidth / 90))}
          },
          y,
          color: {
            field: "engine",
            type: "nominal",
            scale: {domain: engines, range: engines.map((name) => palette[allEngines.indexOf(name) % palette.length])},
            legend: {title: t("engine", lang)}
          },
          href: {field: "href"},
          tooltip: [
            {field: "label", type: "nominal", title: t("candidate", lang)},
            {field: "engine", type: "nominal", title: t("engine", lang)},
            {field: "valueText", type: "nominal", title: metricTitle("total_token_throughput", lang)},
            {field: "ceilingText", type: "nominal", title: t("hardCeiling", lang)},
            {field: "shareText", type: "nominal", title: t("shareOfCeiling", lang)},
            {field: "bindingText", type: "nominal", title: t("binding", lang)}
          ]
        }
      },
      ...(repeats.length
        ? [
            {
              data: {values: repeats},
              mark: {
                type: "point" as const,
                filled: true,
                size: 28,
                opacity: 0.9,
                color: ruleColor,
                cursor: "pointer" as const
              },
              encoding: {
                x: {field: "value", type: "quantitative" as const},
                y,
                href: {field: "href"},
                tooltip: [
                  {field: "label", type: "nominal" as const, title: t("candidate", lang)},
                  {field: "text", type: "nominal" as const, title: metricTitle("total_token_throughput", lang)}
                ]
              }
            }
          ]
        : []),
      {
        transform: [{filter: "datum.value != null && datum.inside"}],
        mark: {type: "text", align: "right", dx: -5, fontSize: 11, fontWeight: "bold", color: insideText},
        encoding: {x: {field: "value", type: "quantitative"}, y, text: {field: "shareText"}}
      },
      {
        transform: [{filter: "datum.value != null && !datum.inside"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11, fontWeight: "bold"},
        encoding: {x: {field: "labelAt", type: "quantitative"}, y, text: {field: "shareText"}}
      },
      {
        transform: [{filter: "datum.failed"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11, fontWeight: "bold", color: colors.worse},
        encoding: {x: {datum: 0, type: "quantitative"}, y, text: {field: "shareText"}, href: {field: "href"}}
      },
      {
        transform: [{filter: "datum.notRun"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11},
        encoding: {x: {datum: 0, type: "quantitative"}, y, text: {field: "shareText"}, href: {field: "href"}}
      }
    ]
  };
}
