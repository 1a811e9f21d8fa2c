// The drawn charts' palette and type for charts a notebook page draws in the browser, light or dark as Framework's
// `dark` says: Plot.plot(plotTheme(dark, {...})) and vl.….config(vegaLiteTheme(dark)).
import type {Config} from "vega-lite";
import {changeColors, chartConfig} from "./chartTheme.js";

/** The category colours of the drawn charts, in the order their scenarios and candidates take them. */
export function palette(dark: boolean): string[] {
  return [...((chartConfig(dark).range?.category ?? []) as string[])];
}

/** Better, worse and no change, as the drawn charts colour a gain. */
export {changeColors};

/** The part of Plot's options a theme sets; any other option passes through. */
export interface PlotThemed {
  color?: Record<string, unknown>;
  style?: string | Partial<CSSStyleDeclaration> | Record<string, string>;
  [option: string]: unknown;
}

/**
 * Plot options with the site's palette for categories (unless the page names a scheme or a range), the page's text
 * colour and font, and no background, so the chart sits on the page in either scheme. The page's own options win.
 */
export function plotTheme<T extends PlotThemed>(dark: boolean, options: T = {} as T): T {
  const config = chartConfig(dark);
  const color = options.color ?? {};
  const ownColors = "scheme" in color || "range" in color || "interpolate" in color;
  const style = typeof options.style === "string" ? options.style : {...(options.style ?? {})};
  return {
    ...options,
    color: ownColors ? color : {...color, range: palette(dark)},
    style:
      typeof style === "string"
        ? style
        : {background: "transparent", color: config.axis?.titleColor as string, fontFamily: config.font, ...style}
  };
}

/** A Vega-Lite config with the drawn charts' colours and type: `spec.config`, or vl's `.config(…)`. */
export function vegaLiteTheme(dark: boolean): Config {
  return chartConfig(dark);
}
