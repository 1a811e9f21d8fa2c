// Issue 23's acceptance "every kind built": the whole real corpus imported into one study, built by Framework, and
// every page of it opened in Chromium (the corpus test checks the import itself).
import {readdirSync, readFileSync, rmSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {importResults, type ImportSource} from "../../loaders/import/index.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {buildSite} from "./build.js";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";
import {brokenLinks} from "../support/site-links.js";

const CORPUS = "test/fixtures/import-corpus";
const ROOT = "test/.tmp/corpus-site";
const STUDY = join(ROOT, "study");
const OUTPUT = join(ROOT, "dist");

const sources: (ImportSource & {records: number})[] = readdirSync(CORPUS, {recursive: true, encoding: "utf8"})
  .filter((f) => f.endsWith(".provenance.json"))
  .sort()
  .map((f) => {
    const path = join(CORPUS, f.replace(/\.provenance\.json$/, ""));
    const sidecar = JSON.parse(readFileSync(join(CORPUS, f), "utf8")) as {setup: Record<string, string>; printed: []};
    return {path, set: sidecar.setup, records: sidecar.printed.length};
  });

let server: SiteServer;
let browser: Browser;
let buildLog = "";
let runs: string[];

beforeAll(async () => {
  rmSync(ROOT, {recursive: true, force: true});
  importResults(
    sources.map(({path, set}) => ({path, set})),
    STUDY
  );
  runs = listRunDirs(join(STUDY, "runs"));
  buildLog = await buildSite({study: STUDY, output: OUTPUT});
  server = await serveSite(OUTPUT);
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("the real corpus built into one site", () => {
  it("builds with every link resolved and every run on a page of its own", () => {
    expect(brokenLinks(OUTPUT)).toEqual([]);
    const plain = buildLog.replace(/\x1b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/\d+ links validated/);
    expect(plain).not.toMatch(/broken link/);
    // One run per printed record the sidecars list (95 when this was written).
    expect(runs.length).toBe(sources.reduce((n, s) => n + s.records, 0));
    const pages = new Set(readdirSync(join(OUTPUT, "runs")).filter((f) => f.endsWith(".html")));
    for (const run of runs) expect(pages, run).toContain(`${run}.html`);
  });

  it("titles every run page by its candidate and scenario, never by its run id", () => {
    // Imported run.json files name only the run: the config read them without the plan, failed, and fell back to the id.
    for (const lang of ["", "tr/"])
      for (const run of runs) {
        const html = readFileSync(join(OUTPUT, `${lang}runs/${run}.html`), "utf8");
        const title = /<h1 id="title"[^>]*><a [^>]*>([^<]*)<\/a><\/h1>/.exec(html)?.[1] ?? "";
        expect(title, `${lang}${run}`).not.toBe(run);
        expect(title, `${lang}${run}`).toContain(" — ");
      }
  });

  it("opens every page, in both languages, with no script error, no failed request and no TODO in its prose", async () => {
    const steps = readdirSync(join(OUTPUT, "steps"))
      .filter((f) => f.endsWith(".html"))
      .map((f) => `/steps/${f.slice(0, -5)}`);
    const paths = [
      "/",
      "/setup",
      "/summary",
      "/headroom",
      "/notes",
      "/quality",
      "/runs/",
      ...steps,
      `/runs/${runs[0]}`
    ];
    await eachPage([...paths, ...paths.map((p) => `/tr${p}`)], async (path) => {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      // Prose only (issue 23, item 2): a command shows the plan's argv as it is, and the quality page's findings are
      // check's list of each fact left open, which quotes it.
      const quoted = path.endsWith("/quality") ? "pre, code, table" : "pre, code";
      const text = await page.$eval(
        "main",
        (main, selector) => {
          const prose = main.cloneNode(true) as HTMLElement;
          for (const element of prose.querySelectorAll(selector)) element.remove();
          return prose.textContent ?? "";
        },
        quoted
      );
      expect(text, path).not.toContain("TODO");
      expect(text, path).not.toContain("× not recorded");
      expect(text, path).not.toContain("0 of 0");
      expect(problems, path).toEqual(NO_PROBLEMS);
      await page.close();
    });
  }, 600_000);
});
