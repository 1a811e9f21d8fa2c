// The summary's coverage paragraph groups what it says of several steps. On the Qwen3.5-35B-A3B write-up (H200,
// test/fixtures) it said "… was tuned only on vLLM." five times over and "The … decision (…) was never re-tested
// after it: no later step ran two of its values successfully with the same settings." five times over: a paragraph of
// 1,700 characters that read as one sentence repeated.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {coverageParagraph} from "../../src/components/coverageText.js";

const root = mkdtempSync(join(tmpdir(), "tps-coverage-grouped-"));
let page: ReturnType<typeof summaryPage>;

beforeAll(async () => {
  const dir = join(root, "study");
  await importWriteup("test/fixtures/writeups/qwen3.5-35b-a3b--h200.md", dir);
  const {report, rows} = await loadStudy(dir);
  page = summaryPage(report, rows);
}, 120_000);
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("the coverage paragraph of a write-up that tuned five steps on one engine", () => {
  it("names the steps tuned on one engine in one sentence, and the decisions never re-tested in one", () => {
    const en = coverageParagraph(page.coverage, page, "en");
    expect(en).toContain(
      "Quantization, Prefix Cache && Quantization, Performance Mode && Prefix Cache && Quantization, " +
        "KV Cache Dtype && Prefix Cache && Performance Mode && Quantization and Speculative Decoding && Quantization " +
        "were tuned only on vLLM. "
    );
    expect(en).toContain(
      "The engine (Baseline of the Inference Engine), quantization (Quantization), --enable-prefix-caching " +
        "(Prefix Cache && Quantization), --performance-mode (Performance Mode && Prefix Cache && Quantization) and " +
        "--kv-cache-dtype (KV Cache Dtype && Prefix Cache && Performance Mode && Quantization) decisions were never " +
        "re-tested after they were made: no later step ran two values of any of them successfully with the same settings. "
    );
    expect(en.match(/was tuned only on/g)).toBeNull();
    expect(en.match(/was never re-tested/g)).toBeNull();
    const tr = coverageParagraph(page.coverage, page, "tr");
    expect(tr).toContain("Speculative Decoding && Quantization adımları yalnızca vLLM üzerinde ayarlandı.");
    expect(tr).toContain("kararları alındıkları adımdan sonra bir daha sınanmadı");
    expect(tr.match(/yalnızca vLLM üzerinde ayarlandı/g)).toHaveLength(1);
  });
});
