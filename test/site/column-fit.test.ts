// Tables that must fit the page's column on a 1280 px screen, laid out by Chromium in the site's own page and
// stylesheet (the seed's build, the table put in its main column).
// - The Search page's configurations (data/studies/gpu-tune, a real search on one H100): 1,123 px wide in the 912 px
//   column (1,117 in Turkish), every configuration's reason past the column's edge. Its first row read "recommended,
//   greedy path's, measured again. the greedy path's configuration": the greedy path named twice, and a sentence begun
//   in lower case.
// - A step's server and GPU telemetry (the H200 ladder's batching step, gpu-tune's first): 1,129 px on the ladder
//   (1,120 in Turkish), its GPU columns past the edge; every row said "concurrency 128" where the headroom table and
//   the charts say "c128".
// - The Headroom page's runs against their ceilings: the seed's 931–945 px (922 in Turkish), the live ladder's 921 and
//   929, the Qwen3-8B latency write-up's 940 (candidates named by their flags), each table's last column (the binding
//   resource, or the server's measure) past the edge.
// - The quality page's claims of the Qwen3-8B latency write-up: 935 px (943 in Turkish), each claim's detail past the
//   edge. Its recommended command, quoted as published and as recomputed, would not break inside a long flag.
// - The setup page's server commands of the Qwen3.5-35B-A3B write-up: 935 px, a step's long title kept on one line and
//   a speculative config's JSON, which has no space to break at, past the edge.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {stepPages} from "../../loaders/pages/step.js";
import {tunePage} from "../../loaders/pages/tune.js";
import "../../src/render/dom.js";
import {toHtml} from "../../src/render/dom.js";
import type {Lang} from "../../src/components/i18n.js";
import {columnRows} from "../../src/components/columnRows.js";
import {headroomRuns} from "../../src/components/headroomRuns.js";
import {headroomColumns, headroomRunsTable} from "../../src/components/headroomTables.js";
import {claimsTable} from "../../src/components/qualityTables.js";
import {serverCommands} from "../../src/components/setupTables.js";
import {stepTelemetryTable} from "../../src/components/stepTelemetryTable.js";
import {tuneTable} from "../../src/components/tuneView.js";
import {sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const WRITEUPS = ["qwen3-32b--a100", "qwen3-8b--h100-latency", "qwen3.5-35b-a3b--h200"];
const HEADROOM = ["qwen3-32b-a100", "h200-live-ladder", "h200-ladder"] as const;
const TELEMETRY = [
  ["h200-ladder", "batching"],
  ["gpu-tune", "defaults"]
] as const;
const root = mkdtempSync(join(tmpdir(), "tps-column-fit-"));
let search: ReturnType<typeof tunePage>;
const headroom = new Map<string, ReturnType<typeof headroomPage>>();
const telemetry = new Map<string, Parameters<typeof stepTelemetryTable>[0]>();
const quality = new Map<string, ReturnType<typeof qualityPage>>();
const setup = new Map<string, ReturnType<typeof setupPage>>();
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  search = tunePage((await loadStudy("data/studies/gpu-tune")).report);
  for (const study of HEADROOM) {
    const {report, rows} = await loadStudy(`data/studies/${study}`);
    headroom.set(study, headroomPage(report, rows));
  }
  for (const [study, step] of TELEMETRY) {
    const {report, rows} = await loadStudy(`data/studies/${study}`);
    telemetry.set(
      study,
      [...stepPages(report, rows)].find((page) => page.step.id === step)!
    );
  }
  for (const page of WRITEUPS) {
    await importWriteup(`test/fixtures/writeups/${page}.md`, join(root, page));
    const study = await loadStudy(join(root, page));
    quality.set(page, qualityPage(study.report, study.rows));
    setup.set(page, setupPage(study.report, study.rows));
    headroom.set(page, headroomPage(study.report, study.rows));
  }
  server = await serveSite((await sharedSeedSite()).output, {prefix: SHARED_BASE});
  browser = await launchChromium();
}, 300_000);

afterAll(async () => {
  for (const {page} of opened.values()) await page.close();
  await browser?.close();
  await server?.close();
  rmSync(root, {recursive: true, force: true});
});

const context = (lang: Lang) => ({lang, root: lang === "en" ? "./" : "../"});

/** The seed's page at each path, opened once: each table is put in its main column, measured, and taken out. */
const opened = new Map<string, Awaited<ReturnType<typeof newCheckedPage>>>();

/** The table's width and the column's, with the table put in the main column of the seed's page at `path`. */
async function widths(path: string, table: HTMLElement): Promise<{table: number; column: number}> {
  if (!opened.has(path)) {
    const tab = await newCheckedPage(browser);
    await visit(tab.page, pageUrl(server.url, path));
    opened.set(path, tab);
  }
  const {page, problems} = opened.get(path)!;
  const measured = await page.evaluate((html) => {
    const main = document.querySelector("#observablehq-main")!;
    main.insertAdjacentHTML("beforeend", `<div id="measured">${html}</div>`);
    const measured = main.querySelector("#measured")!;
    const width = {
      table: Math.round(measured.querySelector("table")!.getBoundingClientRect().width),
      column: Math.round(main.getBoundingClientRect().width)
    };
    measured.remove();
    return width;
  }, toHtml(table));
  expect(problems).toEqual(NO_PROBLEMS);
  return measured;
}

/** The table fits the 912 px column of the seed's page at `path`. */
async function expectFits(path: string, table: HTMLElement, what = path): Promise<void> {
  const measured = await widths(path, table);
  expect(measured.column).toBe(912);
  expect(measured.table, what).toBeLessThanOrEqual(measured.column);
}

const whyColumn = (table: HTMLElement) =>
  [...table.querySelectorAll("tbody tr")].map((row) => row.lastElementChild!.textContent);

describe("the Search page's table of configurations", () => {
  it("gives each configuration's marks, then its reason, naming the greedy path once", () => {
    expect(whyColumn(tuneTable(search, context("en")) as HTMLElement)).toEqual([
      "recommended, measured again; the greedy path's configuration",
      "space-filling start (Latin hypercube, point 1)",
      "measured again; space-filling start (Latin hypercube, point 2)",
      "the model's pick: predicted 1338 ± 658, expected improvement 3.2 % over the best so far (1954)"
    ]);
    expect(whyColumn(tuneTable(search, context("tr")) as HTMLElement)[0]).toBe(
      "önerilen, yeniden ölçüldü; açgözlü yolun yapılandırması"
    );
  });

  it.each([
    ["en", "/tune"],
    ["tr", "/tr/tune"]
  ] as const)("fits the page's column (%s)", async (lang, path) => {
    await expectFits(path, tuneTable(search, context(lang)) as HTMLElement);
  });
});

describe("a step's telemetry", () => {
  it("names each point's load as the headroom table does", () => {
    const table = stepTelemetryTable(telemetry.get("h200-ladder")!, context("tr")) as HTMLElement;
    const loads = [...table.querySelectorAll("tbody tr")].map((row) => row.children[1].textContent);
    expect(loads.slice(0, 8)).toEqual(["c1", "c2", "c4", "c8", "c16", "c32", "c64", "c128"]);
  });

  it.each(TELEMETRY.flatMap(([study, step]) => (["en", "tr"] as const).map((lang) => [study, step, lang] as const)))(
    "of %s's step %s fits the page's column (%s)",
    async (study, _step, lang) => {
      const section = stepTelemetryTable(telemetry.get(study)!, context(lang)) as HTMLElement;
      await expectFits(lang === "en" ? "/steps/engine-selection" : "/tr/steps/engine-selection", section);
    }
  );
});

describe("the quality page's claims", () => {
  it.each(WRITEUPS.flatMap((page) => [[page, "en", "/quality"] as const, [page, "tr", "/tr/quality"] as const]))(
    "of %s fit the page's column (%s)",
    async (page, lang, path) => {
      await expectFits(path, claimsTable(quality.get(page)!, context(lang)));
    }
  );
});

describe("the setup page's server commands", () => {
  it.each(WRITEUPS.flatMap((page) => [[page, "en", "/setup"] as const, [page, "tr", "/tr/setup"] as const]))(
    "of %s fit the page's column (%s)",
    async (page, lang, path) => {
      await expectFits(path, serverCommands(setup.get(page)!, context(lang)));
    }
  );
});

describe("the Headroom page's runs against their ceilings", () => {
  it.each(
    [...HEADROOM, ...WRITEUPS].flatMap((study) => [
      [study, "en", "/headroom"] as const,
      [study, "tr", "/tr/headroom"] as const
    ])
  )("of %s fit the page's column, every scenario's (%s)", async (study, lang, path) => {
    const page = headroom.get(study)!;
    const rows = columnRows(page.columns);
    for (const scenario of new Set(rows.map((r) => String(r.scenario)))) {
      const runs = headroomRuns(rows, page, scenario, context(lang));
      const element = headroomRunsTable(runs, context(lang), scenario, headroomColumns(rows));
      await expectFits(path, element, scenario);
    }
  });
});
