// Renders a Vega-Lite spec as SVG text at build time; the page then needs no chart runtime to show it.
import {parse, View} from "vega";
import {compile, type Config, type TopLevelSpec} from "vega-lite";

export interface ChartOptions {
  /** Ignored: a chart is drawn in light colours and repainted for the dark scheme by darkChartCss(). */
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

/** Light colour → dark twin, for every colour the theme puts in a chart: a static chart is drawn once, in light. */
export function darkColorMap(): Map<string, string> {
  const map = new Map<string, string>();
  const pair = (light: unknown, dark: unknown) => {
    if (typeof light === "string" && typeof dark === "string" && light !== dark) map.set(light, dark);
  };
  const light = chartConfig(false);
  const dark = chartConfig(true);
  for (const key of ["labelColor", "titleColor", "domainColor", "tickColor", "gridColor"] as const)
    pair(light.axis?.[key], dark.axis?.[key]);
  pair(light.legend?.labelColor, dark.legend?.labelColor);
  pair(light.title?.color, dark.title?.color);
  pair(light.title?.subtitleColor, dark.title?.subtitleColor);
  const lightCategory = (light.range?.category ?? []) as string[];
  const darkCategory = (dark.range?.category ?? []) as string[];
  lightCategory.forEach((color, i) => pair(color, darkCategory[i]));
  const [l, d] = [changeColors(false), changeColors(true)];
  for (const key of ["better", "worse", "neutral"] as const) pair(l[key], d[key]);
  return map;
}

/** The stylesheet that repaints static charts for the dark scheme: attribute selectors beat SVG presentation attributes. */
export function darkChartCss(): string {
  const rules: string[] = [];
  for (const [light, dark] of darkColorMap())
    for (const property of ["fill", "stroke"]) rules.push(`.vega-chart [${property}="${light}"]{${property}:${dark}}`);
  return `@media (prefers-color-scheme: dark){${rules.join("")}}`;
}

// Vega writes each mark's description as aria-label; a <title> child makes it the hover tooltip, with no script.
const LABELLED_MARK = /<(path|rect|circle|line|text)((?:\s[^>]*?)?) aria-label="([^"]*)"((?:\s[^>]*?)?)\/>/g;

// A symbol's position (a <path> Vega moves into place): a chart draws up to a thousand, and the sixteen digits the scale
// gives each coordinate were a sixth of a large chart's gzip bytes; a hundredth of a pixel is finer than any screen.
const SYMBOL_POSITION = /(<path [^>]*?transform="translate\()([^,)]+),([^)]+)\)/g;
const hundredths = (value: string) => String(Math.round(Number(value) * 100) / 100);

/** A Vega-Lite spec drawn as SVG text: the same call at build time (Node) and in the browser. */
export async function chartSvg(spec: TopLevelSpec): Promise<string> {
  const themed = {...spec, config: {...chartConfig(false), ...spec.config}} as TopLevelSpec;
  const view = new View(parse(compile(themed).spec), {renderer: "none"});
  const svg = await view.toSVG();
  view.finalize();
  return svg
    .replace(
      LABELLED_MARK,
      (_all, tag, before, label, after) => `<${tag}${before}${after}><title>${label}</title></${tag}>`
    )
    .replace(/ xlink:href="/g, ' href="')
    .replace(SYMBOL_POSITION, (_all, head, x, y) => `${head}${hundredths(x)},${hundredths(y)})`);
}

const drawing = new Set<Promise<unknown>>();

/** The chart as a figure element; its SVG is text the build writes into the page. */
export function vegaChart(spec: TopLevelSpec, {label}: ChartOptions = {}): Promise<HTMLElement> {
  const figure = document.createElement("figure");
  figure.className = "vega-chart";
  if (label) figure.setAttribute("aria-label", label);
  const drawn = chartSvg(spec).then((svg) => {
    figure.innerHTML = svg;
    return figure;
  });
  drawing.add(drawn);
  void drawn.finally(() => drawing.delete(drawn));
  return drawn;
}

/** Resolves once every chart begun so far is drawn: a component may append its chart after it returns. */
export async function chartsDrawn(): Promise<void> {
  while (drawing.size) await Promise.all(drawing);
}
