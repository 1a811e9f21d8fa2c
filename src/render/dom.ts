// The components build DOM; at build time linkedom gives them a document, so one component serves both sides.
import {randomBytes} from "node:crypto";
import {parseHTML} from "linkedom";
import {escapeHtml} from "./html.js";
import {setRawHtmlHost} from "../components/rawHtml.js";

const {document, window} = parseHTML("<!doctype html><html><head></head><body></body></html>");
const globals = globalThis as Record<string, unknown>;
for (const [name, value] of Object.entries({document, window, location: {hash: "", href: ""}}))
  if (!(name in globals)) globals[name] = value;
for (const name of ["Node", "HTMLElement", "Element", "DocumentFragment", "Text"])
  if (!(name in globals)) globals[name] = (window as unknown as Record<string, unknown>)[name];
globals.addEventListener ??= () => {};
globals.removeEventListener ??= () => {};

// Raw HTML (a chart's SVG, a log's lines) waits here as text behind a comment marker until its element is written.
const raw = new Map<number, string>();
let nextRaw = 0;
// Unguessable, so that no attribute value in a study's files can pass for a marker.
const RAW_MARKER = `tps-raw-html-${randomBytes(8).toString("hex")}:`;
const RAW = new RegExp(`<!--${RAW_MARKER}(\\d+)-->`, "g");
/** The build's renderers keep raw HTML as text (src/components/rawHtml.ts); a component run under linkedom without
 * this, as the browser tests run the pages' scripts, parses it into the DOM as a browser would. */
export function keepRawHtmlAsText(): void {
  setRawHtmlHost({
    append(element, html) {
      raw.set(nextRaw, html);
      element.append(document.createComment(`${RAW_MARKER}${nextRaw++}`));
    }
  });
}

// Each text is put in once and let go: a page's text is not held after the page is written.
function withRaw(html: string): string {
  if (!html.includes(`<!--${RAW_MARKER}`)) return html;
  return html.replace(RAW, (_marker, n: string) => {
    const text = raw.get(Number(n));
    if (text === undefined) throw new Error(`raw HTML ${n} was written already: an element is written once`);
    raw.delete(Number(n));
    return text;
  });
}

/** An element, a fragment, text or nothing, as HTML text. */
export function toHtml(value: unknown): string {
  return withRaw(nodeHtml(value));
}

function nodeHtml(value: unknown): string {
  if (value == null || value === false || value === "") return "";
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  const node = value as {outerHTML?: string; nodeType?: number; childNodes?: ArrayLike<unknown>; textContent?: string};
  if (typeof node.outerHTML === "string") return node.outerHTML;
  if (node.nodeType === 11) return Array.from(node.childNodes ?? [], nodeHtml).join("");
  if (node.nodeType === 3) return escapeHtml(node.textContent ?? "");
  throw new Error(`cannot render ${Object.prototype.toString.call(value)} as HTML`);
}
