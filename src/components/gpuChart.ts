// A run's GPU samples (nvidia-smi, gpu.csv) on one time axis: utilization, power and memory, a line per GPU.
import type {TopLevelSpec} from "vega-lite";
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {panelTitle} from "./chartTheme.js";
import {fill, t, type Lang} from "./i18n.js";

/** Samples per GPU up to which each is drawn as a point. */
const POINTS_UP_TO = 120;

const PANELS = [
  {field: "utilization_pct", title: "gpuUtilization", domain: [0, 100]},
  {field: "power_w", title: "gpuPower", domain: null},
  {field: "memory_used_gib", title: "gpuMemory", domain: null}
] as const;

/** Three panels sharing one x scale, each drawn where the samples have its field; null without GPU samples. */
export function gpuChartSpec(detail: RunDetail, lang: Lang, width = 640): TopLevelSpec | null {
  const samples = detail.telemetry?.gpu_timeline ?? [];
  if (!samples.length) return null;
  // A line per GPU, named only when there are several.
  const several = new Set(samples.map((p) => p.gpu)).size > 1;
  const values = samples.map((p) => ({...p, series: fill("gpuSeries", lang, {gpu: p.gpu})}));
  const x = {field: "s", type: "quantitative" as const, title: t("secondsIntoRun", lang)};
  const panels = PANELS.filter((panel) => samples.some((p) => p[panel.field] != null));
  if (!panels.length) return null;
  // A point per sample carries its own tooltip in the SVG: past a couple of minutes of 1 s samples per GPU the lines
  // alone keep the page light.
  const point = samples.length <= POINTS_UP_TO * new Set(samples.map((p) => p.gpu)).size;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    resolve: {scale: {x: "shared"}},
    vconcat: panels.map((panel, i) => ({
      width,
      height: 90,
      title: panelTitle(t(panel.title, lang)),
      data: {values: values.filter((p) => p[panel.field] != null)},
      mark: {type: "line" as const, point},
      encoding: {
        // The seconds axis once, under the last panel.
        x: i === panels.length - 1 ? x : {...x, axis: {title: null}},
        y: {
          field: panel.field,
          type: "quantitative" as const,
          title: null,
          ...(panel.domain ? {scale: {domain: [...panel.domain]}} : {})
        },
        // Each point's hover text: its second, its GPU where there are several, and its value under the panel's title.
        tooltip: [
          {...x, format: ".1f"},
          ...(several ? [{field: "gpu", type: "nominal" as const, title: "GPU"}] : []),
          {field: panel.field, type: "quantitative" as const, title: t(panel.title, lang), format: ".1f"}
        ],
        ...(several
          ? {
              color: {
                field: "series",
                type: "nominal" as const,
                title: null,
                legend: i === 0 ? {orient: "top" as const, title: null} : null
              }
            }
          : {})
      }
    }))
  };
}
