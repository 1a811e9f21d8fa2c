// Issue 26: a trade-off point's hover text (its SVG <title>) names each value once, with the run's recorded figures and
// no link address: Vega-Lite's default description repeated the axes, the scenario and the href for each of up to
// 1,000 points (a third of /runs/'s chart at 17,000 runs) and showed the throughput rounded to the axis's integers.
import "../../src/render/dom.js";
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {columnRows} from "../../src/components/columnRows.js";
import {tradeoffSpec} from "../../src/components/tradeoffChart.js";
import {chartSvg} from "../../src/components/vegaChart.js";
import type {Lang} from "../../src/components/i18n.js";

let seed: StudyData;
beforeAll(async () => {
  seed = await loadStudy("data/studies/qwen3-32b-a100");
});

/** Each drawn point's link and hover text. */
async function pointTitles(lang: Lang): Promise<Map<string, string>> {
  const page = JSON.parse(JSON.stringify(runsPage(seed.report, seed.rows)));
  const svg = await chartSvg(tradeoffSpec(columnRows(page.columns), page, {lang, root: "../", width: 820}));
  return new Map([...svg.matchAll(/<a href="([^"]*)"><path[^>]*><title>([^<]*)<\/title>/g)].map((m) => [m[1], m[2]]));
}

describe("a trade-off point's hover text", () => {
  it("gives the candidate, scenario, recorded throughput and TPOT and the front once each", async () => {
    const titles = await pointTitles("en");
    // The seed's vLLM run on ShareGPT recorded 1730.98 tok/s at a mean TPOT of 149.67 ms, off the front.
    expect(titles.get("../runs/engine-selection--vllm--sharegpt")).toBe(
      "Candidate: vLLM; Scenario: ShareGPT; Total Token throughput (tok/s): 1730.98; Mean TPOT (ms): 149.67; Pareto front: dominated"
    );
    expect(titles.size).toBe(seed.rows.filter((r) => r.status === "ok").length);
    for (const title of titles.values()) expect(title).not.toMatch(/href|— log/);
  });

  it("in Turkish too", async () => {
    const title = (await pointTitles("tr")).get("../tr/runs/engine-selection--vllm--sharegpt");
    expect(title).toMatch(/^Aday: vLLM; .*1730\.98; .*149\.67; /);
  });
});
