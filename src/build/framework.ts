// Everything the site relies on that Observable Framework does not document, in one place. Each is checked against the
// installed Framework by test/build/framework-contract.test.ts; a build that meets anything else fails, never guesses.
//
// 1. A markdown-it rule learns which page it parses from the parse environment's `path`.
// 2. The output shell: how Framework writes a page's <html> tag and <title>, its Markdown h1, a sidebar link, the search
//    box, the pager, a link from one page to another (its relative path), and which file a page is written to.
// 3. Asset names: a file Framework copies or bundles is named <name>.<8 hex digits>.<extension> under its folders.
// 4. Data loaders' output is cached under <root>/.observablehq/cache/ at the loader's path without its .ts.
// 5. A failed `observable build` ends with "Unexpected error: <message>" on stderr.
import {accessSync, constants, statfsSync} from "node:fs";
import {join, resolve} from "node:path";
import {writeErrorLine} from "../../loaders/files/write-error.js";
import {OUTPUT_NOT_WRITTEN} from "../../loaders/files/write-stdout.js";

/** The version these assumptions were checked against; package.json pins exactly this one. */
export const FRAMEWORK_VERSION = "1.13.4";

export class FrameworkContractError extends Error {}

/** 1. The path of the page a markdown-it rule is parsing ("/steps/a", "/index"). */
export function markdownPagePath(env: unknown): string {
  const path = (env as {path?: unknown} | null | undefined)?.path;
  if (typeof path !== "string" || !path.startsWith("/"))
    throw new FrameworkContractError(
      `Framework ${FRAMEWORK_VERSION}'s markdown-it environment names the page as env.path; this Framework gives ${JSON.stringify(path)}`
    );
  return path;
}

/** Text as Framework writes it into the shell (the `html` tag of its render.js escapes with he.escape). */
export function shellText(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => SHELL_ENTITIES[c]);
}
const SHELL_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
  "`": "&#x60;"
};

/** Text inside the page's main as Framework writes it (the serialization of a text node). */
export function bodyText(text: string): string {
  return text.replace(/[&<>\u00a0]/g, (c) => BODY_ENTITIES[c]);
}
const BODY_ENTITIES: Record<string, string> = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\u00a0": "&nbsp;"};

/** 2. A link from the page at `from` to the page at `to` (both "/…", "/x/" for a folder's index), as Framework writes it. */
export function pageLink(from: string, to: string): string {
  const source = from.split("/").slice(0, -1);
  const target = to.split("/");
  const last = target.pop()!;
  let same = 0;
  while (same < Math.min(source.length, target.length) && source[same] === target[same]) same++;
  const up = source.length - same;
  return encodeURI((up ? "../".repeat(up) : "./") + [...target.slice(same), last].join("/"));
}

/** 2. The page's opening: Framework writes its <html> tag with no language (null); the stamp gives it the page's. */
export function shellOpening(lang: string | null): string {
  return `<!DOCTYPE html>\n<html${lang ? ` lang="${lang}"` : ""}>\n`;
}

/** 2. The page's <title>: its own title, then the site's. */
export function shellTitle(title: string | null, site: string): string {
  return `<title>${shellText([title, title === site ? null : site].filter(Boolean).join(" | "))}</title>`;
}

/** 2. A Markdown h1 whose slug is `id`, with the self-link Framework puts in. */
export function shellHeading(id: string, text: string): string {
  return `<h1 id="${id}" tabindex="-1"><a class="observablehq-header-anchor" href="#${id}">${bodyText(text)}</a></h1>`;
}

/** 2. A page's entry in the sidebar, up to its name: active on the page itself. */
export function sidebarEntry(from: string, to: string, active: boolean): string {
  return `<li class="observablehq-link${active ? " observablehq-link-active" : ""}"><a href="${shellText(pageLink(from, to))}">`;
}

/** 2. The sidebar's search box, with its placeholder. */
export function shellSearchBox(placeholder: string): string {
  return `<div id="observablehq-search"><input type="search" placeholder="${shellText(placeholder)}"></div>`;
}

export interface PagerLink {
  name: string;
  path: string;
}

/** 2. The pager at the foot of a listed page. */
export function shellPager(from: string, prev: PagerLink | null, next: PagerLink | null): string {
  const rel = (page: PagerLink, rel: string) =>
    `<a rel="${rel}" href="${shellText(pageLink(from, page.path))}"><span>${shellText(page.name)}</span></a>`;
  return `<footer id="observablehq-footer">\n<nav>${prev ? rel(prev, "prev") : ""}${next ? rel(next, "next") : ""}</nav>`;
}

/** 2. Framework links each h1–h4 with an id to itself; a block the stamp puts in gets the same link. */
export function withHeaderAnchors(html: string): string {
  return html.replace(
    /<(h[1-4])(\s[^>]*?\bid="([^"]*)"[^>]*)>([\s\S]*?)<\/\1>/g,
    (_all, tag: string, attributes: string, id: string, inner: string) =>
      `<${tag}${attributes}><a class="observablehq-header-anchor" href="#${id}">${inner}</a></${tag}>`
  );
}

/** 2. The file a page is written to: "/" is index.html, "/runs/" runs/index.html, "/steps/a" steps/a.html. */
export function pageFile(output: string, path: string): string {
  return join(output, path.endsWith("/") ? `${path}index.html` : `${path}.html`);
}

/** 3. A hashed asset's path as pages name it ("_observablehq/client.d10d8454.js"), with the hash as its group. */
export const ASSET_PATH = /\b_(?:observablehq|file|import|npm|node)\/[^"'`\s<>()]*?\.([0-9a-f]{8})\.[a-z0-9]+\b/g;

/** 4. Where Framework keeps the output of the data loaders under `dir` of the source root. */
export function loaderCache(root: string, dir: string): string {
  return join(root, ".observablehq", "cache", dir);
}

/** 4. What else Framework keeps at the top of that cache: its client bundles, its npm copies, its build's record. */
export const FRAMEWORK_CACHE_OWN = ["_observablehq", "_npm", "_build.json"];

/** Replaces the one occurrence of `from` in `page`; anything else means the page is laid out as this module does not
 * know, and the build stops, naming the page and what it looked for. */
export function replaceOnce(page: string, from: string, to: string, file: string, what: string): string {
  const at = page.indexOf(from);
  if (at < 0 || page.indexOf(from, at + from.length) >= 0)
    throw new FrameworkContractError(
      `${file}: ${at < 0 ? "no" : "more than one"} ${what} as Framework ${FRAMEWORK_VERSION} writes it (${JSON.stringify(from.slice(0, 160))}); the page cannot be written from it`
    );
  return page.slice(0, at) + to + page.slice(at + from.length);
}

/** A folder the build writes, and how a message calls it. */
export interface BuildFolder {
  dir: string;
  what: string;
}

const UNEXPECTED = /Unexpected error:[ \t]*(.*)/;
const ERRNO = /^(E[A-Z]+): [^,]*, (\w+)(?: '([^']*)'(?: -> '([^']*)')?)?/;
const ANSI = /\x1b\[[0-9;]*m/g;

/** Whether `dir`'s disk shows the cause: no space left, or no writing allowed. */
function showsCause(dir: string, code: string): boolean {
  try {
    if (code === "ENOSPC" || code === "EDQUOT") return statfsSync(dir).bavail === 0;
    accessSync(dir, constants.W_OK);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === code;
  }
}

/** 5. For what a failed `observable build` wrote on stderr: our one line when the disk caused it, "" when a loader of
 * ours already said why (exit 74), or null to show Framework's message as it is. */
export function frameworkErrorLine(text: string, folders: BuildFolder[]): string | null {
  const message = UNEXPECTED.exec(text.replace(ANSI, ""))?.[1].trim();
  if (message === undefined) return null;
  if (message.endsWith(` exited with code ${OUTPUT_NOT_WRITTEN}`)) return "";
  const m = ERRNO.exec(message);
  if (!m) return null;
  const [, code, syscall, path, dest] = m;
  const resolved = folders.map(({dir, what}) => ({dir: resolve(dir), what}));
  const shown = resolved.filter((f) => showsCause(f.dir, code));
  const place = dest ?? path ?? (shown.length ? shown : resolved).map((f) => `${f.what} ${f.dir}`).join(" or ");
  return writeErrorLine({code, syscall, path: place}, "build again");
}
