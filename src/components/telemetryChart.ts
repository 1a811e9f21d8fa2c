// A run's server telemetry on one time axis: output tokens/s, running and waiting requests, KV-cache use.
import type {TopLevelSpec} from "vega-lite";
import type {RunDetail, RunTelemetryView} from "../../loaders/runs/run-detail.js";
import type {Text} from "../../loaders/text.js";
import type {Lang} from "./i18n.js";
import type {PageContext} from "./links.js";
import {textElement} from "./table.js";
import {formatMetric} from "./format.js";
import {metricTitle} from "./metricLabels.js";
import {vegaChart} from "./vegaChart.js";
import {gpuChartSpec} from "./gpuChart.js";

const PROSE = {
  title: {en: "Server during the run", tr: "Koşu sırasında sunucu"},
  intro: {
    en: "Scraped from the engine's metrics endpoint while the benchmark ran, over the measured window (after the warm-up request). The dashed line is the client's mean output throughput.",
    tr: "Benchmark sürerken motorun metrik uç noktasından, ölçülen aralık boyunca (ısınma isteğinden sonra) okundu. Kesikli çizgi, istemcinin ortalama çıkış işlem hacmidir."
  },
  gpuIntro: {
    en: "Sampled by nvidia-smi over the same window (gpu.csv): utilization, power and memory of each GPU.",
    tr: "Aynı aralıkta nvidia-smi ile örneklendi (gpu.csv): her GPU'nun kullanımı, gücü ve belleği."
  },
  noMetrics: {en: "No server metrics: ", tr: "Sunucu metriği yok: "},
  noGpu: {en: "No GPU samples: ", tr: "GPU örneği yok: "},
  seconds: {en: "Seconds into the measured run", tr: "Ölçülen koşunun saniyesi"},
  tokens: {en: "Output tokens/s (server)", tr: "Çıkış token/s (sunucu)"},
  requests: {en: "Requests", tr: "İstekler"},
  running: {en: "running", tr: "çalışan"},
  waiting: {en: "waiting", tr: "bekleyen"},
  kv: {en: "KV-cache use", tr: "KV önbellek kullanımı"}
} satisfies Record<string, Text>;

const say = (key: keyof typeof PROSE, lang: Lang): string => PROSE[key][lang];

/** The three panels share one x scale: the same second lines up across them. */
export function telemetrySpec(detail: RunDetail, lang: Lang, width = 640): TopLevelSpec | null {
  const timeline = detail.telemetry?.timeline ?? [];
  if (!timeline.length) return null;
  const x = {field: "s", type: "quantitative" as const, title: say("seconds", lang)};
  const requests = timeline.flatMap((p) => [
    ...(p.requests_running == null ? [] : [{s: p.s, series: say("running", lang), n: p.requests_running}]),
    ...(p.requests_waiting == null ? [] : [{s: p.s, series: say("waiting", lang), n: p.requests_waiting}])
  ]);
  const clientMean = detail.metrics.output_throughput;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    // The colour legend independent: shared, Vega-Lite draws it over the whole chart, above the tokens panel.
    resolve: {scale: {x: "shared", color: "independent"}, legend: {color: "independent"}},
    vconcat: [
      {
        width,
        height: 110,
        layer: [
          {
            data: {values: timeline.filter((p) => p.output_tokens_per_s != null)},
            mark: {type: "line", point: true},
            encoding: {
              x: {...x, axis: {title: null}},
              y: {field: "output_tokens_per_s", type: "quantitative", title: say("tokens", lang)}
            }
          },
          ...(typeof clientMean === "number"
            ? [
                {
                  data: {values: [{client: clientMean}]},
                  mark: {type: "rule" as const, strokeDash: [4, 4]},
                  encoding: {y: {field: "client", type: "quantitative" as const}}
                }
              ]
            : [])
        ]
      },
      {
        width,
        height: 110,
        data: {values: requests},
        mark: {type: "line", point: true},
        encoding: {
          x: {...x, axis: {title: null}},
          y: {field: "n", type: "quantitative", title: say("requests", lang)},
          // Above its own panel: at the side or below, it reads as the KV chart's.
          color: {field: "series", type: "nominal", title: null, legend: {orient: "top", title: null}}
        }
      },
      {
        width,
        height: 90,
        data: {values: timeline.filter((p) => p.kv_cache_usage != null)},
        mark: {type: "area", line: true, opacity: 0.35},
        encoding: {
          x,
          y: {
            field: "kv_cache_usage",
            type: "quantitative",
            title: say("kv", lang),
            scale: {domain: [0, 1]},
            axis: {format: "%"}
          }
        }
      }
    ]
  };
}

// The run's telemetry summaries in the order a reader checks them: memory, queue, cache, then the GPU.

/** The run's telemetry summary as [name, value] in readable units; only what the run recorded. */
export function telemetrySummary(telemetry: RunTelemetryView, lang: Lang): [string, string][] {
  return telemetry.summary.map(([key, value]) => [metricTitle(key, lang), formatMetric(key, value)]);
}

export function telemetrySection(detail: RunDetail, context: PageContext & {dark?: boolean}): HTMLElement | null {
  const telemetry = detail.telemetry;
  if (!telemetry) return null;
  const {lang} = context;
  const section = document.createElement("section");
  section.className = "run-telemetry";
  section.append(textElement("h2", say("title", lang)));
  if (telemetry.absent.metrics) section.append(textElement("p", say("noMetrics", lang) + telemetry.absent.metrics));
  if (telemetry.absent.gpu) section.append(textElement("p", say("noGpu", lang) + telemetry.absent.gpu));
  const summary = telemetrySummary(telemetry, lang);
  if (summary.length) {
    const list = document.createElement("dl");
    // Not run-facts: a run page has one facts list, the run's own.
    list.className = "telemetry-summary";
    for (const [name, value] of summary) list.append(textElement("dt", name), textElement("dd", value));
    section.append(list);
  }
  // Each chart after its intro, server first: appended once both are drawn, so the order never depends on which
  // finishes first.
  const charts: [string, Promise<HTMLElement>][] = [];
  const spec = telemetrySpec(detail, lang);
  if (spec) charts.push([say("intro", lang), vegaChart(spec, {dark: context.dark, label: "telemetry-chart"})]);
  const gpu = gpuChartSpec(detail, lang);
  if (gpu) charts.push([say("gpuIntro", lang), vegaChart(gpu, {dark: context.dark, label: "gpu-chart"})]);
  void Promise.all(charts.map(([, chart]) => chart)).then((figures) =>
    figures.forEach((figure, i) => section.append(textElement("p", charts[i][0]), figure))
  );
  return section;
}
