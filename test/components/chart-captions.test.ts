// What a screen reader hears of a chart's axes, legends, titles and parts: Vega's English captions (these are the seed's and the H200
// ladder's, as Vega wrote them), unchanged on English pages and said in Turkish on Turkish ones.
import {describe, expect, it} from "vitest";
import {guideCaption, guideCaptions, roleCaption} from "../../src/components/chartCaptions.js";

const VEGA = [
  "Symbol legend for fill color and stroke color with 2 values: running, waiting",
  "Symbol legend titled 'Engine' for fill color with 3 values: vLLM, SGLang, TensorRT-LLM",
  "X-axis for a linear scale with values from −150 to +350",
  "X-axis titled 'p99 TTFT, mean over the repeats (ms), log scale' for a log scale with values from 67.07 to 20,000",
  "Y-axis for a discrete scale with 2 values: Baseline (vLLM, defaults), Recommended (TensorRT-LLM)",
  "Y-axis for a discrete scale with 9 values: TensorRT-LLM, max_num_tokens=16384, vLLM AWQ, vLLM, max_num_tokens=32768, ending with TensorRT-LLM AWQ",
  "Symbol legend titled 'Motor' for fill color with 1 value: vLLM"
];

describe("a chart's axis and legend captions", () => {
  it("are Vega's own on an English page, word for word", () => {
    for (const caption of VEGA) expect(guideCaption(caption, "en")).toBe(caption);
  });

  it("are said in Turkish on a Turkish page, with the chart's own names and figures in place", () => {
    expect(VEGA.map((caption) => guideCaption(caption, "tr"))).toEqual([
      "Simge göstergesi, dolgu rengi ve çizgi rengi: 2 değer: running, waiting",
      "Simge göstergesi 'Engine', dolgu rengi: 3 değer: vLLM, SGLang, TensorRT-LLM",
      "X ekseni, doğrusal ölçek: −150 ile +350 arası değerler",
      "X ekseni 'p99 TTFT, mean over the repeats (ms), log scale', logaritmik ölçek: 67.07 ile 20,000 arası değerler",
      "Y ekseni, ayrık ölçek: 2 değer: Baseline (vLLM, defaults), Recommended (TensorRT-LLM)",
      "Y ekseni, ayrık ölçek: 9 değer: TensorRT-LLM, max_num_tokens=16384, vLLM AWQ, vLLM, max_num_tokens=32768, sonuncusu TensorRT-LLM AWQ",
      "Simge göstergesi 'Motor', dolgu rengi: 1 değer: vLLM"
    ]);
  });

  it("are left as Vega wrote them where Vega writes a form it has no words for", () => {
    const boundaries = "Symbol legend for fill color with 3 boundaries: 10, 20, 30";
    expect(guideCaption(boundaries, "tr")).toBe(boundaries);
  });
});

describe("a chart's titles and the roles of its parts", () => {
  // The parts of the seed's step chart as Vega wrote them: its title, a bar, and the containers around them.
  const svg = [
    `<g class="mark-group role-frame root" role="graphics-object" aria-roledescription="group mark container">`,
    `<g class="mark-rect role-mark" role="graphics-object" aria-roledescription="rect mark container">`,
    `<path role="graphics-symbol" aria-roledescription="bar" d="M0,0h1v1h-1Z"><title>Aday: vLLM</title></path>`,
    `<path role="graphics-symbol" aria-roledescription="rect mark" d="M0,0h1v1h-1Z"></path>`,
    `<g class="mark-text role-title-text" role="graphics-symbol" aria-roledescription="title" aria-label="Title text 'Toplam token işlem hacmi (tok/s)'" pointer-events="none">`,
    `<g class="mark-group role-axis" role="graphics-symbol" aria-roledescription="axis" aria-label="X-axis for a linear scale with values from 0 to 450">`
  ].join("");

  it("are Vega's own on an English page, word for word", () => {
    expect(guideCaptions(svg, "en")).toBe(svg);
  });

  it("are said in Turkish on a Turkish page", () => {
    const said = guideCaptions(svg, "tr");
    expect(
      [...said.matchAll(/aria-roledescription="([^"]*)"(?: aria-label="([^"]*)")?/g)].map((m) => m.slice(1))
    ).toEqual([
      ["grup işaretleri", undefined],
      ["dikdörtgen işaretleri", undefined],
      ["çubuk", undefined],
      ["dikdörtgen işareti", undefined],
      ["başlık", "Başlık 'Toplam token işlem hacmi (tok/s)'"],
      ["eksen", "X ekseni, doğrusal ölçek: 0 ile 450 arası değerler"]
    ]);
    expect(said.replace(/aria-roledescription="[^"]*"(?: aria-label="[^"]*")?/g, "")).toBe(
      svg.replace(/aria-roledescription="[^"]*"(?: aria-label="[^"]*")?/g, "")
    );
  });

  it("are left as Vega wrote them where it names a part it has no word for", () => {
    expect(roleCaption("geoshape", "tr")).toBe("geoshape");
    expect(roleCaption("rect mark container", "tr")).toBe("dikdörtgen işaretleri");
  });
});
