// Load curves of one scenario: throughput per GPU against interactivity, against p99 TTFT and against concurrency, each
// candidate a line through its load points (intervals where repeats give one), the Pareto frontier over all candidates,
// the SLO as rules, and under the curves the hardware ceiling at batch = concurrency.
import type {TopLevelSpec} from "vega-lite";
import type {CurvePoint, ScenarioCurves, StepCurves} from "../../loaders/pages/load-curves.js";
import type {Lang} from "./i18n.js";
import {drawnPoints, planTargets, POINT_LOOK, pointStates, type PointState} from "./sloExplorer.js";
import {panelWidth, ttftAxis, ttftTargetLabel} from "./ttftAxis.js";

interface CurveDatum {
  candidate: string;
  load: number;
  tps: number;
  low: number | null;
  high: number | null;
  interactivity: number | null;
  ttft: number | null;
  met: boolean;
}

interface CeilingDatum {
  candidate: string;
  load: number;
  ceiling: number;
  realistic: number | null;
}

const TITLES = {
  tps: {
    en: ["total token throughput per GPU (tok/s/GPU)", "= (input + output tokens) / duration / GPUs"],
    tr: ["GPU başına toplam token işlem hacmi (tok/s/GPU)", "= (girdi + çıktı token) / süre / GPU"]
  },
  concurrency: {
    en: "concurrency = requests in flight (--max-concurrency), log scale",
    tr: "eşzamanlılık = uçuştaki istek (--max-concurrency), log ölçek"
  },
  ceilingTps: {
    en: [
      "tok/s/GPU, log scale: measured = (input + output tokens) / duration / GPUs;",
      "ceiling = N·(I+O) / max(F/Π, B/β) at batch = concurrency"
    ],
    tr: [
      "tok/s/GPU, log ölçek: ölçülen = (girdi + çıktı token) / süre / GPU;",
      "tavan = N·(I+O) / max(F/Π, B/β), parti = eşzamanlılık"
    ]
  },
  ceiling: {en: "hardware ceiling", tr: "donanım tavanı"},
  realistic: {en: "realistic ceiling (MFU, MBU)", tr: "gerçekçi tavan (MFU, MBU)"},
  interactivity: {
    en: "interactivity = 1000 / median TPOT (tok/s/user)",
    tr: "etkileşim = 1000 / medyan TPOT (tok/s/kullanıcı)"
  },
  ttft: {en: "p99 TTFT, upper end of its interval (ms)", tr: "p99 TTFT, aralığının üst ucu (ms)"},
  frontier: {en: "Pareto frontier", tr: "Pareto sınırı"},
  stateTitle: {en: "against the targets", tr: "hedeflere göre"},
  state: {
    best: {en: "the candidate's best within the targets", tr: "adayın hedefler içindeki en iyisi"},
    within: {en: "within the targets", tr: "hedeflerin içinde"},
    outside: {en: "outside the targets", tr: "hedeflerin dışında"}
  } satisfies Record<PointState, Record<Lang, string>>,
  load: {en: "load", tr: "yük"}
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

export function loadCurvesSpec(
  curves: StepCurves,
  scenario: ScenarioCurves,
  labels: Record<string, string>,
  {lang, width, gpus}: {lang: Lang; width: number; gpus: number}
): TopLevelSpec {
  const datum = (p: CurvePoint): CurveDatum => ({
    candidate: labels[p.candidate] ?? p.candidate,
    load: p.load,
    tps: p.value! / gpus,
    low: p.ci_low != null ? p.ci_low / gpus : null,
    high: p.ci_high != null ? p.ci_high / gpus : null,
    interactivity: p.interactivity,
    ttft: p.bounds.ttft_ms ?? null,
    met: p.met
  });
  const values: CurveDatum[] = scenario.points.filter((p) => p.value != null).map(datum);
  // Points are drawn apart from their lines, filled, hollow or ringed by their state at the plan's targets; the SLO
  // explorer restyles them in this order as the reader moves the targets.
  const states = pointStates(curves, scenario, planTargets(curves));
  const points = (panel: "interactivity" | "ttft") =>
    drawnPoints(scenario, panel).map((i) => ({
      ...datum(scenario.points[i]),
      state: TITLES.state[states[i]][lang],
      fill: POINT_LOOK[states[i]].fillOpacity,
      ring: POINT_LOOK[states[i]].strokeWidth
    }));
  const frontier = paretoFrontier(values);
  const ceilings: CeilingDatum[] =
    scenario.load_kind === "concurrency"
      ? scenario.points
          .filter((p) => p.ceiling != null)
          .map((p) => ({
            candidate: labels[p.candidate] ?? p.candidate,
            load: p.load,
            ceiling: p.ceiling! / gpus,
            realistic: p.realistic != null ? p.realistic / gpus : null
          }))
      : [];
  const panel = panelWidth(width);
  const axis = ttftAxis(scenario, curves, width);
  const color = {field: "candidate", type: "nominal" as const, title: null};
  const y = {field: "tps", type: "quantitative" as const, title: TITLES.tps[lang]};
  const tooltip = [
    {field: "candidate", type: "nominal" as const},
    {field: "load", type: "quantitative" as const, title: TITLES.load[lang]},
    {field: "tps", type: "quantitative" as const, format: ".1f"}
  ];
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
      stroke: {field: "candidate", type: "nominal" as const, legend: null},
      fillOpacity: {field: "fill", type: "quantitative" as const, scale: null},
      strokeWidth: {field: "ring", type: "quantitative" as const, scale: null},
      tooltip: [...tooltip, {field: "state", type: "nominal" as const, title: TITLES.stateTitle[lang]}]
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
            data: {values: frontier},
            mark: {type: "line", strokeDash: [4, 3], color: "#888"},
            encoding: {x: {field: "interactivity", type: "quantitative"}, y: {field: "tps", type: "quantitative"}}
          },
          {
            data: {values: values.filter((v) => v.low != null)},
            mark: {type: "rule"},
            encoding: {
              x: {field: "interactivity", type: "quantitative"},
              y: {field: "low", type: "quantitative"},
              y2: {field: "high"},
              color
            }
          },
          {
            data: {values},
            mark: {type: "line"},
            encoding: {
              x: {
                field: "interactivity",
                type: "quantitative",
                scale: {type: "log"},
                title: TITLES.interactivity[lang]
              },
              y,
              color,
              order: {field: "load", type: "quantitative"},
              tooltip
            }
          },
          pointLayer("interactivity")
        ]
      },
      {
        width: panel,
        height: 260,
        layer: [
          {
            data: {values},
            mark: {type: "line"},
            encoding: {
              x: {
                field: "ttft",
                type: "quantitative",
                scale: axis ? {type: "log", domain: axis.domain, nice: false} : {type: "log"},
                title: TITLES.ttft[lang]
              },
              y,
              color,
              order: {field: "load", type: "quantitative"},
              tooltip
            }
          },
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
  // The ceiling panel goes under the two curves, as wide as both: three panels side by side do not fit a page.
  return ceilings.length
    ? {
        $schema: "https://vega.github.io/schema/vega-lite/v6.json",
        vconcat: [panels, ceilingPanel(ceilings, values, 2 * panel, lang)]
      }
    : {$schema: "https://vega.github.io/schema/vega-lite/v6.json", ...panels};
}

/** Throughput against concurrency with the hardware ceiling (solid grey) and its realistic variant (dotted) under it. */
function ceilingPanel(ceilings: CeilingDatum[], values: CurveDatum[], width: number, lang: Lang) {
  const x = {field: "load", type: "quantitative" as const, scale: {type: "log" as const, base: 2}};
  const detail = {field: "candidate", type: "nominal" as const};
  return {
    width,
    // Tall enough for its two-line axis title, which names both formulas.
    height: 360,
    layer: [
      {
        data: {values: ceilings},
        mark: {type: "line" as const, color: "#999", strokeWidth: 1},
        encoding: {
          x: {...x, title: TITLES.concurrency[lang]},
          y: {
            field: "ceiling",
            type: "quantitative" as const,
            scale: {type: "log" as const},
            title: TITLES.ceilingTps[lang]
          },
          detail,
          tooltip: [
            {field: "load", type: "quantitative" as const, title: TITLES.load[lang]},
            {field: "ceiling", type: "quantitative" as const, format: ".0f", title: TITLES.ceiling[lang]},
            {field: "realistic", type: "quantitative" as const, format: ".0f", title: TITLES.realistic[lang]}
          ]
        }
      },
      {
        data: {values: ceilings.filter((c) => c.realistic != null)},
        mark: {type: "line" as const, color: "#999", strokeDash: [2, 2], strokeWidth: 1},
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
          tooltip: [
            {field: "candidate", type: "nominal" as const},
            {field: "load", type: "quantitative" as const, title: TITLES.load[lang]},
            {field: "tps", type: "quantitative" as const, format: ".1f"}
          ]
        }
      }
    ]
  };
}
