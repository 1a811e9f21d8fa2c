// Renders a Vega-Lite spec as SVG text at build time; the page then needs no chart runtime to show it.
import {parse, resetSVGDefIds, View} from "vega";
import {compile, type TopLevelSpec} from "vega-lite";
import {chartConfig} from "./chartTheme.js";

export {changeColors, chartConfig, darkChartCss, darkColorMap} from "./chartTheme.js";

export interface ChartOptions {
  /** Ignored: a chart is drawn in light colours and repainted for the dark scheme by darkChartCss(). */
  dark?: boolean;
  /** Read by the browser tests and assistive tech: what the chart shows. */
  label?: string;
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

/** Numbers the next page's chart ids (clip paths, gradients) from 1: a page drawn alone, as an incremental build
 * draws a changed page, then reads as it does drawn in a whole build. Ids stay unique within the page. */
export function startPage(): void {
  resetSVGDefIds();
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
