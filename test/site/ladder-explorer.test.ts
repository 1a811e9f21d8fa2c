// A ladder study built into a site: the step page draws the curves, and the SLO explorer, driven in Chromium, gives
// the build's winner at the plan's targets and the loose target's winner when the reader moves the sliders.
import {mkdirSync, rmSync} from "node:fs";
import {join} from "node:path";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {writeLadderStudy} from "../support/ladder-study.js";
import {buildSite} from "./build.js";
import {launchChromium, newCheckedPage, NO_PROBLEMS, visit} from "./browser.js";
import {serveSite, type SiteServer} from "./server.js";
import {pageUrl} from "./sitePaths.js";

const ROOT = "test/.tmp/ladder-explorer";
const STUDY = join(ROOT, "study");
const OUTPUT = join(ROOT, "dist");

let server: SiteServer;
let browser: Browser;

beforeAll(async () => {
  rmSync(ROOT, {recursive: true, force: true});
  mkdirSync(ROOT, {recursive: true});
  writeLadderStudy(STUDY, {ttft: 2000, tpot: 30});
  await buildSite({study: STUDY, output: OUTPUT});
  server = await serveSite(OUTPUT);
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
    expect(await page.locator("figure[aria-label=load-curves-chat] svg").count()).toBe(1);
    const winner = page.locator(".slo-winner");
    expect(await winner.getAttribute("data-winner")).toBe(verdict.winner!.candidate);
    expect(await winner.textContent()).toBe(
      `Winner: Small batches (+${verdict.gain_percent!.toFixed(1)} % over the baseline)`
    );
    expect(await page.locator(".slo-decision li").first().textContent()).toBe(
      "Small batches: 3840.00 tok/s at load 16"
    );
    // TTFT 2 s → 10 s (log position 0.69897) and TPOT 30 → 100 ms (0.52288): the loose study's winner, beta at 256.
    await slide(page, "ttft_ms", Math.log10(5));
    await slide(page, "tpot_ms", Math.log10(100 / 30));
    expect(await winner.getAttribute("data-winner")).toBe("beta");
    expect(await page.locator(".slo-decision li").first().textContent()).toBe(
      "Large batches: 20696.23 tok/s at load 256"
    );
    expect(problems).toEqual(NO_PROBLEMS);
    await page.close();
  }, 120_000);
});
