// A claim about one metric named it by its key on the quality page and the site's index: the seed's "total_token_throughput
// of engine-selection--trtllm--sharegpt", a write-up's "mean_tpot_ms of the recommended configuration, ShareGPT", in
// both languages, where every table and chart names it "Total Token throughput (tok/s)" and "Mean TPOT (ms)".
import "../../src/render/dom.js";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {importWriteup} from "../../loaders/import/writeup/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {claimSummary} from "../../loaders/analysis/claim-summary.js";
import {claimsTable, claimSubject} from "../../src/components/qualityTables.js";

describe("a claim about a metric", () => {
  it("names the metric as the pages do, in both languages", async () => {
    const {report} = await loadStudy("data/studies/qwen3-32b-a100");
    const value = report.claims.find((c) => c.id === "value-engine-trtllm")!;
    expect(claimSubject(value, "en")).toBe("Total Token throughput (tok/s) of engine-selection--trtllm--sharegpt");
    expect(claimSubject(value, "tr")).toBe("engine-selection--trtllm--sharegpt için Toplam token işlem hacmi (tok/s)");
    const table = claimsTable(report, {lang: "en", root: "./"});
    const rows = [...table.querySelectorAll("tbody th")].map((th) => th.textContent);
    expect(rows).toContain("Total Token throughput (tok/s) of engine-selection--vllm--sharegpt");
    expect(rows.join("\n")).not.toContain("total_token_throughput");
  });

  it("keeps the metric beside the subject for a site's index of contradicted figures", () => {
    const summary = claimSummary([
      {
        id: "v",
        kind: "value",
        metric: "mean_tpot_ms",
        subject: {en: "mean_tpot_ms of r1", tr: "r1 için mean_tpot_ms"},
        published: "10",
        recomputed: "12",
        status: "contradicted",
        detail: null
      }
    ]);
    expect(claimSubject(summary.contradictions[0], "en")).toBe("Mean TPOT (ms) of r1");
  });

  // The latency page publishes its mean latencies in seconds: "Mean E2EL (ms) of …" stood beside "1.61 s".
  it("names the unit the write-up published in, where it is not the metric's own", async () => {
    const dir = mkdtempSync(join(tmpdir(), "tps-claim-subject-"));
    try {
      importWriteup("test/fixtures/writeups/qwen3-8b--h100-latency.md", join(dir, "study"));
      const {report} = await loadStudy(join(dir, "study"));
      const value = report.claims.find((c) => c.id === "value-choosing-the-inference-engine-sglang")!;
      expect(value.published).toBe("1.61 s");
      expect(claimSubject(value, "en")).toBe("Mean E2EL (s) of choosing-the-inference-engine--sglang--sharegpt");
      expect(claimSubject(value, "tr")).toBe("choosing-the-inference-engine--sglang--sharegpt için Ortalama E2EL (s)");
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});
