// A study whose steps found nothing faster than its baseline beyond noise (the H200 ladder, a real GPU run): the home
// page said "The recommended configuration raises throughput in 0 of 1 scenarios." before saying that in each
// scenario the recommendation is the baseline itself, a count of gains where none could be. The Turkish sentence put
// one scenario in the plural ("Sohbet (…) senaryolarında").
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {homePage} from "../../loaders/pages/home.js";
import {headlineSummary} from "../../src/components/headlineSummary.js";

describe("the headline sentence when the recommendation is the baseline in every scenario", () => {
  it("says so, and counts no gains, in both languages", async () => {
    const {report, rows} = await loadStudy("data/studies/h200-ladder");
    const home = homePage(report, rows);
    expect(home.headline.map((r) => r.baseline_run === r.recommended_run)).toEqual([true]);
    expect(headlineSummary(home, "en")).toBe(
      "In Chat (256 in, 64 out) the recommended configuration is the baseline itself."
    );
    expect(headlineSummary(home, "tr")).toBe(
      "Sohbet (256 girdi, 64 çıktı) için önerilen yapılandırma temel yapılandırmanın kendisidir."
    );
  });
});
