// The home page's before-and-after table kept its header with nothing to compare (issue 23 item 11): a study of one
// candidate set it against itself, and one whose baseline and recommendation share no scenario showed an empty table.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import type {Fragment} from "../../src/render/fragment.js";
import {homeFragments} from "../../src/render/page-fragments.js";
import {corpusSources} from "../support/import-corpus.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-nothing-to-compare-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

const shown = (fragment: Fragment) => ("html" in fragment ? fragment.html : fragment.text);

describe("the home page with nothing to compare", () => {
  it("shows no table for a study of one candidate, and says there is nothing to compare (EN and TR)", async () => {
    const dir = join(tmp, "single");
    importResults([{path: join(CORPUS, "vllm-json/er0080-bench_serve_v0.25.1.json"), set: {}}], dir);
    const study = await loadStudy(dir);
    expect(study.plan.steps.flatMap((s) => s.candidates)).toHaveLength(1);
    const en = await homeFragments(study, "en");
    const tr = await homeFragments(study, "tr");
    for (const name of ["headline-table", "change-chart", "before-after-chart"]) {
      expect(shown(en[name]), name).toBe("");
      expect(shown(tr[name]), name).toBe("");
    }
    expect(shown(en["headline-summary"])).toBe(
      "The study measured one configuration, so there is no before and after to compare."
    );
    expect(shown(tr["headline-summary"])).toBe(
      "Çalışma tek bir yapılandırma ölçtü; önce ve sonra karşılaştırılamıyor."
    );
  });

  it("shows no table where the baseline and the recommendation share no scenario (the whole corpus as one study)", async () => {
    const dir = join(tmp, "corpus");
    const sources = corpusSources(CORPUS);
    importResults(sources, dir);
    const study = await loadStudy(dir);
    expect(study.report.headline).toEqual([]);
    for (const lang of ["en", "tr"] as const) {
      const fragments = await homeFragments(study, lang);
      for (const name of ["headline-table", "change-chart", "before-after-chart"])
        expect(shown(fragments[name]), name).toBe("");
      expect(shown(fragments["headline-summary"])).toMatch(/no before and after to compare|karşılaştırılamıyor/);
    }
  }, 120_000);

  it("keeps the seed's table, one row per scenario, and its two charts in their cards", async () => {
    const study = await loadStudy("data/studies/qwen3-32b-a100");
    const en = await homeFragments(study, "en");
    const tr = await homeFragments(study, "tr");
    expect(shown(en["change-chart"])).toMatch(
      /^<div class="card"><h2>Change against the baseline<\/h2><figure data-chart="change-chart"/
    );
    expect(shown(tr["change-chart"])).toMatch(/^<div class="card"><h2>Temel yapılandırmaya göre değişim<\/h2><figure/);
    expect(shown(en["before-after-chart"])).toMatch(
      /^<div class="card"><h2>Baseline and recommended, side by side<\/h2><figure data-chart="before-after-chart"/
    );
    expect(shown(tr["before-after-chart"])).toMatch(
      /^<div class="card"><h2>Temel ve önerilen yapılandırma yan yana<\/h2><figure/
    );
    const html = shown(en["headline-table"]);
    expect(study.report.headline.length).toBeGreaterThan(0);
    expect(html.match(/<tbody>.*<\/tbody>/)?.[0].match(/<tr\b/g)).toHaveLength(study.report.headline.length);
  });
});

describe("the home page's headroom line of an imported study whose files name no GPU", () => {
  it("gives its reason in the page's language", async () => {
    const dir = join(tmp, "no-gpu");
    importResults([{path: join(CORPUS, "vllm-json/er0080-bench_serve_v0.25.1.json"), set: {}}], dir);
    const study = await loadStudy(dir);
    expect(shown((await homeFragments(study, "en")).headroom)).toBe(
      "<p>No headroom is computed for this study: the study's GPU is not recorded (hardware.gpu in study.yaml): no ceiling can be computed.</p>"
    );
    expect(shown((await homeFragments(study, "tr")).headroom)).toBe(
      "<p>Bu çalışma için iyileştirme payı hesaplanmadı: çalışmanın GPU'su kaydedilmemiş (study.yaml'da hardware.gpu): tavan hesaplanamıyor.</p>"
    );
  });
});
