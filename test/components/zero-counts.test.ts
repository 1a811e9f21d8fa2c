// Counts of nothing, said as counts: gpu-tune's quality page said "0 claims checked." above "The study published no
// claims.", and each of its run pages "16 requests, 0 of them with an error (left out of the distributions)".
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {claimCounts} from "../../src/components/qualityTables.js";
import {requestTable} from "../../src/components/requestTable.js";

const STUDY = "data/studies/gpu-tune";

describe("counts of nothing", () => {
  it("a study with no claims gets no count of them: the table's line says so", async () => {
    const {report} = await loadStudy(STUDY);
    expect(report.claims).toEqual([]);
    expect(claimCounts(report, "en")).toBe("");
    expect(claimCounts(report, "tr")).toBe("");
    const seed = (await loadStudy("data/studies/qwen3-32b-a100")).report;
    expect(claimCounts(seed, "en")).toMatch(/^\d+ claims checked: \d+ confirmed/);
  });

  it("a run whose requests all succeeded says none had an error, in both languages", async () => {
    const {plan} = await loadStudy(STUDY);
    const detail = await runDetail(STUDY, "defaults--defaults--chat--c16", plan);
    expect(detail.requests!.failed).toBe(0);
    const intro = (lang: "en" | "tr") =>
      (requestTable(detail, {lang, root: "../"}) as HTMLElement).querySelector("p")!.textContent;
    expect(intro("en")).toBe(
      "The run saved every request's timings: 16 requests, none with an error. The spread, recomputed from the saved arrays:"
    );
    expect(intro("tr")).toBe(
      "Koşu her isteğin zamanlamalarını kaydetti: 16 istek, hiçbiri hatalı değil. Kaydedilen dizilerden yeniden hesaplanan dağılımlar:"
    );
  });
});
