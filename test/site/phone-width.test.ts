// On a phone (400 px) a page is no wider than the screen: a wide table or chart scrolls in its own box, and text wraps.
// Seen before the fix: the data dictionary 621 px wide (its column names kept on one line, no scroll box); a ladder's
// Turkish run page 479 px (the telemetry's facts, "KV önbellek kullanımı, en yüksek (sunucu)" held on one line beside
// its value); a ladder's Headroom page 507 px (a GPU source quoting "torch.cuda.get_device_properties(0).total_memory").
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl, sitePaths} from "./sitePaths.js";

const PHONE = 400;
const STUDIES = ["qwen3-32b-a100", "h200-ladder", "h200-live-ladder", "gpu-tune"];

let server: SiteServer;
let browser: Browser;
let output: string;

beforeAll(async () => {
  output = (await sharedSeedSite()).output;
  server = await serveSite(output, {prefix: SHARED_BASE});
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe("on a 400 px screen", () => {
  it("no page of the seed's site is wider than the screen (run pages: two of each language)", async () => {
    const paths = (await sitePaths(output)).filter((path) => !/\/runs\/./.test(path));
    const runs = (await sitePaths(output)).filter((path) => /\/runs\/./.test(path));
    for (const lang of ["/runs/", "/tr/runs/"]) paths.push(...runs.filter((p) => p.startsWith(lang)).slice(0, 2));
    const wide: string[] = [];
    for (const path of paths) {
      const {page, problems} = await newCheckedPage(browser, {width: PHONE});
      await visit(page, pageUrl(server.url, path));
      const width = await pageWidth(page);
      if (width > PHONE) wide.push(`${path}: ${width} px`);
      expect(problems, path).toEqual(NO_PROBLEMS);
      await page.close();
    }
    expect(wide).toEqual([]);
  }, 300_000);

  it.each(STUDIES)(
    "no drawn page of %s is wider than the screen, in either language",
    async (study) => {
      const dir = `data/studies/${study}`;
      const pages: [string, string][] = [];
      const seen = new Set<string>();
      await siteFragments(await loadStudy(dir), dir, (path: string, fragments: PageFragments) => {
        // Each kind of page once per language: one run page stands for all.
        const kind = path.replace(/runs\/.+/, "runs/<run>");
        if (seen.has(kind)) return;
        seen.add(kind);
        const html = Object.values(fragments)
          .map((fragment) => ("html" in fragment ? fragment.html : `<p>${fragment.text}</p>`))
          .join("\n");
        pages.push([path, html]);
      });
      expect(pages.length).toBeGreaterThan(10);
      const wide: string[] = [];
      for (const lang of ["en", "tr"] as const) {
        const {page, problems} = await newCheckedPage(browser, {width: PHONE});
        await visit(page, pageUrl(server.url, lang === "en" ? "/setup" : "/tr/setup"));
        for (const [path, html] of pages.filter(([p]) => p.startsWith("/tr/") === (lang === "tr"))) {
          const width = await page.evaluate((body) => {
            document.querySelector("#observablehq-main")!.innerHTML = body;
            return document.documentElement.scrollWidth;
          }, html);
          if (width > PHONE) wide.push(`${path}: ${width} px`);
        }
        expect(problems).toEqual(NO_PROBLEMS);
        await page.close();
      }
      expect(wide).toEqual([]);
    },
    120_000
  );
});
