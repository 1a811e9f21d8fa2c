// The Search page's table of configurations (data/studies/gpu-tune, a real search on one H100), laid out by Chromium in
// the site's own page and stylesheet. It was 1,123 px wide in the 912 px column of a 1280 px screen (1,117 in Turkish):
// every configuration's reason lay past the column's edge. Its first row read "recommended, greedy path's, measured
// again. the greedy path's configuration": the greedy path named twice, and a sentence begun in lower case.
import type {Browser} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {tunePage} from "../../loaders/pages/tune.js";
import "../../src/render/dom.js";
import {toHtml} from "../../src/render/dom.js";
import {tuneTable} from "../../src/components/tuneView.js";
import {sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

let page: ReturnType<typeof tunePage>;
let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  page = tunePage((await loadStudy("data/studies/gpu-tune")).report);
  server = await serveSite((await sharedSeedSite()).output, {prefix: SHARED_BASE});
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const whyColumn = (table: HTMLElement) =>
  [...table.querySelectorAll("tbody tr")].map((row) => row.lastElementChild!.textContent);

describe("the Search page's table of configurations", () => {
  it("gives each configuration's marks, then its reason, naming the greedy path once", () => {
    const en = tuneTable(page, {lang: "en", root: "./"}) as HTMLElement;
    expect(whyColumn(en)).toEqual([
      "recommended, measured again; the greedy path's configuration",
      "space-filling start (Latin hypercube, point 1)",
      "measured again; space-filling start (Latin hypercube, point 2)",
      "the model's pick: predicted 1338 ± 658, expected improvement 3.2 % over the best so far (1954)"
    ]);
    const tr = tuneTable(page, {lang: "tr", root: "../"}) as HTMLElement;
    expect(whyColumn(tr)[0]).toBe("önerilen, yeniden ölçüldü; açgözlü yolun yapılandırması");
  });

  it.each([
    ["en", "/tune"],
    ["tr", "/tr/tune"]
  ] as const)("fits the page's column on a 1280 px screen (%s)", async (lang, path) => {
    const html = toHtml(tuneTable(page, {lang, root: lang === "en" ? "./" : "../"}));
    const {page: tab, problems} = await newCheckedPage(browser);
    await visit(tab, pageUrl(server.url, path));
    const widths = await tab.evaluate((table) => {
      const main = document.querySelector("#observablehq-main")!;
      main.insertAdjacentHTML("beforeend", table);
      const element = main.querySelector("table.tune-table")!;
      return {
        table: Math.round(element.getBoundingClientRect().width),
        column: Math.round(main.getBoundingClientRect().width)
      };
    }, html);
    expect(widths.column).toBe(912);
    expect(widths.table).toBeLessThanOrEqual(widths.column);
    expect(problems).toEqual(NO_PROBLEMS);
    await tab.close();
  });
});
