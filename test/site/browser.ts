// How the site tests drive Chromium: headless, loopback only, every console error and stray request recorded.
import type {Browser, Page} from "playwright-core";
import {chromium} from "playwright-core";
import {chromiumPath} from "../support/chromium.js";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-dev-shm-usage"
];

/** Starts Chromium, or fails with one line naming the binary and how to use another one. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  try {
    return await chromium.launch({executablePath, args: CHROMIUM_ARGS});
  } catch (error) {
    const reason = (error as Error).message.split("\n")[0];
    throw new Error(`Chromium ${executablePath} did not start (${reason}); set CHROMIUM_PATH to a Chromium that does`);
  }
}

/** What went wrong while a page loaded: console errors, uncaught errors, HTTP errors, requests off the loopback. */
export interface PageProblems {
  consoleErrors: string[];
  pageErrors: string[];
  httpErrors: string[];
  offLoopback: string[];
}

export interface OpenedPage {
  page: Page;
  problems: PageProblems;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** A new page that refuses any request leaving the loopback and records what went wrong. */
export async function newCheckedPage(
  browser: Browser,
  options: {colorScheme?: "light" | "dark"; width?: number} = {}
): Promise<OpenedPage> {
  const page = await browser.newPage({
    viewport: {width: options.width ?? 1280, height: 900},
    colorScheme: options.colorScheme ?? "light"
  });
  const problems: PageProblems = {consoleErrors: [], pageErrors: [], httpErrors: [], offLoopback: []};
  await page.route("**", (route) => {
    const url = new URL(route.request().url());
    if ((url.protocol === "http:" || url.protocol === "https:") && !LOOPBACK.has(url.hostname)) {
      problems.offLoopback.push(url.href);
      return route.abort("blockedbyclient");
    }
    return route.continue();
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.pageErrors.push(`${page.url()}: ${error.message}`));
  page.on("response", (response) => {
    if (response.status() >= 400) problems.httpErrors.push(`${response.status()} ${response.url()}`);
  });
  return {page, problems};
}

/** Loads a page and waits until Framework has rendered it: the network is idle and no cell is still loading. */
export async function visit(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, {waitUntil: "networkidle", timeout: 30_000});
  if (!response || response.status() !== 200) throw new Error(`${url}: HTTP ${response?.status()}`);
  await page.waitForFunction(() => !document.querySelector("observablehq-loading"), null, {timeout: 20_000});
}

export const NO_PROBLEMS: PageProblems = {consoleErrors: [], pageErrors: [], httpErrors: [], offLoopback: []};

/** Each chart axis whose title, as Chromium lays it out, is longer than the axis line: "y: <title> (<n> px over <m>)". */
export async function axisTitlesPastAxes(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const axis of document.querySelectorAll(".vega-chart svg g.role-axis")) {
      const title = axis.querySelector(".role-axis-title text");
      const line = axis.querySelector(".role-axis-domain path, .role-axis-domain line");
      if (!title || !line) continue;
      const text = title.getBoundingClientRect();
      const along = line.getBoundingClientRect();
      const vertical = along.height > along.width;
      const [length, room] = vertical ? [text.height, along.height] : [text.width, along.width];
      // A pixel or two is the font's side bearing, not text past the axis.
      if (length > room + 2)
        found.push(`${vertical ? "y" : "x"}: ${title.textContent} (${Math.round(length)} px over ${Math.round(room)})`);
    }
    return found;
  });
}

/** Runs `visit` for each item, a few at a time: a page mostly waits for its network to go quiet, not for a core. */
export async function eachPage<T>(items: readonly T[], visit: (item: T) => Promise<void>, atOnce = 4): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await visit(items[next++]);
  };
  await Promise.all(Array.from({length: Math.min(atOnce, items.length)}, lane));
}
