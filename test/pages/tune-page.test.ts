// The tune page on a study of the synthetic engine written as run folders (greedy path, search, grid of the same
// space): every configuration in order with its result and interval, the progress curve, the winner's command, the
// comparison with the greedy path's winner under the noise rule, and the regret against the grid.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {tunePage, type TunePage} from "../../loaders/pages/tune.js";
import type {Fragment, PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {writeSyntheticStudy} from "../support/synthetic-study.js";
import {NOISE, surface, trueBest, type SyntheticConfig} from "../support/synthetic-engine.js";

const tmp = mkdtempSync(join(tmpdir(), "tps-tune-page-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

let study: StudyData;
let page: TunePage;
const fragments: Record<string, PageFragments> = {};

const shown = (fragment: Fragment) =>
  ("html" in fragment ? fragment.html : fragment.text)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();

beforeAll(async () => {
  const dir = await writeSyntheticStudy(join(tmp, "synthetic"), {seed: 0, budget: 24});
  study = await loadStudy(dir);
  page = tunePage(study.report);
  await siteFragments(study, dir, (path, f) => {
    if (path === "/tune" || path === "/tr/tune") fragments[path] = f as PageFragments;
  });
}, 120_000);

describe("the tune page's data", () => {
  it("the greedy path ran first and stopped on its local optimum; the search held its configuration", () => {
    expect(study.report.recommended).toMatchObject({step: "requests", candidate: "r32"});
    const tune = page.tune!;
    expect(tune.greedy).toMatchObject({step: "requests", candidate: "r32", configuration: "c001"});
    expect(tune.configurations[0]).toMatchObject({id: "c001", greedy: true, reason: "the greedy path's configuration"});
  });

  it("every configuration in order, with its result, interval and runs; failures with their reason, once", () => {
    const tune = page.tune!;
    expect(tune.state).toBe("done");
    expect(tune.spent.runs).toBe(24);
    expect(tune.configurations.map((c) => c.order)).toEqual(tune.configurations.map((_, i) => i + 1));
    const failed = tune.configurations.filter((c) => c.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      expect(c.error).toMatch(/^server exited with code 1 before it was ready: RuntimeError: CUDA out of memory/);
      expect(c.runs).toHaveLength(1);
    }
    for (const c of tune.configurations.filter((c) => c.confirmed && c.status === "ok")) {
      expect(c.n).toBe(3);
      expect(c.ci_low!).toBeLessThan(c.value!);
      expect(c.ci_high!).toBeGreaterThan(c.value!);
    }
    expect(tune.progress.at(-1)!.runs).toBe(24);
  });

  it("the winner beats the greedy path's configuration beyond noise, and lands within noise of the true best", () => {
    const tune = page.tune!;
    expect(tune.verdict!.kind).toBe("improved");
    expect(tune.verdict!.gain_interval!.low).toBeGreaterThan(0);
    expect(tune.winner!.server_command).toMatch(/--scheduler prefill_first$/);
    const values = tune.configurations.find((c) => c.id === tune.winner!.id)!.values;
    const truth = surface(values as unknown as SyntheticConfig)!;
    expect(truth).toBeGreaterThanOrEqual((1 - NOISE) * trueBest().value);
  });

  it("the regret against the grid of the same space, the runs each needed, and a random search's on the grid", () => {
    const g = page.tune!.grid!;
    expect([g.configurations, g.runs, g.complete, g.search_runs]).toEqual([72, 72, true, 24]);
    expect(g.regret_percent!).toBeGreaterThanOrEqual(0);
    expect(g.regret_percent!).toBeLessThan(5);
    expect(g.random!.configurations).toBe(page.tune!.configurations.length);
    expect(g.versus_random).toBe(g.regret_percent! < g.random!.median_regret_percent ? "beats" : "does-not-beat");
  });
});

describe("the tune page as drawn", () => {
  it("English: the intro, the winner's command, the greedy comparison, the regret, the chart and the table", () => {
    const f = fragments["/tune"];
    const tune = page.tune!;
    expect(shown(f["tune-intro"])).toMatch(
      new RegExp(
        `^The search tried ${tune.configurations.length} configurations of the 72 in the space \\(max_batch_tokens \\(6\\), max_requests_per_batch \\(6\\), scheduler \\(2\\)\\), maximizing Total Token throughput \\(tok/s\\) on scenario tiny, with 24 runs`
      )
    );
    expect(shown(f["tune-winner"])).toContain(tune.winner!.server_command);
    expect(shown(f["tune-greedy"])).toMatch(
      /^Against the greedy path's winner, max_batch_tokens 2048, max_requests_per_batch 32 \(step requests\).*The difference survives the noise rule/
    );
    expect(shown(f["tune-regret"])).toMatch(
      /a regret of \d+\.\d%, with 24 runs to the grid's 72\. A seeded random search of \d+ configurations/
    );
    expect("html" in f["tune-progress-chart"] && f["tune-progress-chart"].html).toContain("<svg");
    const table = "html" in f["tune-table"] ? f["tune-table"].html : "";
    expect(table.match(/<tr id="tune-c\d{3}"/g)).toHaveLength(tune.configurations.length);
    expect(table).toContain('class="failed"');
  });

  it("Turkish", () => {
    expect(shown(fragments["/tr/tune"]["tune-intro"])).toMatch(/^Arama, uzaydaki 72 yapılandırmanın/);
    expect(shown(fragments["/tr/tune"]["tune-greedy"])).toContain("gürültü kuralını geçiyor");
  });
});
