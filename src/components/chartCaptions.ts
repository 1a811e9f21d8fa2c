// Vega describes each axis and legend to a screen reader in English, whatever the page's language: each caption is
// read back by Vega's form and said again from the words table (its English there is Vega's, word for word).
import {fill, listText, namedWord, type Lang} from "./i18n.js";

const AXIS = /^([XY])-axis(?: titled '(.*?)')? for a (\w+) scale with (.*)$/s;
const LEGEND = /^(\w+) legend(?: titled '(.*?)')? for (.*?) with (\d+ values?: .*|values from .*)$/s;
const RANGE = /^values from (.*) to (.*)$/s;
const LIST = /^(\d+) (values?): (.*?)(?:, ending with (.*))?$/s;

function domainCaption(domain: string, lang: Lang): string | null {
  const range = RANGE.exec(domain);
  if (range) return fill("captionRange", lang, {from: range[1], to: range[2]});
  const list = LIST.exec(domain);
  if (!list) return null;
  const [, n, unit, items, last] = list;
  if (last != null) return fill("captionValuesEnding", lang, {n, list: items, last});
  return fill(unit === "value" ? "captionValue" : "captionValues", lang, {n, list: items});
}

/** An axis's or a legend's caption as Vega writes it, in the page's language; one of no form Vega writes as it is. */
export function guideCaption(caption: string, lang: Lang): string {
  const axis = AXIS.exec(caption);
  const legend = axis ? null : LEGEND.exec(caption);
  const domain = axis?.[4] ?? legend?.[4];
  const said = domain == null ? null : domainCaption(domain, lang);
  if (said == null) return caption;
  if (axis) {
    const [, xy, title, scale] = axis;
    const values = {xy, title: title ?? "", scale: namedWord("captionScale_", scale, lang), domain: said};
    return fill(title == null ? "captionAxis" : "captionAxisTitled", lang, values);
  }
  const [, kind, title, channels] = legend!;
  const named = listText(
    channels.split(/, | and /).map((channel) => namedWord("captionChannel_", channel, lang)),
    lang
  );
  const values = {kind: namedWord("captionLegend_", kind, lang), title: title ?? "", channels: named, domain: said};
  return fill(title == null ? "captionLegend" : "captionLegendTitled", lang, values);
}

const GUIDE = /(aria-roledescription="(?:axis|legend)" aria-label=")([^"]*)"/g;

/** Every axis's and legend's caption in a chart's SVG, in the page's language. */
export function guideCaptions(svg: string, lang: Lang): string {
  return svg.replace(GUIDE, (_all, head: string, caption: string) => `${head}${guideCaption(caption, lang)}"`);
}
