// Weight of each built page: the HTML, the JavaScript and CSS it loads up front, and the data files it registers.
import {readdirSync, readFileSync, statSync} from "node:fs";
import {dirname, join, relative, resolve} from "node:path";
import {gzipSync} from "node:zlib";
import type {PageKindWeight} from "./report-markdown.js";

export interface Bytes {
  raw: number;
  gzip: number;
}

export interface PageWeight {
  /** Route of the page, "/" for the home page, "/runs/<id>" for run pages. */
  page: string;
  html: Bytes;
  js: Bytes;
  css: Bytes;
  data: Bytes;
  total: Bytes;
}

const sizes = new Map<string, Bytes>();

/** Raw and gzip (level 6, what web servers use) size of a file; shared assets are compressed once. */
function fileBytes(path: string): Bytes {
  let bytes = sizes.get(path);
  if (!bytes) {
    const content = readFileSync(path);
    bytes = {raw: content.length, gzip: gzipSync(content, {level: 6}).length};
    sizes.set(path, bytes);
  }
  return bytes;
}

function sum(paths: Iterable<string>): Bytes {
  const total = {raw: 0, gzip: 0};
  for (const path of new Set(paths)) {
    const b = fileBytes(path);
    total.raw += b.raw;
    total.gzip += b.gzip;
  }
  return total;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry.startsWith("_")) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (entry.endsWith(".html") && entry !== "404.html") out.push(path);
  }
  return out;
}

export function pageWeight(dist: string, file: string): PageWeight {
  const html = readFileSync(file, "utf8");
  const base = dirname(file);
  const local = (href: string) => resolve(base, href.split(/[?#]/)[0]);
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => local(m[1]));
  const js = [...attr(/<link rel="modulepreload" href="([^"]+)"/g), ...attr(/<script type="module" src="([^"]+)"/g)];
  const css = attr(/<link rel="stylesheet" type="text\/css" href="([^"]+)"/g);
  const data = attr(/registerFile\("[^"]*", \{[^}]*"path":"([^"]+)"/g);
  const route =
    "/" +
    relative(dist, file)
      .replace(/\.html$/, "")
      .replace(/(^|\/)index$/, "$1");
  const weight = {page: route, html: fileBytes(file), js: sum(js), css: sum(css), data: sum(data)};
  const parts = [weight.html, weight.js, weight.css, weight.data];
  return {...weight, total: {raw: parts.reduce((a, b) => a + b.raw, 0), gzip: parts.reduce((a, b) => a + b.gzip, 0)}};
}

export function pageWeights(dist: string): PageWeight[] {
  return htmlFiles(dist)
    .map((file) => pageWeight(dist, file))
    .sort((a, b) => a.page.localeCompare(b.page));
}

/** Page kinds of the report: parameterized routes are grouped (their heaviest page stands for them). */
export function pageKind(route: string): string {
  return route
    .replace(/^\/tr(\/|$)/, "/")
    .replace(/^\/runs\/set\/.+$/, "/runs/set/<set>")
    .replace(/^\/runs\/(?!set\/<set>$).+$/, "/runs/<run>")
    .replace(/^\/steps\/.+$/, "/steps/<step>");
}

/** Pages by kind, each kind with its count and heaviest page: the pages the browser weighs. */
export function groupPages(dist: string): PageKindWeight[] {
  const groups = new Map<string, PageKindWeight>();
  for (const page of pageWeights(dist)) {
    const kind = pageKind(page.page);
    const group = groups.get(kind);
    if (!group) groups.set(kind, {kind, count: 1, heaviest: page});
    else {
      group.count++;
      if (page.total.gzip > group.heaviest.total.gzip) group.heaviest = page;
    }
  }
  const order = (k: string) => (k === "/" ? "" : k);
  return [...groups.values()].sort((a, b) => order(a.kind).localeCompare(order(b.kind)));
}
