// Load curves of one scenario: throughput per GPU against interactivity, against p99 TTFT and against concurrency, each
// candidate a line through its load points (intervals where repeats give one), the Pareto frontier over all candidates,
// the SLO as rules, and under the curves the hardware ceiling at batch = concurrency.
import type {TopLevelSpec} from "vega-lite";
import type {CurvePoint, ScenarioCurves, StepCurves} from "../../loaders/pages/load-curves.js";
import {fill, t, type Lang, type StringKey} from "./i18n.js";
import {drawnPoints, loadName, planTargets, POINT_LOOK, pointStates, type PointState} from "./sloExplorer.js";
import {panelWidth, ttftAxis, ttftTargetLabel} from "./ttftAxis.js";
import {shortLoad} from "./format.js";

interface CurveDatum {
  candidate: string;
  load: number;
  /** "c16", "0.5 r/s": the load beside its point. */
  loadLabel: string;
  tps: number;
  low: number | null;
  high: number | null;
  /** The x of the interactivity panel: 1000 / median TPOT, or 1000 / p90 TPOT on an MLPerf Endpoints curve. */
  interactivity: number | null;
  ttft: number | null;
  met: boolean;
  /** What the point's hover text says, in words and rounded figures. */
  description: string;
  j: number | null;
}

interface CeilingDatum {
  candidate: string;
  load: number;
  ceiling: number;
  realistic: number | null;
}

// Named in each point's hover text too, so a point's state reads without its fill.
const STATE: Record<PointState, StringKey> = {
  best: "curvesStateBest",
  within: "curvesStateWithin",
  outside: "curvesStateOutside"
};

/** Points no other point beats on both interactivity and throughput, by interactivity. */
export function paretoFrontier<T extends {interactivity: number | null; tps: number}>(points: readonly T[]): T[] {
  const candidates = points.filter((p) => p.interactivity != null);
  return candidates
    .filter(
      (p) =>
        !candidates.some(
          (q) =>
            q !== p &&
            q.interactivity! >= p.interactivity! &&
            q.tps >= p.tps &&
            (q.interactivity! > p.interactivity! || q.tps > p.tps)
        )
    )
    .sort((a, b) => a.interactivity! - b.interactivity!);
}

/** A log axis's domain around the values, a tenth wider each side: the data fill the panel, nothing runs to 100. */
function logDomain(values: readonly number[]): [number, number] | undefined {
  const positive = values.filter((v) => v > 0);
  if (!positive.length) return undefined;
  return [Math.min(...positive) / 1.1, Math.max(...positive) * 1.1];
}

const short = (x: number, digits = 1) => String(+x.toFixed(digits));

/** The points the ceiling panel draws: a ladder of concurrency, where the hardware gives a ceiling. */
const ceilingPoints = (scenario: ScenarioCurves) =>
  scenario.load_kind === "concurrency" ? scenario.points.filter((p) => p.ceiling != null) : [];

/** Whether the energy panel is drawn: a measured point has GPU power samples. */
const hasEnergy = (scenario: ScenarioCurves) =>
  scenario.points.some((p) => p.value != null && p.j_per_output_token != null);

/** The sentence under a scenario's curves: how each quantity its panels show is computed. */
export function curvesDefinitions(scenario: ScenarioCurves, lang: Lang): string {
  const definitions = [
    t("curvesTpsDefinition", lang),
    t(scenario.interactivity === "p90" ? "curvesInteractivityP90Definition" : "curvesInteractivityDefinition", lang),
    ...(ceilingPoints(scenario).length ? [t("curvesCeilingDefinition", lang)] : []),
    ...(hasEnergy(scenario) ? [t("curvesEnergyDefinition", lang)] : [])
  ];
  return fill("curvesDefinitions", lang, {definitions: definitions.join("; ")});
}

export function loadCurvesSpec(
  curves: StepCurves,
  scenario: ScenarioCurves,
  labels: Record<string, string>,
  {lang, width, gpus}: {lang: Lang; width: number; gpus: number}
): TopLevelSpec {
  const p90 = scenario.interactivity === "p90";
  const datum = (p: CurvePoint): CurveDatum => {
    const candidate = labels[p.candidate] ?? p.candidate;
    const x = p90 ? p.interactivity_p90 : p.interactivity;
    const ttft = p.stats.ttft_ms?.mean ?? null;
    const facts = [
      `${short(p.value! / gpus)} tok/s/GPU`,
      x != null ? fill(p90 ? "curvesPerUserP90" : "curvesPerUser", lang, {value: short(x)}) : null,
      p90 && p.interactivity != null ? fill("curvesPerUserMedian", lang, {value: short(p.interactivity)}) : null,
      ttft != null ? `p99 TTFT ${short(ttft, 0)} ms` : null,
      p.stats.tpot_ms?.mean != null ? `p99 TPOT ${short(p.stats.tpot_ms.mean)} ms` : null,
      p.j_per_output_token != null ? fill("curvesJoules", lang, {joules: short(p.j_per_output_token, 3)}) : null
    ].filter((f) => f != null);
    return {
      candidate,
      load: p.load,
      loadLabel: shortLoad(scenario.load_kind, p.load),
      tps: p.value! / gpus,
      low: p.ci_low != null ? p.ci_low / gpus : null,
      high: p.ci_high != null ? p.ci_high / gpus : null,
      interactivity: x,
      ttft,
      met: p.met,
      description: `${candidate}, ${loadName(scenario, p.load, lang)}: ${facts.join("; ")}`,
      j: p.j_per_output_token != null ? p.j_per_output_token : null
    };
  };
  const values: CurveDatum[] = scenario.points.filter((p) => p.value != null).map(datum);
  // Points are drawn apart from their lines, filled, hollow or ringed by their state at the plan's targets; the SLO
  // explorer restyles them in this order as the reader moves the targets.
  const states = pointStates(curves, scenario, planTargets(curves));
  const points = (panel: "interactivity" | "ttft") =>
    drawnPoints(scenario, panel, p90).map((i) => {
      const d = datum(scenario.points[i]);
      return {
        ...d,
        description: `${d.description}; ${t(STATE[states[i]], lang)}`,
        state: t(STATE[states[i]], lang),
        fill: POINT_LOOK[states[i]].fillOpacity,
        ring: POINT_LOOK[states[i]].strokeWidth
      };
    });
  const frontier = paretoFrontier(values);
  const ceilings: CeilingDatum[] = ceilingPoints(scenario).map((p) => ({
    candidate: labels[p.candidate] ?? p.candidate,
    load: p.load,
    ceiling: p.ceiling! / gpus,
    realistic: p.realistic != null ? p.realistic / gpus : null
  }));
  const panel = panelWidth(width);
  const axis = ttftAxis(scenario, curves, width);
  // One legend, above the panels: every panel colours its candidates alike.
  const color = {
    field: "candidate",
    type: "nominal" as const,
    title: null,
    legend: {orient: "top" as const, title: null, symbolType: "stroke" as const}
  };
  const y = {field: "tps", type: "quantitative" as const, title: t("curvesTpsAxis", lang)};
  const description = {field: "description", type: "nominal" as const};
  const xDomain = logDomain(values.map((v) => v.interactivity ?? 0));
  const xScale = {type: "log" as const, ...(xDomain ? {domain: xDomain, nice: false} : {})};
  // A panel's name is its x field (CurveDatum.interactivity, CurveDatum.ttft).
  const pointLayer = (panel: "interactivity" | "ttft") => ({
    // Named so the SLO explorer finds the points ("slo_points_<panel>_marks") and restyles them.
    name: `slo-points-${panel}`,
    data: {values: points(panel)},
    mark: {type: "point" as const, filled: true, size: 40},
    encoding: {
      x: {field: panel, type: "quantitative" as const},
      y: {field: "tps", type: "quantitative" as const},
      color,
      stroke: {field: "candidate", type: "nominal" as const},
      fillOpacity: {field: "fill", type: "quantitative" as const, scale: null},
      strokeWidth: {field: "ring", type: "quantitative" as const, scale: null},
      description
    }
  });
  // Each point's load beside it, so a curve that turns back on itself (interactivity need not fall with load) reads.
  const loadLabels = (field: "interactivity" | "ttft") => ({
    data: {values: values.filter((v) => v[field] != null)},
    mark: {type: "text" as const, dx: 6, dy: -6, fontSize: 9, color: "#6b7280", align: "left" as const, aria: false},
    encoding: {
      x: {field, type: "quantitative" as const},
      y: {field: "tps", type: "quantitative" as const},
      text: {field: "loadLabel", type: "nominal" as const}
    }
  });
  const ttftTarget = curves.slo?.limits.find((l) => l.metric === "ttft_ms");
  const panels = {
    hconcat: [
      {
        width: panel,
        height: 260,
        layer: [
          {
            // The frontier as a staircase: at an interactivity it holds the throughput of the next measured point at
            // or above it, never a value between points.
            data: {values: frontier},
            mark: {type: "line", strokeDash: [4, 3], color: "#888", interpolate: "step-before", aria: false},
            encoding: {x: {field: "interactivity", type: "quantitative"}, y: {field: "tps", type: "quantitative"}}
          },
          {
            // Cut at the panel's edge: a point of two repeats has an interval wider than every curve.
            data: {values: values.filter((v) => v.low != null && v.interactivity != null)},
            mark: {type: "rule", aria: false, clip: true},
            encoding: {
              x: {field: "interactivity", type: "quantitative"},
              y: {field: "low", type: "quantitative"},
              y2: {field: "high"},
              color
            }
          },
          {
            data: {values: values.filter((v) => v.interactivity != null)},
            mark: {type: "line", aria: false},
            encoding: {
              x: {
                field: "interactivity",
                type: "quantitative",
                scale: xScale,
                title: t("curvesInteractivityAxis", lang)
              },
              // The axis spans the points, not their intervals.
              y: values.length ? {...y, scale: {domain: [0, Math.max(...values.map((v) => v.tps))]}} : y,
              color,
              order: {field: "load", type: "quantitative"}
            }
          },
          loadLabels("interactivity"),
          pointLayer("interactivity")
        ]
      },
      {
        width: panel,
        height: 260,
        layer: [
          {
            data: {values: values.filter((v) => v.ttft != null)},
            mark: {type: "line", aria: false},
            encoding: {
              x: {
                field: "ttft",
                type: "quantitative",
                scale: axis ? {type: "log", domain: axis.domain, nice: false} : {type: "log"},
                title: t("curvesTtftAxis", lang)
              },
              y,
              color,
              order: {field: "load", type: "quantitative"}
            }
          },
          loadLabels("ttft"),
          pointLayer("ttft"),
          ...(ttftTarget
            ? [
                {
                  // Named so the SLO explorer finds its line and moves it with the slider.
                  name: "slo-ttft",
                  data: {values: [{target: ttftTarget.limit, label: ttftTargetLabel(ttftTarget.limit, lang)}]},
                  mark: {type: "rule" as const, strokeDash: [6, 4], color: "#c0392b"},
                  encoding: {
                    x: {field: "target", type: "quantitative" as const},
                    description: {field: "label", type: "nominal" as const}
                  }
                }
              ]
            : [])
        ]
      }
    ]
  } satisfies TopLevelSpec;
  const energy = values.filter((v) => v.j != null);
  // Under the curves, as wide as both: the hardware ceiling at each load, then the energy per output token.
  const below = [
    ...(ceilings.length ? [ceilingPanel(ceilings, values, 2 * panel, lang)] : []),
    ...(hasEnergy(scenario) ? [energyPanel(energy, 2 * panel, scenario.load_kind, lang)] : [])
  ];
  return below.length
    ? {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        vconcat: [panels, ...below],
        resolve: {scale: {color: "shared"}, legend: {color: "shared"}}
      }
    : {$schema: "https://vega.github.io/schema/vega-lite/v6.json", ...panels};
}

/** Joules per output token against the load, a line per candidate (runs without power samples have no point). */
function energyPanel(values: CurveDatum[], width: number, loadKind: string, lang: Lang) {
  const x = {
    field: "load",
    type: "quantitative" as const,
    scale: {type: "log" as const, base: 2},
    title: t(loadKind === "request_rate" ? "curvesRateAxis" : "curvesConcurrencyAxis", lang)
  };
  return {
    width,
    height: 200,
    layer: [
      {
        data: {values},
        mark: {type: "line" as const, point: true},
        encoding: {
          x,
          y: {
            field: "j",
            type: "quantitative" as const,
            scale: {zero: false},
            title: t("curvesEnergyAxis", lang)
          },
          color: {field: "candidate", type: "nominal" as const, title: null},
          order: {field: "load", type: "quantitative" as const},
          description: {field: "description", type: "nominal" as const}
        }
      }
    ]
  };
}

/** Throughput against concurrency with the hardware ceiling (solid grey) and its realistic variant (dotted) under it. */
function ceilingPanel(ceilings: CeilingDatum[], values: CurveDatum[], width: number, lang: Lang) {
  const x = {field: "load", type: "quantitative" as const, scale: {type: "log" as const, base: 2}};
  const detail = {field: "candidate", type: "nominal" as const};
  const withCeiling = ceilings.map((c) => ({
    ...c,
    description: fill(c.realistic != null ? "curvesCeilingPointRealistic" : "curvesCeilingPoint", lang, {
      candidate: c.candidate,
      load: c.load,
      ceiling: short(c.ceiling, 0),
      realistic: c.realistic != null ? short(c.realistic, 0) : ""
    })
  }));
  return {
    width,
    height: 260,
    layer: [
      {
        data: {values: withCeiling},
        mark: {type: "line" as const, color: "#999", strokeWidth: 1},
        encoding: {
          x: {...x, title: t("curvesConcurrencyAxis", lang)},
          y: {
            field: "ceiling",
            type: "quantitative" as const,
            scale: {type: "log" as const},
            title: t("curvesCeilingAxis", lang)
          },
          detail,
          description: {field: "description", type: "nominal" as const}
        }
      },
      {
        data: {values: ceilings.filter((c) => c.realistic != null)},
        mark: {type: "line" as const, color: "#999", strokeDash: [2, 2], strokeWidth: 1, aria: false},
        encoding: {x, y: {field: "realistic", type: "quantitative" as const}, detail}
      },
      {
        data: {values},
        mark: {type: "line" as const, point: true},
        encoding: {
          x,
          y: {field: "tps", type: "quantitative" as const},
          color: {field: "candidate", type: "nominal" as const, title: null},
          order: {field: "load", type: "quantitative" as const},
          description: {field: "description", type: "nominal" as const}
        }
      }
    ]
  };
}
