// Framework parses every page's HTML with JSDOM several times (load, search index, render), so its build time follows
// the HTML it is handed: at 1000× the seed a step page is over a megabyte of tables and SVG. In `npm run build` a drawn
// block is handed to Framework as a marker holding only its text (for the search index) and put in after the build.
import {closeSync, openSync, readFileSync, readSync, renameSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Fragment, PageFragments} from "./fragment.js";
import {lineDigest, lineFragments, linePath} from "./page-line.js";
import {escapeHtml} from "../../loaders/pages/language-switch.js";

/** Where the page renderer writes its pages (a line each: page-line.ts) when the build splices them in afterwards. */
export const SPLICE_ENV = "TPS_REPORT_SPLICE_PAGES";

const MARKER = /<tps-fragment data-name="([a-z][a-z0-9-]*)">[\s\S]*?<\/tps-fragment>/g;

// What Framework must see to resolve: files it copies and hashes, scripts it bundles, code it highlights.
const NEEDS_FRAMEWORK = /<(?:img|link|video|audio|source|picture)\b|\s(?:download|srcset|src)[\s=>]|language-/i;

// Below this a block costs Framework next to nothing, and a marker would cost about as much as the block.
const SMALLEST = 512;

/** Whether a drawn block bypasses Framework: large, holding nothing Framework would resolve or rewrite but headings. */
export function spliceable(html: string): boolean {
  return html.length >= SMALLEST && !NEEDS_FRAMEWORK.test(html);
}

/** The marker Framework is handed instead of a drawn block: the block's text, taken as Framework's search index takes
 * a page's (one line, styles out, tags out), so the index is the one Framework would have made from the block; and its
 * links (their opening tags) and ids, empty, so that Framework's link check sees every link and anchor it would have
 * seen, but links to pages `unbuilt` matches, which Framework does not build. */
export function fragmentMarker(name: string, fragment: Fragment, unbuilt: RegExp | null = null): string {
  if (!("html" in fragment)) return `<tps-fragment data-name="${name}">${escapeHtml(fragment.text)}</tps-fragment>`;
  const {html} = fragment;
  const text = html
    .replace(/[\n\r]/g, " ")
    .replace(/<style\b.*<\/style\b[^>]*>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/</g, "&lt;");
  // Whole opening tags: Framework leaves a link with rel="external" unchecked.
  const links = [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"[^>]*>/g)]
    .filter(([, href]) => !unbuilt?.test(href))
    .map(([tag]) => `${tag}</a>`);
  const ids = [...html.matchAll(/<[a-zA-Z][^>]*?\sid="([^"]*)"/g)].map(([, id]) => `<i id="${id}"></i>`);
  return `<tps-fragment data-name="${name}">${text}${links.join("")}${ids.join("")}</tps-fragment>`;
}

/** A page's body with its markers emptied: their text and links were for Framework's search index and link check, both
 * done before pages are written, and the splice replaces each marker whole (at 1000× the seed Framework spent seconds
 * parsing them again to write the pages). */
export function emptiedMarkers(body: string): string {
  return body.replace(MARKER, (_all, name: string) => `<tps-fragment data-name="${name}"></tps-fragment>`);
}

/** Has Framework write each page with its markers emptied (a patch reads this hook when it writes a page). */
export function emptyMarkersWhenWriting(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for("tps-report.rendered-body")] = emptiedMarkers;
}

/** Framework links each heading with an id to itself; a block put in after the build gets the same anchor. */
export function withHeaderAnchors(html: string): string {
  return html.replace(
    /<(h[1-4])(\s[^>]*?\bid="([^"]*)"[^>]*)>([\s\S]*?)<\/\1>/g,
    (_all, tag: string, attributes: string, id: string, inner: string) =>
      `<${tag}${attributes}><a class="observablehq-header-anchor" href="#${id}">${inner}</a></${tag}>`
  );
}

/** A built page with each marker replaced by its block; a marker without a block is an error naming the page. */
export function splicePage(page: string, fragments: PageFragments, file: string): string {
  return page.replace(MARKER, (_all, name: string) => {
    const fragment: Fragment | undefined = fragments[name];
    if (!fragment) throw new Error(`${file}: no drawn block for the marker "${name}"`);
    return "html" in fragment ? withHeaderAnchors(fragment.html) : escapeHtml(fragment.text);
  });
}

/** The built file of a page path: "/" is index.html, "/steps/a" is steps/a.html. */
export function builtFile(output: string, path: string): string {
  return join(output, path.endsWith("/") ? `${path}index.html` : `${path}.html`);
}

/** Puts every drawn block into the built pages of `output`, from the renderer's file of pages; the pages spliced.
 * Pages in `kept` came whole from an earlier build (tools/build-reuse.ts) and are passed over unread; `memo` is the
 * renderer's memo of an incremental build, where the pages it held are read from. */
export function spliceBuiltPages(
  pagesFile: string,
  output: string,
  kept: ReadonlySet<string> = new Set(),
  memo?: string
): number {
  let spliced = 0;
  forEachPage(pagesFile, kept, memo, (path, fragments) => {
    const file = builtFile(output, path);
    let page: string;
    try {
      page = readFileSync(file, "utf8");
    } catch {
      // A page the renderer drew but Framework did not build (a run page in a study of run sets) has no markers.
      return;
    }
    if (!page.includes("<tps-fragment ")) return;
    writeFileSync(`${file}.tmp`, splicePage(page, fragments, file));
    renameSync(`${file}.tmp`, file);
    spliced++;
  });
  return spliced;
}

/** Reads the renderer's file one page per line, a megabyte at a time: at 1000× the file is hundreds of megabytes. */
function forEachLine(file: string, visit: (line: Buffer) => void): void {
  const fd = openSync(file, "r");
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    let pending = Buffer.alloc(0);
    for (let n; (n = readSync(fd, chunk, 0, chunk.length, null)) > 0;) {
      pending = pending.length ? Buffer.concat([pending, chunk.subarray(0, n)]) : Buffer.from(chunk.subarray(0, n));
      let start = 0;
      for (let end; (end = pending.indexOf(10, start)) >= 0; start = end + 1) visit(pending.subarray(start, end));
      pending = pending.subarray(start);
    }
  } finally {
    closeSync(fd);
  }
}

function forEachPage(
  file: string,
  skip: ReadonlySet<string>,
  memo: string | undefined,
  visit: (path: string, fragments: PageFragments) => void
): void {
  forEachLine(file, (line) => {
    if (skip.size && skip.has(linePath(line))) return;
    const [path, fragments] = lineFragments(line, memo);
    visit(path, fragments);
  });
}

/** The digest of each page `wanted` picks in the renderer's file (page-line.ts): equal digests, equal fragments. */
export function pageDigests(pagesFile: string, wanted: (path: string) => boolean): Map<string, string> {
  const digests = new Map<string, string>();
  forEachLine(pagesFile, (line) => {
    const path = linePath(line);
    if (wanted(path)) digests.set(path, lineDigest(line));
  });
  return digests;
}
