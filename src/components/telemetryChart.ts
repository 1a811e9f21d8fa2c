// A run's server telemetry on one time axis: output tokens/s, running and waiting requests, KV-cache use.
import type {TopLevelSpec} from "vega-lite";
import type {RunDetail, RunTelemetryView} from "../../loaders/runs/run-detail.js";
import {fill, t, type Lang} from "./i18n.js";
import type {PageContext} from "./links.js";
import {textElement} from "./table.js";
import {formatMetric} from "./format.js";
import {metricTitle} from "./metricLabels.js";
import {vegaChart} from "./vegaChart.js";
import {gpuChartSpec} from "./gpuChart.js";
import {panelTitle} from "./chartTheme.js";

/** The three panels share one x scale: the same second lines up across them. */
export function telemetrySpec(detail: RunDetail, lang: Lang, width = 640): TopLevelSpec | null {
  const timeline = detail.telemetry?.timeline ?? [];
  if (!timeline.length) return null;
  const x = {field: "s", type: "quantitative" as const, title: t("secondsIntoRun", lang)};
  const requests = timeline.flatMap((p) => [
    ...(p.requests_running == null ? [] : [{s: p.s, series: t("requestsRunning", lang), n: p.requests_running}]),
    ...(p.requests_waiting == null ? [] : [{s: p.s, series: t("requestsWaiting", lang), n: p.requests_waiting}])
  ]);
  // Each point's hover text: its second, then its value under the panel's own title.
  const second = {field: "s", type: "quantitative" as const, title: t("secondsIntoRun", lang), format: ".1f"};
  const clientMean = detail.metrics.output_throughput;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    // The colour legend independent: shared, Vega-Lite draws it over the whole chart, above the tokens panel.
    resolve: {scale: {x: "shared", color: "independent"}, legend: {color: "independent"}},
    vconcat: [
      {
        width,
        height: 110,
        title: panelTitle(t("serverOutputTokens", lang)),
        layer: [
          {
            data: {values: timeline.filter((p) => p.output_tokens_per_s != null)},
            mark: {type: "line", point: true},
            encoding: {
              x: {...x, axis: {title: null}},
              y: {field: "output_tokens_per_s", type: "quantitative", title: null},
              tooltip: [
                second,
                {
                  field: "output_tokens_per_s",
                  type: "quantitative",
                  title: t("serverOutputTokens", lang),
                  format: ".1f"
                }
              ]
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
        title: panelTitle(t("requestsAxis", lang)),
        data: {values: requests},
        mark: {type: "line", point: true},
        encoding: {
          x: {...x, axis: {title: null}},
          y: {field: "n", type: "quantitative", title: null},
          tooltip: [
            second,
            {field: "series", type: "nominal", title: t("requestsAxis", lang)},
            {field: "n", type: "quantitative", title: t("requestsCount", lang), format: "d"}
          ],
          // Above its own panel: at the side or below, it reads as the KV chart's.
          color: {field: "series", type: "nominal", title: null, legend: {orient: "top", title: null}}
        }
      },
      {
        width,
        height: 90,
        title: panelTitle(t("kvCacheUse", lang)),
        data: {values: timeline.filter((p) => p.kv_cache_usage != null)},
        encoding: {
          x,
          y: {
            field: "kv_cache_usage",
            type: "quantitative",
            title: null,
            scale: {domain: [0, 1]},
            axis: {format: "%"}
          }
        },
        // The hover text is each sample's, on its point: the area's one path would name the whole series by one value.
        layer: [
          {mark: {type: "area", line: true, opacity: 0.35}},
          {
            mark: {type: "point", filled: true, size: 16},
            encoding: {
              tooltip: [
                second,
                {field: "kv_cache_usage", type: "quantitative", title: t("kvCacheUse", lang), format: ".1%"}
              ]
            }
          }
        ]
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
  section.append(textElement("h2", t("serverDuringRun", lang)));
  if (telemetry.absent.metrics)
    section.append(textElement("p", fill("noServerMetrics", lang, {reason: telemetry.absent.metrics})));
  if (telemetry.absent.gpu)
    section.append(textElement("p", fill("noGpuSamples", lang, {reason: telemetry.absent.gpu})));
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
  if (spec)
    charts.push([
      t("serverTelemetryIntro", lang),
      vegaChart(spec, {dark: context.dark, name: "telemetry-chart", lang})
    ]);
  const gpu = gpuChartSpec(detail, lang);
  if (gpu) charts.push([t("gpuTelemetryIntro", lang), vegaChart(gpu, {dark: context.dark, name: "gpu-chart", lang})]);
  void Promise.all(charts.map(([, chart]) => chart)).then((figures) =>
    figures.forEach((figure, i) => section.append(textElement("p", charts[i][0]), figure))
  );
  return section;
}
