// A study in run sets has a set page per hundred runs (170 at 1000× the seed), alike but for their title, their
// language switch and their fragments. Framework builds the first; the others are written from it before the drawn
// blocks go in (fragment-splice.ts), every fragment of a set page being a marker, so each takes its own set's.
import {createHash} from "node:crypto";
import {readFileSync, renameSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import {runSetTitle, type RunPageLayout} from "../../loaders/pages/run-pages.js";

/** Set by tools/build.ts for Framework's build: Framework then builds only the first set page of each language. */
export const STAMP_ENV = "TPS_REPORT_STAMP_SET_PAGES";

export function isSetPage(path: string): boolean {
  return /^(\/tr)?\/runs\/set\/\d+$/.test(path);
}

/** A link to a set page (runHref): Framework builds only the first, so its link check is not shown the others. */
export const SET_PAGE_LINK = /(^|\/)runs\/set\/\d+(#|"|$)/;

/** Replaces the one occurrence of `from` in `page`; a template laid out otherwise is an error naming the file. */
function replaceOnce(page: string, from: string, to: string, file: string, what: string): string {
  const at = page.indexOf(from);
  if (at < 0 || page.indexOf(from, at + 1) >= 0)
    throw new Error(`${file}: the set page written from it does not hold its ${what} once`);
  return page.slice(0, at) + to + page.slice(at + from.length);
}

/** The set pages Framework built (the first of each language), as one digest: with the same digest and the same
 * fragments, a set page written from them is the one an earlier build wrote (tools/build-reuse.ts). */
export function setTemplateDigest(output: string, layout: RunPageLayout): string | null {
  const first = layout.members.findIndex((members) => members.length > 0);
  if (first < 0) return null;
  const hash = createHash("sha256");
  for (const prefix of ["", "/tr"])
    hash.update(readFileSync(join(output, `${prefix}/runs/set/${first}.html`))).update("\0");
  return hash.digest("hex");
}

/** Writes every set page but the first of each language from the first's built page, but those `kept` names (taken
 * whole from an earlier build); the pages written. */
export function stampSetPages(output: string, layout: RunPageLayout, kept: ReadonlySet<string> = new Set()): number {
  const first = layout.members.findIndex((members) => members.length > 0);
  if (first < 0) return 0;
  let written = 0;
  for (const lang of ["en", "tr"] as const) {
    const prefix = lang === "tr" ? "/tr" : "";
    const path = (set: number) => `${prefix}/runs/set/${set}`;
    const file = join(output, `${path(first)}.html`);
    const template = readFileSync(file, "utf8");
    const title = escapeHtml(runSetTitle(first, layout.sets, lang));
    for (const [set, members] of layout.members.entries()) {
      if (set === first || !members.length || kept.has(path(set))) continue;
      const own = escapeHtml(runSetTitle(set, layout.sets, lang));
      let page = replaceOnce(template, `<title>${title} | `, `<title>${own} | `, file, "title");
      page = replaceOnce(page, `href="#title">${title}</a></h1>`, `href="#title">${own}</a></h1>`, file, "heading");
      // The switch's link, made relative by Framework: the same in every set page but for the set.
      page = replaceOnce(page, `runs/set/${first}" hreflang=`, `runs/set/${set}" hreflang=`, file, "language switch");
      const target = join(output, `${path(set)}.html`);
      writeFileSync(`${target}.tmp`, page);
      renameSync(`${target}.tmp`, target);
      written++;
    }
  }
  return written;
}
