// Sizes for side-by-side chart panels: side by side when the page is wide enough, stacked when it is not.
import type {TopLevelSpec} from "vega-lite";
import type {Field} from "vega-lite/types_unstable/channeldef.js";
import type {LayerSpec} from "vega-lite/types_unstable/spec/layer.js";
import {LABEL_LIMIT} from "./chartTheme.js";

/** A character of an 11 px label as Vega measures text where it draws without a canvas (in the build): 0.8 × the font
 * size. */
export const LABEL_CHAR_PX = 0.8 * 11;

/** Room the y-axis labels take, from the longest label at LABEL_CHAR_PX a character. Any less, and Vega cuts a label
 * that would have fit. */
export function labelWidth(labels: readonly string[]): number {
  const longest = Math.max(0, ...labels.map((label) => label.length));
  return Math.min(LABEL_LIMIT, Math.round(16 + LABEL_CHAR_PX * longest));
}

export interface PanelLayout {
  sideBySide: boolean;
  /** Plot width of each panel, axis labels excluded. */
  panelWidth: number;
}

export function panelLayout(width: number, labels: readonly string[], panels = 2, spacing = 28): PanelLayout {
  const labelsPx = labelWidth(labels);
  const sideBySide = width >= 680;
  // Vega-Lite sizes the plot area; labels, spacing and padding sit outside it.
  const available = sideBySide ? width - labelsPx - spacing * (panels - 1) - 24 : width - labelsPx - 24;
  const panelWidth = Math.max(120, Math.floor(sideBySide ? available / panels : available));
  return {sideBySide, panelWidth};
}

/** The upper end of a value axis with room for the value labels printed after the bars. */
export function paddedMax(values: readonly (number | null)[], room = 1.22): number {
  const finite = values.filter((v): v is number => typeof v === "number" && Number.isFinite(v));
  return finite.length ? Math.max(...finite) * room || 1 : 1;
}

/** Two or more panels, side by side or stacked as the layout says. */
export function arrangePanels(layout: PanelLayout, panels: LayerSpec<Field>[], spacing = 28): TopLevelSpec {
  const schema = "https://vega.github.io/schema/vega-lite/v6.json";
  return layout.sideBySide
    ? {$schema: schema, hconcat: panels, spacing, resolve: {scale: {color: "shared"}}}
    : {$schema: schema, vconcat: panels, spacing: 16, resolve: {scale: {color: "shared"}}};
}
