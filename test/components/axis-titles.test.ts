// Every chart of the studies under data/studies, as the renderer draws it, laid out by Chromium: no axis title runs past
// its axis (a rotated title longer than its panel is tall is cut at the chart's edge, and its formula cannot be read).
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {axisTitlesPastAxes, launchChromium} from "../site/browser.js";

const STUDIES = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Each page of the study that has a chart, with its charts' HTML. */
async function chartPages(study: string): Promise<Map<string, string>> {
  const dir = `data/studies/${study}`;
  const pages = new Map<string, string>();
  await siteFragments(await loadStudy(dir), dir, (path: string, fragments: PageFragments) => {
    const charts = Object.values(fragments)
      .map((fragment) => ("html" in fragment ? fragment.html : ""))
      .filter((html) => html.includes("vega-chart"));
    if (charts.length) pages.set(path, charts.join("\n"));
  });
  return pages;
}

describe("chart axis titles", () => {
  it.each(STUDIES)(
    "of %s's pages, English and Turkish, fit their axes",
    async (study) => {
      const pages = await chartPages(study);
      expect(pages.size).toBeGreaterThan(0);
      const page = await browser.newPage({viewport: {width: 1280, height: 900}});
      const past: string[] = [];
      for (const [path, html] of pages) {
        await page.setContent(`<!DOCTYPE html><html><body><main>${html}</main></body></html>`);
        for (const axis of await axisTitlesPastAxes(page)) past.push(`${path}: ${axis}`);
      }
      await page.close();
      expect(past).toEqual([]);
    },
    120_000
  );
});
