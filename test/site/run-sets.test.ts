// Above the per-run page limit runs are shown by set pages: the seed built with a limit of 5 and 6 runs per set.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import "../../src/render/dom.js";
import {runSetOf} from "../../src/components/runSets.js";
import {pagedTable} from "../../src/components/table.js";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";
import {brokenLinks} from "../support/site-links.js";
import {sharedRunSetsSite} from "../support/shared-build.js";

let OUTPUT = "";
const RUNS = listRunDirs("data/studies/qwen3-32b-a100/runs");
const SETS = 3; // ceil(17 runs / 6 per set)

let server: SiteServer;
let buildLog = "";
let browser: Browser;

beforeAll(async () => {
  ({output: OUTPUT, log: buildLog} = await sharedRunSetsSite());
  server = await serveSite(OUTPUT);
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("run sets", () => {
  it("builds one page per non-empty set in each language and no page per run", () => {
    const used = [...new Set(RUNS.map((run) => runSetOf(run, SETS)))].sort();
    const pages = (dir: string) =>
      readdirSync(join(OUTPUT, dir))
        .filter((name) => name.endsWith(".html") && name !== "index.html")
        .sort();
    expect(pages("runs")).toEqual([]);
    expect(pages("runs/set")).toEqual(used.map((set) => `${set}.html`));
    expect(pages("tr/runs/set")).toEqual(used.map((set) => `${set}.html`));
  });

  it("leaves no link to a page, anchor or file that does not exist, on any page", () => {
    expect(brokenLinks(OUTPUT)).toEqual([]);
    // Framework checked the links of the pages it built; it colours its log where CI is set.
    const plain = buildLog.replace(/\x1b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/\d+ links validated/);
    expect(plain).not.toMatch(/broken link/);
  });

  it("links every run from the runs table to its row on its set's page, which links the run's own page", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/runs/"));
    const hrefs = await page.$$eval("main table a", (links) =>
      links.map((a) => (a as HTMLAnchorElement).href).filter((href) => href.includes("/runs/set/"))
    );
    const byRun = new Map(hrefs.map((href) => [decodeURIComponent(new URL(href).hash.slice(1)), href]));
    expect([...byRun.keys()].sort()).toEqual(RUNS);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
    await eachPage([...byRun], async ([run, href]) => {
      expect(new URL(href).pathname).toBe(new URL(pageUrl(server.url, `/runs/set/${runSetOf(run, SETS)}`)).pathname);
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, href);
      // The address names the run's row in the set's table; the row leads to the run's own page.
      expect(await page.textContent("table.run-set tr:target")).toContain(run);
      await page.click("table.run-set tr:target a.run-detail");
      await page.waitForURL(`**/runs/detail/${run}.html`);
      expect(await page.textContent(".run-id")).toBe(run);
      expect(problems, run).toEqual(NO_PROBLEMS);
      await page.close();
    });
  }, 300_000);

  it("keeps a set page to its table: no run's log or commands, a few hundred bytes a run", () => {
    for (const set of new Set(RUNS.map((run) => runSetOf(run, SETS)))) {
      const members = RUNS.filter((run) => runSetOf(run, SETS) === set);
      for (const prefix of ["", "tr/"]) {
        const html = readFileSync(join(OUTPUT, `${prefix}runs/set/${set}.html`), "utf8");
        const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
        expect(main).not.toContain('class="log');
        expect(main).not.toContain("run-view");
        for (const run of members) expect(main).toContain(`id="${run}"`);
        expect(main.length / members.length, `${prefix}runs/set/${set}`).toBeLessThan(2_000);
      }
    }
  });

  it("writes each run's own page in both languages, whose links all lead to files of the site", () => {
    for (const prefix of ["", "tr/"]) {
      const dir = join(OUTPUT, prefix, "runs/detail");
      expect(readdirSync(dir).sort()).toEqual(RUNS.map((run) => `${run}.html`));
      for (const run of RUNS) {
        const html = readFileSync(join(dir, `${run}.html`), "utf8");
        expect(html).toContain(`<code>${run}</code>`);
        // No sidebar: its list of every page was most of each run's page (83 % at 17,000 runs).
        expect(html).not.toContain("observablehq-sidebar");
        expect(html.length, `${prefix}${run}`).toBeLessThan(40_000);
        const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
        for (const [, href] of html.matchAll(/ href="([^"]+)"/g)) {
          if (/^\w+:/.test(href)) continue;
          const url = new URL(href.replaceAll("&amp;", "&"), `http://site/${prefix}runs/detail/${run}.html`);
          if (url.pathname === `/${prefix}runs/detail/${run}.html`) {
            expect(ids, `${prefix}${run}: ${href}`).toContain(decodeURIComponent(url.hash.slice(1)));
            continue;
          }
          const file = decodeURIComponent(url.pathname).slice(1);
          const target = /\.\w+$/.test(file)
            ? file
            : file === "" || file.endsWith("/")
              ? `${file}index.html`
              : `${file}.html`;
          expect(existsSync(join(OUTPUT, target)), `${prefix}${run}: ${href}`).toBe(true);
        }
      }
    }
  });

  it("shows a run's own page in Turkish from the Turkish set page", async () => {
    const {page, problems} = await newCheckedPage(browser);
    const set = runSetOf("engine-selection--vllm--sharegpt", SETS);
    await visit(page, pageUrl(server.url, `/tr/runs/set/${set}#engine-selection--vllm--sharegpt`));
    expect(await page.textContent("h1")).toBe(`Koşular: küme ${set + 1} / ${SETS}`);
    await page.click("table.run-set tr:target a.run-detail");
    await page.waitForURL("**/tr/runs/detail/engine-selection--vllm--sharegpt.html");
    expect(await page.textContent("main")).toContain("Ham günlük");
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);
});

describe("run sets with scripts off", () => {
  it("mark the row the address names, and the run's own page shows its figures, log lines and styles", async () => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    const set = runSetOf("engine-selection--vllm--sharegpt", SETS);
    const members = RUNS.filter((run) => runSetOf(run, SETS) === set);
    for (const run of members) {
      await page.goto("about:blank");
      await page.goto(pageUrl(server.url, `/runs/set/${set}#${run}`));
      expect(await page.textContent("table.run-set tr:target")).toContain(run);
      const shaded = await page.$eval("table.run-set tr:target td", (td) => getComputedStyle(td).backgroundColor);
      expect(shaded).not.toBe("rgba(0, 0, 0, 0)");
    }
    expect(await page.locator("table.run-set tbody tr").count()).toBe(members.length);
    await page.goto(pageUrl(server.url, "/runs/detail/engine-selection--vllm--sharegpt.html"));
    expect(await page.textContent(".run-id")).toBe("engine-selection--vllm--sharegpt");
    expect(await page.locator("figure.log").count()).toBeGreaterThanOrEqual(1);
    const line = await page.locator(".run-metrics a").first().getAttribute("href");
    expect(await page.locator(`[id="${line!.slice(1)}"]`).count()).toBe(1);
    // The site's own stylesheet: the page reads as the others do (its font is not the browser's default).
    expect(await page.$eval("body", (body) => getComputedStyle(body).fontFamily)).not.toMatch(/^"?Times/);
    await context.close();
  });
});

describe("long tables", () => {
  it("show 500 rows at a time, paged by links that work with scripts off", async () => {
    const rows = Array.from({length: 1203}, (_, i) => i);
    const table = pagedTable(rows, [{label: "n", value: (i) => String(i)}], {
      lang: "en",
      id: "long",
      className: "long"
    });
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({javaScriptEnabled});
      const page = await context.newPage();
      await page.goto(pageUrl(server.url, "/runs/"), {waitUntil: "networkidle"});
      await page.evaluate(
        (html) => document.querySelector("main")!.insertAdjacentHTML("beforeend", html),
        table.outerHTML
      );
      const state = async () => {
        const shown = page.locator(".paged-table .table-page:visible");
        return {
          pager: await shown.locator(".pager-rows").first().textContent(),
          rows: await shown.locator("tbody tr").count(),
          first: await shown.locator("tbody th").first().textContent(),
          previous: await shown.locator(".table-pager").first().locator("a", {hasText: "Previous"}).count(),
          next: await shown.locator(".table-pager").first().locator("a", {hasText: "Next"}).count()
        };
      };
      const seen = [await state()];
      for (let i = 0; i < 2; i++) {
        await page.locator(".paged-table .table-page:visible .table-pager a", {hasText: "Next"}).first().click();
        seen.push(await state());
      }
      expect(seen, `scripts ${javaScriptEnabled ? "on" : "off"}`).toEqual([
        {pager: "Rows 1–500 of 1203", rows: 500, first: "0", previous: 0, next: 1},
        {pager: "Rows 501–1000 of 1203", rows: 500, first: "500", previous: 1, next: 1},
        {pager: "Rows 1001–1203 of 1203", rows: 203, first: "1000", previous: 1, next: 0}
      ]);
      await context.close();
    }
  });
});
