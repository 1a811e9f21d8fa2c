// The SLO explorer on the home page (issue 22 item 5): drawn at build time for a study that decides within an SLO on
// load curves, at the plan's targets it names the build's verdict; the seed's home page draws none. The step page's
// explorer moves the TTFT target's line on its chart with the slider (log axis from a tenth to ten times the target).
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import type {CurvePoint} from "../../loaders/pages/load-curves.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {loadCurvesSection} from "../../src/components/loadCurvesSection.js";
import {ttftAxis} from "../../src/components/ttftAxis.js";
import {wakeSloExplorers} from "../../src/components/sloExplorer.js";
import {writeLadderStudy} from "../support/ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-home-explorer-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

// The explorer's steps: a target at step k is the plan's × 10^(k / 100).
const at = (limit: number, k: number) => limit * 10 ** (k / 100);

async function homeOf(dir: string, study: StudyData): Promise<Record<string, PageFragments>> {
  const pages: Record<string, PageFragments> = {};
  await siteFragments(study, dir, (path, fragments) => {
    if (path === "/" || path === "/tr/") pages[path] = fragments;
  });
  return pages;
}

function html(fragments: PageFragments, name: string): HTMLElement {
  const fragment = fragments[name];
  const div = document.createElement("div");
  div.innerHTML = fragment && "html" in fragment ? fragment.html : "";
  return div;
}

describe("the SLO explorer on the home page", () => {
  const dir = join(root, "ladder");
  let study: StudyData;
  beforeAll(async () => {
    writeLadderStudy(dir, {ttft: 2000, tpot: 30});
    study = await loadStudy(dir);
  });

  it("names the build's verdict at the plan's targets, with each candidate's best point", async () => {
    const pages = await homeOf(dir, study);
    const home = html(pages["/"], "slo-explorer");
    const verdict = study.report.steps[0].verdict;
    expect(verdict.winner!.candidate).toBe(study.report.recommended.candidate);
    const winner = home.querySelector(".slo-winner")!;
    expect(winner.getAttribute("data-winner")).toBe("alpha");
    expect(winner.textContent).toBe(`Winner: Small batches (+${verdict.gain_percent!.toFixed(1)} % over the baseline)`);
    // Each candidate's best point with the figures the rule decided on: this study has no per-request data (the
    // share completed stands in) and no telemetry. Small batches at c16: worst repeat's p99 TTFT (60 + 60 · 16) × 1.25
    // × 1.01 = 1287.8 ms, p99 TPOT 20 × 1.25 × 1.01 = 25.3 ms.
    expect([...home.querySelectorAll(".slo-decision li")].map((li) => li.textContent)).toEqual([
      "Small batches: 3840.00 tok/s at concurrency 16: no per-request data; 300 of 300 requests completed; at most p99 TTFT 1287.8 ms, p99 TPOT 25.3 ms in any repeat; no power samples, energy unknown",
      "Defaults: 2034.76 tok/s at concurrency 8: no per-request data; 300 of 300 requests completed; at most p99 TTFT 429.3 ms, p99 TPOT 27.8 ms in any repeat; no power samples, energy unknown",
      // Closest: c1, whose worst p99 TPOT (30 + 0.12) × 1.25 × 1.01 = 38.0 ms overshoots 30 ms the least.
      "Large batches: never within the targets; closest concurrency 1: no per-request data; 300 of 300 requests completed; at most p99 TTFT 265.1 ms, p99 TPOT 38 ms in any repeat; no power samples, energy unknown"
    ]);
    expect(home.querySelector(".slo-rule-sentence")!.textContent).toBe(
      "Rule: a load point meets the SLO when none of its runs failed, its p99 TTFT and p99 TPOT lie within 2000 ms and 30 ms in every repeat, and at least 95 % of its requests, pooled over the repeats, meet TTFT ≤ 2000 ms and TPOT ≤ 30 ms (a failed request is a miss)."
    );
    expect(home.querySelector("h2")!.textContent).toBe("Within the latency target");
    expect(home.querySelector("a[href='./steps/engine#load-curves']")).not.toBeNull();
    const tr = html(pages["/tr/"], "slo-explorer");
    expect(tr.querySelector(".slo-winner")!.getAttribute("data-winner")).toBe("alpha");
    expect(tr.querySelector("a[href='../tr/steps/engine#load-curves']")).not.toBeNull();
  });

  it("the seed's home page has no explorer", async () => {
    const seed = "data/studies/qwen3-32b-a100";
    const pages = await homeOf(seed, await loadStudy(seed));
    expect(pages["/"]["slo-explorer"]).toEqual({html: ""});
    expect(pages["/tr/"]["slo-explorer"]).toEqual({html: ""});
  });

  it("the step page's TTFT line moves with the slider, on a log axis from a tenth to ten times the target", async () => {
    const page = JSON.parse(JSON.stringify([...stepPages(study.report, study.rows)][0]));
    document.body.replaceChildren(await loadCurvesSection(page, {lang: "en", width: 820, dark: false}));
    wakeSloExplorers(document.body);
    // The lowest mean p99 TTFT is Small batches at c1: 1.25 · 120 ms = 150 ms, under 2000 / 10; the highest, Small
    // batches at c256 (19 275 ms), is under 2000 · 10: the axis runs from 150 ms to 20 000 ms.
    const low = 1.25 * 120;
    const axis = ttftAxis(page.curves.scenarios[0], page.curves, 820)!;
    expect(axis.domain[0]).toBeCloseTo(low, 6);
    expect(axis.domain[1]).toBe(20000);
    expect(axis.width).toBe(390);
    const xAt = (v: number) => (390 * Math.log(v / low)) / Math.log(20000 / low);
    const line = () => document.querySelector("figure[data-chart=load-curves-chat] .slo_ttft_marks line")!;
    const x = () => Number(/translate\(([-\d.]+),/.exec(line().getAttribute("transform")!)![1]);
    expect(x()).toBeCloseTo(xAt(2000), 3);
    const input = document.querySelector<HTMLInputElement>("input[data-metric=ttft_ms]")!;
    input.value = "0.7";
    input.dispatchEvent(new window.Event("input"));
    expect(x()).toBeCloseTo(xAt(at(2000, 70)), 3);
    expect(line().textContent).toBe("TTFT target: 10023.74 ms");
  });

  it("draws each point filled, hollow or ringed by the targets, and restyles them as the slider moves", async () => {
    const page = JSON.parse(JSON.stringify([...stepPages(study.report, study.rows)][0]));
    document.body.replaceChildren(await loadCurvesSection(page, {lang: "en", width: 820, dark: false}));
    wakeSloExplorers(document.body);
    const scenario = page.curves.scenarios[0];
    const tpot = page.curves.slo.limits.find((l: {metric: string}) => l.metric === "tpot_ms").limit;
    // What each drawn TTFT-panel point must look like at a TTFT target, by the rule worked again here (this study has
    // no per-request data and no failed request): hollow where a repeat's p99 lies beyond a target; of those inside,
    // each candidate's highest throughput ringed.
    const expected = (ttft: number, tpotTarget = tpot) => {
      const points: CurvePoint[] = scenario.points;
      const drawn = points.filter((p) => p.value != null && p.stats.ttft_ms.mean! > 0);
      const inside = (p: CurvePoint) => p.stats.ttft_ms.worst! <= ttft && p.stats.tpot_ms.worst! <= tpotTarget;
      const best = new Map<string, CurvePoint>();
      for (const p of drawn.filter(inside))
        if (!best.has(p.candidate) || p.value! > best.get(p.candidate)!.value!) best.set(p.candidate, p);
      const ringed = new Set(best.values());
      return drawn.map((p) => (ringed.has(p) ? "3 1" : inside(p) ? "1 1" : "1 0"));
    };
    const looks = () =>
      [...document.querySelectorAll("figure[data-chart=load-curves-chat] .slo_points_ttft_marks path")].map(
        (path) => `${path.getAttribute("stroke-width")} ${path.getAttribute("fill-opacity") ?? "1"}`
      );
    const atPlan = expected(2000);
    expect(looks()).toEqual(atPlan);
    expect(atPlan.filter((l) => l === "1 0").length).toBeGreaterThan(0);
    const input = document.querySelector<HTMLInputElement>("input[data-metric=ttft_ms]")!;
    input.value = "0.7";
    input.dispatchEvent(new window.Event("input"));
    expect(looks()).toEqual(expected(at(2000, 70)));
    // Both targets at ten times the plan's: more points inside, fewer hollow.
    const tpotInput = document.querySelector<HTMLInputElement>("input[data-metric=tpot_ms]")!;
    tpotInput.value = "1";
    tpotInput.dispatchEvent(new window.Event("input"));
    const wide = expected(at(2000, 70), at(tpot, 100));
    expect(looks()).toEqual(wide);
    const hollow = (l: string[]) => l.filter((look) => look === "1 0").length;
    expect(hollow(wide)).toBeLessThan(hollow(atPlan));
  });
});
