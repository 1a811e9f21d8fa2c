// Issue 43, item 6: build-time analysis in one file. The documented page loader (docs/examples/best-runs.md.ts, to be
// copied to src/) uses the library and the site's components; Framework builds it into a page that shows its chart
// and table with scripts off, each scenario's best run the one the runs table gives.
import {cpSync, mkdirSync} from "node:fs";
import {join, resolve} from "node:path";
import {chromium, type Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {chromiumPath} from "../support/chromium.js";
import {serveSite, type SiteServer} from "../site/server.js";
import {buildScratch, scratchProject, type ScratchProject} from "../support/scratch-framework.js";

const ROOT = resolve(import.meta.dirname, "../..");
const COPIED = [
  "loaders",
  "src/components",
  "src/render/dom.ts",
  "src/render/html.ts",
  "data/studies/qwen3-32b-a100",
  "data/models",
  "data/gpus"
];

let project: ScratchProject;
let build: {code: number; output: string; seconds: number};
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  project = scratchProject(join(ROOT, "test/fixtures/page-loader"));
  for (const path of COPIED) cpSync(join(ROOT, path), join(project.dir, path), {recursive: true});
  mkdirSync(join(project.dir, "src"), {recursive: true});
  cpSync(join(ROOT, "docs/examples/best-runs.md.ts"), join(project.dir, "src/best-runs.md.ts"));
  build = await buildScratch(project);
  server = await serveSite(join(project.dir, "dist"), {prefix: "/"});
  browser = await chromium.launch({executablePath: chromiumPath(), args: ["--no-sandbox", "--headless"]});
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  project?.remove();
});

describe("a page loader", () => {
  it("builds with Framework's own mechanism", () => {
    expect(build.code, build.output).toBe(0);
    expect(build.output).toMatch(/best-runs/);
  });

  it("reads with scripts off: the chart as SVG and the table, each scenario's best run", async () => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(`${server.url}best-runs`);
    expect(await page.textContent("h1")).toBe("Best run per scenario");
    expect(await page.locator("figure.vega-chart svg .role-mark path").count()).toBeGreaterThan(0);
    const rows = await page.$$eval("main table tbody tr", (trs) =>
      trs.map((tr) => [tr.querySelector("th")!.textContent, tr.querySelector("a")!.getAttribute("href")])
    );
    const study = await loadStudy(join(ROOT, "data/studies/qwen3-32b-a100"), ROOT);
    const objective = study.plan.objective;
    const expected = study.plan.scenarios.map((scenario) => {
      const ok = study.rows.filter((r) => r.scenario === scenario.id && r.status === "ok");
      const top = ok.reduce((a, b) => ((b[objective] as number) > (a[objective] as number) ? b : a));
      return [scenario.name.en, `./runs/${top.run}`];
    });
    expect(rows).toEqual(expected);
    await context.close();
  });
});
