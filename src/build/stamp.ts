// The stamp: Framework builds the first page of each Markdown source (and each page of its own); every page of the study
// is then written from its source's built page: its language, title, h1, language switch, sidebar entry and pager put
// in, and each marker replaced by the page's fragment. Each replacement must find exactly what Framework writes, or the
// build stops. A page whose key (its built page, fragments, title, neighbours) is unchanged is linked from the last
// output. Framework's own pages get their language too.
import {createHash} from "node:crypto";
import {existsSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {dirname} from "node:path";
import {t} from "../components/i18n.js";
import type {PageFragments} from "../render/fragment.js";
import {pageTitle} from "../render/page-text.js";
import type {DrawnPage} from "../render/store.js";
import {
  bodyText,
  FRAMEWORK_VERSION,
  FrameworkContractError,
  pageFile,
  pageLink,
  replaceOnce,
  shellHeading,
  shellOpening,
  shellPager,
  shellSearchBox,
  shellTitle,
  sidebarEntry,
  withHeaderAnchors
} from "./framework.js";
import {languageSwitch, pageLanguage, twinPath} from "./header.js";
import {frameworkNeed} from "./placeholders.js";
import type {SiteView} from "./site-view.js";

const MARKER = /<tps-fragment data-name="([a-z][a-z0-9-]*)"><\/tps-fragment>/g;
const CARRIER = /<tps-downloads data-name="([a-z][a-z0-9-]*)">([\s\S]*?)<\/tps-downloads>/g;
export const SITE_TITLE = "tps-report";

/** What a written page was written from, and its file as written (inode, size, time: what the next build trusts of
 * its own output, which only a build writes): the next build links it while both hold. */
export interface StampedPage {
  key: string;
  ino: number;
  size: number;
  mtimeMs: number;
}
export type StampRecord = Record<string, StampedPage>;

/** The last build's output and what it wrote, for an incremental build. */
export interface LastBuild {
  output: string;
  record: StampRecord;
}

function digest(...parts: string[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\0");
  return hash.digest("hex");
}

/** The first of the source's placeholders left in a page's HTML, unless the study's text on the page writes it (a
 * chat template's {{ … }} in a log, a title in the sidebar); null if none is left. */
function leftPlaceholder(html: string, names: string[], studyText: () => string): string | null {
  const left = names.map((name) => `{{${name}}}`).filter((placeholder) => html.includes(placeholder));
  return left.length ? (left.find((placeholder) => !studyText().includes(placeholder)) ?? null) : null;
}

/** The placeholders a Markdown source has. */
function placeholderNames(source: string): string[] {
  return [...new Set([...source.matchAll(/\{\{([a-z][a-z0-9-]*)\}\}/g)].map((m) => m[1]))];
}

/** A built page in the language of the page at `path`: its <html> tag, and its search box's placeholder. */
function withLanguage(built: string, path: string, file: string): string {
  const lang = pageLanguage(path);
  const html = replaceOnce(built, shellOpening(null), shellOpening(lang), file, "html tag");
  // A page built without a sidebar has no search box.
  if (lang === "en" || !html.includes('id="observablehq-search"')) return html;
  return replaceOnce(
    html,
    shellSearchBox(t("searchBox", "en")),
    shellSearchBox(t("searchBox", lang)),
    file,
    "search box"
  );
}

/** `page` written from its source's built page (the built page of `template`). */
export function stampPage(
  built: string,
  template: DrawnPage,
  page: DrawnPage,
  fragments: PageFragments,
  view: SiteView,
  file: string
): string {
  let html = withLanguage(built, page.path, file);
  const source = view.source(template.source);
  const framework = pageTitle(source, template.title);
  const own = pageTitle(source, page.title);
  if (own !== framework)
    html = replaceOnce(html, shellTitle(framework, SITE_TITLE), shellTitle(own, SITE_TITLE), file, "title");
  if (page.path !== template.path) {
    const heading = (text: string) =>
      page.heading === "plain" ? `<h1>${bodyText(text)}</h1>` : shellHeading("title", text);
    html = replaceOnce(html, heading(template.title ?? ""), heading(page.title ?? ""), file, "h1");
    const twin = (path: string) => languageSwitch({path}, () => true, pageLink(path, twinPath(path)));
    html = replaceOnce(html, twin(template.path), twin(page.path), file, "language switch");
    if (view.pager(page.path)) {
      const from = template.path;
      html = replaceOnce(
        html,
        sidebarEntry(from, from, true),
        sidebarEntry(from, from, false),
        file,
        "active sidebar entry"
      );
      html = replaceOnce(
        html,
        sidebarEntry(from, page.path, false),
        sidebarEntry(from, page.path, true),
        file,
        "sidebar entry"
      );
    }
  }
  // Framework's pager walked only the pages it built: each listed page gets the pager of the whole sidebar.
  const was = view.pager(template.path, true);
  const want = view.pager(page.path);
  const same = (a: typeof was, b: typeof want) => a?.prev?.path === b?.prev?.path && a?.next?.path === b?.next?.path;
  if (was && want && (page.path !== template.path || !same(was, want)))
    html = replaceOnce(
      html,
      shellPager(template.path, was.prev, was.next),
      shellPager(page.path, want.prev, want.next),
      file,
      "pager"
    );
  const taken = takeDownloads(html);
  const resolved = taken.downloads;
  html = taken.html.replace(MARKER, (_all, name: string) => {
    const fragment = fragments[name];
    if (!fragment) throw new Error(`${file}: no fragment "${name}" for ${page.path}`);
    if (!("html" in fragment)) return bodyText(fragment.text);
    return withHeaderAnchors(withDownloads(fragment.html, resolved.get(name) ?? [], file, name));
  });
  return html;
}

/** A built page without the download links Framework resolved beside each block's marker, and those links as it
 * wrote them (their open tags, by block). */
export function takeDownloads(built: string): {html: string; downloads: Map<string, string[]>} {
  const downloads = new Map<string, string[]>();
  const html = built.replace(CARRIER, (_all, name: string, links: string) => {
    const need = frameworkNeed(links);
    downloads.set(name, typeof need === "object" ? need.downloads.map(([tag]) => tag) : []);
    return "";
  });
  return {html, downloads};
}

/** A block with its download links as Framework resolved them beside its marker; a count that differs means Framework
 * wrote them otherwise, or a page of a template names a file its first page does not, and the build stops. */
function withDownloads(html: string, links: string[], file: string, name: string): string {
  const need = links.length || html.includes("download") ? frameworkNeed(html) : "nothing";
  const downloads = typeof need === "object" ? need.downloads : [];
  if (downloads.length !== links.length)
    throw new FrameworkContractError(
      `${file}: the block "${name}" has ${downloads.length} download link(s), and Framework ${FRAMEWORK_VERSION} resolved ${links.length} beside its marker; the page cannot be written from it`
    );
  let out = "";
  let at = 0;
  downloads.forEach((tag, i) => {
    out += html.slice(at, tag.index) + links[i];
    at = tag.index! + tag[0].length;
  });
  return out + html.slice(at);
}

/** Writes every drawn page into `output`, where Framework has built the first page of each source; returns what it
 * wrote, for the next build. */
export function stampSite(
  view: SiteView,
  output: string,
  last: LastBuild | null
): {record: StampRecord; linked: number; written: number} {
  const site = view.site!;
  const groups = new Map<string, DrawnPage[]>();
  for (const page of site.pages) {
    const group = groups.get(page.source);
    if (group) group.push(page);
    else groups.set(page.source, [page]);
  }
  const record: StampRecord = {};
  let linked = 0;
  let written = 0;
  // The staging folder is this build's alone: pages are written in place, each folder made once.
  const folders = new Set<string>();
  const folder = (file: string) => {
    const dir = dirname(file);
    if (!folders.has(dir)) mkdirSync(dir, {recursive: true});
    folders.add(dir);
  };
  const sidebar = JSON.stringify(view.sidebar());
  for (const [source, pages] of groups) {
    const template = pages[0];
    const templateFile = pageFile(output, template.path);
    const built = readFileSync(templateFile, "utf8");
    const names = placeholderNames(view.source(source));
    const base = digest(built, sidebar);
    for (const page of pages) {
      const file = pageFile(output, page.path);
      const key = digest(base, page.path, page.digest, page.title ?? "");
      const was = last?.record[page.path];
      if (was?.key === key && page.path !== template.path) {
        const from = pageFile(last!.output, page.path);
        const stat = statSync(from, {throwIfNoEntry: false});
        if (stat && stat.ino === was.ino && stat.size === was.size && stat.mtimeMs === was.mtimeMs) {
          folder(file);
          linkSync(from, file);
          record[page.path] = was;
          linked++;
          continue;
        }
      }
      const fragments = view.fragments(page, !!last);
      // Framework built the first page with a marker for every placeholder: one left means the rule did not see it.
      // Written out only for a page that holds a placeholder's spelling, not for each of thousands of run pages.
      let pageText: string | undefined;
      const studyText = () => (pageText ??= JSON.stringify(fragments) + (page.title ?? "") + sidebar);
      const unseen = page === template ? leftPlaceholder(built, names, studyText) : null;
      if (unseen !== null) {
        const at = built.indexOf(unseen);
        throw new FrameworkContractError(
          `${templateFile}: "${built.slice(at, at + 40)}" left by Framework's build of ${source}: its placeholders were not replaced`
        );
      }
      const html = stampPage(built, template, page, fragments, view, file);
      const left = leftPlaceholder(html, names, studyText);
      if (left !== null) throw new Error(`${file}: the placeholder ${left} is left in the page`);
      folder(file);
      writeFileSync(file, html);
      const stat = statSync(file);
      record[page.path] = {key, ino: stat.ino, size: stat.size, mtimeMs: stat.mtimeMs};
      written++;
    }
  }
  // Framework's own pages (a notebook, a user's page, the 404 page) get their language as the drawn pages do.
  for (const path of [...view.userPages().map((page) => page.path), "/404"]) {
    const file = pageFile(output, path);
    // A draft page is not built.
    if (!existsSync(file)) continue;
    writeFileSync(file, withLanguage(readFileSync(file, "utf8"), path, file));
  }
  return {record, linked, written};
}
