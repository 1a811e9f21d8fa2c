// What no imported file states reads "not recorded" on the pages (issue 23 item 2); on the Turkish pages it read
// "not recorded" too, in English, and the coverage prose said a step "was tuned only on not recorded".
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importResults} from "../../loaders/import/index.js";
import type {Fragment, PageFragments} from "../../src/render/fragment.js";
import {siteFragments} from "../../src/render/page-fragments.js";
import {corpusSources} from "../support/import-corpus.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-not-recorded-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));

const shown = (fragment: Fragment) =>
  ("html" in fragment ? fragment.html : fragment.text)
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

async function pages(dir: string, wanted: string[]): Promise<Record<string, PageFragments>> {
  const study = await loadStudy(dir);
  const out: Record<string, PageFragments> = {};
  await siteFragments(study, dir, (path, fragments) => {
    if (wanted.includes(path)) out[path] = fragments;
  });
  return out;
}

describe("facts no file states, on the setup page", () => {
  it("read 'not recorded' in English and 'kaydedilmemiş' in Turkish", async () => {
    const dir = join(tmp, "single");
    // vLLM without its version; a dataset the file does not name.
    importResults([{path: join(CORPUS, "vllm-json/er0080-bench_serve_v0.25.1.json"), set: {}}], dir);
    const {"/setup": en, "/tr/setup": tr} = await pages(dir, ["/setup", "/tr/setup"]);
    expect(shown(en.engines)).toBe("Engine Version vLLM not recorded");
    expect(shown(tr.engines)).toBe("Motor Sürüm vLLM kaydedilmemiş");
    expect(shown(en.scenarios)).toContain("concurrency 2 not recorded");
    // The scenario's name, which import gave it from its shape, is in the page's language too.
    expect(shown(tr.scenarios)).toContain("eşzamanlılık 2 kaydedilmemiş");
    expect(shown(tr.scenarios)).not.toContain("not recorded");
    expect(shown(tr.scenarios)).not.toContain("concurrency");
  });
});

describe("a step tuned on an engine no file names", () => {
  it("says so in words, in both languages (the whole corpus as one study)", async () => {
    const dir = join(tmp, "corpus");
    const sources = corpusSources(CORPUS);
    importResults(sources, dir);
    const {"/summary": en, "/tr/summary": tr} = await pages(dir, ["/summary", "/tr/summary"]);
    expect(shown(en.coverage)).not.toContain("only on not recorded");
    // Eight steps, in one sentence since they share the engine.
    expect(shown(en.coverage)).toContain("were tuned only on an engine that is not recorded.");
    expect(shown(tr.coverage)).not.toContain("not recorded");
    expect(shown(tr.coverage)).toContain("yalnızca kaydedilmemiş bir motor üzerinde ayarlandı.");
  }, 120_000);
});
