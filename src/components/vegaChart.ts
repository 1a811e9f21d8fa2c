// Renders a Vega-Lite spec as SVG, themed for the page's light or dark scheme.
// Compiled and run with vega directly: vega-embed would add its themes, tooltip and action menu to every page's weight.
import {parse, View} from "vega";
import {compile, type Config, type TopLevelSpec} from "vega-lite";

export interface ChartOptions {
  dark?: boolean;
  /** Read by the browser tests and assistive tech: what the chart shows. */
  label?: string;
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** Colors that follow the page theme (Framework's air and near-midnight). */
export function chartConfig(dark: boolean): Config {
  const text = dark ? "#d8dade" : "#1b1e23";
  const muted = dark ? "#9aa0a8" : "#5f6670";
  const grid = dark ? "#2e3238" : "#e3e5e8";
  return {
    background: "transparent",
    font: FONT,
    view: {stroke: null},
    axis: {
      labelColor: muted,
      titleColor: text,
      domainColor: muted,
      tickColor: muted,
      gridColor: grid,
      labelFontSize: 11,
      titleFontSize: 12,
      titleFontWeight: 600
    },
    legend: {
      labelColor: text,
      titleColor: text,
      labelFontSize: 11,
      titleFontSize: 12,
      orient: "bottom",
      labelLimit: 320
    },
    header: {labelColor: text, titleColor: text, labelFontSize: 12},
    title: {color: text, subtitleColor: muted, fontSize: 13, anchor: "start"},
    text: {color: text},
    range: {
      category: dark
        ? ["#6cb6ff", "#f0a04b", "#7ee2a8", "#ff7b8f", "#c297ff", "#e6d36b", "#5fd3e0", "#b5b9c0"]
        : ["#2f6db5", "#d4740f", "#2e9a5a", "#c8374f", "#7b4fc4", "#a8901a", "#1f8fa0", "#6b7280"]
    }
  };
}

/** Good and bad directions of a change, in both schemes. */
export function changeColors(dark: boolean): {better: string; worse: string; neutral: string} {
  return dark
    ? {better: "#5fcf8f", worse: "#ff7b7b", neutral: "#9aa0a8"}
    : {better: "#23884e", worse: "#c8323f", neutral: "#6b7280"};
}

export async function vegaChart(spec: TopLevelSpec, {dark = false, label}: ChartOptions = {}): Promise<HTMLElement> {
  const figure = document.createElement("figure");
  figure.className = "vega-chart";
  const themed = {...spec, config: {...chartConfig(dark), ...spec.config}} as TopLevelSpec;
  const view = new View(parse(compile(themed).spec), {renderer: "svg", container: figure, hover: true});
  await view.runAsync();
  if (label) figure.setAttribute("aria-label", label);
  return figure;
}
