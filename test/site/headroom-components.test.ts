// The Headroom page's pure helpers on the seed study: runs against their ceilings, headline shares, sentences, chart.
import {beforeAll, describe, expect, it} from "vitest";
import {runsCsv} from "../../loaders/export/csv.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {formatShare} from "../../src/components/format.js";
import {chartedRuns, headroomChartSpec, MAX_CHART_RUNS} from "../../src/components/headroomChart.js";
import {headroomHeadline, headroomRuns, realisticBand, type HeadroomRun} from "../../src/components/headroomRuns.js";
import {chartNote} from "../../src/components/headroomSection.js";
import {
  bindingMeaning,
  bindingSentence,
  ceilingGapSentence,
  headroomUnavailableText
} from "../../src/components/headroomText.js";
import {headroomAnchor, headroomHref} from "../../src/components/links.js";
import {parseRunsCsv} from "../support/runs-csv.js";

let report: Report;
let rows: RunRow[];
const en = {lang: "en" as const, root: "./"};
const tr = {lang: "tr" as const, root: "../"};

beforeAll(async () => {
  const study = await loadStudy("data/studies/qwen3-32b-a100");
  report = study.report;
  // The rows as a user downloads them: through runs.csv.
  rows = parseRunsCsv(runsCsv(study.rows)).rows;
});

const scenario = (id: string) => report.headroom!.scenarios.find((s) => s.scenario === id)!;

describe("formatShare", () => {
  it("prints a share of a whole with one decimal and no sign", () => {
    expect(formatShare(0.7039688624453024)).toBe("70.4%");
    expect(formatShare(0.35202)).toBe("35.2%");
    expect(formatShare(1)).toBe("100.0%");
    expect(formatShare(0)).toBe("0.0%");
    expect(formatShare(null)).toBe("—");
    expect(formatShare(Number.NaN)).toBe("—");
  });
});

describe("headroom runs", () => {
  it("lists ShareGPT's runs by throughput with their own ceilings, failed runs last in plan order", () => {
    const runs = headroomRuns(rows, report, "sharegpt", en);
    expect(
      runs.map((r) => [r.label, r.engine, r.role, formatShare(r.ratio), r.ceiling?.toFixed(2) ?? null, r.binding])
    ).toEqual([
      ["TensorRT-LLM", "TensorRT-LLM", "recommended", "41.8%", "4917.27", "compute"],
      ["max_num_tokens=16384", "TensorRT-LLM", null, "38.6%", "4917.28", "compute"],
      ["vLLM AWQ", "vLLM", null, "35.9%", "4917.16", "compute"],
      ["vLLM", "vLLM", "baseline", "35.2%", "4917.27", "compute"],
      ["max_num_tokens=32768", "TensorRT-LLM", null, "33.1%", "4917.27", "compute"],
      ["vLLM FP8", "vLLM", null, "31.8%", "4917.32", "compute"],
      ["SGLang", "SGLang", null, "28.4%", "4917.26", "compute"],
      ["TensorRT-LLM FP8", "TensorRT-LLM", null, "—", null, null],
      ["TensorRT-LLM AWQ", "TensorRT-LLM", null, "—", null, null]
    ]);
    expect(runs[0].href).toBe("./runs/engine-selection--trtllm--sharegpt");
    expect(runs[0].effectiveTflops).toBeCloseTo(130.337, 3);
    expect(runs.at(-1)).toMatchObject({failed: true, throughput: null, error: "KeyError: 'weight'"});
  });

  it("gives every one of the 15 measured runs a ratio below 1 and a binding resource", () => {
    const all = report.study.scenarios.flatMap((s) => headroomRuns(rows, report, s.id, tr));
    expect(all).toHaveLength(17);
    const measured = all.filter((r) => !r.failed);
    expect(measured).toHaveLength(15);
    for (const r of measured) {
      expect(r.binding, r.run).toBe("compute");
      expect(r.ceiling!, r.run).toBeGreaterThan(r.throughput!);
      expect(r.ratio!, r.run).toBeCloseTo(r.throughput! / r.ceiling!, 12);
    }
    expect(all[0].href).toBe("../tr/runs/engine-selection--trtllm--sharegpt");
    expect(all[0].stepTitle).toBe("Çıkarım motoru seçimi");
  });

  it("tells apart two runs of a scenario that share a label, by their step", () => {
    const copy = rows.map((r) => (r.run === "quantization--vllm-awq--sharegpt" ? {...r, label: "vLLM"} : r));
    const labels = headroomRuns(copy, report, "sharegpt", en).map((r) => r.label);
    expect(labels).toContain("vLLM (Quantization)");
    expect(labels).toContain("vLLM (Engine selection)");
  });

  it("spans the realistic band between the realistic ceiling and the no-overlap figure, whichever is lower", () => {
    expect(realisticBand(scenario("sharegpt")).map((v) => v.toFixed(2))).toEqual(["3196.22", "4234.19"]);
    expect(realisticBand(scenario("long")).map((v) => v.toFixed(2))).toEqual(["2652.38", "3032.74"]);
  });
});

describe("headroom headline", () => {
  it("gives each scenario's baseline and recommended share of the ceiling", () => {
    const headline = headroomHeadline(report, rows);
    expect(
      headline.map((h) => [
        h.scenario,
        h.ceiling?.toFixed(2),
        formatShare(h.baselineRatio),
        formatShare(h.recommendedRatio),
        h.pointsGained?.toFixed(1)
      ])
    ).toEqual([
      ["sharegpt", "4917.26", "35.2%", "41.8%", "6.6"],
      ["short", "5022.30", "52.9%", "70.4%", "17.5"],
      ["medium", "4825.68", "52.2%", "56.3%", "4.0"],
      ["long", "4665.76", "39.4%", "43.7%", "4.3"],
      ["very-long", "3248.33", "55.4%", "48.7%", "-6.7"]
    ]);
  });

  it("says how much of the distance to the ceiling a gain covers, or how far a loss moves away", () => {
    const [sharegpt, , , , veryLong] = headroomHeadline(report, rows);
    expect(ceilingGapSentence(sharegpt, "en")).toBe(
      "The baseline reaches 35.2% of its hard ceiling and the recommended configuration 41.8%: the +18.7% throughput change covers 6.6 of the 64.8 percentage points that separated the baseline from the ceiling."
    );
    expect(ceilingGapSentence(veryLong, "en")).toBe(
      "The baseline reaches 55.4% of its hard ceiling and the recommended configuration 48.7%: the −12.1% throughput change moves 6.7 percentage points further from the ceiling."
    );
    expect(ceilingGapSentence(sharegpt, "tr")).toMatch(/^Temel yapılandırma sert tavanının 35\.2% kadarına/);
    expect(ceilingGapSentence({...sharegpt, baselineRatio: null}, "en")).toBe("");
  });
});

describe("headroom sentences", () => {
  it("explains a compute-bound scenario with its times and KV capacity", () => {
    expect(bindingSentence(scenario("sharegpt"), "en")).toBe(
      "Compute binds: at peak, the scenario's matrix work takes 85.18 s, longer than the 55.26 s it takes to read the weights and KV cache from memory; the KV cache (42549 tokens) holds 194 sequences of this length at once."
    );
    expect(bindingSentence(scenario("very-long"), "en")).toContain("holds one sequence of this length at once");
    expect(bindingSentence(scenario("short"), "tr")).toBe(
      "Hesaplama bağlayıcı: senaryonun matris işlemleri tepe hızda 26.22 s sürüyor, ağırlıkları ve KV önbelleğini bellekten okumak ise 0.38 s; KV önbelleği (42549 token) bu uzunlukta aynı anda 330 dizi tutabiliyor."
    );
  });

  it("explains bandwidth and KV capacity with the same numbers when they bind", () => {
    const bandwidth = {...scenario("short"), binding: "bandwidth" as const, compute_s: 1.5, memory_s: 3.25};
    expect(bindingSentence(bandwidth, "en")).toBe(
      "Memory bandwidth binds: reading the weights and KV cache from memory takes 3.25 s at peak, longer than the 1.50 s of matrix work, and the KV cache (42549 tokens) holds 330 sequences at once, so capacity does not hold decoding back."
    );
    const kv = {...bandwidth, binding: "kv-capacity" as const, max_concurrent: 1};
    expect(bindingSentence(kv, "en")).toBe(
      "KV-cache capacity binds: the KV cache holds only 42549 tokens, one sequence of this length at once, so decoding has to stream the weights more often and memory traffic (3.25 s) outweighs the matrix work (1.50 s)."
    );
    expect(bindingSentence(kv, "tr")).toMatch(/^KV önbellek kapasitesi bağlayıcı: .*1 dizi/);
    expect(bindingMeaning("compute", "tr")).toMatch(/^sınır, tensör çekirdeklerinin/);
  });

  it("says why there is no headroom, from the loader's finding", () => {
    const without: Report = {
      ...report,
      headroom: null,
      findings: [
        {
          severity: "warning",
          code: "headroom-unavailable",
          message: "GPU 'tpu-v5' is not in the GPU table (data/gpus/gpus.yaml)",
          run: null,
          file: "study.yaml",
          line: null
        }
      ]
    };
    expect(headroomUnavailableText(without, "en")).toBe(
      "No headroom is computed for this study: GPU 'tpu-v5' is not in the GPU table (data/gpus/gpus.yaml)."
    );
    expect(headroomUnavailableText({...without, findings: []}, "tr")).toBe(
      "Bu çalışma için iyileştirme payı hesaplanmadı: neden kaydedilmemiş."
    );
  });

  it("names the scenario's ceiling and band under its chart", () => {
    expect(chartNote(scenario("short"), en)).toMatch(
      /^Line: hard ceiling, 5022\.30 tok\/s\. Shaded: realistic band, 3264\.49–5022\.30 tok\/s\./
    );
  });

  it("links to a scenario's part of the Headroom page", () => {
    expect(headroomHref(en, "very-long")).toBe("./headroom#scenario-very-long");
    expect(headroomHref(tr)).toBe("../tr/headroom");
    expect(headroomAnchor("a b/c")).toBe("scenario-a-b-c");
  });
});

describe("headroom chart", () => {
  type Layer = {
    data?: {values: Record<string, unknown>[]};
    mark?: {type: string};
    layer?: Layer[];
    encoding?: Record<string, {scale?: {domain?: unknown[]; range?: unknown[]}}>;
  };

  it("draws the band, the ceiling and one bar per run, the scale reaching past the ceiling", () => {
    const runs = headroomRuns(rows, report, "sharegpt", en);
    const spec = headroomChartSpec(scenario("sharegpt"), runs, report, {...en, width: 900}) as unknown as Layer & {
      data: {values: {label: string; shareText: string; value: number | null}[]};
    };
    const [band, ceiling, bars] = spec.layer!;
    expect(band.mark?.type).toBe("rect");
    expect(band.data?.values[0]).toEqual({low: 3196.2185408872297, high: 4234.192468753504});
    expect(ceiling.layer?.map((l) => l.mark?.type)).toEqual(["rule", "text", "text"]);
    expect(ceiling.data?.values[0]).toMatchObject({value: 4917.2592936726605, text: "hard ceiling 4917.26"});
    expect(bars.mark?.type).toBe("bar");
    const x = bars.encoding!.x.scale!.domain as number[];
    expect(x[1]).toBeGreaterThan(4917.27);
    expect(spec.data.values.map((v) => v.shareText)).toEqual([
      "41.8%",
      "38.6%",
      "35.9%",
      "35.2%",
      "33.1%",
      "31.8%",
      "28.4%",
      "✕ failed",
      "✕ failed"
    ]);
    // Engines keep their study color: vLLM first, SGLang second, TensorRT-LLM third.
    expect(bars.encoding!.color.scale).toEqual({
      domain: ["vLLM", "SGLang", "TensorRT-LLM"],
      range: ["#2f6db5", "#d4740f", "#2e9a5a"]
    });
    const short = headroomChartSpec(scenario("short"), headroomRuns(rows, report, "short", en), report, {
      ...en,
      width: 900
    }) as unknown as Layer;
    expect(short.layer![2].encoding!.color.scale).toEqual({
      domain: ["vLLM", "TensorRT-LLM"],
      range: ["#2f6db5", "#2e9a5a"]
    });
  });

  it("leaves out the band's name where it would touch the ceiling's", () => {
    const runs = headroomRuns(rows, report, "sharegpt", en);
    const narrow = headroomChartSpec(scenario("sharegpt"), runs, report, {...en, width: 420}) as unknown as Layer;
    expect(narrow.layer![1].layer!.map((l) => l.mark?.type)).toEqual(["rule", "text"]);
  });
});

describe("headroom chart of a large archive", () => {
  const many = (n: number): HeadroomRun[] =>
    Array.from({length: n}, (_, i) => ({
      run: `step--c${i}--sharegpt`,
      label: `c${i}`,
      candidate: `c${i}`,
      load: null,
      step: "step",
      stepTitle: "Step",
      engine: "vLLM",
      role: i === 7 ? "baseline" : i === 3 ? "recommended" : null,
      failed: i % 10 === 9,
      notRun: null,
      error: null,
      // c0 is the slowest, so the fastest runs are the last ones; failed runs have no throughput.
      throughput: i % 10 === 9 ? null : 100 + i,
      ceiling: 5000,
      ratio: i % 10 === 9 ? null : (100 + i) / 5000,
      effectiveTflops: null,
      binding: null,
      href: `#c${i}`,
      stepHref: "#step"
    }));

  it("draws every run up to the limit, then the baseline, the recommendation and the fastest, in their order", () => {
    expect(chartedRuns(many(MAX_CHART_RUNS))).toHaveLength(MAX_CHART_RUNS);
    const charted = chartedRuns(many(200)).map((r) => r.label);
    expect(charted).toHaveLength(50);
    expect(charted.slice(0, 2)).toEqual(["c3", "c7"]);
    // 48 fastest of the 180 that did not fail, skipping c189 and c199 (failed): c146 … c198.
    const fastest = Array.from({length: 200}, (_, i) => i)
      .filter((i) => i % 10 !== 9 && i >= 146)
      .map((i) => `c${i}`);
    expect(charted.slice(2)).toEqual(fastest);
  });

  it("orders the bars by a field, not a sort list (a list of thousands of names overflows Vega's expression parser)", () => {
    const spec = headroomChartSpec(scenario("sharegpt"), many(2400), report, {...en, width: 900}) as unknown as {
      data: {values: {label: string; order: number}[]};
      layer: {encoding?: {y?: {sort?: unknown}}}[];
    };
    expect(spec.data.values).toHaveLength(50);
    expect(spec.data.values.map((v) => v.order)).toEqual(Array.from({length: 50}, (_, i) => i));
    expect(JSON.stringify(spec)).not.toContain('"sort":["');
    expect(chartNote(scenario("sharegpt"), en, 2400)).toContain(
      "The chart draws 50 of the 2400 runs: the baseline, the recommendation and the fastest of the rest"
    );
    expect(chartNote(scenario("sharegpt"), en, 9)).not.toContain("The chart draws");
  });

  it("says where the runs are when the table shows only its first rows (seen on the 1000x headroom page)", () => {
    // Past TABLE_MAX_ROWS the table shows 2,000 rows and points to runs.csv: it does not list them all.
    expect(chartNote(scenario("sharegpt"), en, 2000)).toMatch(/; the table below lists them all\.$/);
    expect(chartNote(scenario("sharegpt"), en, 4775)).toMatch(
      /The chart draws 50 of the 4,?775 runs: the baseline, the recommendation and the fastest of the rest; the table below shows the first 2,?000, and runs\.csv has them all\.$/
    );
    expect(chartNote(scenario("sharegpt"), tr, 4775)).toMatch(
      /aşağıdaki tablo ilk 2[.,]?000 tanesini gösteriyor, runs\.csv hepsini veriyor\.$/
    );
  });
});
