// Issue 28, defects 10–11: `check` flags repeats that do not repeat: prefix-cache hits growing across a point's
// repeats, and one repeat that is an outlier in one direction at most points (a cold first repeat).
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {stepPages} from "../../loaders/pages/step.js";
import "../../src/render/dom.js";
import {repeatFlags, repeatsNote} from "../../src/components/intervals.js";
import {findingsTable} from "../../src/components/qualityTables.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {CACHED_REPEATS, REPEAT_TPS, writeRepeatsFixture} from "../support/repeats-fixture.js";

let root: string;
let report: Report;
let rows: RunRow[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-repeat-checks-"));
  const dir = join(root, "study");
  writeRepeatsFixture(dir, undefined, REPEAT_TPS, {"prefix-caching--t2048-pc--chat": CACHED_REPEATS});
  ({report, rows} = await loadStudy(dir, process.cwd()));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("repeats that do not repeat", () => {
  it("flags a point whose prefix-cache hit rate grows across its repeats", () => {
    const found = report.findings.filter((f) => f.code === "prefix-cache-warming");
    expect(found.map((f) => [f.severity, f.run, f.message])).toEqual([
      [
        "warning",
        "prefix-caching--t2048-pc--chat",
        "the prefix-cache hit rate grows across the repeats (0.014 → 0.985 → 0.985): repeats after the first were served from the cache, so they measure the cache rather than the configuration; give each repeat its own prompts (live mode sends seed + k − 1; at level i of a load ladder of L levels, counted from 0, seed + (k − 1) × L + i)"
      ]
    ]);
  });

  it("flags a repeat that is the slowest at most points, with its size", () => {
    // Repeat 1 against the mean of the others at the 9 points: −45.56, −42.66, −40.76, −40.67, −40.17, −33.33,
    // −32.10, −29.29, −27.43 %; median −40.17 %.
    const found = report.findings.filter((f) => f.code === "repeat-outlier");
    expect(found.map((f) => [f.severity, f.run, f.message])).toEqual([
      [
        "warning",
        null,
        "repeat 1 is the slowest repeat at 9 of 9 points: its total_token_throughput is 40.2 % below the mean of the other repeats (median; from −45.6 % to −27.4 %). A cold first repeat widens every interval; `warmup_repeats: 1` in the plan leaves it out of the means"
      ]
    ]);
  });

  it("no flag where the repeats agree: a cold repeat needs most points, the cache a growing hit rate", async () => {
    const dir = join(root, "steady");
    const steady = Object.fromEntries(
      Object.entries(REPEAT_TPS).map(([point, values], i) => [
        point,
        values.map((v, k) => (v == null ? v : 1000 + 10 * ((i + k) % 3)))
      ])
    );
    writeRepeatsFixture(dir, undefined, steady, {
      "prefix-caching--t2048-pc--chat": CACHED_REPEATS.map((t) => ({...t, hitRate: 0.5}))
    });
    const {report: other} = await loadStudy(dir, process.cwd());
    expect(other.findings.filter((f) => f.code === "repeat-outlier" || f.code === "prefix-cache-warming")).toEqual([]);
  });

  it("the step page carries the flags that concern it", () => {
    const pages = [...stepPages(report, rows)];
    const prefix = pages.find((p) => p.step.id === "prefix-caching")!;
    expect(prefix.findings?.map((f) => f.code)).toEqual(["prefix-cache-warming", "repeat-outlier"]);
    const first = pages.find((p) => p.step.id === "max-batch-tokens")!;
    expect(first.findings?.map((f) => f.code)).toEqual(["repeat-outlier"]);
  });

  it("the Turkish step page says both flags in Turkish, the English page in English", () => {
    const prefix = JSON.parse(JSON.stringify([...stepPages(report, rows)].find((p) => p.step.id === "prefix-caching")));
    const flags = (lang: "en" | "tr") =>
      [...(repeatFlags(prefix, lang) as HTMLElement).querySelectorAll("li")].map((li) => li.textContent);
    expect(flags("tr")).toEqual([
      "prefix-caching--t2048-pc--chat: önek önbelleğinin isabet oranı tekrarlar boyunca artıyor (0.014 → 0.985 → 0.985): ilkinden sonraki tekrarlar önbellekten sunuldu, bu yüzden yapılandırmayı değil önbelleği ölçüyorlar; her tekrara kendi istemlerini verin (canlı mod seed + k − 1 gönderir; L seviyeli bir yük merdiveninin 0'dan sayılan i. seviyesinde seed + (k − 1) × L + i)",
      "tekrar 1, 9 noktadan 9 tanesinde en yavaş tekrar: total_token_throughput değeri diğer tekrarların ortalamasının %40.2 altında (medyan; −%45.6 ile −%27.4 arası). Soğuk bir ilk tekrar her aralığı genişletir; plandaki `warmup_repeats: 1` onu ortalamaların dışında bırakır"
    ]);
    expect(flags("en")).toEqual(
      prefix.findings.map((f: {run: string | null; message: string}) => (f.run ? `${f.run}: ${f.message}` : f.message))
    );
  });

  it("the Turkish quality page lists them in Turkish too", () => {
    const table = findingsTable(qualityPage(report, rows), {lang: "tr", root: "../"});
    expect(table.textContent).toContain(
      "önek önbelleğinin isabet oranı tekrarlar boyunca artıyor (0.014 → 0.985 → 0.985)"
    );
    expect(table.textContent).toContain("tekrar 1, 9 noktadan 9 tanesinde en yavaş tekrar");
  });

  it("warmup_repeats: 1 leaves repeat 1 out of every mean and interval, keeps it listed, and says so", async () => {
    const dir = join(root, "warmup");
    writeRepeatsFixture(dir, (yaml) => yaml + "warmup_repeats: 1\n", REPEAT_TPS, {
      "prefix-caching--t2048-pc--chat": CACHED_REPEATS
    });
    const warm = await loadStudy(dir, process.cwd());
    const t8192 = warm.report.steps[0].standings.chat.find((s) => s.candidate === "t8192")!;
    expect([t8192.n, t8192.failed_repeats, t8192.value]).toEqual([2, 0, (5855 + 5697) / 2]);
    expect(t8192.runs).toEqual([
      "max-batch-tokens--t8192--chat",
      "max-batch-tokens--t8192--chat--r2",
      "max-batch-tokens--t8192--chat--r3"
    ]);
    expect(warm.report.study.warmup_repeats).toBe(1);
    expect(warm.report.study.repeats).toEqual({min: 1, max: 2});
    expect(warm.report.findings.filter((f) => f.code === "repeat-outlier")).toEqual([]);
    expect(repeatsNote(warm.report.study, "en")).toContain(
      "Repeat 1 of each point is a warm-up (warmup_repeats: 1 in the plan): it ran and is listed, but no mean or interval includes it."
    );
    expect(repeatsNote(warm.report.study, "tr")).toContain("ısınma");
  });
});
