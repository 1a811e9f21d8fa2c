// A site of many studies: which studies it holds, the index row of each (the seed's real figures), declared
// comparisons and trends with the same definitions as `tps-report compare` and `history`, and one-line errors.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {compareRule, type StudyChange} from "../../loaders/analysis/compare.js";
import {historyRule} from "../../loaders/analysis/history.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {sharedResults} from "../../loaders/analysis/shared-results.js";
import {
  buildTarget,
  comparisonPage,
  declaredComparisons,
  readSiteFile,
  siteStudyDirs,
  studyIndexRow,
  trendPages,
  type SiteStudy
} from "../../loaders/pages/site.js";
import {escapeHtml, studiesIndexLink} from "../../src/build/header.js";
import {comparisonHtml, indexHtml, trendHtml} from "../../src/build/site-html.js";
import {slowerAlpha, writeLadderStudy} from "../support/ladder-study.js";
import {writeRepeatStudy} from "../support/repeat-study.js";

const SEED = "data/studies/qwen3-32b-a100";
const root = mkdtempSync(join(tmpdir(), "tps-site-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

async function siteStudy(dir: string): Promise<SiteStudy> {
  return {id: dir.split("/").at(-1)!, dir, data: await loadStudy(dir)};
}

/** Six nightly studies of one plan, 3 repeats each; the baseline candidate loses 10 % from study 5 on. */
function nightlies(count: number): string[] {
  const dirs: string[] = [];
  for (let i = 1; i <= count; i++) {
    const dir = join(root, "nightly", `nightly-${i}`);
    const level = i >= 5 ? 900 : 1000;
    writeRepeatStudy(dir, {base: [level, level + 10, level - 10], tuned: [1200, 1210, 1190]});
    for (const run of readdirSync(join(dir, "runs"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      meta.started_at = `2026-01-0${i}T02:00:00Z`;
      writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
    }
    dirs.push(dir);
  }
  return dirs;
}

let nightly: string[] = [];
beforeAll(() => {
  nightly = nightlies(6);
});

describe("the studies of a site", () => {
  it("every folder under data/studies holding a study.yaml, or those TPS_REPORT_STUDIES names", () => {
    // The repository's studies, in folder order: the H200 ladder studies run live and the seed.
    expect(siteStudyDirs({})).toEqual([
      "data/studies/gpu-tune",
      "data/studies/h200-ladder",
      "data/studies/h200-live-ladder",
      SEED
    ]);
    expect(siteStudyDirs({TPS_REPORT_STUDIES: ` ${nightly[1]}, ${SEED} ,`})).toEqual([nightly[1], SEED]);
  });

  it("a folder without a study.yaml, or two folders of one name, is a one-line error naming the folder", () => {
    const empty = join(root, "empty");
    mkdirSync(empty, {recursive: true});
    expect(() => siteStudyDirs({TPS_REPORT_STUDIES: `${SEED},${empty}`})).toThrow(
      `${empty} is not a study: a study is a folder with study.yaml (the plan) and runs/ (one folder per run)`
    );
    const twin = join(root, "elsewhere", "nightly-1");
    writeRepeatStudy(twin, {base: [1000], tuned: [1200]});
    expect(() => siteStudyDirs({TPS_REPORT_STUDIES: `${nightly[0]},${twin}`})).toThrow(
      `${twin}: its folder name 'nightly-1' is also ${nightly[0]}'s; each study needs its own path`
    );
    const upper = join(root, "Upper");
    writeRepeatStudy(upper, {base: [1000], tuned: [1200]});
    expect(() => siteStudyDirs({TPS_REPORT_STUDIES: upper})).toThrow(`${upper}: the folder name 'Upper' cannot be`);
  });
});

describe("npm run build: one study at the root, or with TPS_REPORT_STUDIES the site of the studies it names", () => {
  const LADDER = "data/studies/h200-ladder";

  it("TPS_REPORT_STUDIES names the site's studies; TPS_REPORT_STUDY alone, or neither, builds one study at the root", () => {
    expect(buildTarget({})).toEqual({kind: "study"});
    expect(buildTarget({TPS_REPORT_STUDY: LADDER})).toEqual({kind: "study"});
    // Set but naming no folder is a mistake, refused (issue 47); empty is unset.
    expect(buildTarget({TPS_REPORT_STUDIES: ""})).toEqual({kind: "study"});
    for (const value of [" , ", ",", "  "])
      expect(() => buildTarget({TPS_REPORT_STUDIES: value})).toThrow(
        `TPS_REPORT_STUDIES is set to ${JSON.stringify(value)} but names no study folder; name them comma-separated, or unset it`
      );
    expect(() => siteStudyDirs({TPS_REPORT_STUDIES: " , "})).toThrow("names no study folder");
    expect(buildTarget({TPS_REPORT_STUDIES: `${SEED}, ${LADDER}`})).toEqual({kind: "site", studies: [SEED, LADDER]});
    expect(() => buildTarget({TPS_REPORT_STUDY: SEED, TPS_REPORT_STUDIES: `${SEED},${LADDER}`})).toThrow(
      "TPS_REPORT_STUDY builds one study at the root and TPS_REPORT_STUDIES a site of many: set one of them, not both"
    );
  });

  it("the build script says what is wrong on one line and builds nothing", () => {
    const build = (env: Record<string, string>) =>
      spawnSync(process.execPath, ["--import", "tsx", "tools/build.ts"], {
        env: {
          ...process.env,
          TPS_REPORT_STUDY: "",
          TPS_REPORT_STUDIES: "",
          ...env,
          TPS_REPORT_OUTPUT: join(root, "never")
        },
        encoding: "utf8"
      });
    const both = build({TPS_REPORT_STUDY: SEED, TPS_REPORT_STUDIES: SEED});
    expect([both.status, both.stderr]).toEqual([
      1,
      "build: TPS_REPORT_STUDY builds one study at the root and TPS_REPORT_STUDIES a site of many: set one of them, not both\n"
    ]);
    const none = build({TPS_REPORT_STUDIES: " , "});
    expect([none.status, none.stderr]).toEqual([
      1,
      'build: TPS_REPORT_STUDIES is set to " , " but names no study folder; name them comma-separated, or unset it\n'
    ]);
    const missing = build({TPS_REPORT_STUDIES: `${SEED},${join(root, "no-such-study")}`});
    expect([missing.status, missing.stderr]).toEqual([1, `build: ${join(root, "no-such-study")} does not exist\n`]);
    // The study Framework was to build said "render: ENOENT: no such file or directory, open '…/study.yaml'".
    const empty = join(root, "empty-study");
    mkdirSync(empty, {recursive: true});
    for (const [env, why] of [
      [{TPS_REPORT_STUDY: join(root, "no-such-study")}, `${join(root, "no-such-study")} does not exist`],
      [
        {TPS_REPORT_STUDY: join(SEED, "study.yaml")},
        `${join(SEED, "study.yaml")} is a study's plan; give its folder, ${SEED}`
      ],
      [
        {TPS_REPORT_STUDY: empty},
        `${empty} is not a study: a study is a folder with study.yaml (the plan) and runs/ (one folder per run); ` +
          `start one with 'tps-report import RESULTS… --into ${empty}' or 'tps-report new ${empty}'`
      ],
      [
        {TPS_REPORT_STUDIES: `${SEED},${join(SEED, "study.yaml")}`},
        `${join(SEED, "study.yaml")} is a study's plan; give its folder, ${SEED}`
      ]
    ] as const) {
      const run = build(env);
      const named = "TPS_REPORT_STUDY" in env ? "TPS_REPORT_STUDY: " : "";
      expect([run.status, run.stderr]).toEqual([1, `build: ${named}${why}\n`]);
    }
    expect(existsSync(join(root, "never"))).toBe(false);
  });
});

describe("the index of studies", () => {
  it("the seed's row: model, GPU, engines and versions, date, best result and its path", async () => {
    const row = studyIndexRow(await siteStudy(SEED));
    expect(row).toEqual({
      id: "qwen3-32b-a100",
      title: {
        en: "Qwen3-32B throughput optimization on one NVIDIA A100",
        tr: "NVIDIA A100 üzerinde Qwen3-32B işlem hacmi optimizasyonu"
      },
      model: "Qwen/Qwen3-32B",
      gpu: "NVIDIA A100 SXM 80GB",
      gpu_count: 1,
      engines: [
        {id: "vllm", name: "vLLM", version: "v0.11.0"},
        {id: "sglang", name: "SGLang", version: "v0.5.5.post1"},
        {id: "trtllm", name: "TensorRT-LLM", version: "v1.2.0rc1"}
      ],
      // The seed's runs recorded no start.
      date: null,
      runs: 17,
      // The archive's highest total token throughput: the recommended configuration on the short prompt.
      best: {
        metric: "total_token_throughput",
        value: 3535.54,
        n: 1,
        point: "other-scenarios--recommended--short",
        label: "Recommended (TensorRT-LLM)",
        scenario: {en: "Short prompt", tr: "Kısa istem"}
      },
      // What its write-up published, audited: the −13.8 % for the very long prompt is −12.1 %.
      claims: {
        confirmed: 13,
        contradicted: 1,
        unverifiable: 0,
        contradictions: [
          {
            subject: {en: "Headline change, Very long prompt", tr: "Özet değişim, Çok uzun istem"},
            published: "−13.8%",
            recomputed: "−12.1%"
          }
        ]
      },
      path: "studies/qwen3-32b-a100/"
    });
    const en = indexHtml("en", [row], [], []);
    expect(en).toContain('<a href="studies/qwen3-32b-a100/">Qwen3-32B throughput optimization on one NVIDIA A100</a>');
    expect(en).toContain("vLLM v0.11.0<br>SGLang v0.5.5.post1<br>TensorRT-LLM v1.2.0rc1");
    expect(en).toContain(
      '<td>13 confirmed, 1 contradicted, 0 unverifiable<br><small class="regression">Headline change, Very long prompt: −13.8% (recomputed −12.1%)</small></td>'
    );
    const tr = indexHtml("tr", [row], [], []);
    expect(tr).toContain('<a href="../studies/qwen3-32b-a100/tr/">NVIDIA A100 üzerinde Qwen3-32B');
    expect(tr).toContain(
      '<td>13 doğrulandı, 1 çürütüldü, 0 doğrulanamadı<br><small class="regression">Özet değişim, Çok uzun istem: −13.8% (yeniden hesaplanan −12.1%)</small></td>'
    );
    expect(tr).toContain("<td>kaydedilmemiş</td>");
  });

  it("names the best result's metric as the study's own pages do, in the page's language", async () => {
    const row = studyIndexRow(await siteStudy(SEED));
    const en = indexHtml("en", [row], [], []);
    expect(en).toContain(
      "3535.5 Total Token throughput (tok/s)<br><small>Recommended (TensorRT-LLM) — Short prompt</small>"
    );
    expect(indexHtml("tr", [row], [], [])).toContain("3535.5 Toplam token işlem hacmi (tok/s)<br><small>");
    for (const lang of ["en", "tr"] as const)
      expect(indexHtml(lang, [row], [], [])).not.toContain("total_token_throughput");
  });

  it("the best result of a study whose objective is a latency is its lowest mean", async () => {
    const dir = join(root, "latency", "tpot-study");
    writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [1200, 1210, 1190]}, undefined, "", (yaml) =>
      yaml.replace("objective: total_token_throughput", "objective: mean_tpot_ms")
    );
    const row = studyIndexRow(await siteStudy(dir));
    // TPOT is 20000 / throughput per run: the tuned point's mean of 20000/1200, 20000/1210, 20000/1190.
    expect(row.best!.point).toBe("engine--tuned--short");
    expect(row.best!.value).toBeCloseTo((16.67 + 16.53 + 16.81) / 3, 2);
  });
});

describe("declared comparisons", () => {
  it("data/site.yaml names studies of the site; a threshold as a percentage", () => {
    const file = join(root, "site.yaml");
    writeFileSync(file, "comparisons:\n  - {base: a, new: b}\n  - {base: b, new: a, threshold: 10%}\n");
    expect(readSiteFile(file, ["a", "b"]).comparisons).toEqual([
      {base: "a", new: "b", threshold: 0.05},
      {base: "b", new: "a", threshold: 0.1}
    ]);
    expect(readSiteFile(join(root, "none.yaml"), ["a"]).comparisons).toEqual([]);
  });

  it("a study the site does not hold, an unknown key, bad YAML: one line naming the file and line", () => {
    const file = join(root, "bad-site.yaml");
    writeFileSync(file, "comparisons:\n  - {base: a, new: b}\n  - {base: a, new: c}\n");
    expect(() => readSiteFile(file, ["a", "b"])).toThrow(`${file}:3: new 'c' is not a study of the site (a, b)`);
    writeFileSync(file, "comparisons:\n  - {base: a, new: b, treshold: 5%}\n");
    expect(() => readSiteFile(file, ["a", "b"])).toThrow(`${file}:2: unknown key 'treshold'`);
    writeFileSync(file, "comparison: []\n");
    expect(() => readSiteFile(file, ["a"])).toThrow(`${file}:1: unknown key 'comparison'`);
    writeFileSync(file, "comparisons:\n  - {base: a, new: b, threshold: 150%}\n");
    expect(() => readSiteFile(file, ["a", "b"])).toThrow(`${file}:2: threshold '150%' is not a percentage below 100`);
    writeFileSync(file, "comparisons: [\n");
    expect(() => readSiteFile(file, ["a"])).toThrow(new RegExp(`^${file}:\\d+: `));
  });

  it("a study's plan declares comparisons with itself as the new side, beside those of data/site.yaml", async () => {
    const old = join(root, "declared", "old");
    const next = join(root, "declared", "next");
    writeRepeatStudy(old, {base: [1000, 1010, 990], tuned: [1200, 1210, 1190]});
    writeRepeatStudy(
      next,
      {base: [900, 910, 890], tuned: [1200, 1210, 1190]},
      undefined,
      "comparisons:\n  - {base: old, threshold: 10%}\n"
    );
    const studies = [await siteStudy(old), await siteStudy(next)];
    const site = join(root, "declared", "site.yaml");
    expect(declaredComparisons(studies, site)).toEqual([{base: "old", new: "next", threshold: 0.1}]);
    // Declared in both places alike: one page.
    writeFileSync(site, "comparisons:\n  - {base: old, new: next, threshold: 10%}\n  - {base: next, new: old}\n");
    expect(declaredComparisons(studies, site)).toEqual([
      {base: "old", new: "next", threshold: 0.1},
      {base: "next", new: "old", threshold: 0.05}
    ]);
    const line =
      readFileSync(join(next, "study.yaml"), "utf8")
        .split("\n")
        .findIndex((l) => l.includes("base: old")) + 1;
    writeFileSync(site, "comparisons:\n  - {base: old, new: next, threshold: 5%}\n");
    expect(() => declaredComparisons(studies, site)).toThrow(
      `${join(next, "study.yaml")}:${line}: comparison of old → next at 10 % is also declared in ${site} at 5 %; keep one`
    );
    rmSync(site);
    expect(() => declaredComparisons([studies[1]], site)).toThrow(
      `${join(next, "study.yaml")}:${line}: comparisons: base 'old' is not a study of the site (next)`
    );
    const self = join(root, "declared", "self");
    writeRepeatStudy(self, {base: [1000]}, undefined, "comparisons:\n  - {base: self}\n");
    const selfStudy = await siteStudy(self);
    const selfLine =
      readFileSync(join(self, "study.yaml"), "utf8")
        .split("\n")
        .findIndex((l) => l.includes("base: self}")) + 1;
    expect(() => declaredComparisons([selfStudy], site)).toThrow(
      `${join(self, "study.yaml")}:${selfLine}: comparisons: a study is not compared with itself`
    );
  });

  /** Two studies under `folder`, "before" and "after", whose baseline drops by 10 %, compared at a 5 % threshold. */
  async function droppedPair(folder: string) {
    const base = join(root, folder, "before");
    const next = join(root, folder, "after");
    writeRepeatStudy(base, {base: [1000, 1010, 990], tuned: [1200, 1210, 1190]});
    writeRepeatStudy(next, {base: [900, 910, 890], tuned: [1200, 1210, 1190]});
    return comparisonPage(await siteStudy(base), await siteStudy(next), 0.05);
  }

  it("the page gives compare's ratio, interval and verdict per point, its rule, and what changed", async () => {
    const page = await droppedPair("pair");
    expect(page.id).toBe("before--after");
    expect(page.comparison.regressions).toEqual(["engine--base--short"]);
    expect(page.rule).toBe(compareRule({threshold: 0.05, confidence: 0.95}));
    const en = comparisonHtml("en", page);
    // The interval test/analysis/compare.test.ts holds against scipy: [0.8786, 0.9219].
    expect(en).toContain(
      '<td>engine--base--short</td><td>vllm</td><td>3 / 3</td><td class="num">1000.0</td><td class="num">900.0</td>' +
        '<td class="num">×0.900</td><td>[×0.879, ×0.922]</td><td><span class="regression">regression</span></td>'
    );
    expect(en).toContain("Threshold 5 %; intervals at 95 % confidence");
    expect(en).toContain(
      "1 regressed, 0 improved, 1 within noise, 0 failed in both, of 2 matched points; 0 only in base, 0 only in new."
    );
    expect(en).toContain('<a href="../studies/before/">before</a> (6 runs, 2 points)');
    expect(en).not.toContain("Load curves");
    // The tuned candidate's three runs are written alike in both studies: one result each, not measured again.
    expect(page.comparison.same_results.map((same) => same.new)).toEqual([
      "engine--tuned--short",
      "engine--tuned--short--r2",
      "engine--tuned--short--r3"
    ]);
    expect(en).toContain(
      "<p>3 runs hold the same results in both studies, figure for figure: they were not measured again (copied, or " +
        "imported into both).</p>"
    );
    expect(comparisonHtml("tr", page)).toContain(
      "<p>3 koşu iki çalışmada rakamı rakamına aynı sonucu taşıyor: yeniden ölçülmediler (kopyalanmış ya da ikisine " +
        "birden içe aktarılmış).</p>"
    );
    const tr = comparisonHtml("tr", page);
    expect(tr).toContain('<span class="regression">gerileme</span>');
    expect(tr).toContain("Eşik %5; aralıklar %95 güvenle");
    expect(tr).toContain('<a href="../../studies/before/tr/">before</a>');
    // The objective's name, as the studies' pages give it.
    expect(en).toContain("<th>Total Token throughput (tok/s) base</th><th>Total Token throughput (tok/s) new</th>");
    expect(tr).toContain("<th>Toplam token işlem hacmi (tok/s) temel</th>");
    for (const page of [en, tr]) expect(page).not.toContain("total_token_throughput");
  });

  it("says what changed between the studies in the page's language, each kind of change", async () => {
    // The Turkish page named each change in English: "engine version", "server arguments", …
    const page = await droppedPair("changed");
    const kinds: StudyChange["what"][] = [
      "model",
      "engine version",
      "server arguments",
      "hardware",
      "client",
      "repeats",
      "confidence"
    ];
    const changed = {
      ...page,
      comparison: {...page.comparison, changes: kinds.map((what) => ({what, subject: "vllm", base: "a", new: "b"}))}
    };
    const cells = (html: string) =>
      [...html.matchAll(/<tr><td>([^<]*)<\/td><td>vllm<\/td><td>a<\/td><td>b<\/td><\/tr>/g)].map((m) => m[1]);
    expect(cells(comparisonHtml("en", changed))).toEqual(kinds);
    expect(cells(comparisonHtml("tr", changed))).toEqual([
      "model",
      "motor sürümü",
      "sunucu argümanları",
      "donanım",
      "istemci",
      "tekrarlar",
      "güven düzeyi"
    ]);
  });

  it("a point that failed on both sides is counted and shown apart, in English and Turkish, with what it means", async () => {
    const base = join(root, "pair", "both-failed-before");
    const next = join(root, "pair", "both-failed-after");
    writeRepeatStudy(base, {base: [1000, 1010, 990], tuned: [null, null, null]});
    writeRepeatStudy(next, {base: [1000, 1010, 990], tuned: [null, null, null]});
    const page = comparisonPage(await siteStudy(base), await siteStudy(next), 0.05);
    expect(page.comparison.failed_in_both).toEqual(["engine--tuned--short"]);
    const en = comparisonHtml("en", page);
    expect(en).toContain(
      "0 regressed, 0 improved, 1 within noise, 1 failed in both, of 2 matched points; 0 only in base, 0 only in new."
    );
    expect(en).toContain('<td>0 (+3) / 0 (+3)</td><td class="num">—</td><td class="num">—</td>');
    expect(en).toContain('<span class="failed-in-both">failed in both</span>');
    expect(en).toContain("Failed in both: every run of the point failed in BASE and in NEW");
    const tr = comparisonHtml("tr", page);
    expect(tr).toContain(
      "2 eşleşen noktadan 0 geriledi, 0 iyileşti, 1 gürültü içinde, 1 iki tarafta da başarısız; 0 yalnızca temelde, 0 yalnızca yenide."
    );
    expect(tr).toContain('<span class="failed-in-both">iki tarafta da başarısız</span>');
    expect(tr).toContain(escapeHtml("İki tarafta da başarısız: noktanın TEMEL'de de YENİ'de de her koşusu başarısız"));
    // The index lists the comparison with the same counts.
    const index = indexHtml("en", [], [page], []);
    expect(index).toContain("1 within noise, 1 failed in both, of 2 matched points");
  });
});

describe("a comparison of ladder studies", () => {
  it("compares the frontiers at fixed interactivity and within the SLO, '—' where the new frontier does not reach", async () => {
    const base = join(root, "ladders", "before");
    const next = join(root, "ladders", "after");
    writeLadderStudy(base, {ttft: 2000, tpot: 30});
    slowerAlpha(next);
    const page = comparisonPage(await siteStudy(base), await siteStudy(next), 0.05);
    const en = comparisonHtml("en", page);
    expect(en).toContain("<h2>Load curves</h2>");
    expect(en).toContain(`<p class="rule">${escapeHtml(page.curves.rule)}</p>`);
    expect(en).toContain("<h3>dataset=random input=1000 output=200 seed=42</h3>");
    // Alpha at c16 on both frontiers, 3840 → 3456 tok/s/GPU: ×0.900 in [×0.880, ×0.921] (test/analysis/frontier.test.ts).
    expect(en).toContain(
      '<tr><td>≥ 50</td><td class="num">3840.0</td><td>engine--alpha--chat--c16</td><td class="num">3456.0</td>' +
        '<td>engine--alpha--chat--c16</td><td class="num">×0.900</td><td>[×0.880, ×0.921]</td>' +
        '<td><span class="regression">regression</span></td></tr>'
    );
    // The new study lost alpha's c1 (80.0 tok/s/user): its frontier stops at 76.9.
    expect(en).toContain(
      '<tr><td>≥ 80</td><td class="num">460.2</td><td>engine--alpha--chat--c1</td><td class="num">—</td><td>—</td>' +
        '<td class="num">—</td><td>—</td><td>—</td></tr>'
    );
    expect(en).toContain('<tr><td>within the SLO</td><td class="num">3840.0</td>');
    const tr = comparisonHtml("tr", page);
    expect(tr).toContain("<h2>Yük eğrileri</h2>");
    expect(tr).toContain("noktalar arasında ara değer hesaplanmaz");
    expect(tr).toContain('<tr><td>SLO içinde</td><td class="num">3840.0</td>');
  });
});

describe("trends", () => {
  it("six dated studies of one series: the planted drop from study 5 is a regression at study 6, rule stated", async () => {
    const studies = await Promise.all([...nightly].reverse().map(siteStudy));
    const [page] = trendPages(studies);
    expect(trendPages(studies)).toHaveLength(1);
    expect(page.id).toBe("org-model-1x-nvidia-h200");
    expect(page.studies.map((s) => s.id)).toEqual(nightly.map((d) => d.split("/").at(-1)));
    expect(page.ordered_by).toBe("date");
    expect(Object.fromEntries(page.points.map((p) => [p.point, p.verdict.status]))).toEqual({
      "engine--base--short": "regression",
      "engine--tuned--short": "within noise"
    });
    expect(page.rule).toBe(historyRule({threshold: 0.05, confidence: 0.95}));
    const en = trendHtml("en", page);
    expect(en).toContain("more than 5 % worse");
    expect(en).toContain("a regression is called at most 2.5 % of the time");
    expect(en).toContain('<h2>engine--base--short — <span class="regression">regression</span></h2>');
    expect(en).toContain(
      '<td>nightly-6</td><td>2026-01-06</td><td class="num">3</td><td class="num">900.0</td><td class="num">×0.900</td>'
    );
    expect(trendHtml("tr", page)).toContain("en çok %2.5 olasılıkla");
    expect(en).toContain("<p>objective: Total Token throughput (tok/s); studies of the series:");
    expect(trendHtml("tr", page)).toContain("<p>hedef: Toplam token işlem hacmi (tok/s);");
    // The series is written from a model: runs of equal values are one result, held by several studies, as history says.
    expect(page.same_results).toHaveLength(9);
    expect(en).toContain(
      "<p>9 results are held figure for figure by more than one study of the series: they were not measured again " +
        "(copied, or imported more than once).</p>"
    );
    expect(trendHtml("tr", page)).toContain(
      "<p>9 sonuç serinin birden çok çalışmasında rakamı rakamına aynı: yeniden ölçülmediler (kopyalanmış ya da birden " +
        "çok kez içe aktarılmış).</p>"
    );
  });

  it("up to study 5 the drop is not flagged; studies of other models or GPUs form no series", async () => {
    const five = await Promise.all(nightly.slice(0, 5).map(siteStudy));
    const [page] = trendPages([...five, await siteStudy(SEED)]);
    expect(trendPages([...five, await siteStudy(SEED)])).toHaveLength(1);
    expect(page.studies).toHaveLength(5);
    expect(page.points.find((p) => p.point === "engine--base--short")!.verdict.status).toBe("within noise");
    expect(trendPages([await siteStudy(SEED)])).toEqual([]);
  });

  // The seed beside the study imported from its English page (one model on one A100, their points named apart), and
  // GPUStack's two Qwen3.5-35B-A3B on H200 pages (throughput and latency), each made a trend page that said
  // "insufficient data" of every point, each point being in one study.
  it("studies of one series that share no point make no trend page", async () => {
    const imported = join(root, "seed-page");
    importWriteup("test/fixtures/writeups/qwen3-32b--a100.md", imported, new Date("2026-03-01T00:00:00Z"));
    const both = [await siteStudy(SEED), await siteStudy(imported)];
    expect(both.map((s) => s.data.plan.model.name)).toEqual(["Qwen/Qwen3-32B", "Qwen/Qwen3-32B"]);
    expect(trendPages(both)).toEqual([]);
    // The seed is the page's Turkish text: the index says the two hold one set of results, and which.
    const shared = sharedResults(both.map((s) => ({id: s.id, rows: s.data.rows})));
    const rows = both.map(studyIndexRow);
    const en = indexHtml("en", rows, [], [], shared);
    expect(en).toContain(
      "<h2>Results in more than one study</h2>\n<p>15 results are held figure for figure by more than one study. " +
        "Two measurements never agree to the last printed digit: one study&#39;s results were taken from another&#39;s, or " +
        "imported more than once.</p>"
    );
    expect(en).toContain(
      "<li>qwen3-32b-a100: engine-selection--sglang--sharegpt = seed-page: choosing-the-inference-engine--sglang--sharegpt</li>"
    );
    const tr = indexHtml("tr", rows, [], [], shared);
    // Several studies may hold one result: "imported into both" read wrong for a series of six.
    expect(tr).toContain("bir çalışmanın sonuçları başkasınınkinden alınmış ya da birden çok kez içe aktarılmış.</p>");
    expect(tr).toContain(
      "<h2>Birden çok çalışmadaki sonuçlar</h2>\n<p>15 sonuç birden çok çalışmada rakamı rakamına aynı."
    );
    expect(tr).toContain(
      "<li>qwen3-32b-a100: engine-selection--sglang--sharegpt = seed-page: choosing-the-inference-engine--sglang--sharegpt</li>"
    );
    expect(indexHtml("en", rows, [], [], [])).not.toContain("Results in more than one study");
  });
});

describe("a point that failed in every study of a series", () => {
  it("the trend page says it failed, with no value, and does not count it within noise", async () => {
    const dirs = [1, 2, 3].map((i) => {
      const dir = join(root, "failing", `failing-${i}`);
      writeRepeatStudy(dir, {base: [1000, 1010, 990], tuned: [null, null, null]});
      for (const run of readdirSync(join(dir, "runs"))) {
        const file = join(dir, "runs", run, "run.json");
        writeFileSync(
          file,
          JSON.stringify({...JSON.parse(readFileSync(file, "utf8")), started_at: `2026-03-0${i}T02:00:00Z`})
        );
      }
      return dir;
    });
    const [page] = trendPages(await Promise.all(dirs.map(siteStudy)));
    expect(Object.fromEntries(page.points.map((p) => [p.point, p.verdict.status]))).toEqual({
      "engine--base--short": "within noise",
      "engine--tuned--short": "failed in every study"
    });
    const en = trendHtml("en", page);
    expect(en).toContain(
      '<h2>engine--tuned--short — <span class="failed-in-every-study">failed in every study</span></h2>'
    );
    expect(en).toContain(
      "0 regressed, 0 suspicious, 0 improved, 1 within noise, 0 with insufficient data, 1 failed in every study, of 2 points."
    );
    expect(en).toContain(
      '<td>failing-3</td><td>2026-03-03</td><td class="num">0</td><td class="num">—</td><td class="num">—</td>'
    );
    const tr = trendHtml("tr", page);
    expect(tr).toContain('<span class="failed-in-every-study">her çalışmada başarısız</span>');
    expect(tr).toContain("1 her çalışmada başarısız");
  });

  it("a point that failed in the last two studies is a regression, in the last only it is said apart; rule in both", async () => {
    const series = (name: string, failedFrom: number) =>
      [1, 2, 3, 4].map((i) => {
        const dir = join(root, name, `${name}-${i}`);
        writeRepeatStudy(dir, {
          base: [1000, 1010, 990],
          tuned: i >= failedFrom ? [null, null, null] : [1200, 1210, 1190]
        });
        for (const run of readdirSync(join(dir, "runs"))) {
          const file = join(dir, "runs", run, "run.json");
          writeFileSync(
            file,
            JSON.stringify({...JSON.parse(readFileSync(file, "utf8")), started_at: `2026-05-0${i}T02:00:00Z`})
          );
        }
        return dir;
      });
    const [two] = trendPages(await Promise.all(series("stopped", 3).map(siteStudy)));
    expect(two.points.find((p) => p.point === "engine--tuned--short")!.verdict.status).toBe("regression");
    const en = trendHtml("en", two);
    expect(en).toContain('<h2>engine--tuned--short — <span class="regression">regression</span></h2>');
    expect(en).toContain(
      '<td>stopped-4</td><td>2026-05-04</td><td class="num">0</td><td class="num">—</td><td class="num">—</td><td>—</td><td>failed</td>'
    );
    expect(en).toContain("A study in which every run of the point failed falls beyond the threshold on the bad side");
    const tr = trendHtml("tr", two);
    expect(tr).toContain("<td>başarısız</td>");
    expect(tr).toContain("Noktanın her koşusunun başarısız olduğu bir çalışma eşiğin kötü tarafında sayılır");
    const [one] = trendPages(await Promise.all(series("stopping", 4).map(siteStudy)));
    expect(one.points.find((p) => p.point === "engine--tuned--short")!.verdict.status).toBe("failed in the last study");
    expect(trendHtml("en", one)).toContain(
      "0 regressed, 0 suspicious, 0 improved, 1 failed in the last study, 1 within noise, 0 with insufficient data, of 2 points."
    );
    expect(trendHtml("tr", one)).toContain("1 yalnızca son çalışmada başarısız, 1 gürültü içinde");
    expect(trendHtml("tr", one)).toContain(
      '<span class="failed-in-the-last-study">yalnızca son çalışmada başarısız</span>'
    );
  });
});

describe("the header link of a study's pages up to the index", () => {
  it("climbs out of the page's folders and studies/<id>/, to the index of the page's language", () => {
    const href = (path: string) => /href="([^"]*)"/.exec(studiesIndexLink({path}))![1];
    expect(href("/index")).toBe("../../");
    expect(href("/setup")).toBe("../../");
    expect(href("/steps/engine-selection")).toBe("../../../");
    expect(href("/runs/index")).toBe("../../../");
    expect(href("/tr/index")).toBe("../../../tr/");
    expect(href("/tr/runs/set/0")).toBe("../../../../../tr/");
    expect(studiesIndexLink({path: "/tr/setup"})).toContain(">Tüm çalışmalar</a>");
    expect(studiesIndexLink({path: "/404"})).toBe("");
  });
});
