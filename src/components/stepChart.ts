// A step's comparison chart: the objective and mean TPOT of every candidate, failed runs marked, the best so far as a rule;
// with repeats, bars are means, each repeat is a point and the mean's interval a line across the bar's end.
import type {TopLevelSpec} from "vega-lite";
import type {Field} from "vega-lite/types_unstable/channeldef.js";
import type {LayerSpec} from "vega-lite/types_unstable/spec/layer.js";
import type {StepReport} from "../../loaders/analysis/derive.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import {axisNames, legendLines, nameBand, namesLabel} from "./chartLabels.js";
import {arrangePanels, paddedMax, panelLayout} from "./chartLayout.js";
import {formatFixed, shortLoad} from "./format.js";
import {fill, t} from "./i18n.js";
import {runHref, type PageContext} from "./links.js";
import {metricTitle} from "./metricLabels.js";
import {candidateLabel, comparedIncumbentValue, scenarioName, type StudyNames} from "./verdict.js";
import {changeColors} from "./vegaChart.js";

export interface StepChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

interface StepDatum {
  scenario: string;
  candidate: string;
  value: number | null;
  valueText: string;
  tpot: number | null;
  tpotText: string;
  failed: boolean;
  failedText: string;
  href: string;
  ci_low: number | null;
  ci_high: number | null;
  /** Where the value's label starts: past the bar, its interval and its repeats. */
  labelAt: number | null;
}

interface RepeatDatum {
  scenario: string;
  candidate: string;
  value: number;
  text: string;
  href: string;
}

/** A bar's name: the candidate, and a ladder point's load ("Chunked prefill · c64"): the bar is that load's. */
function barLabel(standing: {label: string; load?: {kind: string; value: number}}): string {
  if (!standing.load) return standing.label;
  return `${standing.label} · ${shortLoad(standing.load.kind, standing.load.value)}`;
}

export function stepChartSpec(
  step: StepReport,
  rows: readonly RunCells[],
  report: StudyNames,
  options: StepChartOptions
): TopLevelSpec {
  const {lang, width, dark = false} = options;
  const objective = report.study.objective;
  const byRun = new Map(rows.map((r) => [r.run, r]));
  const multi = step.scenarios.length > 1;
  const scenarios = step.scenarios.map((s) => scenarioName(report, s, lang));
  const values: StepDatum[] = step.scenarios.flatMap((scenario) =>
    (step.standings[scenario] ?? []).map((standing) => {
      // The point's mean, like the bar beside it; never its first repeat's figure.
      const tpot = standing.mean_tpot_ms ?? null;
      return {
        scenario: scenarioName(report, scenario, lang),
        candidate: barLabel(standing),
        value: standing.value,
        valueText: formatFixed(standing.value),
        tpot,
        tpotText: formatFixed(tpot),
        failed: standing.value == null,
        failedText: `✕ ${standing.status === "outside-slo" ? t("outsideSlo", lang) : t("failed", lang)}`,
        href: runHref(standing.run, options),
        ci_low: standing.value == null ? null : standing.ci_low,
        ci_high: standing.value == null ? null : standing.ci_high,
        labelAt: standing.value
      };
    })
  );
  // Each repeat of a point that ran more than once: the runs the mean and its interval come from.
  const repeats: RepeatDatum[] = step.scenarios.flatMap((scenario) =>
    (step.standings[scenario] ?? []).flatMap((standing) =>
      // A point outside the SLO has no bar: its repeats are not drawn as if they were scored.
      standing.runs.length < 2 || standing.value == null
        ? []
        : standing.runs.flatMap((run, i) => {
            const row = byRun.get(run);
            const value = row?.status === "ok" ? row[objective] : null;
            return typeof value === "number"
              ? [
                  {
                    scenario: scenarioName(report, scenario, lang),
                    candidate: barLabel(standing),
                    value,
                    text: `${t("repeat", lang)} ${i + 1}: ${formatFixed(value)}`,
                    href: runHref(run, options)
                  }
                ]
              : [];
          })
    )
  );
  // One scenario: candidates in ranking order. Several: candidates grouped within each scenario in plan order.
  const candidates = multi ? step.candidates.map((c) => c.label) : [...new Set(values.map((v) => v.candidate))];
  // What the axis names, a scenario or a candidate, over the lines it needs where its label does not fit; a candidate
  // by what sets it apart.
  const names = axisNames(multi ? scenarios : candidates);
  const named = namesLabel(names);
  const layout = panelLayout(width, [...names.values()].flat());
  const band = multi ? Math.max(28, 18 * candidates.length + 8, nameBand(names)) : nameBand(names);
  const y = {
    field: multi ? "scenario" : "candidate",
    type: "nominal" as const,
    sort: multi ? scenarios : candidates,
    title: null,
    ...(named.labelExpr ? {axis: named} : {})
  };
  const yOffset = multi ? {yOffset: {field: "candidate", type: "nominal" as const, sort: candidates}} : {};
  const color = {
    field: "candidate",
    type: "nominal" as const,
    sort: candidates,
    // A legend has room for a label's whole text, over several lines where it needs them.
    legend: multi ? {title: null, ...legendLines(candidates)} : null
  };
  const tooltip = [
    {field: "candidate", type: "nominal" as const, title: t("candidate", lang)},
    ...(multi ? [{field: "scenario", type: "nominal" as const, title: t("scenario", lang)}] : []),
    {field: "valueText", type: "nominal" as const, title: metricTitle(objective, lang)},
    {field: "tpotText", type: "nominal" as const, title: metricTitle("mean_tpot_ms", lang)}
  ];
  const colors = changeColors(dark);
  const incumbent = step.verdict.incumbent;
  // The best so far at its value on the deciding scenario; a geometric mean over scenarios has no one such value.
  const incumbentValue = comparedIncumbentValue(step.verdict);
  const showIncumbent =
    step.kind === "selection" &&
    incumbent != null &&
    incumbent.step !== step.id &&
    step.verdict.basis?.rule !== "geometric-mean" &&
    incumbentValue != null;
  for (const v of values)
    for (const x of [
      v.ci_high,
      ...repeats.filter((r) => r.candidate === v.candidate && r.scenario === v.scenario).map((r) => r.value)
    ])
      if (v.labelAt != null && x != null && x > v.labelAt) v.labelAt = x;
  const valueMax = paddedMax([
    ...values.map((v) => v.value),
    ...values.map((v) => v.ci_high),
    ...repeats.map((r) => r.value),
    showIncumbent ? incumbentValue : null
  ]);
  const repeatLayers: LayerSpec<Field>["layer"] = repeats.length
    ? [
        {
          transform: [{filter: "datum.ci_low != null"}],
          mark: {type: "errorbar", ticks: true, thickness: 1.5, color: colors.neutral},
          encoding: {
            x: {field: "ci_low", type: "quantitative"},
            x2: {field: "ci_high"},
            y,
            ...yOffset
          }
        },
        {
          data: {values: repeats},
          mark: {type: "point", filled: true, size: 28, opacity: 0.9, color: colors.neutral, cursor: "pointer"},
          encoding: {
            x: {field: "value", type: "quantitative"},
            y,
            ...yOffset,
            href: {field: "href"},
            tooltip: [
              {field: "candidate", type: "nominal", title: t("candidate", lang)},
              {field: "text", type: "nominal", title: metricTitle(objective, lang)}
            ]
          }
        }
      ]
    : [];

  const objectivePanel: LayerSpec<Field> = {
    title: metricTitle(objective, lang),
    width: layout.panelWidth,
    height: {step: band},
    data: {values},
    layer: [
      // The best so far goes first, so the bars and their labels are drawn over it.
      ...(showIncumbent
        ? [
            {
              data: {
                values: [
                  {
                    value: incumbentValue,
                    text: fill("chartBestSoFar", lang, {
                      label: candidateLabel(report, incumbent.step, incumbent.candidate),
                      value: formatFixed(incumbentValue)
                    })
                  }
                ]
              },
              layer: [
                {
                  mark: {type: "rule" as const, strokeDash: [5, 3], strokeWidth: 1.5, color: colors.neutral},
                  encoding: {x: {field: "value", type: "quantitative" as const}}
                },
                {
                  mark: {
                    type: "text" as const,
                    align: "right" as const,
                    baseline: "bottom" as const,
                    dx: -4,
                    y: -2,
                    fontSize: 10,
                    color: colors.neutral
                  },
                  encoding: {x: {field: "value", type: "quantitative" as const}, text: {field: "text"}}
                }
              ]
            }
          ]
        : []),
      {
        mark: {type: "bar", cornerRadiusEnd: 2, cursor: "pointer"},
        encoding: {
          x: {field: "value", type: "quantitative", title: null, scale: {domain: [0, valueMax]}, axis: {format: "d"}},
          y,
          ...yOffset,
          color,
          href: {field: "href"},
          tooltip
        }
      },
      ...repeatLayers,
      {
        transform: [{filter: "datum.value != null"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11},
        // With an interval the label sits after its upper end.
        encoding: {
          x: {field: repeats.length ? "labelAt" : "value", type: "quantitative"},
          y,
          ...yOffset,
          text: {field: "valueText"}
        }
      },
      {
        transform: [{filter: "datum.failed"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11, fontWeight: "bold", color: colors.worse},
        encoding: {
          x: {datum: 0, type: "quantitative"},
          y,
          ...yOffset,
          text: {field: "failedText"},
          href: {field: "href"}
        }
      }
    ]
  };

  const tpotY = layout.sideBySide ? {...y, axis: null} : y;
  const tpotPanel: LayerSpec<Field> = {
    title: t("chartTpot", lang),
    width: layout.panelWidth,
    height: {step: band},
    data: {values},
    layer: [
      {
        mark: {type: "bar", cornerRadiusEnd: 2, cursor: "pointer", opacity: 0.75},
        encoding: {
          x: {
            field: "tpot",
            type: "quantitative",
            title: null,
            scale: {
              domain: [
                0,
                paddedMax(
                  values.map((v) => v.tpot),
                  1.3
                )
              ]
            },
            axis: {format: "d"}
          },
          y: tpotY,
          ...yOffset,
          color,
          href: {field: "href"},
          tooltip
        }
      },
      {
        transform: [{filter: "datum.tpot != null"}],
        mark: {type: "text", align: "left", dx: 4, fontSize: 11},
        encoding: {x: {field: "tpot", type: "quantitative"}, y: tpotY, ...yOffset, text: {field: "tpotText"}}
      }
    ]
  };
  return arrangePanels(layout, [objectivePanel, tpotPanel]);
}
