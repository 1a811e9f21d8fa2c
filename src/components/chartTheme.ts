// The charts' colours and fonts, apart from the drawing: the site's config reads the dark-scheme stylesheet before any
// page is drawn, and the chart libraries take a second to load.
import type {Config} from "vega-lite";

/** The most room an axis's labels get; a longer label is cut with "…". */
export const LABEL_LIMIT = 240;
/** A legend's room for a label: a name of 72 characters whole, as Vega measures it in the build (8.8 px a character):
 * an engine's, or a write-up's recommendation ("Önerilen: Performance Mode && Prefix Cache && Quantization", 58). */
export const LEGEND_LABEL_LIMIT = 640;

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
      // As much room as chartLayout.ts gives the labels (Vega's default, 180 px, cuts 21 characters).
      labelLimit: LABEL_LIMIT,
      titleFontSize: 12,
      titleFontWeight: 600
    },
    legend: {
      labelColor: text,
      titleColor: text,
      labelFontSize: 11,
      titleFontSize: 12,
      orient: "bottom",
      labelLimit: LEGEND_LABEL_LIMIT
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

/** A small multiple's name above its panel, where a rotated y title would be longer than the panel is tall. */
export function panelTitle(text: string) {
  return {text, fontSize: 12, fontWeight: 600, anchor: "start", offset: 6} as const;
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
