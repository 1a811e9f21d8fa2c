// Above the per-run page limit runs are shown by set pages: the seed built with a limit of 5 and 6 runs per set.
import {readdirSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {runSetOf} from "../../src/components/runSets.js";
import {buildSite} from "./build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const OUTPUT = "test/.tmp/run-sets-dist";
const RUNS = listRunDirs("data/studies/qwen3-32b-a100/runs");
const SETS = 3; // ceil(17 runs / 6 per set)

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  await buildSite({output: OUTPUT, env: {TPS_REPORT_RUN_PAGE_LIMIT: "5", TPS_REPORT_RUNS_PER_SET: "6"}});
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

  it("links every run from the runs table to its set's page, which shows that run", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/runs/"));
    const hrefs = await page.$$eval("main a", (links) =>
      links.map((a) => (a as HTMLAnchorElement).href).filter((href) => href.includes("/runs/set/"))
    );
    const byRun = new Map(hrefs.map((href) => [decodeURIComponent(new URL(href).hash.slice(1)), href]));
    expect([...byRun.keys()].sort()).toEqual(RUNS);
    for (const [run, href] of byRun) {
      expect(new URL(href).pathname).toBe(new URL(pageUrl(server.url, `/runs/set/${runSetOf(run, SETS)}`)).pathname);
      await page.goto("about:blank"); // a fragment change alone would not load the page again
      await visit(page, href);
      expect(await page.textContent(".run-id")).toBe(run);
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
    await page.click(".run-metrics a");
    expect(await page.textContent(".run-id")).toBe("engine-selection--vllm--sharegpt");
    const other = members.find((run) => run !== "engine-selection--vllm--sharegpt")!;
    await page.click(`table.run-set a[href="#${other}"]`);
    await page.waitForFunction((run) => document.querySelector(".run-id")?.textContent === run, other);
    expect(await page.textContent("table.run-set tr.shown")).toContain(other);
    await page.click(".language-switch a");
    await page.waitForURL(`**/tr/runs/set/${set}#${other}`);
    await page.waitForFunction((run) => document.querySelector(".run-id")?.textContent === run, other);
    expect(await page.textContent("h1")).toBe(`Koşular: küme ${set + 1} / ${SETS}`);
    expect(await page.textContent("main")).toContain("Ham günlük");
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);
});

describe("long tables", () => {
  it("show 500 rows at a time with a pager", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/runs/"));
    const module = readdirSync(join(OUTPUT, "_import/components")).find((name) => /^table\.\w+\.js$/.test(name))!;
    // Code as text: the test runner would rewrite a dynamic import() written in this file.
    const src = JSON.stringify(pageUrl(server.url, `/_import/components/${module}`));
    const seen = await page.evaluate(`(async () => {
      const {pagedTable} = await import(${src});
      const rows = Array.from({length: 1203}, (_, i) => i);
      const table = pagedTable(rows, [{label: "n", value: (i) => String(i)}], {lang: "en", className: "long"});
      document.querySelector("main").append(table);
      const state = () => ({
        pager: table.querySelector(".table-pager span").textContent,
        rows: table.querySelectorAll("tbody tr").length,
        first: table.querySelector("tbody th").textContent,
        previous: table.querySelector(".table-pager button").disabled,
        next: table.querySelector(".table-pager button:last-child").disabled
      });
      const seen = [state()];
      for (let i = 0; i < 3; i++) {
        table.querySelector(".table-pager button:last-child").click();
        seen.push(state());
      }
      return seen;
    })()`);
    expect(seen).toEqual([
      {pager: "Rows 1–500 of 1203", rows: 500, first: "0", previous: true, next: false},
      {pager: "Rows 501–1000 of 1203", rows: 500, first: "500", previous: false, next: false},
      {pager: "Rows 1001–1203 of 1203", rows: 203, first: "1000", previous: false, next: true},
      {pager: "Rows 1001–1203 of 1203", rows: 203, first: "1000", previous: false, next: true}
    ]);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });
});
