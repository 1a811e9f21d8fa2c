// The components build DOM; at build time linkedom gives them a document, so one component serves both sides.
import {parseHTML} from "linkedom";
import {escapeHtml} from "../../loaders/pages/language-switch.js";

const {document, window} = parseHTML("<!doctype html><html><head></head><body></body></html>");
const globals = globalThis as Record<string, unknown>;
for (const [name, value] of Object.entries({document, window, location: {hash: "", href: ""}}))
  if (!(name in globals)) globals[name] = value;
for (const name of ["Node", "HTMLElement", "Element", "DocumentFragment", "Text"])
  if (!(name in globals)) globals[name] = (window as unknown as Record<string, unknown>)[name];
globals.addEventListener ??= () => {};
globals.removeEventListener ??= () => {};

/** An element, a fragment, text or nothing, as HTML text. */
export function toHtml(value: unknown): string {
  if (value == null || value === false || value === "") return "";
  if (typeof value === "string") return escapeHtml(value);
  if (typeof value === "number") return String(value);
  const node = value as {outerHTML?: string; nodeType?: number; childNodes?: ArrayLike<unknown>; textContent?: string};
  if (typeof node.outerHTML === "string") return node.outerHTML;
  if (node.nodeType === 11) return Array.from(node.childNodes ?? [], toHtml).join("");
  if (node.nodeType === 3) return escapeHtml(node.textContent ?? "");
  throw new Error(`cannot render ${Object.prototype.toString.call(value)} as HTML`);
}
