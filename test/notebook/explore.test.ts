// Issue 43, items 4 and 7: the example notebook (src/explore.md) recomputes the summary's trade-off chart from
// runs.csv, value for value; its filter changes the chart; its what-if gives each point's attainment at the reader's
// TTFT limit from the per-request rows of a real load ladder (data/studies/h200-ladder) — at the plan's limit the
// aggregate's pooled attainment, at another limit what the rows give in Node; its charts take the site's palette in
// both schemes; it stays under 400 KB on the wire.
import {cpSync, mkdirSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {csvFormatRows, csvParse, csvParseRows, median} from "d3";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import "../../src/render/dom.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {studyAggregate} from "../../loaders/export/aggregate.js";
import {studyFile} from "../../loaders/export/study-files.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {columnRows} from "../../src/components/columnRows.js";
import {palette, vegaLiteTheme} from "../../src/components/notebookTheme.js";
import {tradeoffData} from "../../src/components/tradeoffChart.js";
import {ensureNpmCache} from "../../tools/npm-cache/fill.js";
import {transferWeights} from "../../bench/browser-weight.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "../site/browser.js";
import {serveSite, type SiteServer} from "../site/server.js";
import {buildScratch, scratchProject, type ScratchProject} from "../support/scratch-framework.js";

const ROOT = resolve(import.meta.dirname, "../..");
const PAGES = [
  "src/explore.md",
  "src/tr/explore.md",
  "src/components/notebookTheme.ts",
  "src/components/chartTheme.ts",
  "src/components/metricLabels.ts"
];
const DATA = ["runs.csv", "plan.json", "requests.csv"] as const;

interface Built {
  study: StudyData;
  project: ScratchProject;
  server: SiteServer;
}

/** The notebook built on its own with the files the loaders make for `dir`. */
async function buildNotebook(
  dir: string,
  change: (name: (typeof DATA)[number], text: string) => string = (_name, text) => text
): Promise<Built> {
  const study = await loadStudy(join(ROOT, dir), ROOT);
  const project = scratchProject(join(ROOT, "test/fixtures/notebook-site"));
  for (const file of PAGES) {
    mkdirSync(dirname(join(project.dir, file)), {recursive: true});
    cpSync(join(ROOT, file), join(project.dir, file));
  }
  mkdirSync(join(project.dir, "src/data"), {recursive: true});
  for (const name of DATA)
    writeFileSync(join(project.dir, "src/data", name), change(name, studyFile(name, study) as string));
  await ensureNpmCache(project.dir, "src", () => {});
  const build = await buildScratch(project);
  if (build.code !== 0) throw new Error(`the notebook did not build:\n${build.output}`);
  return {study, project, server: await serveSite(join(project.dir, "dist"), {prefix: "/"})};
}

let seed: Built;
let ladder: Built;
// The ladder as a study of 1,024 runs (its 32 runs' rows 32 times over) whose plan sets no SLO, at ten times its
// total token throughput, as a node of eight GPUs reports it: figures of five digits.
let many: Built;
// A search: 22 configurations, each at one load (concurrency 16).
let tune: Built;
const manyRuns = (name: (typeof DATA)[number], text: string): string => {
  if (name === "plan.json") return JSON.stringify({...JSON.parse(text), slo: null});
  if (name !== "runs.csv") return text;
  const [header, ...rows] = csvParseRows(text);
  const column = header.indexOf("total_token_throughput");
  const scaled = rows.map((row) => row.map((cell, i) => (i === column && cell ? String(Number(cell) * 10) : cell)));
  return csvFormatRows([header, ...Array.from({length: 32}, () => scaled).flat()]);
};
let browser: Browser;

beforeAll(async () => {
  [seed, ladder, many, tune] = await Promise.all([
    buildNotebook("data/studies/qwen3-32b-a100"),
    buildNotebook("data/studies/h200-ladder"),
    buildNotebook("data/studies/h200-ladder", manyRuns),
    buildNotebook("data/studies/gpu-tune")
  ]);
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  for (const built of [seed, ladder, many, tune]) {
    await built?.server.close();
    built?.project.remove();
  }
});

/** The trade-off chart's points as the page draws them: the dots' titles (run, label — scenario, objective, TPOT, front). */
async function drawnPoints(page: Page): Promise<{run: string; throughput: number; tpot: number; front: boolean}[]> {
  const titles = await page.$$eval("#observablehq-main svg title", (nodes) => nodes.map((n) => n.textContent ?? ""));
  return titles
    .map((title) => title.split("\n"))
    .filter((lines) => lines.length === 5 && lines[3].startsWith("mean TPOT"))
    .map(([run, , objective, tpot, front]) => ({
      run,
      throughput: Number(objective.slice(objective.indexOf(": ") + 2)),
      tpot: Number(tpot.replace(/^mean TPOT: | ms$/g, "")),
      front: front === "on the Pareto front"
    }))
    .sort((a, b) => a.run.localeCompare(b.run));
}

/** The drawn trade-off chart's data, as the summary page's renderer makes it. */
function drawnChartData(study: StudyData) {
  const summary = summaryPage(study.report, study.rows);
  return tradeoffData(columnRows(summary.columns), summary, {lang: "en", root: "./"})
    .map((d) => ({run: d.run, throughput: d.throughput, tpot: d.latency, front: d.front}))
    .sort((a, b) => a.run.localeCompare(b.run));
}

/** The ladder's notebook, open at its what-if. */
async function ladderPage(): Promise<Page> {
  const {page} = await newCheckedPage(browser);
  await visit(page, `${ladder.server.url}explore`);
  return page;
}

/** The what-if chart's points: label, load, requests meeting the limits and requests. */
async function attainmentPoints(page: Page): Promise<Map<string, [number, number]>> {
  const titles = await page.$$eval("#observablehq-main svg title", (nodes) => nodes.map((n) => n.textContent ?? ""));
  const out = new Map<string, [number, number]>();
  for (const title of titles) {
    const match = /^(.+) · (.+) · load (\S+)\n(\d+) of (\d+) requests meet the limits/.exec(title);
    if (match) out.set(`${match[1]}|${match[2]}|${match[3]}`, [Number(match[4]), Number(match[5])]);
  }
  return out;
}

describe("the example notebook", () => {
  it("recomputes the summary's trade-off chart from runs.csv, value for value", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${seed.server.url}explore`);
    const expected = drawnChartData(seed.study);
    expect(expected.length).toBeGreaterThan(10);
    expect(await drawnPoints(page)).toEqual(expected);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("filters by scenario: the chart and the front's table follow", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${seed.server.url}explore`);
    const all = await drawnPoints(page);
    const first = seed.study.plan.scenarios[0];
    await page.getByLabel(first.name.en, {exact: true}).uncheck();
    const left = all.filter((d) => !d.run.endsWith(`--${first.id}`) && !d.run.includes(`--${first.id}--`));
    await expect.poll(async () => (await drawnPoints(page)).length).toBe(left.length);
    expect(await drawnPoints(page)).toEqual(left);
    expect(await page.locator("#observablehq-main table tbody tr").count()).toBe(left.filter((d) => d.front).length);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("says where a study kept no per-request data, and shows no error", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${seed.server.url}explore`);
    const text = await page.textContent("#observablehq-main");
    expect(text).toContain("kept no per-request data");
    // A cell with nothing to show shows nothing (not "null" from the inspector).
    expect(text).not.toMatch(/\bnull\b|\bNaN\b|undefined|\[object Object\]/);
    expect(await page.$$(".observablehq--error")).toHaveLength(0);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("gives each ladder point's attainment at the plan's TTFT limit: the aggregate's pooled attainment", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${ladder.server.url}explore`);
    const shown = await attainmentPoints(page);
    const aggregate = studyAggregate(ladder.study.plan, ladder.study.rows).filter(
      (p) => typeof p.attainment === "number"
    );
    expect(aggregate.length).toBeGreaterThan(10);
    const names = new Map(ladder.study.plan.scenarios.map((s) => [s.id, s.name.en]));
    for (const point of aggregate) {
      const [met, requests] = shown.get(`${point.label}|${names.get(point.scenario as string)}|${point.load}`)!;
      expect(met / requests, String(point.point)).toBe(point.attainment);
    }
    expect(shown.size).toBe(aggregate.length);
    // Below the chart, each candidate's best throughput among its points that meet the plan's attainment target.
    const {objective, slo} = ladder.study.plan;
    const best = new Map<string, number>();
    for (const point of aggregate)
      if ((point.attainment as number) >= slo!.attainment!) {
        const key = `${names.get(point.scenario as string)}|${point.label}`;
        best.set(key, Math.max(best.get(key) ?? 0, point[`${objective}_mean`] as number));
      }
    expect(best.size).toBeGreaterThan(0);
    const table = await page.$$eval("#observablehq-main table", (tables) =>
      [...tables.at(-1)!.querySelectorAll("tbody tr")].map((tr) =>
        [...tr.querySelectorAll("td")].map((td) => td.textContent ?? "")
      )
    );
    expect(table.map((cells) => cells.slice(1, 3).join("|")).sort()).toEqual([...best.keys()].sort());
    for (const cells of table)
      expect(Number(cells[3].replace(/,/g, ""))).toBeCloseTo(best.get(`${cells[1]}|${cells[2]}`)!, 2);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("follows the reader's TTFT limit: the counts the per-request rows give at that limit", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, `${ladder.server.url}explore`);
    const limit = 300;
    const number = page.locator("#observablehq-main form input[type=number]");
    await number.fill(String(limit));
    await number.dispatchEvent("input");
    const requests = csvParse(studyFile("requests.csv", ladder.study) as string);
    const tpotLimit = ladder.study.plan.slo!.limits.find((l) => l.metric === "tpot_ms")!.limit;
    const expected = new Map<string, [number, number]>();
    const names = new Map(ladder.study.plan.scenarios.map((s) => [s.id, s.name.en]));
    for (const r of requests) {
      const key = `${r.label}|${names.get(r.scenario)}|${r.load}`;
      const met = r.ok === "1" && Number(r.ttft_ms) <= limit && (r.tpot_ms === "" || Number(r.tpot_ms) <= tpotLimit);
      const [m, n] = expected.get(key) ?? [0, 0];
      expected.set(key, [m + (met ? 1 : 0), n + 1]);
    }
    await expect.poll(async () => [...(await attainmentPoints(page))].sort()).toEqual([...expected].sort());
    // The limit is a what-if: some point meets it less often than it meets the plan's.
    expect([...expected.values()].some(([m, n]) => m < n)).toBe(true);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("in a study of more than a thousand runs, loads no request until the reader asks", async () => {
    const {page, problems} = await newCheckedPage(browser);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (/\/requests\.[^/]*csv/.test(request.url())) asked.push(request.url());
    });
    await visit(page, `${many.server.url}explore`);
    expect(await page.textContent("#observablehq-main")).toContain("This study has 1,024 runs");
    expect(await attainmentPoints(page)).toEqual(new Map());
    expect(asked).toEqual([]);
    await page.getByRole("button", {name: "Load every request"}).click();
    const other = await ladderPage();
    const points = (await attainmentPoints(other)).size;
    await other.close();
    expect(points).toBeGreaterThan(5);
    await expect.poll(async () => (await attainmentPoints(page)).size).toBe(points);
    expect(asked).toHaveLength(1);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  });

  it("starts the TTFT limit at the plan's, or at the median TTFT where the plan sets none", async () => {
    const requests = csvParse(studyFile("requests.csv", ladder.study) as string);
    const ttfts = requests.filter((r) => r.ok === "1" && Number(r.ttft_ms) > 0).map((r) => Number(r.ttft_ms));
    const planLimit = ladder.study.plan.slo!.limits.find((l) => l.metric === "ttft_ms")!.limit;
    for (const [built, expected] of [
      [ladder, planLimit],
      [many, Math.round(median(ttfts)!)]
    ] as const) {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, `${built.server.url}explore`);
      if (built === many) await page.getByRole("button", {name: "Load every request"}).click();
      const number = page.locator("#observablehq-main form input[type=number]");
      await expect.poll(async () => Number(await number.inputValue())).toBe(expected);
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("draws in the site's palette in the light and the dark scheme", async () => {
    for (const scheme of ["light", "dark"] as const) {
      const {page, problems} = await newCheckedPage(browser, {colorScheme: scheme});
      await visit(page, `${ladder.server.url}explore`);
      const strokes = await page.$$eval("#observablehq-main svg [aria-label=line] path", (paths) =>
        paths.map((p) => p.getAttribute("stroke"))
      );
      const colours = palette(scheme === "dark");
      expect(strokes.length).toBeGreaterThan(0);
      for (const stroke of strokes) expect(colours, `${scheme} ${stroke}`).toContain(stroke);
      // The axes' text takes the drawn charts' colour for the scheme.
      const texts = await page.$$eval("#observablehq-main svg", (svgs) =>
        svgs
          .filter((svg) => [...svg.classList].some((c) => c.startsWith("plot-")))
          .map((svg) => getComputedStyle(svg).color)
      );
      expect(texts.length, scheme).toBe(2);
      for (const text of texts)
        expect(text, scheme).toBe(rgb(vegaLiteTheme(scheme === "dark").axis!.titleColor as string));
      await page.screenshot({path: join(ROOT, `test/.tmp/explore-${scheme}.png`), fullPage: true});
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("draws each tick label and title inside its chart, at figures of four digits and of five", async () => {
    // The seed kept no per-request rows: it draws the trade-off chart alone.
    for (const [built, charts] of [
      [seed, 1],
      [ladder, 2],
      [many, 2]
    ] as const) {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, `${built.server.url}explore`);
      if (built === many) await page.getByRole("button", {name: "Load every request"}).click();
      await expect.poll(() => page.locator("#observablehq-main svg[class^=plot]").count()).toBe(charts);
      const outside = await page.$$eval("#observablehq-main svg[class^=plot]", (svgs) =>
        svgs.flatMap((svg) => {
          const box = svg.getBoundingClientRect();
          return [...svg.querySelectorAll("text")]
            .filter((text) => {
              const r = text.getBoundingClientRect();
              return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5;
            })
            .map((text) => text.textContent);
        })
      );
      expect(outside, built.server.url).toEqual([]);
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("draws its charts without a warning from Plot, a search of 22 configurations at one load too", async () => {
    // Plot's warning sign stood over the what-if of gpu-tune: one point per configuration read to it as a continuous
    // stroke ("the implicit z channel has high cardinality").
    for (const built of [seed, ladder, tune]) {
      const {page, problems} = await newCheckedPage(browser);
      const warnings: string[] = [];
      page.on("console", (message) => message.type() === "warning" && warnings.push(message.text()));
      await visit(page, `${built.server.url}explore`);
      await expect.poll(() => page.locator("#observablehq-main svg[class^=plot]").count()).toBe(built === seed ? 1 : 2);
      const signs = await page.$$eval("#observablehq-main svg text", (texts) =>
        texts.filter((text) => text.textContent?.includes("⚠")).map((text) => text.textContent)
      );
      expect(signs, built.server.url).toEqual([]);
      expect(warnings, built.server.url).toEqual([]);
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("weighs at most 400 KB on the wire (gzip) in Chromium", async () => {
    const [weight] = await transferWeights(join(seed.project.dir, "dist"), ["/explore"]);
    expect(weight.bytes / 1024).toBeLessThanOrEqual(400);
    console.log(`explore: ${(weight.bytes / 1024).toFixed(1)} KB in ${weight.requests} requests`);
  });
});

/** "#1b1e23" as getComputedStyle writes it: "rgb(27, 30, 35)". */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
