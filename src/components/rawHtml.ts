// HTML text put into an element as it is. The browser parses it; the build keeps it as text until the page is written
// (src/render/dom.ts), so a chart's SVG or a long log is not parsed into the build's DOM and printed back.

/** What the build installs: keeps the text and leaves a marker in the element. */
export interface RawHtmlHost {
  append(element: Element, html: string): void;
}

const HOST = Symbol.for("tps-report.raw-html");

/** Appends `html` to `element`, as insertAdjacentHTML("beforeend") would. */
export function appendRawHtml(element: Element, html: string): void {
  const host = (globalThis as {[HOST]?: RawHtmlHost})[HOST];
  if (host) host.append(element, html);
  else if (!element.firstChild) element.innerHTML = html;
  else element.insertAdjacentHTML("beforeend", html);
}

/** Installs the build's host (src/render/dom.ts). */
export function setRawHtmlHost(host: RawHtmlHost): void {
  (globalThis as {[HOST]?: RawHtmlHost})[HOST] = host;
}
