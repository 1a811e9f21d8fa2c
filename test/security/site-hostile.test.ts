// Cases 1, 2, 8 and 9 of issue 15 in a real build seen by Chromium: run folders named with markup, a run.json that
// is missing or truncated, a 200,000-character error and a log linked to /etc/passwd. The site builds, nothing runs,
// the broken runs are shown as broken with their findings, long text stays in its box, and no page holds passwd.
import {readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, cpSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {languageSwitch} from "../../src/build/header.js";
import {buildSite} from "../site/build.js";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "../site/browser.js";
import {serveSite, type SiteServer} from "../site/server.js";
import {pageUrl} from "../site/sitePaths.js";
import {copySeed, FAILED, removeCopies, SGLANG, TRTLLM, VLLM} from "./hostile-study.js";

const OUTPUT = "test/.tmp/hostile-dist";
const COUNT = "window.__xss=(window.__xss||0)+1";
const SVG_FOLDER = `x"><svg onload=${COUNT}>`;
const IMG_FOLDER = `<img src=x onerror=${COUNT}>`;
const LONG = "E".repeat(200_000);
const PASSWD = readFileSync("/etc/passwd", "utf8").split("\n")[0];

let study: string;
let server: SiteServer;
let browser: Browser;

function editJson(file: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  edit(value);
  writeFileSync(file, JSON.stringify(value, null, 2) + "\n");
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: "utf8"})
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile());
}

beforeAll(async () => {
  study = copySeed();
  const runs = join(study, "runs");
  for (const name of [SVG_FOLDER, IMG_FOLDER]) cpSync(join(runs, SGLANG), join(runs, name), {recursive: true});
  rmSync(join(runs, SGLANG, "run.json"));
  const vllm = join(runs, VLLM, "run.json");
  writeFileSync(vllm, readFileSync(vllm, "utf8").slice(0, 100));
  editJson(join(runs, FAILED, "run.json"), (run) => (run.error = LONG));
  writeFileSync(join(runs, FAILED, "server.log"), `${LONG}\n`);
  symlinkSync("/etc/passwd", join(runs, TRTLLM, "server.log"));
  await buildSite({study, output: OUTPUT});
  server = await serveSite(OUTPUT);
  browser = await launchChromium();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  removeCopies();
});

describe("a hostile study's site", () => {
  it("escapes the path in the language switch", () => {
    const html = languageSwitch({path: `/runs/${SVG_FOLDER}`});
    expect(html).not.toContain("<svg");
    expect(html).not.toContain(`x"`);
    expect(html).toContain(`href="/tr/runs/x%22%3E%3Csvg`);
  });

  it("builds, runs no markup, and lists the odd folders as findings", async () => {
    const pages = [
      "/runs/",
      "/tr/runs/",
      "/quality",
      "/tr/quality",
      `/runs/${VLLM}`,
      `/runs/${SGLANG}`,
      `/tr/runs/${VLLM}`
    ];
    await eachPage(pages, async (path) => {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss), path).toBeUndefined();
      expect(await page.$$("svg[onload], img[src=x]"), path).toHaveLength(0);
      expect({path, ...problems}).toEqual({path, ...NO_PROBLEMS});
      await page.close();
    });
    const {page} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/quality"));
    const text = (await page.textContent("main"))!;
    expect(text).toContain(`${JSON.stringify(SVG_FOLDER)} in the runs folder is not named by a run id`);
    expect(text).toContain(`${JSON.stringify(IMG_FOLDER)} in the runs folder is not named by a run id`);
    await page.close();
  }, 300_000);

  it("shows a run with a truncated run.json as broken, with its finding; one without run.json from the plan", async () => {
    const {page} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, `/runs/${VLLM}`));
    expect(await page.textContent("h1")).toBe(VLLM);
    const facts = (await page.textContent("dl.run-facts"))!;
    expect(facts).toMatch(/run\.json: run\.json does not parse/);
    // Issue 12: a run folder holding only the tool's own output is a run, its record completed from the plan.
    await visit(page, pageUrl(server.url, `/runs/${SGLANG}`));
    const sglang = (await page.textContent("main"))!;
    expect(sglang).not.toContain("run.json is missing");
    expect(sglang).toContain("1398.38");
    await visit(page, pageUrl(server.url, "/runs/"));
    expect(await page.textContent("main")).toContain(VLLM);
    await page.close();
  });

  it("keeps a 200,000-character error and log line inside their boxes", async () => {
    const {page} = await newCheckedPage(browser, {width: 1280});
    await visit(page, pageUrl(server.url, `/runs/${FAILED}`));
    const size = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      height: document.documentElement.scrollHeight,
      facts: document.querySelector("dl.run-facts")!.getBoundingClientRect().width
    }));
    expect(size.width).toBeLessThanOrEqual(1280);
    expect(size.facts).toBeLessThanOrEqual(640);
    // The error wraps inside the facts box: 200,000 characters at ~60 a line are ~3,400 lines, not 1.6 M px.
    expect(size.height).toBeLessThan(150_000);
    await page.close();
  });

  it("holds nothing of a file linked out of the study", () => {
    for (const file of filesUnder(OUTPUT)) expect(readFileSync(file, "latin1").includes(PASSWD), file).toBe(false);
  });
});
