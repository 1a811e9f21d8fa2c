// The built site in a real browser: every page loads clean and offline, the headline shows the seed's figures,
// charts draw, tables lead to run pages, and the Turkish pages render.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join, relative} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {eachPage, launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl, sitePaths} from "./sitePaths.js";
import {brokenLinks} from "../support/site-links.js";
import {notebookSources} from "../../loaders/pages/page-source.js";
import {sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";

let OUTPUT = "dist";
const BASE = SHARED_BASE;

let server: SiteServer;
let browser: Browser;
let paths: string[];
let buildLog: string | null = null;

beforeAll(async () => {
  if (process.env.TPS_SITE_PREBUILT !== "1") ({output: OUTPUT, log: buildLog} = await sharedSeedSite());
  if (!existsSync(join(OUTPUT, "index.html"))) throw new Error(`${OUTPUT}/index.html is missing: build the site first`);
  server = await serveSite(OUTPUT, {prefix: BASE});
  browser = await launchChromium();
  paths = await sitePaths(OUTPUT);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The data files each page fetched while it loaded, by path, as the first visit to it saw them. */
const loadedFiles = new Map<string, string[]>();

async function open(path: string, colorScheme: "light" | "dark" = "light") {
  const opened = await newCheckedPage(browser, {colorScheme});
  const files = recordDataRequests(opened.page);
  await visit(opened.page, pageUrl(server.url, path));
  if (!loadedFiles.has(path)) loadedFiles.set(path, [...files].sort());
  return opened;
}

/** The data files a page fetches from now on, without their content hash: "data/home.json". */
function recordDataRequests(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    const match = /\/_file\/(data\/.+)\.[0-9a-f]{8}(\.\w+)$/.exec(new URL(request.url()).pathname);
    if (match) files.push(decodeURIComponent(match[1] + match[2]));
  });
  return files;
}

async function tableRows(page: Page, selector: string): Promise<string[][]> {
  return page.$$eval(`${selector} tbody tr`, (rows) =>
    rows.map((row) => [...row.querySelectorAll("th, td")].map((cell) => (cell.textContent ?? "").trim()))
  );
}

/** The other language's version of a site path, as the language switch should link it. */
function counterpart(path: string): string {
  if (path === "/tr/") return "/";
  if (path.startsWith("/tr/")) return path.slice(3);
  return `/tr${path}`;
}

describe("site pages", () => {
  it("lists every page: both languages, each step and each run", () => {
    const runs = readdirSync("data/studies/qwen3-32b-a100/runs");
    expect(runs).toHaveLength(17);
    for (const run of runs) expect(paths).toEqual(expect.arrayContaining([`/runs/${run}`, `/tr/runs/${run}`]));
    for (const step of ["engine-selection", "quantization", "max-num-tokens", "other-scenarios"])
      expect(paths).toEqual(expect.arrayContaining([`/steps/${step}`, `/tr/steps/${step}`]));
    const fixed = ["/", "/setup", "/summary", "/notes", "/quality", "/headroom", "/runs/"];
    expect(paths).toEqual(expect.arrayContaining([...fixed, ...fixed.map((p) => (p === "/" ? "/tr/" : `/tr${p}`))]));
  });

  it("loads every page with no console error, no failed request and nothing leaving the loopback", async () => {
    await eachPage(paths, async (path) => {
      const {page, problems} = await open(path);
      expect({path, ...problems}).toEqual({path, ...NO_PROBLEMS});
      expect(await page.$$(".observablehq--error"), path).toHaveLength(0);
      expect((await page.textContent("h1"))?.trim(), path).not.toBe("");
      expect(await page.textContent("body"), path).not.toMatch(/\bNaN\b|undefined|\[object Object\]/);
      // The language switch leads to the same page in the other language; a page in one language says it has no twin.
      if (paths.includes(counterpart(path))) {
        const switchHref = await page.$eval(".language-switch a", (a) => (a as HTMLAnchorElement).href);
        expect(switchHref, path).toBe(pageUrl(server.url, counterpart(path)));
      } else {
        expect(await page.$$(".language-switch a"), path).toHaveLength(0);
        expect(await page.textContent(".language-switch"), path).toBe(
          path.startsWith("/tr/") ? "This page has no English version" : "Bu sayfanın Türkçesi yok"
        );
      }
      await page.close();
    });
  }, 600_000);

  it("shows the seed's throughput and TPOT in the headline table, with signed changes", async () => {
    const {page} = await open("/");
    expect(await tableRows(page, "table.headline")).toEqual([
      ["ShareGPT", "1730.98", "149.67", "2054.21", "+18.7%", "89.01", "−40.5%"],
      [
        "Short prompt",
        "2656.71",
        "528.57",
        "3535.54",
        "+33.1%",
        "1885.18",
        "+256.7%⚠ latency cost exceeds the throughput gain"
      ],
      ["Medium prompt", "2521.38", "143.23", "2715.90", "+7.7%", "145.49", "+1.6%"],
      ["Long prompt", "1837.08", "96.19", "2037.67", "+10.9%", "100.09", "+4.1%"],
      ["Very long prompt", "1798.45", "67.87", "1580.36", "−12.1%", "47.37", "−30.2%"]
    ]);
    expect(await page.textContent(".recommended-command")).toContain(
      "trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill"
    );
    await page.close();
  });

  it("states each step's verdict from the data", async () => {
    const verdicts: Record<string, RegExp> = {
      "/steps/engine-selection": /TensorRT-LLM \(2054\.21 tok\/s\) wins: \+18\.7% over vLLM \(1730\.98 tok\/s\)/,
      "/steps/quantization":
        /No improvement: the step's best, vLLM AWQ \(1767\.21 tok\/s\), does not beat TensorRT-LLM/,
      "/steps/max-num-tokens": /No improvement: the step's best, max_num_tokens=16384 \(1897\.50 tok\/s\)/,
      "/steps/other-scenarios": /leads in 3 of 4 scenarios/
    };
    for (const [path, verdict] of Object.entries(verdicts)) {
      const {page} = await open(path);
      expect(await page.textContent(".verdict"), path).toMatch(verdict);
      await page.close();
    }
    const {page} = await open("/summary");
    expect(await tableRows(page, "table.summary")).toEqual([
      ["Engine selection", "vLLM (1730.98)", "TensorRT-LLM (2054.21)", "+18.7%"],
      ["Quantization", "TensorRT-LLM (2054.21)", "vLLM AWQ (1767.21)", "—"],
      ["Max tokens per batch (TensorRT-LLM)", "TensorRT-LLM (2054.21)", "max_num_tokens=16384 (1897.50)", "—"]
    ]);
    await page.close();
  });

  it("keeps failed runs in the step table as rows with their error", async () => {
    const {page} = await open("/steps/quantization");
    const rows = await tableRows(page, "table.step-results");
    expect(rows.map((r) => r.slice(0, 3))).toEqual([
      ["vLLM AWQ", "ok", ""],
      ["vLLM FP8", "ok", ""],
      ["TensorRT-LLM AWQ", "failed", "KeyError: 'weight'"],
      ["TensorRT-LLM FP8", "failed", "RuntimeError: Unsupported SM version for FP8 block scaling GEMM"]
    ]);
    // vLLM's block order: the first metric columns of the ok rows.
    expect(rows[0].slice(3, 8)).toEqual(["1000", "237.22", "217393", "201832", "4.22"]);
    await page.close();
  });

  it("draws marks in every chart, in both languages", async () => {
    const chartPaths = paths.filter((p) => /^(\/tr)?\/(|steps\/.+|summary|runs\/)$/.test(p));
    expect(chartPaths).toHaveLength(2 * 7);
    for (const path of chartPaths) {
      const {page} = await open(path);
      const marks = await page.$$eval("figure.vega-chart", (figures) =>
        figures.map((f) => f.querySelectorAll("svg g.mark-rect path, svg g.mark-symbol path").length)
      );
      expect(marks.length, path).toBeGreaterThan(0);
      for (const count of marks) expect(count, path).toBeGreaterThan(0);
      await page.close();
    }
  }, 300_000);

  it("draws every chart at its own size on a phone (400 px): a wide one scrolls sideways, never shrinks", async () => {
    const chartPaths = paths.filter((p) => /^(\/tr)?\/(|steps\/.+|summary|headroom|runs\/)$/.test(p));
    // Every other page too (two run pages of each language), for its width: the data dictionary was 621 px, its
    // column names kept on one line with no box to scroll in.
    const runs = paths.filter((p) => /\/runs\/./.test(p));
    const others = [
      ...paths.filter((p) => !chartPaths.includes(p) && !/\/runs\/./.test(p)),
      ...runs.filter((p) => p.startsWith("/runs/")).slice(0, 2),
      ...runs.filter((p) => p.startsWith("/tr/runs/")).slice(0, 2)
    ];
    await eachPage([...chartPaths, ...others], async (path) => {
      const {page, problems} = await newCheckedPage(browser, {width: 400});
      await visit(page, pageUrl(server.url, path));
      // The page itself does not scroll sideways: only a figure or a table does.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(400);
      expect(problems).toEqual(NO_PROBLEMS);
      if (!chartPaths.includes(path)) return page.close();
      const charts = await page.$$eval("figure.vega-chart svg", (svgs) =>
        svgs.map((svg) => {
          const figure = svg.closest("figure")!.getBoundingClientRect();
          return {
            scale: svg.getBoundingClientRect().width / Number(svg.getAttribute("width")),
            inside: figure.right <= document.documentElement.clientWidth
          };
        })
      );
      expect(charts.length, path).toBeGreaterThan(0);
      for (const chart of charts) expect(chart, path).toEqual({scale: 1, inside: true});
      await page.close();
    });
  }, 300_000);

  it("shows each claim's status and detail beside it on a 1280 px screen, not past the column's edge", async () => {
    for (const path of ["/quality", "/tr/quality"]) {
      const {page, problems} = await open(path);
      const widths = await page.$eval("table.claims", (table) => ({
        table: Math.round(table.getBoundingClientRect().width),
        column: Math.round(table.parentElement!.getBoundingClientRect().width)
      }));
      expect(widths.table, path).toBeLessThanOrEqual(widths.column);
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("keeps each run's id in view when the all-runs table is scrolled to its Error column", async () => {
    // The table is wider than the column (1,208 px in 912 on a 1280 px screen): a failed run's error is its last cell.
    for (const path of ["/runs/", "/tr/runs/"]) {
      const {page, problems} = await open(path);
      const seen = await page.$eval("table.runs", (table) => {
        const scroller = table.parentElement!;
        scroller.scrollLeft = scroller.scrollWidth;
        const column = scroller.getBoundingClientRect();
        const failed = table.querySelector("tbody tr.failed")!;
        const [first, last] = [failed.firstElementChild!, failed.lastElementChild!].map((c) =>
          c.getBoundingClientRect()
        );
        return {
          wider: table.getBoundingClientRect().width > column.width,
          idInView: first.left >= column.left - 1 && first.right <= column.right + 1,
          errorInView: last.right <= column.right + 1,
          error: failed.lastElementChild!.textContent
        };
      });
      expect(seen, path).toMatchObject({wider: true, idInView: true, errorInView: true});
      expect(seen.error, path).not.toBe("");
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });

  it("themes charts for dark mode", async () => {
    // A chart is drawn once, in light colours; the page's stylesheet repaints it for the dark scheme.
    const labelFill = async (scheme: "light" | "dark") => {
      const {page} = await open("/", scheme);
      const fill = await page.$eval("figure.vega-chart g.role-axis-label text", (t) => getComputedStyle(t).fill);
      await page.close();
      return fill;
    };
    expect(await labelFill("light")).toBe("rgb(95, 102, 112)");
    expect(await labelFill("dark")).toBe("rgb(154, 160, 168)");
  });

  it("reaches every run page from the tables", async () => {
    const linked = new Set<string>();
    await eachPage(
      paths.filter((p) => /^\/(steps\/.+|runs\/|summary|quality|setup)?$/.test(p)),
      async (path) => {
        const {page} = await open(path);
        for (const href of await page.$$eval("table a[href], .bench-commands a[href]", (as) =>
          as.map((a) => (a as HTMLAnchorElement).href)
        ))
          if (href.includes("/runs/")) linked.add(href);
        await page.close();
      }
    );
    const runs = readdirSync("data/studies/qwen3-32b-a100/runs");
    expect([...linked].sort()).toEqual(runs.map((run) => pageUrl(server.url, `/runs/${run}`)).sort());
    await eachPage([...linked], async (href) => {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, href);
      expect(await page.$$("dl.run-facts"), href).toHaveLength(1);
      expect(problems, href).toEqual(NO_PROBLEMS);
      await page.close();
    });
  }, 300_000);

  it("opens a failed run from its step and shows the error and the raw log", async () => {
    const {page} = await open("/steps/quantization");
    await Promise.all([
      page.waitForURL(/runs\/quantization--trtllm-fp8--sharegpt$/),
      page.click("table.step-results a:text-is('TensorRT-LLM FP8')")
    ]);
    await page.waitForFunction(() => !document.querySelector("observablehq-loading"));
    expect(await page.textContent("h1")).toBe("TensorRT-LLM FP8 — ShareGPT");
    expect(await page.textContent("dl.run-facts")).toContain(
      "RuntimeError: Unsupported SM version for FP8 block scaling GEMM"
    );
    expect(await page.textContent(".run-logs pre")).toContain("Unsupported SM version");
    await page.close();
  });

  it("marks on a run page the log lines each figure came from", async () => {
    const {page} = await open("/runs/engine-selection--trtllm--sharegpt");
    const rows = await tableRows(page, "table.run-metrics");
    expect(rows).toContainEqual(["Total Token throughput (tok/s)", "2054.21", "L10"]);
    expect(rows).toContainEqual(["Mean TPOT (ms)", "89.01", "L16"]);
    const line = await page.$eval("#log-0-L10", (el) => [el.className, el.textContent]);
    expect(line[0]).toContain("figure-line");
    expect(line[1]).toContain("2054.21");
    expect(await page.$$(".log-line.in-block")).toHaveLength(23);
    await page.close();
  });

  it("renders the Turkish pages in Turkish", async () => {
    const {page} = await open("/tr/");
    expect(await page.textContent("h1")).toBe("NVIDIA A100 üzerinde Qwen3-32B işlem hacmi optimizasyonu");
    expect(await page.textContent("table.headline thead")).toContain("Senaryo");
    expect((await tableRows(page, "table.headline"))[1].slice(0, 5)).toEqual([
      "Kısa istem",
      "2656.71",
      "528.57",
      "3535.54",
      "+33.1%"
    ]);
    await visit(page, pageUrl(server.url, "/tr/steps/quantization"));
    expect(await page.textContent("h1")).toBe("2. Quantization");
    expect(await page.textContent(".verdict")).toMatch(/^İyileşme yok/);
    expect(await page.textContent("table.step-results")).toContain("başarısız");
    // Framework labels a note "Note" from its stylesheet; a Turkish page's notes say "Not", an English page's "Note".
    const noteLabel = () =>
      page.$eval(".note", (note) => getComputedStyle(note, "::before").getPropertyValue("content"));
    expect(await noteLabel()).toBe('"Not"');
    await visit(page, pageUrl(server.url, "/tr/runs/quantization--trtllm-fp8--sharegpt"));
    expect(await page.textContent("h2")).toBe("Komutlar");
    await visit(page, pageUrl(server.url, "/steps/quantization"));
    expect(await noteLabel()).toBe('"Note"');
    await page.close();
  });

  it("says the pager, the search box and the footer in the page's language", async () => {
    // Every Turkish page read "Previous page" and "Next page" over its pager, "Search" in its search box, and the
    // study's English title in its footer.
    const {page} = await open("/tr/steps/quantization");
    const chrome = () =>
      page.evaluate(() => ({
        pager: [...document.querySelectorAll("#observablehq-footer nav a")].map((a) =>
          getComputedStyle(a, "::before").getPropertyValue("content")
        ),
        search: document.querySelector("#observablehq-search input")?.getAttribute("placeholder"),
        footer: document.querySelector("#observablehq-footer > div")?.textContent
      }));
    expect(await chrome()).toEqual({
      pager: ['"Önceki sayfa"', '"Sonraki sayfa"'],
      search: "Ara",
      footer: "tps-report — NVIDIA A100 üzerinde Qwen3-32B işlem hacmi optimizasyonu"
    });
    for (const path of ["/tr/runs/quantization--trtllm-fp8--sharegpt", "/tr/explore"]) {
      await visit(page, pageUrl(server.url, path));
      const {search, footer} = await chrome();
      expect([search, footer], path).toEqual([
        "Ara",
        "tps-report — NVIDIA A100 üzerinde Qwen3-32B işlem hacmi optimizasyonu"
      ]);
    }
    await visit(page, pageUrl(server.url, "/steps/quantization"));
    expect(await chrome()).toEqual({
      pager: ['"Previous page"', '"Next page"'],
      search: "Search",
      footer: "tps-report — Qwen3-32B throughput optimization on one NVIDIA A100"
    });
    await page.close();
  });

  it("serves a 404 page that works under the project sub-path", async () => {
    const {page, problems} = await newCheckedPage(browser);
    const response = await page.goto(pageUrl(server.url, "/no-such-page"), {waitUntil: "networkidle"});
    expect(response?.status()).toBe(404);
    expect(await page.textContent("h1")).toBe("Page not found");
    expect(problems.consoleErrors.filter((e) => !e.includes("404"))).toEqual([]);
    expect(problems.httpErrors.filter((e) => !e.includes("/no-such-page"))).toEqual([]);
    await page.close();
  });
});

describe("headroom pages", () => {
  const RESOURCES = ["compute", "memory bandwidth", "KV-cache capacity"];

  it("sets every measured run against its ceiling with its binding resource, failed runs as failed", async () => {
    const {page} = await open("/headroom");
    const rows = await tableRows(page, "table.headroom-runs");
    expect(rows).toHaveLength(17);
    const measured = rows.filter((r) => /^\d+\.\d%$/.test(r[6]));
    expect(measured).toHaveLength(15);
    for (const r of measured) {
      expect(RESOURCES, r[0]).toContain(r[8]);
      // Throughput, then the run's hard ceiling: the ceiling is above what was measured.
      expect(Number(r[5]), r[0]).toBeGreaterThan(Number(r[4]));
      expect(Number(r[6].slice(0, -1)), r[0]).toBeCloseTo((100 * Number(r[4])) / Number(r[5]), 1);
    }
    expect(rows.filter((r) => r[6] === "failed").map((r) => [r[0], r[4], r[5], r[8]])).toEqual([
      ["TensorRT-LLM FP8", "—", "—", "—"],
      ["TensorRT-LLM AWQ", "—", "—", "—"]
    ]);
    expect(rows[0]).toEqual([
      "TensorRT-LLM",
      "Engine selection",
      "TensorRT-LLM",
      "Recommended",
      "2054.21",
      "4917.27",
      "41.8%",
      "130.34",
      "compute"
    ]);
    // Every measured run of the study, each linked once to its run page.
    const links = await page.$$eval("table.headroom-runs tbody tr", (trs) =>
      trs.filter((tr) => !tr.classList.contains("failed")).map((tr) => tr.querySelector("a")!.getAttribute("href"))
    );
    const ok = readdirSync("data/studies/qwen3-32b-a100/runs").filter(
      (run) => JSON.parse(readFileSync(`data/studies/qwen3-32b-a100/runs/${run}/run.json`, "utf8")).status === "ok"
    );
    expect(links.map((href) => href!.replace("./runs/", "")).sort()).toEqual(ok.sort());
    expect(await page.$$eval(".headroom-binding", (ps) => ps.map((p) => p.textContent))).toHaveLength(5);
    expect(await page.textContent(".headroom-binding")).toMatch(
      /^Compute binds: .*85\.18 s.*55\.26 s.*42549 tokens\) holds 194 sequences/
    );
    expect(await page.textContent("pre")).toContain("compute if F/Π ≥ B/β");
    // Eleven for one GPU, three for servers of several (tensor/pipeline parallel, the interconnect, data parallel).
    expect(await page.$$("ul.assumptions li")).toHaveLength(14);
    expect(await page.textContent("table.headroom-facts")).toContain("312.00 TFLOP/s");
    await page.close();
  });

  it("draws each scenario's runs left of the hard ceiling, the band shaded", async () => {
    for (const scheme of ["light", "dark"] as const) {
      const {page} = await open("/headroom", scheme);
      const charts = await page.$$eval("figure.vega-chart[data-chart='headroom-chart']", (figures) =>
        figures.map((f) => {
          const right = (el: Element) => el.getBoundingClientRect().right;
          const bars = [...f.querySelectorAll("path[aria-roledescription='bar']")];
          const rule = f.querySelector("g.mark-rule.role-mark line");
          const rects = f.querySelectorAll("g.mark-rect.role-mark path[aria-roledescription='rect mark']");
          return {
            bars: bars.length,
            band: rects.length,
            barRight: Math.max(...bars.map(right)),
            rule: rule ? rule.getBoundingClientRect().left : null
          };
        })
      );
      // One bar per measured run: 15 in all; the two failed ShareGPT runs are marked as failed, not drawn.
      expect(charts.map((c) => c.bars)).toEqual([7, 2, 2, 2, 2]);
      for (const chart of charts) {
        expect(chart.band).toBe(1);
        expect(chart.rule).not.toBeNull();
        expect(chart.rule!).toBeGreaterThan(chart.barRight);
      }
      await page.close();
    }
  });

  it("renders the Turkish headroom page in Turkish", async () => {
    const {page} = await open("/tr/headroom");
    expect(await page.textContent("h1")).toBe("İyileştirme payı");
    expect(await page.textContent("table.headroom-runs thead")).toContain("Bağlayıcı kaynak");
    const rows = await tableRows(page, "table.headroom-runs");
    expect(rows[0].slice(0, 4)).toEqual(["TensorRT-LLM", "Çıkarım motoru seçimi", "TensorRT-LLM", "Önerilen"]);
    expect(rows.filter((r) => r[8] === "hesaplama")).toHaveLength(15);
    expect(rows.filter((r) => r[6] === "başarısız")).toHaveLength(2);
    expect(await page.textContent(".headroom-binding")).toMatch(/^Hesaplama bağlayıcı: /);
    expect(await page.textContent("ul.assumptions")).toContain("senaryonun tamamını tek bir GPU karşılar");
    expect(await page.textContent("ul.assumptions")).toContain("Veri paraleli (dp kopya)");
    await page.close();
  });

  it("shows on the result page how much of each scenario's ceiling the baseline and the recommendation reach", async () => {
    const {page} = await open("/");
    expect(await tableRows(page, "table.headroom-headline")).toEqual([
      ["ShareGPT", "4917.26", "35.2%", "41.8%", "+18.7%"],
      ["Short prompt", "5022.30", "52.9%", "70.4%", "+33.1%"],
      ["Medium prompt", "4825.68", "52.2%", "56.3%", "+7.7%"],
      ["Long prompt", "4665.76", "39.4%", "43.7%", "+10.9%"],
      ["Very long prompt", "3248.33", "55.4%", "48.7%", "−12.1%"]
    ]);
    expect(
      await page.$eval("table.headroom-headline tbody tr:nth-child(2) a", (a) => (a as HTMLAnchorElement).href)
    ).toBe(pageUrl(server.url, "/headroom#scenario-short"));
    await visit(page, pageUrl(server.url, "/tr/"));
    expect((await tableRows(page, "table.headroom-headline"))[1]).toEqual([
      "Kısa istem",
      "5022.30",
      "52.9%",
      "70.4%",
      "+33.1%"
    ]);
    await page.close();
  });
});

/** The data files a page fetches while it loads: as an earlier test's visit saw them, else from a visit now (each page
 * of the seed's site is visited once for every check made while it loads). */
async function dataRequests(path: string): Promise<string[]> {
  if (!loadedFiles.has(path)) await (await open(path)).page.close();
  return loadedFiles.get(path)!;
}

describe("page data", () => {
  it("loads no data file on any drawn page: the build wrote what each page shows into its HTML", async () => {
    const notebooks = new Set(
      notebookSources("src")
        .map((page) => page.slice(0, -3))
        .map(notebookPath)
    );
    const drawn = paths.filter((path) => !notebooks.has(path));
    expect(drawn.length).toBe(paths.length - notebooks.size);
    for (const path of drawn) expect(await dataRequests(path), path).toEqual([]);
  }, 600_000);

  // A page that says `notebook: true` is held to its own rule (issue 43, item 5): it loads the study's files, runs
  // every cell without an error and draws what its cells draw.
  it("runs every cell of each notebook page without an error, and each cell that displays draws", async () => {
    const notebooks = notebookSources("src")
      .map((page) => page.slice(0, -3))
      .map(notebookPath)
      .sort();
    expect(notebooks).toEqual(["/dictionary", "/explore", "/tr/explore"]);
    for (const path of notebooks) {
      expect(paths, path).toContain(path);
      expect(await dataRequests(path), path).toContain(
        path === "/dictionary" ? "data/dictionary.json" : "data/runs.csv"
      );
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      await page.waitForFunction(() => document.querySelectorAll("main svg, main table").length > 0);
      expect(await page.$$eval(".observablehq--error", (errors) => errors.map((e) => e.textContent)), path).toEqual([]);
      const text = (await page.textContent("main")) ?? "";
      for (const word of ["NaN", "undefined", "[object Object]"]) expect(text, path).not.toContain(word);
      expect(await page.$$eval("main svg, main table", (drawn) => drawn.length), path).toBeGreaterThan(0);
      expect(problems, path).toEqual(NO_PROBLEMS);
      await page.close();
    }
  }, 300_000);

  it("offers the runs table, the report and the per-point aggregate as downloads on the all-runs page, without loading them", async () => {
    for (const path of ["/runs/", "/tr/runs/"]) {
      const {page} = await open(path);
      const links = await page.$$eval("a[download]", (as) =>
        as.map((a) => [a.textContent, (a as HTMLAnchorElement).href])
      );
      await page.close();
      expect(
        links.map(([name]) => name),
        path
      ).toEqual(["runs.csv", "runs.parquet", "report.json", "aggregate.csv", "aggregate.parquet"]);
      const [csv, parquet, report, aggregateCsv, aggregateParquet] = await Promise.all(
        links.map(([, href]) => fetch(href!))
      );
      expect((await csv.text()).trim().split("\r\n"), path).toHaveLength(18);
      for (const file of [parquet, aggregateParquet])
        expect(
          Buffer.from(await file.arrayBuffer())
            .subarray(0, 4)
            .toString(),
          path
        ).toBe("PAR1");
      expect((await report.json()).steps, path).toHaveLength(4);
      // The seed ran each of its 17 points once: one row per point, under a header.
      expect((await aggregateCsv.text()).trim().split("\r\n"), path).toHaveLength(18);
    }
  });
});
/** What a page shows of its findings: each chart's marks and each table's rows, in page order. */
async function findings(
  path: string,
  javaScriptEnabled: boolean
): Promise<{charts: number[]; tables: number[]; items: number}> {
  const context = await browser.newContext({javaScriptEnabled, viewport: {width: 1280, height: 900}});
  const page = await context.newPage();
  await page.goto(pageUrl(server.url, path), {waitUntil: "networkidle"});
  if (javaScriptEnabled)
    await page.waitForFunction(() => !document.querySelector("observablehq-loading"), null, {timeout: 20_000});
  const charts = await page.$$eval("figure.vega-chart", (figures) =>
    figures.map((f) => f.querySelectorAll("svg .role-mark path, svg .role-mark line, svg .role-mark rect").length)
  );
  const tables = await page.$$eval("main table", (tables) => tables.map((t) => t.querySelectorAll("tbody tr").length));
  const items = await page.$$eval("main li", (items) => items.length);
  await context.close();
  return {charts, tables, items};
}

describe("pages with scripts off", () => {
  it("show every chart as SVG and every table, as the page with scripts on does, for each page kind", async () => {
    const kinds = ["/", "/setup", "/steps/engine-selection", "/steps/other-scenarios", "/summary", "/notes"];
    kinds.push("/quality", "/headroom", "/runs/", "/runs/engine-selection--vllm--sharegpt");
    await eachPage([...kinds, ...kinds.map((p) => (p === "/" ? "/tr/" : `/tr${p}`))], async (path) => {
      const off = await findings(path, false);
      expect(off, path).toEqual(await findings(path, true));
      expect(off.tables.length + off.charts.length + off.items, path).toBeGreaterThan(0);
      for (const marks of off.charts) expect(marks, path).toBeGreaterThan(0);
    });
  }, 600_000);
});

/** The pages whose front matter says `notebook: true`, as site paths without the leading slash ("explore"). */
/** A notebook page's site path from its source path ("tr/explore" is "/tr/explore"). */
const notebookPath = (source: string): string => `/${source.replace(/(^|\/)index$/, "$1")}`;

/** `name@version` of each package folder under dist/_npm (scoped ones under their scope). */
function npmFolders(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) =>
    name.startsWith("@") ? readdirSync(join(dir, name)).map((sub) => `${name}/${sub}`) : [name]
  );
}

describe("build output", () => {
  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  }

  it("names the study in the home page's browser title, in both languages, as its heading does", () => {
    // Every study's home page was "Result | tps-report" ("Sonuç | tps-report"): tabs of several studies read alike.
    for (const page of ["index.html", "tr/index.html"]) {
      const html = readFileSync(join(OUTPUT, page), "utf8");
      const heading = /<h1[^>]*>(.*?)<\/h1>/s
        .exec(html)![1]
        .replace(/<[^>]+>/g, "")
        .trim();
      expect(heading).toMatch(/Qwen3-32B/);
      expect(/<title>(.*?)<\/title>/.exec(html)![1], page).toBe(`${heading} | tps-report`);
    }
  });

  it("names the language switch to a screen reader in the page's language", () => {
    // Every Turkish page's switch was labelled "Language".
    for (const [page, label] of [
      ["index.html", "Language"],
      ["steps/quantization.html", "Language"],
      ["tr/index.html", "Dil"],
      ["tr/steps/quantization.html", "Dil"],
      ["tr/runs/quantization--vllm-fp8--sharegpt.html", "Dil"]
    ])
      expect(
        /<nav class="language-switch" aria-label="([^"]*)"/.exec(readFileSync(join(OUTPUT, page), "utf8"))?.[1]
      ).toBe(label);
  });

  it("says each page's language in its <html> tag, drawn pages and Framework's own alike", () => {
    // Framework writes <html> with no language: a screen reader read the Turkish pages with an English voice.
    const both = ["index.html", "setup.html", "steps/quantization.html", "runs/quantization--vllm-fp8--sharegpt.html"];
    for (const page of [...both, ...both.map((page) => `tr/${page}`), "explore.html", "tr/explore.html", "404.html"])
      expect(/<html[^>]*>/.exec(readFileSync(join(OUTPUT, page), "utf8"))?.[0], page).toBe(
        `<html lang="${page.startsWith("tr/") ? "tr" : "en"}">`
      );
  });

  it("references no CDN: every library is bundled from node_modules", () => {
    // Framework's own runtime (_observablehq/client, stdlib) keeps lazy CDN stubs for built-ins the pages never call.
    const checked = files(OUTPUT).filter(
      (f) => f.endsWith(".html") || (/^_(import|node|npm)\//.test(relative(OUTPUT, f)) && f.endsWith(".js"))
    );
    // Every page is checked (the charts are SVG in the pages now, so few library modules are left to check).
    expect(checked.filter((f) => f.endsWith(".html")).length).toBeGreaterThanOrEqual(paths.length);
    const notebooks = notebookSources("src")
      .map((page) => page.slice(0, -3))
      .map((page) => join(OUTPUT, `${page}.html`));
    for (const file of checked) {
      const text = readFileSync(file, "utf8");
      expect(text.includes("cdn.jsdelivr.net"), file).toBe(false);
      // Only a notebook page loads libraries (Plot, Inputs, d3, …); a drawn page shows its charts as SVG.
      if (file.endsWith(".html") && !notebooks.includes(file)) expect(text.includes("/_npm/"), file).toBe(false);
      expect(text.includes("fonts.googleapis.com"), file).toBe(false);
    }
    // What the notebook pages load was bundled from node_modules at the versions package-lock.json pins.
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
      packages: Record<string, {version?: string}>;
    };
    const locked = new Set(
      Object.entries(lock.packages).map(([path, entry]) => `${path.replace(/^.*node_modules\//, "")}@${entry.version}`)
    );
    for (const folder of npmFolders(join(OUTPUT, "_npm"))) expect(locked.has(folder), folder).toBe(true);
  });

  it("has no link to a page, anchor or file that does not exist, on any page", () => {
    expect(brokenLinks(OUTPUT)).toEqual([]);
    if (!buildLog) return; // a prebuilt site, or one an earlier run of the same code built, brings no build log
    // Framework checked the links of the pages it built; colours its log where CI is set.
    const plain = buildLog.replace(/\x1b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/\d+ links validated/);
    expect(plain).not.toMatch(/broken link/);
  });

  it("has no build date in the footer", () => {
    const html = readFileSync(join(OUTPUT, "index.html"), "utf8");
    const footer = /<footer id="observablehq-footer">([\s\S]*?)<\/footer>/.exec(html)?.[1] ?? "";
    expect(footer).toContain("tps-report — Qwen3-32B throughput optimization on one NVIDIA A100");
    expect(footer).not.toMatch(/Built with|\b20\d\d\b/);
  });

  it("gives the 404 page the project base", () => {
    expect(readFileSync(join(OUTPUT, "404.html"), "utf8")).toContain(`<base href="${BASE}">`);
  });
});
