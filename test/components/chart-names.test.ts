// A step chart names each candidate so that it can be told apart. The Qwen3-8B on H100 write-up names its speculative
// decoding candidates by their flags, 87 to 157 characters that differ only after the 26th: each of the 9 bars read
// "--speculative-algorithm EA…".
import "../../src/render/dom.js";
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {homePage} from "../../loaders/pages/home.js";
import {stepPages} from "../../loaders/pages/step.js";
import {columnRows} from "../../src/components/columnRows.js";
import {headroomChartSpec} from "../../src/components/headroomChart.js";
import {beforeAfterSpec, changeChartSpec} from "../../src/components/headlineCharts.js";
import {headroomRuns} from "../../src/components/headroomRuns.js";
import {axisNames} from "../../src/components/chartLabels.js";
import {stepChartSpec} from "../../src/components/stepChart.js";
import {chartSvg} from "../../src/components/vegaChart.js";
import {pageContext} from "../../src/render/page-context.js";
import {importedWriteup} from "../support/writeup-study.js";

const writeup = importedWriteup("qwen3-8b--h100-latency");

/** The text of each label of the chart's axes (or legends), a label's lines joined by " / ", axis by axis. */
function axisLabels(svg: string, role = "axis"): string[][] {
  return [...svg.matchAll(new RegExp(`role-${role}-label"[^>]*>(.*?)</g>`, "g"))].map(([, group]) =>
    [...group.matchAll(/<text[^>]*>(.*?)<\/text>/g)].map(([, text]) =>
      text.includes("<tspan") ? [...text.matchAll(/<tspan[^>]*>(.*?)<\/tspan>/g)].map((m) => m[1]).join(" / ") : text
    )
  );
}

describe("a step chart's candidate names", () => {
  it("tells every candidate of the write-up's speculative decoding step apart, and keeps each label whole in its tooltip", async () => {
    const page = [...stepPages(writeup().report, writeup().rows)].find((p) => p.step.id === "speculative-decoding")!;
    const labels = page.step.candidates.map((c) => c.label);
    expect(labels).toHaveLength(9);
    expect(new Set(labels.map((label) => label.slice(0, 26))).size).toBe(1);
    const spec = stepChartSpec(page.step, page.rows, page, {...pageContext("en", "../"), width: 820});
    const names = axisLabels(await chartSvg(spec)).find((axis) => axis.some((label) => /[a-z]/.test(label)))!;
    expect(names).toHaveLength(9);
    expect(new Set(names).size).toBe(9);
    expect(names).toContain("draft-model-path AngelSli… / num-steps 4 eagle-topk 4 / num-draft-tokens 16 · c4");
    expect(names).toContain("draft-model-path Tengyunw… / num-steps 2 eagle-topk 1 / num-draft-tokens 4 · c4");
    // The flags every candidate shares are not on the axis; the tooltip gives the label as the study names it.
    expect(names.join(" ")).not.toContain("algorithm");
    expect(JSON.stringify(spec)).toContain(`"candidate":${JSON.stringify(`${labels[0]} · c4`)}`);
  });

  it("tells every run of the write-up's headroom chart apart", async () => {
    const report = JSON.parse(JSON.stringify(headroomPage(writeup().report, writeup().rows))) as ReturnType<
      typeof headroomPage
    >;
    const context = pageContext("en", "./");
    const [scenario] = report.headroom!.scenarios;
    const runs = headroomRuns(columnRows(report.columns), report, scenario.scenario, context);
    const labels = runs.map((r) => r.label);
    expect(labels.filter((label) => label.startsWith("--speculative-algorithm EAGLE3 "))).toHaveLength(9);
    const spec = headroomChartSpec(scenario, runs, report, {...context, width: 820});
    const names = axisLabels(await chartSvg(spec)).find((axis) => axis.some((label) => /[a-z]/.test(label)))!;
    expect(names).toHaveLength(labels.length);
    expect(new Set(names).size).toBe(labels.length);
    expect(names).toContain("Maximum batch size for / cuda graph in SGLang · c4");
    expect(names.filter((name) => name.endsWith("…"))).toEqual([]);
  });

  it("says the home page's recommendation whole in the legend, over as many lines as it needs", async () => {
    const report = JSON.parse(JSON.stringify(homePage(writeup().report, writeup().rows))) as ReturnType<
      typeof homePage
    >;
    const spec = beforeAfterSpec(report.headline, report, {...pageContext("en", "./"), width: 820, dark: false});
    const legend = axisLabels(await chartSvg(spec), "legend").flat();
    expect(legend.map((label) => label.replaceAll(" / ", " "))).toEqual([
      "Baseline",
      `Recommended: ${report.recommended.label}`
    ]);
    expect(report.recommended.label.length).toBeGreaterThan(72);
  });

  it("says a long candidate whole in the legend of a step over several scenarios, and a long scenario on its axis", async () => {
    const seed = await loadStudy("data/studies/qwen3-32b-a100");
    const long =
      "--speculative-algorithm EAGLE3 --speculative-num-steps 4 --speculative-num-draft-tokens 16 (TensorRT-LLM)";
    const page = JSON.parse(
      JSON.stringify([...stepPages(seed.report, seed.rows)].find((p) => p.step.id === "other-scenarios"))
        .replaceAll("Recommended (TensorRT-LLM)", long)
        .replaceAll('"Short prompt"', '"Short prompt (256 input tokens, 64 output)"')
    ) as ReturnType<typeof stepPages> extends Iterable<infer P> ? P : never;
    expect(page.step.scenarios).toHaveLength(4);
    const spec = stepChartSpec(page.step, page.rows, page, {...pageContext("en", "../"), width: 820});
    const legend = axisLabels(await chartSvg(spec), "legend").flat();
    expect(legend.map((label) => label.replaceAll(" / ", " "))).toEqual(["Baseline (vLLM, defaults)", long]);
    expect(legend[1].split(" / ").length).toBe(2);
    // Its scenarios on the axis, one that does not fit over two lines.
    const axis = axisLabels(await chartSvg(spec)).find((labels) => labels.some((label) => /[a-z]/.test(label)))!;
    expect(axis).toEqual([
      "Short prompt (256 input / tokens, 64 output)",
      "Medium prompt",
      "Long prompt",
      "Very long prompt"
    ]);
  });

  // The H200 ladder's scenario, 28 characters in Turkish: "Sohbet (256 girdi, 64 çıkt…" on the home page's charts.
  it("says a scenario whole on the home page's charts, over two lines where it needs them", async () => {
    const ladder = await loadStudy("data/studies/h200-ladder");
    const report = JSON.parse(JSON.stringify(homePage(ladder.report, ladder.rows))) as ReturnType<typeof homePage>;
    const options = {...pageContext("tr", "../"), width: 820, dark: false};
    for (const spec of [
      changeChartSpec(report.headline, report, options),
      beforeAfterSpec(report.headline, report, options)
    ]) {
      const names = axisLabels(await chartSvg(spec)).find((axis) => axis.some((label) => /[a-z]/.test(label)))!;
      expect(names).toEqual(["Sohbet (256 girdi, 64 / çıktı)"]);
    }
  });

  it("leaves labels that fit as they are", () => {
    expect(axisNames(["vLLM", "SGLang", "--max-num-tokens 16384"])).toEqual(
      new Map([
        ["vLLM", ["vLLM"]],
        ["SGLang", ["SGLang"]],
        ["--max-num-tokens 16384", ["--max-num-tokens 16384"]]
      ])
    );
  });

  it("keeps a flag's value whole, cutting its name in the middle, and names one flag's values by that flag", () => {
    expect(axisNames(["--max-num-batched-tokens 4096", "--max-num-batched-tokens 32768"])).toEqual(
      new Map([
        ["--max-num-batched-tokens 4096", ["--max-num-…hed-tokens 4096"]],
        ["--max-num-batched-tokens 32768", ["--max-num-…ed-tokens 32768"]]
      ])
    );
  });

  it("packs a long name of words into lines whole, and keeps a label that is all shared flags whole", () => {
    expect(axisNames(["Maximum batch size for cuda graph in SGLang", "SGLang"])).toEqual(
      new Map([
        ["Maximum batch size for cuda graph in SGLang", ["Maximum batch size for", "cuda graph in SGLang"]],
        ["SGLang", ["SGLang"]]
      ])
    );
    expect(axisNames(["--a-flag 1 --speculative-num-steps 4", "--a-flag 1"])).toEqual(
      new Map([
        ["--a-flag 1 --speculative-num-steps 4", ["--speculative-num-steps 4"]],
        ["--a-flag 1", ["--a-flag 1"]]
      ])
    );
  });
});
