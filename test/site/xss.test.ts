// Markup inside data stays text: a study whose run error, model name, candidate label and step title carry
// <script> and <img onerror> builds, renders them literally, and runs none of it. So does template syntax: a chat
// template's {{ … }} and a `${…}` (the build stopped at the first "{{" in a page, calling it a placeholder of ours).
import {cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {parseDocument} from "yaml";
import {buildSite} from "./build.js";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const STUDY = "test/.tmp/xss-study";
const OUTPUT = "test/.tmp/xss-dist";
const SEED = "data/studies/qwen3-32b-a100";

// Each payload bumps a counter if it ever runs; the test reads the counter.
const SCRIPT = `<script>window.__xss=(window.__xss||0)+1</script>`;
const IMG = `<img src=x onerror="window.__xss=(window.__xss||0)+1">`;
const ERROR = `RuntimeError: ${SCRIPT}${IMG}`;
const MODEL = `Qwen/${IMG}${SCRIPT}`;
const LABEL = `SGLang ${IMG}`;
// A chat template as `vllm serve --chat-template` takes one, and a placeholder's own spelling.
const JINJA = "{% for m in messages %}{{ m['content'] }}{% endfor %}";
const TITLE = `Quantization ${SCRIPT} ${JINJA} \${1+1} {{notes}}`;
const TEMPLATE_LINE = `INFO: Using supplied chat template: ${JINJA}`;

function writeJson(path: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  edit(value);
  writeFileSync(path, JSON.stringify(value, null, 2) + "\n");
}

/** A copy of the seed study with markup planted in the places pages show as text. */
function plantStudy(): void {
  rmSync(STUDY, {recursive: true, force: true});
  mkdirSync("test/.tmp", {recursive: true});
  cpSync(SEED, STUDY, {recursive: true});
  const failed = join(STUDY, "runs/quantization--trtllm-fp8--sharegpt");
  writeJson(join(failed, "run.json"), (run) => (run.error = ERROR));
  writeFileSync(join(failed, "server.log"), `${TEMPLATE_LINE}\n${ERROR}\n`);
  writeJson(join(STUDY, "runs/engine-selection--sglang--sharegpt/run.json"), (run) => (run.model = MODEL));
  const plan = parseDocument(readFileSync(join(STUDY, "study.yaml"), "utf8"));
  plan.setIn(["steps", 0, "candidates", 1, "label"], LABEL);
  plan.setIn(["steps", 1, "title", "en"], TITLE);
  plan.setIn(["steps", 1, "title", "tr"], TITLE);
  writeFileSync(join(STUDY, "study.yaml"), plan.toString());
}

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  plantStudy();
  await buildSite({study: STUDY, output: OUTPUT});
  server = await serveSite(OUTPUT);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("markup in data", () => {
  const pages = [
    "/",
    "/setup",
    "/steps/engine-selection",
    "/steps/quantization",
    "/summary",
    "/quality",
    "/headroom",
    "/runs/",
    "/runs/quantization--trtllm-fp8--sharegpt",
    "/runs/engine-selection--sglang--sharegpt",
    "/tr/steps/quantization",
    "/tr/headroom",
    "/tr/runs/engine-selection--sglang--sharegpt"
  ];

  it("is shown as text and never runs", async () => {
    await eachPage(pages, async (path) => {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss), path).toBeUndefined();
      expect(await page.$$("img[src=x]"), path).toHaveLength(0);
      expect(await page.$$("main script"), path).toHaveLength(0);
      expect(await page.$$(".observablehq--error"), path).toHaveLength(0);
      expect({path, ...problems}).toEqual({path, ...NO_PROBLEMS});
      await page.close();
    });
  }, 300_000);

  it("shows the planted strings literally where the data goes", async () => {
    const {page} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/steps/quantization"));
    expect(await page.textContent("table.step-results")).toContain(ERROR);
    expect(await page.textContent("h1")).toBe(`2. ${TITLE}`);
    await visit(page, pageUrl(server.url, "/runs/engine-selection--sglang--sharegpt"));
    expect(await page.textContent("dl.run-facts")).toContain(MODEL);
    expect(await page.textContent("h1")).toBe(`${LABEL} — ShareGPT`);
    await visit(page, pageUrl(server.url, "/runs/quantization--trtllm-fp8--sharegpt"));
    expect(await page.textContent(".run-logs pre")).toContain(ERROR);
    expect(await page.textContent(".run-logs pre")).toContain(TEMPLATE_LINE);
    await visit(page, pageUrl(server.url, "/steps/engine-selection"));
    expect(await page.textContent("table.step-results")).toContain(LABEL);
    await page.close();
  });
});
