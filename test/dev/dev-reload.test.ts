// `npm run dev` in a throw-away copy of the project: an edit to library code a data loader imports, and an edit to
// the study it reads, each show up on the open page without a restart or a cache clear.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, expect, it} from "vitest";
import {startDev, type DevServer} from "../support/dev-server.js";
import {launchChromium} from "../site/browser.js";

let dev: DevServer;
let dir: string;
let browser: Browser;
let page: Page;

/** Replaces `from` (which must be there) by `to` in a file of the copy, as an editor saving it would. */
function edit(path: string, from: string, to: string): void {
  const file = join(dir, path);
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`${path} no longer contains ${JSON.stringify(from)}: update this test`);
  writeFileSync(file, text.replace(from, to));
}

async function textOf(selector: string, expected: string, timeoutMs = 90_000): Promise<void> {
  try {
    await page.waitForFunction(
      ([s, e]) => document.querySelector(s)?.textContent?.trim() === e,
      [selector, expected] as const,
      {timeout: timeoutMs}
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\nnpm run dev printed:\n${dev.log().slice(-3000)}`);
  }
}

beforeAll(async () => {
  dev = await startDev();
  dir = dev.dir;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(dev.url);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

it("an edit to loaders/pages/home.ts (imported by the page renderer) shows on the home page", async () => {
  await textOf("h1", "Qwen3-32B throughput optimization on one NVIDIA A100");
  // The page is drawn at build time, so it shows before the preview's socket is set up; an edit made before that is
  // missed by Framework's watchers (a reader's next edit would not be): wait for the preview's welcome.
  const started = Date.now();
  while (!dev.log().includes("type: 'welcome'") && Date.now() - started < 60_000)
    await new Promise((r) => setTimeout(r, 200));
  // Framework arms its config watcher after the welcome, once it has read the page's files.
  await new Promise((r) => setTimeout(r, 5000));
  edit(
    "loaders/pages/home.ts",
    "study: report.study,",
    'study: {...report.study, title: {en: "Edited in the library", tr: "x"}},'
  );
  await textOf("h1", "Edited in the library");
  expect(dev.log()).toContain("dev: loaders/pages/home.ts changed; drawing the study again");
}, 180_000);

it("an edit to the study's study.yaml (read by every loader) shows on the home page", async () => {
  edit(
    "data/studies/qwen3-32b-a100/study.yaml",
    "  en: High total token throughput",
    "  en: Edited goal, high total token throughput"
  );
  await page.waitForFunction(
    () => document.querySelector("p.lead")?.textContent?.startsWith("Goal: Edited goal"),
    null,
    {
      timeout: 90_000
    }
  );
}, 180_000);

it("an edit to a notebook page's cell shows on that page, and the study is not drawn again for it", async () => {
  const welcomes = () => (dev.log().match(/type: 'welcome'/g) ?? []).length;
  const before = welcomes();
  await page.goto(new URL("explore", dev.url).href);
  await textOf("h1", "Explore the data");
  // Framework watches the page's file once the page's socket has said hello (its welcome is logged).
  for (const started = Date.now(); welcomes() === before && Date.now() - started < 60_000;)
    await new Promise((r) => setTimeout(r, 100));
  // Framework sends the welcome before it watches the page's file (preview.js hello()): an edit made at once
  // may be missed, so give it time, as the first test does.
  await new Promise((r) => setTimeout(r, 5000));
  const drawn = (dev.log().match(/drawing the study again/g) ?? []).length;
  edit("src/explore.md", "# Explore the data", "# Explore the data, edited");
  await textOf("h1", "Explore the data, edited", 30_000);
  // Framework updates the page itself; the page renderer has nothing to draw for a page it does not draw.
  await new Promise((r) => setTimeout(r, 1000));
  expect((dev.log().match(/drawing the study again/g) ?? []).length).toBe(drawn);
}, 120_000);

// The build's stamp gives each page its language; `npm run dev` served every page with none.
it("serves each page in its language, as the build writes it", async () => {
  for (const [path, lang] of [
    ["tr/", "tr"],
    ["tr/setup", "tr"],
    ["setup", "en"]
  ] as const) {
    await page.goto(`${dev.url}${path}`);
    expect(await page.evaluate(() => document.documentElement.lang), path).toBe(lang);
  }
}, 60_000);
