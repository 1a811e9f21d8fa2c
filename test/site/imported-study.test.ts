// An imported sweep built into a site: every candidate, scenario, repeat and failure is on the pages, in Chromium.
import {mkdirSync, rmSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {writeSweepExperiment} from "../support/sweep-experiment.js";
import {buildSite} from "./build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const ROOT = "test/.tmp/imported-study";
const STUDY = join(ROOT, "study");
const OUTPUT = join(ROOT, "dist");

let server: SiteServer;
let browser: Browser;
let runs: string[];

beforeAll(async () => {
  rmSync(ROOT, {recursive: true, force: true});
  mkdirSync(ROOT, {recursive: true});
  writeSweepExperiment(join(ROOT, "results", "20260101_120000"));
  importResults([join(ROOT, "results", "20260101_120000")], STUDY);
  runs = listRunDirs(join(STUDY, "runs"));
  await buildSite({study: STUDY, output: OUTPUT});
  server = await serveSite(OUTPUT);
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function pageText(path: string): Promise<string> {
  const {page, problems} = await newCheckedPage(browser);
  await visit(page, pageUrl(server.url, path));
  const text = (await page.textContent("main")) ?? "";
  expect(problems).toEqual(NO_PROBLEMS);
  await page.close();
  return text;
}

describe("site of an imported sweep", () => {
  it("the step page shows every candidate and scenario, the decision rule and the winner", async () => {
    const text = await pageText("/steps/sweep");
    for (const label of ["max_num_seqs=64", "max_num_seqs=128", "max_num_seqs=256", "max_num_seqs=512"])
      expect(text).toContain(label);
    for (const scenario of ["random, 2000/100", "random, 4000/200"]) expect(text).toContain(scenario);
    expect(text).toContain("Decision rule: the geometric mean of each candidate's per-scenario ratio");
    // The +22.6 % is the geometric mean over both workloads: no single workload's throughput stands beside it.
    expect(text).toContain(
      "max_num_seqs=128 wins: +22.6% [+21.0, +24.3] over max_num_seqs=64, the geometric mean of its ratios on 2 scenarios (1.226)."
    );
  }, 120_000);

  it("the summary gives the winner's geometric mean, not one workload's throughput, beside the gain", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/summary"));
    const row = (await page.textContent("table.summary tbody tr")) ?? "";
    expect(row).toContain("max_num_seqs=64");
    expect(row).toContain("max_num_seqs=128 (geometric mean of ratios 1.226)");
    expect(row).toContain("+22.6% [+21.0, +24.3]");
    expect(row).not.toMatch(/\(2\d{4}\.\d\d\)/);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);

  it("the runs table lists every repeat and every failed run", async () => {
    // 3 combos × 2 workloads × 3 runs, and the server that never came up: failed on each workload and repeat.
    expect(runs).toHaveLength(24);
    const text = await pageText("/runs/");
    for (const run of runs) expect(text).toContain(run);
    expect(text).toContain("sweep--max_num_seqs-64--random-4000-200--r3");
  }, 120_000);

  it("a failed run's page shows its error, a server that never came up its own", async () => {
    expect(await pageText("/runs/sweep--max_num_seqs-256--random-4000-200--r2")).toContain(
      "RuntimeError: Server process exited with code -9 during the benchmark"
    );
    for (const run of ["sweep--max_num_seqs-512--random-2000-100", "sweep--max_num_seqs-512--random-4000-200--r3"])
      expect(await pageText(`/runs/${run}`)).toContain(
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      );
  }, 120_000);
});
