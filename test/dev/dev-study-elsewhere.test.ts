// `TPS_REPORT_STUDY=<dir> npm run dev` on a study outside data/ (here under a dot folder, as the bench's archives are):
// a run written into it, as live mode or an import writes one, shows in the open preview without a restart.
import {cpSync, mkdirSync, renameSync} from "node:fs";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, expect, it} from "vitest";
import {startDev, type DevServer} from "../support/dev-server.js";
import {launchChromium} from "../site/browser.js";

const STUDY = ".studies/seed";
const RUN = "quantization--vllm-awq--sharegpt";

let dev: DevServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  dev = await startDev({TPS_REPORT_STUDY: STUDY}, (dir) => {
    cpSync(join(dir, "data/studies/qwen3-32b-a100"), join(dir, STUDY), {recursive: true});
    mkdirSync(join(dir, "held"));
    renameSync(join(dir, STUDY, "runs", RUN), join(dir, "held", RUN));
  });
  browser = await launchChromium();
  page = await browser.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
});

it("a run added to the study's runs folder gets its page", async () => {
  expect((await fetch(`${dev.url}runs/${RUN}`)).status).toBe(404);
  renameSync(join(dev.dir, "held", RUN), join(dev.dir, STUDY, "runs", RUN));
  const deadline = Date.now() + 120_000;
  // dev touches the config, and Framework reads it again on the next request: poll until the route exists.
  let status: number | undefined;
  while (Date.now() < deadline) {
    status = (await fetch(`${dev.url}runs/${RUN}`)).status;
    if (status !== 404) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  expect(status, `npm run dev printed:\n${dev.log().slice(-3000)}`).toBe(200);
  await page.goto(`${dev.url}runs/${RUN}`, {timeout: 120_000});
  expect(await page.textContent("h1")).toBe("vLLM AWQ — ShareGPT");
  expect(dev.log()).toContain(`dev: ${STUDY}/runs/${RUN}`);
}, 300_000);
