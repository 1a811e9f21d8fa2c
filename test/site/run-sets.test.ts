// Above the per-run page limit runs are shown by set pages: the seed built with a limit of 5 and 6 runs per set.
import {readdirSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import "../../src/render/dom.js";
import {runSetOf} from "../../src/components/runSets.js";
import {pagedTable} from "../../src/components/table.js";
import {buildSite} from "./build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const OUTPUT = "test/.tmp/run-sets-dist";
const RUNS = listRunDirs("data/studies/qwen3-32b-a100/runs");
const SETS = 3; // ceil(17 runs / 6 per set)

let server: SiteServer;
let buildLog = "";
let browser: Browser;

beforeAll(async () => {
  buildLog = await buildSite({output: OUTPUT, env: {TPS_REPORT_RUN_PAGE_LIMIT: "5", TPS_REPORT_RUNS_PER_SET: "6"}});
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

  it("leaves no link to a page that does not exist (Framework checks every link of the built pages)", () => {
    // Framework colours its log where CI is set: "\x1b[32m862\x1b[39m links validated".
    const plain = buildLog.replace(/\x1b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/\d+ links validated/);
    expect(plain).not.toMatch(/broken link/);
  });

  it("links every run from the runs table to its set's page, which shows that run", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/runs/"));
    const hrefs = await page.$$eval("main table a", (links) =>
      links.map((a) => (a as HTMLAnchorElement).href).filter((href) => href.includes("/runs/set/"))
    );
    const byRun = new Map(hrefs.map((href) => [decodeURIComponent(new URL(href).hash.slice(1)), href]));
    expect([...byRun.keys()].sort()).toEqual(RUNS);
    for (const [run, href] of byRun) {
      expect(new URL(href).pathname).toBe(new URL(pageUrl(server.url, `/runs/set/${runSetOf(run, SETS)}`)).pathname);
      await page.goto("about:blank"); // a fragment change alone would not load the page again
      await visit(page, href);
      // Every run of the set is in the page; the one the address names is the one shown.
      expect(await page.locator(".run-id:visible").textContent()).toBe(run);
    }
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 300_000);

  it("switches runs by fragment and keeps the run when a log line is followed", async () => {
    const {page, problems} = await newCheckedPage(browser);
    const set = runSetOf("engine-selection--vllm--sharegpt", SETS);
    const members = RUNS.filter((run) => runSetOf(run, SETS) === set);
    await visit(page, pageUrl(server.url, `/runs/set/${set}#engine-selection--vllm--sharegpt`));
    expect(await page.textContent("h1")).toBe(`Runs: set ${set + 1} of ${SETS}`);
    expect(await page.$$eval("table.run-set tbody tr", (rows) => rows.length)).toBe(members.length);
    await page.locator(".run-metrics a:visible").first().click();
    expect(await page.locator(".run-id:visible").textContent()).toBe("engine-selection--vllm--sharegpt");
    const other = members.find((run) => run !== "engine-selection--vllm--sharegpt")!;
    await page.click(`table.run-set a[href="#${other}"]`);
    await page.locator(".run-id:visible", {hasText: other}).waitFor();
    expect(await page.textContent("table.run-set tr.shown")).toContain(other);
    await page.click(".language-switch a");
    await page.waitForURL(`**/tr/runs/set/${set}#${other}`);
    await page.locator(".run-id:visible", {hasText: other}).waitFor();
    expect(await page.textContent("h1")).toBe(`Koşular: küme ${set + 1} / ${SETS}`);
    expect(await page.textContent("main")).toContain("Ham günlük");
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);
});

describe("run sets with scripts off", () => {
  it("show the run the address names, its log-line links keep it, and the set's table", async () => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    const set = runSetOf("engine-selection--vllm--sharegpt", SETS);
    const members = RUNS.filter((run) => runSetOf(run, SETS) === set);
    for (const run of members) {
      await page.goto("about:blank");
      await page.goto(pageUrl(server.url, `/runs/set/${set}#${run}`));
      expect(await page.locator(".run-id:visible").textContent()).toBe(run);
    }
    await page.locator(".run-metrics a:visible").first().click();
    expect(await page.locator(".run-id:visible").textContent()).toBe(members.at(-1));
    expect(await page.locator("table.run-set tbody tr").count()).toBe(members.length);
    expect(await page.locator(".run-in-set figure.log").count()).toBeGreaterThanOrEqual(members.length);
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
