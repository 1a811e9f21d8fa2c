// Issue 46's page cases on the H100 ladder study's shape, drawn as the build draws them (every fragment of every
// page): the SLO stated, loads named wherever a point is, the legend, the axes, headroom per load, energy per token,
// and a baseline (or every configuration) that never meets the SLO said as such, never as NaN or "failed".
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {requests, studyAModels, writeH100Study} from "../support/h100-ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-h100-pages-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

type Pages = Record<string, Record<string, string>>;

async function pagesOf(dir: string): Promise<Pages> {
  const study = await loadStudy(dir);
  const pages: Pages = {};
  await siteFragments(study, dir, (path: string, fragments: PageFragments) => {
    pages[path] = Object.fromEntries(
      Object.entries(fragments).map(([name, f]) => [
        name,
        f && "html" in f ? f.html : f && "text" in f ? String(f.text) : ""
      ])
    );
  });
  return pages;
}

/** Text of an HTML fragment, tags out. */
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

let a: Pages;
let none: Pages;
beforeAll(async () => {
  writeH100Study(join(root, "a"), studyAModels(), {id: "h100-a"});
  // No point meets p99 TPOT ≤ 40 ms, and every request failed at c64 (vLLM then writes 0 ms latencies: on a log axis,
  // the summary's and the all-runs page's charts ran "from NaN to NaN").
  const failing = studyAModels();
  for (const c of Object.keys(failing))
    failing[c][64] = [0, 1, 2].map(() => ({ttft_ms: 900, tpot_ms: 80, failed: requests(64), power_w: 634})) as never;
  writeH100Study(join(root, "none"), failing, {id: "h100-none", slo: {ttft: 2000, tpot: 40}});
  a = await pagesOf(join(root, "a"));
  none = await pagesOf(join(root, "none"));
}, 300_000);

describe("the H100 ladder study's pages", () => {
  it("item 1: the load curves' SVG names every candidate (a legend)", () => {
    const curves = a["/steps/sched"].curves;
    for (const label of ["Defaults", "Chunked prefill", "512 sequences"])
      expect(curves).toMatch(new RegExp(`<text[^>]*>${label}</text>`));
  });

  it("item 3: the home page says the baseline never meets the SLO, not that nothing ran in common", () => {
    const home = a["/"];
    expect(home["headline-summary"]).toBe(
      "The baseline, Defaults, is within the SLO at no measured load, so there is no before and after: the recommended configuration, Chunked prefill, serves 9668.41 tok/s within it at concurrency 64."
    );
    expect(text(home.headroom)).toMatch(
      /The recommended configuration at concurrency 64 reaches 13\.8% of the hard ceiling at that load \(70170\.42 tok\/s\)\./
    );
    expect(a["/steps/sched"].ranking).not.toMatch(/failed/);
    expect(text(a["/steps/sched"]["step-table"])).toContain("never within the SLO");
  });

  it("item 3, in Turkish: why the baseline and every load are outside the SLO, and a run's own error, in Turkish", () => {
    // Both said it in English: "never within the SLO (p99 TTFT ≤ 2000 ms, …) at any measured load (concurrency 1: …)".
    const step = text(a["/tr/steps/sched"]["step-table"]);
    expect(step).toContain(
      "ölçülen hiçbir yükte SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 100 ms) içinde değil (eşzamanlılık 1: p99 TPOT 108 ms &gt; 100 ms; "
    );
    const quality = text(Object.values(a["/tr/quality"]).join(" "));
    expect(quality).toContain(
      "temel yapılandırma (Defaults) ölçülen hiçbir yükte SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 100 ms) içinde değil (eşzamanlılık 1: "
    );
    expect(quality).toContain(
      "; adımlar SLO'yu karşılayan adaylar arasından seçer, temel yapılandırmaya göre kazanç verilemez"
    );
    for (const page of [step, quality]) expect(page).not.toMatch(/never within|at any measured load|the steps decide/);
    // Every configuration never within the SLO, each load's verdict said in turn: "64: 3 of its runs failed".
    const noneStep = text(none["/tr/steps/sched"]["step-table"]);
    expect(noneStep).toContain("64: 3 koşusu başarısız oldu)");
    expect(noneStep).not.toMatch(/of its runs failed|never within/);
    // A run whose every request failed: its error was "every request failed (0 of 256 completed)" on Turkish pages.
    const runs = text(Object.values(none["/tr/runs/"]).join(" "));
    expect(runs).toContain("her istek başarısız oldu (256 istekten 0 tamamlandı)");
    expect(runs).not.toContain("every request failed");
    expect(text(Object.values(none["/runs/"]).join(" "))).toContain("every request failed (0 of 256 completed)");
    const runPages = (prefix: string, said: string) =>
      Object.entries(none).filter(
        ([path, page]) => path.startsWith(prefix) && Object.values(page).join(" ").includes(said)
      );
    const failed = runPages("/runs/sched", "every request failed (0 of 256 completed)");
    expect(failed.length).toBeGreaterThan(0);
    expect(runPages("/tr/runs/sched", "her istek başarısız oldu (256 istekten 0 tamamlandı)")).toHaveLength(
      failed.length
    );
    expect(runPages("/tr/runs/", "every request failed")).toEqual([]);
    // The English pages say it as before.
    expect(text(a["/steps/sched"]["step-table"])).toContain(
      "never within the SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 100 ms) at any measured load (concurrency 1: p99 TPOT 108 ms &gt; 100 ms; "
    );
  });

  it("item 4: headroom sets each load against its own ceiling, a bar and a row per load", () => {
    const page = a["/headroom"];
    const all = Object.values(page).join("\n");
    expect(all).toContain("Chunked prefill · c64");
    expect(all).toContain("Chunked prefill · c1");
    expect(all).not.toMatch(/hard ceiling 70170\.42/);
    expect(text(all)).toMatch(/Load/);
  });

  it("item 6: the setup page states the SLO with its statistic, its attainment and the ladder", () => {
    const how = text(a["/setup"]["how-it-ran"]);
    expect(how).toContain(
      "SLO: p99 TTFT ≤ 2000 ms and p99 TPOT ≤ 100 ms; at least 95 % of the requests, pooled over a point's repeats, must meet TTFT ≤ 2000 ms and TPOT ≤ 100 ms (attainment: 0.95)"
    );
    expect(how).toContain(
      "Load ladder (Chat (512 in, 32 out)): concurrency 1, 4, 16, 64; requests per level max(32, 4 × level)."
    );
    const explorer = text(a["/steps/sched"].curves);
    expect(explorer).toContain("p99 TTFT ≤ 2000.00 ms");
    expect(explorer).toContain("p99 TPOT ≤ 100.00 ms");
  });

  it("item 7: the rule in one sentence, with the deciding point's numbers", () => {
    const explorer = text(a["/steps/sched"].curves);
    expect(explorer).toContain(
      "Rule: a load point meets the SLO when none of its runs failed, its p99 TTFT and p99 TPOT lie within 2000 ms and 100 ms in every repeat, and at least 95 % of its requests, pooled over the repeats, meet TTFT ≤ 2000 ms and TPOT ≤ 100 ms (a failed request is a miss)."
    );
    expect(explorer).toMatch(
      /Chunked prefill: 9668\.41 tok\/s at concurrency 64: 768 of 768 requests \(100 %\) within the limits; at most p99 TTFT \d+\.\d ms, p99 TPOT 99\.6 ms in any repeat; \d\.\d{3} J per output token/
    );
  });

  it("item 8: loads are named wherever a point is, and hover texts are words, not field names", () => {
    expect(text(a["/summary"]["summary-table"])).toContain("Chunked prefill (9668.41, concurrency 64)");
    expect(text(a["/summary"]["pareto-table"])).toContain("Chunked prefill · c64");
    expect(text(a["/runs/"]["runs-table"])).toContain("concurrency 64");
    expect(a["/steps/sched"]["step-chart"]).toContain("Chunked prefill · c64");
    for (const chart of [a["/steps/sched"]["step-chart"], a["/steps/sched"].curves, a["/summary"]["tradeoff-chart"]]) {
      expect(chart).not.toMatch(/<title>[^<]*\b(labelAt|valueText|tps|upper_ci_low|ci_low|failedText): /);
    }
    expect(a["/steps/sched"].curves).toMatch(/<title>Chunked prefill, concurrency 64: [\d.]+ tok\/s\/GPU; /);
  });

  it("item 10: the interactivity axis spans the data, not 10 to 100", () => {
    const curves = a["/steps/sched"].curves;
    // The axis's labels: 10 … 23 tok/s/user (data 10.6 – 21.5), no tick at 30 or beyond.
    const axis =
      /aria-label="X-axis titled 'interactivity \(tok\/s\/user\), log scale' for a log scale with values from ([\d.]+) to ([\d.]+)"/.exec(
        curves
      );
    expect(axis).not.toBeNull();
    expect(curves).toContain("interactivity = 1000 / median TPOT");
    expect(Number(axis![1])).toBeGreaterThan(9);
    expect(Number(axis![2])).toBeLessThan(25);
  });

  it("energy: the runs table and the curves give joules per output token", () => {
    expect(text(a["/runs/"]["runs-table"])).toContain("Energy per output token (J)");
    expect(a["/steps/sched"].curves).toContain("joules per output token");
  });
});

describe("a study whose SLO no point meets (issue 47 item 3)", () => {
  it("has no NaN on any page, and says nothing is recommended", () => {
    for (const [path, fragments] of Object.entries(none))
      for (const [name, html] of Object.entries(fragments)) expect(`${path} ${name}: ${html}`).not.toMatch(/NaN/);
    expect(none["/"]["headline-summary"]).toContain("No configuration is within the SLO at any measured load");
    expect(none["/"].origin).toBe(
      "No configuration met the study's SLO: no step chose a winner, and the command above is the baseline the study started from."
    );
    expect(none["/steps/sched"].verdict).toBe("Nothing chosen: no candidate is within the SLO at any measured load.");
  });
});
