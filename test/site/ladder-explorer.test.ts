// A ladder study built into a site: the step page draws the curves, and the SLO explorer, driven in Chromium, gives
// the build's winner at the plan's targets and the loose target's winner when the reader moves the sliders.
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {modelPoint} from "../support/ladder-study.js";
import {sharedLadderSite} from "../support/shared-build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

let STUDY = "";

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  const site = await sharedLadderSite();
  STUDY = site.study;
  server = await serveSite(site.output);
  browser = await launchChromium();
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Sets a slider's log position (0 is the plan's target, 1 ten times it) as a reader's drag would. */
async function slide(page: Page, metric: string, position: number): Promise<void> {
  await page.locator(`input[data-metric=${metric}]`).evaluate((input: HTMLInputElement, v) => {
    input.value = String(v);
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }, position);
}

describe("the SLO explorer in the browser", () => {
  it("draws the curves and, at the plan's targets, names the build's winner", async () => {
    const {report} = await loadStudy(STUDY);
    const verdict = report.steps[0].verdict;
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/steps/engine"));
    expect(await page.locator("figure[data-chart=load-curves-chat] svg").count()).toBe(1);
    const winner = page.locator(".slo-winner");
    expect(await winner.getAttribute("data-winner")).toBe(verdict.winner!.candidate);
    expect(await winner.textContent()).toBe(
      `Winner: Small batches (+${verdict.gain_percent!.toFixed(1)} % over the baseline)`
    );
    expect(await page.locator(".slo-decision li").first().textContent()).toMatch(
      /^Small batches: 3840\.00 tok\/s at concurrency 16: /
    );
    // TTFT 2 s → 10 s (log position 0.69897, step 70: 10023.7 ms) and TPOT 30 → 100 ms (0.52288, step 52: 99.3 ms):
    // the loose study's winner, beta at 256 (worst repeat's p99 TPOT 60.72 × 1.25 × 1.01 = 76.7 ms).
    await slide(page, "ttft_ms", Math.log10(5));
    await slide(page, "tpot_ms", Math.log10(100 / 30));
    expect(await winner.getAttribute("data-winner")).toBe("beta");
    expect(await page.locator(".slo-decision li").first().textContent()).toMatch(
      /^Large batches: 20696\.23 tok\/s at concurrency 256: /
    );
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);

  it("moves the TTFT target's line on the step page's chart with the slider", async () => {
    const {page, problems} = await newCheckedPage(browser);
    await visit(page, pageUrl(server.url, "/steps/engine"));
    const line = page.locator("figure[data-chart=load-curves-chat] .slo_ttft_marks line");
    const x = async () => Number(/translate\(([-\d.]+),/.exec((await line.getAttribute("transform"))!)![1]);
    // The axis runs from Small batches' c1 mean p99 TTFT (1.25 · 120 ms = 150 ms) to 10 × 2000 ms over 390 px.
    const low = 1.25 * 120;
    const at = (v: number) => (390 * Math.log(v / low)) / Math.log(20000 / low);
    expect(await x()).toBeCloseTo(at(2000), 3);
    // The slider moves in steps of 0.01 (log10): 0.7 is 2000 · 10^0.7 = 10023.74 ms.
    await slide(page, "ttft_ms", 0.7);
    expect(await x()).toBeCloseTo(at(2000 * 10 ** 0.7), 3);
    expect(await line.locator("title").textContent()).toBe("TTFT target: 10023.74 ms");
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);
});

describe("the SLO explorer on the home page", () => {
  for (const [path, winnerText] of [
    ["/", "Winner: Small batches"],
    ["/tr/", "Kazanan: Small batches"]
  ])
    it(`${path}: at the plan's targets the build's verdict, and the loose targets' winner when the sliders move`, async () => {
      const {report} = await loadStudy(STUDY);
      const verdict = report.steps[0].verdict;
      expect(report.recommended.candidate).toBe("alpha");
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      const winner = page.locator(".home-slo-explorer .slo-winner");
      await winner.waitFor();
      expect(await page.locator("input[data-metric=ttft_ms]").count()).toBe(1);
      expect(await winner.getAttribute("data-winner")).toBe(verdict.winner!.candidate);
      expect(await winner.textContent()).toMatch(
        new RegExp(`^${winnerText} \\(\\+${verdict.gain_percent!.toFixed(1)} %`)
      );
      // TTFT 2 s → 10.02 s and TPOT 30 → 99.3 ms (steps 70 and 52). Large batches at c256: worst repeat's p99 TTFT
      // 1.25 · 2760 · 1.01 = 3484.5 ms, TPOT 1.25 · 60.72 · 1.01 = 76.7 ms, 20696.23 tok/s. Defaults: TPOT 1.25 · 84 ·
      // 1.01 = 106.1 ms breaks it at c256, so c128 (65.7 ms, TTFT 4974.3 ms), 10750.31 tok/s: +92.5 % over the baseline.
      await slide(page, "ttft_ms", Math.log10(5));
      await slide(page, "tpot_ms", Math.log10(100 / 30));
      expect(await winner.getAttribute("data-winner")).toBe("beta");
      const gain = (modelPoint("beta", 256).throughput / modelPoint("base", 128).throughput - 1) * 100;
      expect(gain.toFixed(1)).toBe("92.5");
      expect(await winner.textContent()).toBe(
        path === "/"
          ? "Winner: Large batches (+92.5 % over the baseline)"
          : "Kazanan: Large batches (+92.5 % temel yapılandırmaya göre)"
      );
      expect(await page.locator(".home-slo-explorer .slo-decision li").first().textContent()).toMatch(
        /^Large batches: 20696\.23 tok\/s(?: at concurrency|, eşzamanlılık) 256: /
      );
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }, 120_000);
});

describe("a ladder's step table", () => {
  it("gives the error column its room: why a curve is never within the SLO reads in lines, not a ribbon", async () => {
    // The error cells of a ladder's step table (its sixth column and on) were 107 px wide: the step table's rule for
    // its figures' columns overrode the error column's 16rem, and a reason ran to 18 lines of two words.
    for (const path of ["/steps/engine", "/tr/steps/engine"]) {
      const {page, problems} = await newCheckedPage(browser);
      await visit(page, pageUrl(server.url, path));
      const widths = await page.$$eval("table.step-results td.wide-text", (cells) =>
        cells.map((cell) => Math.round(cell.getBoundingClientRect().width))
      );
      expect(widths.length, path).toBeGreaterThan(0);
      expect(Math.min(...widths), path).toBeGreaterThanOrEqual(256);
      expect(problems).toEqual(NO_PROBLEMS);
      await page.close();
    }
  });
});
