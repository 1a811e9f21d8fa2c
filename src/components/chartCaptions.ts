// Vega describes each part of a chart, and each axis, legend and title, to a screen reader in English, whatever the
// page's language: each caption is read back by Vega's form and said again from the words table (its English there is
// Vega's, word for word).
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

const TITLE = /^(Sub)?[Tt]itle text '(.*)'$/s;
const MARK = /^(\w+) mark( container)?$/;

/** A title's or a subtitle's caption as Vega writes it, in the page's language. */
function titleCaption(caption: string, lang: Lang): string {
  const title = TITLE.exec(caption);
  return title ? fill(title[1] ? "captionSubtitle" : "captionTitle", lang, {text: title[2]}) : caption;
}

/** What Vega says a part of a chart is ("axis", "bar", "rect mark container"), in the page's language. */
export function roleCaption(role: string, lang: Lang): string {
  const mark = MARK.exec(role);
  if (!mark) return namedWord("captionRole_", role, lang);
  return fill(mark[2] ? "captionMarks" : "captionMark", lang, {mark: namedWord("captionRole_", mark[1], lang)});
}

const PART = /aria-roledescription="([^"]*)"(?: aria-label="([^"]*)")?/g;

/** What a screen reader hears of a chart's SVG, in the page's language: each part's role, and the caption of each
 * axis, legend and title. */
export function guideCaptions(svg: string, lang: Lang): string {
  return svg.replace(PART, (_all, role: string, caption?: string) => {
    const said = `aria-roledescription="${roleCaption(role, lang)}"`;
    if (caption === undefined) return said;
    const guide = role === "axis" || role === "legend" ? guideCaption(caption, lang) : titleCaption(caption, lang);
    return `${said} aria-label="${guide}"`;
  });
}
