// One site of many studies in Chromium, served under a sub-path as GitHub Pages would: the seed, three imported sweeps
// and the two H200 ladder studies, built by `npm run build` with TPS_REPORT_STUDIES; the index of studies, each study's
// pages under studies/<id>/, comparisons declared in the site file and in plans (one of load curves), the trends.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {SWEEPS, writeStudiesSite} from "../support/studies-site.js";
import {npmRun} from "../support/npm-run.js";
import {withLock} from "./build.js";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";

const ROOT = "test/.tmp/studies-site";
const OUTPUT = join(ROOT, "dist");
const BASE = "/tps-report/";

const LADDERS = ["data/studies/h200-ladder", "data/studies/h200-live-ladder"];

let server: SiteServer;
let browser: Browser;
/** The seed and the sweeps, whose every page is visited; the site also holds LADDERS. */
let studies: string[];
let built: {studies: string[]; comparisons: string[]; trends: string[]; log: string};

/** `npm run build` as a person runs it, the studies named by TPS_REPORT_STUDIES. */

const pages = (folder: string) =>
  readdirSync(join(OUTPUT, folder))
    .filter((f) => f.endsWith(".html"))
    .map((f) => f.slice(0, -".html".length))
    .sort();

beforeAll(async () => {
  const written = writeStudiesSite(ROOT);
  studies = written.studies;
  const {code, log} = await withLock(() =>
    npmRun("build", {
      TPS_REPORT_STUDIES: [...studies, ...LADDERS].join(","),
      TPS_REPORT_OUTPUT: OUTPUT,
      TPS_REPORT_BASE: BASE,
      TPS_REPORT_SITE: written.siteFile
    })
  );
  if (code !== 0) throw new Error(`npm run build failed (exit ${code}): ${log.slice(-2000)}`);
  built = {studies: readdirSync(join(OUTPUT, "studies")), comparisons: pages("compare"), trends: pages("trend"), log};
  server = await serveSite(OUTPUT, {prefix: BASE});
  browser = await launchChromium();
}, 1_500_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function open(path: string) {
  const opened = await newCheckedPage(browser);
  await visit(opened.page, new URL(path, server.url).href);
  return opened;
}

async function mainText(path: string): Promise<string> {
  const {page, problems} = await open(path);
  const text = (await page.textContent("main")) ?? "";
  expect(problems, path).toEqual(NO_PROBLEMS);
  await page.close();
  return text;
}

describe("a site of the seed and three imported studies", () => {
  // The H200 ladders share no point (they are compared by their load curves): they make no trend.
  it("npm run build with TPS_REPORT_STUDIES builds every study under studies/<id>/, three comparisons, one trend", () => {
    expect(built.log).toContain("build: 6 studies, 3 comparisons, 1 trend in ");
    expect(built.studies.sort()).toEqual(["h200-ladder", "h200-live-ladder", "qwen3-32b-a100", ...SWEEPS]);
    // The first from the site file; the other two from the plans of sweep-2026-01-15 and h200-live-ladder.
    expect(built.comparisons).toEqual([
      "h200-ladder--h200-live-ladder",
      `${SWEEPS[0]}--${SWEEPS[1]}`,
      `${SWEEPS[1]}--${SWEEPS[2]}`
    ]);
    expect(built.trends).toEqual(["qwen-qwen3-8b-1x-h100-sxm"]);
    for (const id of built.studies) expect(existsSync(join(OUTPUT, "studies", id, "index.html")), id).toBe(true);
  });

  it("names each study's files as a single study's build does, never by the folder the site was built in", () => {
    // The seed's quality page locates findings in its run files: data/studies/…/run.json:1 as `npm run build` writes it.
    const quality = readFileSync(join(OUTPUT, "studies", "qwen3-32b-a100", "quality.html"), "utf8");
    expect(quality).toContain("<code>data/studies/qwen3-32b-a100/runs/");
    const named: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, {withFileTypes: true})) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(html|json)$/.test(entry.name) && readFileSync(path, "utf8").includes(process.cwd()))
          named.push(path);
      }
    };
    walk(OUTPUT);
    expect(named).toEqual([]);
  });

  it("the index lists each study with model, GPU, engines and versions, date, best result; its links open them", async () => {
    const {page, problems} = await open("");
    const rows = await page.$$eval("main tbody tr", (trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.replace(/\s+/g, " ").trim()))
    );
    expect(rows).toEqual([
      [
        "Qwen3-32B throughput optimization on one NVIDIA A100 qwen3-32b-a100",
        "Qwen/Qwen3-32B",
        "1× NVIDIA A100 SXM 80GB",
        "vLLM v0.11.0 SGLang v0.5.5.post1 TensorRT-LLM v1.2.0rc1",
        "not recorded",
        "17",
        "3535.5 Total Token throughput (tok/s) Recommended (TensorRT-LLM) — Short prompt",
        // The seed's table prints −13.8 % for 1798.45 → 1580.36 tok/s, which is −12.13 %.
        "13 confirmed, 1 contradicted, 0 unverifiable Headline change, Very long prompt: −13.8% (recomputed −12.1%)"
      ],
      ...SWEEPS.map((id, i) => [
        `Imported results: ${id} ${id}`,
        "Qwen/Qwen3-8B",
        "1× h100-sxm",
        `vLLM v0.11.${i}`,
        id.slice("sweep-".length),
        "24",
        "30002.0 Total Token throughput (tok/s) max_num_seqs=128 — random, 4000/200",
        "—"
      ]),
      [
        "Batch-token budget under a latency target on one H200 h200-ladder",
        "Qwen/Qwen3-8B",
        "1× NVIDIA H200",
        "transformers continuous batching (gpu_engine_server.py) transformers-5.17.0-cb",
        "2026-12-02",
        "32",
        "3992.3 Total Token throughput (tok/s) 4096 batch tokens — Chat (256 in, 64 out)",
        "—"
      ],
      [
        "Ladder stop and goodput search on one H200 h200-live-ladder",
        "Qwen/Qwen3-8B",
        "1× NVIDIA H200",
        "transformers continuous batching (gpu_engine_server.py) transformers-5.17.0-cb",
        "2026-12-02",
        "17",
        "3138.1 Total Token throughput (tok/s) 512 batch tokens — Chat ladder (256 in, 64 out)",
        "—"
      ]
    ]);
    // Each study's link opens its own home, whose header leads back here.
    for (const dir of [...studies, ...LADDERS]) {
      const plan = loadStudyPlan(dir);
      await page.click(`main a:text-is(${JSON.stringify(plan.title.en)})`);
      await page.waitForURL(new RegExp(`/tps-report/studies/${dir.split("/").at(-1)}/$`));
      // The home page's title is written by its first cell.
      await page.waitForFunction(() => document.querySelector("h1")?.textContent?.trim());
      expect(await page.textContent("h1")).toBe(plan.title.en);
      await page.click("nav.studies-index a");
      // Waits for the index itself: "networkidle" could be read off the study's page before the navigation began,
      // and wait there on its modules (a fresh-clone CI run timed out at 30 s under load).
      await page.waitForURL(server.url);
      expect(page.url()).toBe(server.url);
    }
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);

  it("the Turkish index links each study's Turkish pages", async () => {
    const {page, problems} = await open("tr/");
    expect(await page.textContent("h1")).toBe("Çalışmalar");
    const links = await page.$$eval("main tbody a", (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toEqual([...studies, ...LADDERS].map((dir) => `${server.url}studies/${dir.split("/").at(-1)}/tr/`));
    await page.click("main tbody a >> nth=1");
    await page.waitForURL(`${server.url}studies/${SWEEPS[0]}/tr/`);
    expect(await page.textContent("nav.studies-index a")).toBe("Tüm çalışmalar");
    await page.click("nav.studies-index a");
    await page.waitForLoadState("networkidle");
    expect(page.url()).toBe(`${server.url}tr/`);
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 60_000);

  it("every study's pages load under its path, in English and Turkish, without an error", async () => {
    for (const dir of studies) {
      const id = dir.split("/").at(-1)!;
      const plan = loadStudyPlan(dir);
      const run = listRunDirs(join(dir, "runs"))[0];
      const paths = [
        "",
        "setup",
        ...plan.steps.map((s) => `steps/${s.id}`),
        "summary",
        "quality",
        "runs/",
        `runs/${run}`
      ];
      await eachPage([...paths, ...paths.map((p) => `tr/${p}`)], async (path) => {
        const text = await mainText(`studies/${id}/${path}`);
        expect(text.length, `${id}/${path}`).toBeGreaterThan(50);
      });
      // The study's own figures, as its single-study site shows them.
      const step = plan.steps[0];
      expect(await mainText(`studies/${id}/steps/${step.id}`)).toContain(step.candidates[0].label);
    }
  }, 600_000);

  it("the comparison page gives per-point ratios with intervals, the verdict and what changed", async () => {
    const path = `compare/${SWEEPS[0]}--${SWEEPS[1]}`;
    const text = await mainText(path);
    expect(text).toContain(`Compare ${SWEEPS[0]} → ${SWEEPS[1]}`);
    expect(text).toContain("Threshold 5 %; intervals at 95 % confidence (Welch on the log ratio of the means).");
    // The same files imported twice: every matched point that ran within noise, the version the only change; the
    // max_num_seqs=512 server never came up in either, so its two points failed in both and are counted apart.
    expect(text).toContain(
      "0 regressed, 0 improved, 6 within noise, 2 failed in both, of 8 matched points; 0 only in base, 0 only in new."
    );
    expect(text).toMatch(/engine version\s*vllm\s*v0\.11\.0\s*v0\.11\.1/);
    expect(text).toContain("×1.000[×");
    const tr = await mainText(`tr/${path}`);
    expect(tr).toContain("8 eşleşen noktadan 0 geriledi, 0 iyileşti, 6 gürültü içinde, 2 iki tarafta da başarısız");
    expect(tr).toContain("Eşik %5");
  }, 60_000);

  it("a comparison declared in a plan: the third sweep against the second", async () => {
    const text = await mainText(`compare/${SWEEPS[1]}--${SWEEPS[2]}`);
    expect(text).toContain(`Compare ${SWEEPS[1]} → ${SWEEPS[2]}`);
    expect(text).toContain(
      "0 regressed, 0 improved, 6 within noise, 2 failed in both, of 8 matched points; 0 only in base, 0 only in new."
    );
    expect(text).not.toContain("Load curves");
  }, 60_000);

  it("the H200 ladders, compared as the live study's plan declares: frontiers at fixed interactivity, '—' rule", async () => {
    const path = "compare/h200-ladder--h200-live-ladder";
    const text = await mainText(path);
    expect(text).toContain("Load curves");
    expect(text).toContain("nothing is interpolated between points or extrapolated beyond them");
    // Cells run together in the text: level, base tok/s/GPU and point, new tok/s/GPU and point, ratio, interval, verdict.
    // ≥ 7: c128 against c64 (the live study's c128 sits at 6.99): shown, not compared (issue 46 item 5).
    expect(text).toContain(
      "≥ 73992.3batching--mbt4096--chat--c1282629.3stop--mbt512--ladder--c64——not compared: different loads"
    );
    expect(text).toContain(
      "≥ 63992.3batching--mbt4096--chat--c1283138.1stop--mbt512--ladder--c128×0.786no intervalregression"
    );
    // Within the SLO (every repeat within, every request within): base's mbt4096 c16 (test/cli/compare.test.ts).
    expect(text).toContain(
      "within the SLO1144.7batching--mbt4096--chat--c161682.5stop--mbt512--ladder--c32×1.470no intervalimprovement"
    );
    const tr = await mainText(`tr/${path}`);
    expect(tr).toContain("Yük eğrileri");
    expect(tr).toContain("SLO içinde1144.7");
  }, 60_000);

  // The sweeps' max_num_seqs=512 server never came up: its two points failed in every study, and say so (issue 24).
  it("the trend page lists the series by date with each point's value and interval, and states the rule", async () => {
    const path = "trend/qwen-qwen3-8b-1x-h100-sxm";
    const text = await mainText(path);
    expect(text).toContain("Trend: Qwen/Qwen3-8B, 1× h100-sxm");
    expect(text).toContain("Studies ordered by their earliest run's start.");
    expect(text).toContain("more than 5 % worse");
    expect(text).toContain("a regression is called at most 2.5 % of the time");
    expect(text).toContain(
      "0 regressed, 0 suspicious, 0 improved, 6 within noise, 0 with insufficient data, 2 failed in every study, of 8 points."
    );
    const tr = await mainText(`tr/${path}`);
    expect(tr).toContain("Eğilim: Qwen/Qwen3-8B, 1× h100-sxm");
    expect(tr).toContain("en çok %2.5 olasılıkla");
    expect(tr).toContain("2 her çalışmada başarısız");
  }, 60_000);

  it("the index page is plain HTML: no script, and every link resolves inside the site", () => {
    const html = readFileSync(join(OUTPUT, "index.html"), "utf8");
    expect(html).not.toContain("<script");
    for (const [, href] of html.matchAll(/href="([^"#]+)"/g)) {
      if (href.startsWith("data:")) continue;
      const target = join(OUTPUT, href);
      expect(existsSync(target.endsWith("/") ? join(target, "index.html") : `${target}.html`), href).toBe(true);
    }
  });
});
