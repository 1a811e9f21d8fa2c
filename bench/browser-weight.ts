// What a page costs a reader: the bytes Chromium transfers (gzip, as GitHub Pages serves) until the page is idle.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {chromium} from "playwright-core";
import {chromiumPath} from "../test/support/chromium.js";
import {serveSite} from "../tools/static-site.js";

export interface TransferWeight {
  page: string;
  /** Bytes on the wire: response headers and (compressed) bodies of every request the page made. */
  bytes: number;
  requests: number;
  /** The page carries a view that reacts to the reader (the SLO explorer), so it may load a small script. */
  interactive: boolean;
  /** A notebook page (issue 43): its cells load the libraries and data files, so its goal is its own. */
  notebook?: boolean;
}

/** The issues' goals, KB transferred: a home page without an explorer, any page without one, one with it, a notebook
 * page. */
export function weightGoalKb(kind: string, interactive: boolean, scale: number, notebook = false): number {
  if (notebook) return 400;
  if (interactive) return 250;
  if (kind === "/") return 100;
  if (kind === "/headroom" && scale >= 1000) return 300;
  return 150;
}

function htmlFile(dist: string, page: string): string {
  return join(dist, page.endsWith("/") ? `${page}index.html` : `${page}.html`);
}

export async function transferWeights(dist: string, pages: readonly string[]): Promise<TransferWeight[]> {
  const site = await serveSite(dist, {prefix: "/", gzip: true});
  const browser = await chromium.launch({executablePath: chromiumPath(), args: ["--no-sandbox", "--headless"]});
  const out: TransferWeight[] = [];
  try {
    for (const path of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const sizes: Promise<number>[] = [];
      page.on("requestfinished", (request) =>
        sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize))
      );
      await page.goto(new URL(path.slice(1), site.url).href, {waitUntil: "networkidle", timeout: 120_000});
      const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
      // The explorer drawn, not the home page's script that wakes one where there is one.
      const html = readFileSync(htmlFile(dist, path), "utf8");
      const interactive = html.includes('class="slo-explorer"');
      // Only a notebook page imports libraries from Framework's npm cache (the site test holds the drawn pages to it).
      const notebook = html.includes("/_npm/");
      out.push({page: path, bytes, requests: sizes.length, interactive, ...(notebook ? {notebook} : {})});
      await context.close();
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return out;
}
