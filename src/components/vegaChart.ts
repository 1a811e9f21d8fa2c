// Renders a Vega-Lite spec as SVG text at build time; the page then needs no chart runtime to show it.
import {parse, resetSVGDefIds, View} from "vega";
import {compile, type TopLevelSpec} from "vega-lite";
import {chartConfig} from "./chartTheme.js";
import {guideCaptions} from "./chartCaptions.js";
import type {Lang} from "./i18n.js";
import {appendRawHtml} from "./rawHtml.js";

export {changeColors, chartConfig, darkChartCss, darkColorMap} from "./chartTheme.js";

export interface ChartOptions {
  /** Ignored: a chart is drawn in light colours and repainted for the dark scheme by darkChartCss(). */
  dark?: boolean;
  /** Which chart it is, for the page's scripts and the tests (data-chart): a screen reader hears its titles instead. */
  name?: string;
  /** The page's: a screen reader hears the chart's titles, axes, legends and parts in it. */
  lang: Lang;
}

// A mark's tag, read once per tag: the large charts' SVG is megabytes, and one pass over it costs a third of two.
const MARK_TAG = /<(path|rect|circle|line|text)(\s[^>]*)>/g;
// Vega writes each mark's description as aria-label; a <title> child makes it the hover tooltip, with no script.
const LABEL = /^((?:\s[^>]*?)?) aria-label="([^"]*)"((?:\s[^>]*?)?)\/$/;
// A symbol's position (a <path> Vega moves into place): a chart draws up to a thousand, and the sixteen digits the scale
// gives each coordinate were a sixth of a large chart's gzip bytes; a hundredth of a pixel is finer than any screen.
const SYMBOL_POSITION = /(transform="translate\()([^,)]+),([^)]+)\)/;
const hundredths = (value: string) => String(Math.round(Number(value) * 100) / 100);

function markTag(tag: string, attributes: string): string {
  const labelled = LABEL.exec(attributes);
  let shown = labelled ? `${labelled[1]}${labelled[3]}` : attributes;
  if (tag === "path")
    shown = shown.replace(SYMBOL_POSITION, (_all, head, x, y) => `${head}${hundredths(x)},${hundredths(y)})`);
  return labelled ? `<${tag}${shown}><title>${labelled[2]}</title></${tag}>` : `<${tag}${shown}>`;
}

type Unit = {
  mark?: string | {type: string; aria?: boolean};
  encoding?: Record<string, unknown> & {
    tooltip?: unknown;
    description?: unknown;
  };
  transform?: unknown[];
  layer?: Unit[];
  hconcat?: Unit[];
  vconcat?: Unit[];
};

// Composite marks take the aria flag on their parts (an errorbar's rule and ticks), not on themselves: the parts
// drawn by default, and the others where the spec turns them on.
const COMPOSITE: Record<string, {drawn: string[]; optional: string[]}> = {
  errorbar: {drawn: ["rule"], optional: ["ticks"]},
  errorband: {drawn: ["band"], optional: ["borders"]},
  boxplot: {drawn: ["box", "median", "rule", "ticks", "outliers"], optional: []}
};

/** Every mark's hover text in words: a mark with a tooltip list says "Title: value; …" (Vega-Lite's default lists the
 * raw field names, `tps: 188.336666667`, so an entry without a title is refused); a mark with neither tooltip nor
 * description (a label, a rule, an interval, a line's overlays) is left out of the accessibility tree instead of naming
 * its fields. Returns a copy. */
export function describedMarks<T>(spec: T): T {
  const walk = (unit: Unit): Unit => {
    const out: Unit = {...unit};
    for (const key of ["layer", "hconcat", "vconcat"] as const) if (unit[key]) out[key] = unit[key]!.map(walk);
    if (!unit.mark) return out;
    const type = typeof unit.mark === "string" ? unit.mark : unit.mark.type;
    const encoding = unit.encoding ?? {};
    if (encoding.description != null) return out;
    const tooltip = Array.isArray(encoding.tooltip)
      ? (encoding.tooltip as {field?: string; title?: string; format?: string}[]).filter((t) => t.field)
      : [];
    if (tooltip.length) {
      const expr = tooltip
        .map((t) => {
          if (t.title == null) throw new Error(`a chart's hover text names the field "${t.field}" without a title`);
          const value = t.format
            ? `format(datum[${JSON.stringify(t.field)}], ${JSON.stringify(t.format)})`
            : `datum[${JSON.stringify(t.field)}]`;
          return `${JSON.stringify(`${t.title}: `)} + ${value}`;
        })
        .join(" + '; ' + ");
      out.transform = [...(unit.transform ?? []), {calculate: expr, as: "__described"}];
      out.encoding = {...encoding, description: {field: "__described", type: "nominal"}};
      return out;
    }
    const mark: Record<string, unknown> = typeof unit.mark === "string" ? {type} : {...unit.mark};
    const unnamed = (part: string) =>
      (mark[part] = {...(typeof mark[part] === "object" ? (mark[part] as object) : {}), aria: false});
    const composite = COMPOSITE[type];
    if (composite)
      for (const part of [...composite.drawn, ...composite.optional]) {
        const on = composite.drawn.includes(part) ? mark[part] !== false : mark[part] != null && mark[part] !== false;
        if (on) unnamed(part);
      }
    else {
      mark.aria = false;
      // A line's or an area's overlays too: a path for a whole series would otherwise be named by its first datum.
      for (const part of ["line", "point"]) if (mark[part] != null && mark[part] !== false) unnamed(part);
    }
    out.mark = mark as Unit["mark"];
    return out;
  };
  return walk(spec as Unit) as T;
}

/** A Vega-Lite spec drawn as SVG text, described to a screen reader in `lang`: the same call at build time (Node) and in
 * the browser. */
export async function chartSvg(spec: TopLevelSpec, lang: Lang = "en"): Promise<string> {
  const themed = {...describedMarks(spec), config: {...chartConfig(false), ...spec.config}} as TopLevelSpec;
  const view = new View(parse(compile(themed).spec), {renderer: "none"});
  const svg = await view.toSVG();
  view.finalize();
  return guideCaptions(
    svg.replace(MARK_TAG, (_all, tag: string, attributes: string) => markTag(tag, attributes)),
    lang
  ).replace(/ xlink:href="/g, ' href="');
}

/** Numbers the next page's chart ids (clip paths, gradients) from 1: a page drawn alone, as an incremental build
 * draws a changed page, then reads as it does drawn in a whole build. Ids stay unique within the page. */
export function startPage(): void {
  resetSVGDefIds();
}

const drawing = new Set<Promise<unknown>>();

/** The chart as a figure element; its SVG is text the build writes into the page. */
export function vegaChart(spec: TopLevelSpec, {name, lang}: ChartOptions): Promise<HTMLElement> {
  const figure = document.createElement("figure");
  figure.className = "vega-chart";
  if (name) figure.dataset.chart = name;
  const drawn = chartSvg(spec, lang).then((svg) => {
    appendRawHtml(figure, svg);
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
