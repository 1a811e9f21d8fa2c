// `npm run dev` on a study laid out in run sets: a run's own page is written after Framework's build, so the preview
// had none and a set page's "Run page" link led to Framework's 404. Dev draws it on request.
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, expect, it} from "vitest";
import {runSetOf} from "../../src/components/runSets.js";
import {startDev, type DevServer} from "../support/dev-server.js";
import {launchChromium} from "../site/browser.js";

// The seed's 17 runs in sets of 6 (ceil(17 / 6) = 3 sets).
const SETS = 3;
const RUN = "quantization--vllm-awq--sharegpt";

let dev: DevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dev = await startDev({TPS_REPORT_RUN_PAGE_LIMIT: "5", TPS_REPORT_RUNS_PER_SET: "6"});
  browser = await launchChromium();
  page = await browser.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

it.each([
  ["", "vLLM AWQ — ShareGPT"],
  ["tr/", "vLLM AWQ — ShareGPT"]
])(
  "opens a run's own page from its set's page (/%s)",
  async (prefix, title) => {
    await page.goto(`${dev.url}${prefix}runs/set/${runSetOf(RUN, SETS)}#${RUN}`, {timeout: 120_000});
    await page.click("table.run-set tr:target a.run-detail", {timeout: 120_000});
    await page.waitForURL(`**/${prefix}runs/detail/${RUN}`, {timeout: 120_000});
    expect(await page.textContent("h1")).toBe(title);
    expect(await page.textContent(".run-id")).toBe(RUN);
  },
  300_000
);

// A run that is not in the study has no page: dev drew one saying the run failed, and read whatever the name led to.
it.each([
  ["runs/detail/no-such-run"],
  ["runs/detail/..%2F..%2Fstudy.yaml"],
  ["runs/no-such-run"],
  ["steps/no-such-step"]
])(
  "answers 404 for /%s, which is not in the study",
  async (path) => {
    const response = await page.goto(`${dev.url}${path}`, {timeout: 120_000});
    expect(response?.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("Page not found");
    expect(dev.log()).not.toContain("has no fragment");
  },
  300_000
);
