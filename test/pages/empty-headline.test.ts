// A study whose recommended configuration shares no scenario with the baseline (seen on the whole real corpus imported
// as one study): the home page said "raises throughput in 0 of 0 scenarios".
import {describe, expect, it} from "vitest";
import {headlineSummary} from "../../src/components/headlineSummary.js";

const report = {headline: [], study: {scenarios: []}};

describe("the headline sentence with no scenario to compare", () => {
  it("says that no scenario has both, in both languages", () => {
    expect(headlineSummary(report, "en")).toBe(
      "The baseline and the recommended configuration ran no scenario in common, so there is no before and after to compare."
    );
    expect(headlineSummary(report, "tr")).toBe(
      "Temel yapılandırma ile önerilen yapılandırmanın ortak senaryosu yok; önce ve sonra karşılaştırılamıyor."
    );
  });
});
