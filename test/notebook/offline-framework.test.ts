// Issue 43, item 1: a page written as Framework's documentation teaches (implicit Plot, Inputs, d3, aq, html, vl,
// FileAttachment's parsers, npm: imports) builds and runs with no network but the npm registry, in `observable build`
// and `observable preview`, with the libraries at package-lock.json's versions. Before the npm cache the build failed:
// "Unexpected error: fetch failed (cdn.jsdelivr.net is not reachable)", and it resolved versions from the registry.
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {csvParse, tsvFormat} from "d3";
import {tableFromArrays, tableToIPC} from "apache-arrow";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {download} from "../../loaders/export/downloads.js";
import {ensureNpmCache, BUILT_IN_PACKAGES} from "../../tools/npm-cache/fill.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "../site/browser.js";
import {serveSite, type SiteServer} from "../site/server.js";
import {buildScratch, previewScratch, scratchProject, type ScratchProject} from "../support/scratch-framework.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SEED = join(ROOT, "data/studies/qwen3-32b-a100");
const FIXTURE = join(ROOT, "test/fixtures/notebook-scratch");

let project: ScratchProject;
let build: {code: number; output: string; seconds: number};
let rows: Record<string, string>[];
let browser: Browser;
let server: SiteServer;

beforeAll(async () => {
  project = scratchProject(FIXTURE);
  const study = await loadStudy(SEED, ROOT);
  const data = join(project.dir, "src/data");
  mkdirSync(data);
  const csv = download("runs.csv", study) as string;
  rows = csvParse(csv);
  writeFileSync(join(data, "runs.csv"), csv);
  writeFileSync(join(data, "runs.tsv"), tsvFormat(rows));
  writeFileSync(join(data, "runs.parquet"), download("runs.parquet", study));
  writeFileSync(join(data, "report.json"), download("report.json", study));
  const arrow = tableFromArrays({
    run: rows.map((r) => r.run),
    tps: Float64Array.from(rows, (r) => +r.output_throughput)
  });
  writeFileSync(join(data, "runs.arrow"), tableToIPC(arrow));
  await ensureNpmCache(project.dir, "src", () => {});
  build = await buildScratch(project);
  browser = await launchChromium();
  server = await serveSite(join(project.dir, "dist"), {prefix: "/"});
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  project?.remove();
});

/** The dots of the page's scatter, and the select's options. */
async function dots(page: Page): Promise<number> {
  return page.locator("#observablehq-main svg [aria-label=dot] circle").count();
}

function okRuns(scenario: string | null): number {
  return rows.filter((r) => r.status === "ok" && (scenario === null || r.scenario === scenario)).length;
}

/** What builtins.md computes, from the same files in Node. */
function expectedResults(): Record<string, unknown> {
  return {
    csv: rows.length,
    tsv: rows.length,
    json: "qwen3-32b-a100",
    parquet: rows.length,
    arrow: rows.length,
    arquero: rows.length,
    hyparquet: rows.length,
    papaparse: rows.length,
    yaml: 17,
    vega: "function",
    arrowBuiltin: "function",
    d3: rows.reduce((sum, r) => sum + (r.completed === "" ? 0 : Number(r.completed)), 0)
  };
}

async function checkScatter(page: Page): Promise<void> {
  expect(await dots(page)).toBe(okRuns(null));
  const scenarios = [...new Set(rows.map((r) => r.scenario))].sort();
  for (const scenario of scenarios) {
    await page.selectOption("#observablehq-main select", scenario);
    await expect.poll(() => dots(page)).toBe(okRuns(scenario));
  }
  // The engines table follows the filter too.
  expect(await page.locator("#observablehq-main table tbody tr").count()).toBe(
    new Set(rows.filter((r) => r.status === "ok" && r.scenario === scenarios.at(-1)).map((r) => r.engine)).size
  );
}

describe("a page written as Framework teaches, offline", () => {
  it("builds with no CDN: only the npm registry is asked, and only for libraries the project does not install", () => {
    expect(build.code, build.output).toBe(0);
    const hosts = new Set(project.fetched().map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => host !== "registry.npmjs.org")).toEqual([]);
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const asked = project
      .fetched()
      .map((url) => decodeURIComponent(new URL(url).pathname.slice(1).replace(/\/latest$/, "")));
    for (const name of asked) expect(lock.packages[`node_modules/${name}`], name).toBeUndefined();
  });

  it("copies the libraries at package-lock.json's versions", () => {
    const lock = JSON.parse(readFileSync(join(ROOT, "package-lock.json"), "utf8"));
    const npm = join(project.dir, "dist/_npm");
    const folders = readdirSync(npm).flatMap((name) =>
      name.startsWith("@") ? readdirSync(join(npm, name)).map((sub) => `${name}/${sub}`) : [name]
    );
    for (const name of ["@observablehq/plot", "d3", "d3-dsv", "htl", "arquero", "apache-arrow", "parquet-wasm"]) {
      expect(BUILT_IN_PACKAGES).toContain(name);
      expect(folders, name).toContain(`${name}@${lock.packages[`node_modules/${name}`].version}`);
    }
  });

  it("runs in Chromium with no console error, and the filter changes the chart", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, server.url);
    await checkScatter(page);
    // Inputs' stylesheet came with the implicit Inputs.
    expect(await page.locator("link[rel=stylesheet][href*='stdlib/inputs']").count()).toBe(1);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("gives every built-in and FileAttachment parser", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${server.url}builtins`);
    const text = await page.locator("#results").textContent();
    expect(JSON.parse(text!)).toEqual(expectedResults());
    // Vega-Lite's vl drew its chart.
    await expect
      .poll(() =>
        page.locator("#observablehq-main .vega-embed, #observablehq-main canvas, #observablehq-main svg").count()
      )
      .toBeGreaterThan(0);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("works the same in preview", async () => {
    const preview = await previewScratch(project);
    try {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, preview.url);
      await checkScatter(page);
      await visit(page, `${preview.url}builtins`);
      expect(JSON.parse((await page.locator("#results").textContent())!)).toEqual(expectedResults());
      expect(problems).toEqual(NO_PROBLEMS);
      expect(preview.log()).not.toMatch(/fetch failed|cdn\.jsdelivr/);
      await page.close();
    } finally {
      await preview.stop();
    }
    const hosts = new Set(project.fetched().map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => host !== "registry.npmjs.org")).toEqual([]);
  });
});
