// The pages' pure helpers on the seed study's real report: number format, verdict sentences, Pareto front, CSV typing.
import {execFileSync} from "node:child_process";
import {beforeAll, describe, expect, it} from "vitest";
import {homePage} from "../../loaders/pages/home.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {formatCount, formatFixed, formatMetric, formatPercent, percentChange} from "../../src/components/format.js";
import {latencyCostExceedsGain} from "../../src/components/headlineTable.js";
import {headlineSummary, recommendationOrigin} from "../../src/components/headlineSummary.js";
import {metricLabel, metricTitle, metricUnit} from "../../src/components/metricLabels.js";
import {paretoFront} from "../../src/components/pareto.js";
import {parseRunsCsv} from "../support/runs-csv.js";
import {tradeoffData} from "../../src/components/tradeoffChart.js";
import {rankingText, verdictText} from "../../src/components/verdict.js";

let report: Report;
let rows: RunRow[];

beforeAll(async () => {
  ({report, rows} = await loadStudy("data/studies/qwen3-32b-a100"));
});

describe("format", () => {
  it("prints numbers the way vLLM does and percentages signed with one decimal, or to their first significant digit", () => {
    expect(formatFixed(1730.98)).toBe("1730.98");
    expect(formatFixed(1000)).toBe("1000.00");
    expect(formatFixed(null)).toBe("—");
    expect(formatFixed(Number.NaN)).toBe("—");
    expect(formatCount(217393)).toBe("217393");
    expect(formatMetric("completed", 1000)).toBe("1000");
    expect(formatMetric("max_concurrent_requests", 1000)).toBe("1000.00");
    expect(formatPercent(18.673237125790017)).toBe("+18.7%");
    expect(formatPercent(-12.126553421001425)).toBe("−12.1%");
    // A change too small for one decimal shows its first significant digit, so a loss never reads as no change: GLM-5.2
    // on H200's write-up, Generation Heavy, 2268.18 → 2267.33 tok/s, listed among the scenarios that lose throughput.
    expect(formatPercent(percentChange(2268.18, 2267.33))).toBe("−0.04%");
    expect(formatPercent(0.04)).toBe("+0.04%");
    expect(formatPercent(0.0004)).toBe("+0.0004%");
    expect(formatPercent(0.049)).toBe("+0.05%");
    expect(formatPercent(0.05)).toBe("+0.1%");
    expect(formatPercent(0)).toBe("0.0%");
    expect(formatPercent(1e-12)).toBe("0.0%");
    expect(formatPercent(null)).toBe("—");
    expect(percentChange(1730.98, 2054.21)).toBeCloseTo(18.6732, 4);
    expect(percentChange(0, 1)).toBeNull();
  });

  it("names metrics with vLLM's labels, in Turkish for charts", () => {
    expect(metricLabel("total_token_throughput")).toBe("Total Token throughput (tok/s)");
    expect(metricLabel("mean_tpot_ms")).toBe("Mean TPOT (ms)");
    expect(metricLabel("p99.9_e2el_ms")).toBe("P99.9 E2EL (ms)");
    expect(metricLabel("something_new")).toBe("something_new");
    expect(metricTitle("mean_tpot_ms", "tr")).toBe("Ortalama TPOT (ms)");
    expect(metricUnit("total_token_throughput")).toBe("tok/s");
  });
});

describe("verdicts", () => {
  const step = (id: string) => report.steps.find((s) => s.id === id)!;

  it("ranks the engines and states the winner's gain over the baseline", () => {
    expect(rankingText(step("engine-selection").standings.sharegpt, "total_token_throughput", "en")).toBe(
      "TensorRT-LLM (2054.21 tok/s) > vLLM (1730.98 tok/s) > SGLang (1398.38 tok/s)"
    );
    expect(verdictText(step("engine-selection"), report, "en")).toBe(
      "TensorRT-LLM (2054.21 tok/s) wins: +18.7% over vLLM (1730.98 tok/s). It becomes the best configuration so far."
    );
  });

  it("says 'no improvement' when the step's best does not beat the best so far, and lists failures", () => {
    expect(rankingText(step("quantization").standings.sharegpt, "total_token_throughput", "en")).toBe(
      "vLLM AWQ (1767.21 tok/s) > vLLM FP8 (1563.33 tok/s); failed: TensorRT-LLM AWQ, TensorRT-LLM FP8"
    );
    expect(verdictText(step("quantization"), report, "en")).toBe(
      "No improvement: the step's best, vLLM AWQ (1767.21 tok/s), does not beat TensorRT-LLM from Engine selection (2054.21 tok/s), which stays the best configuration so far."
    );
    expect(verdictText(step("max-num-tokens"), report, "tr")).toMatch(
      /^İyileşme yok: bu adımın en iyisi max_num_tokens=16384 \(1897\.50 tok\/s\)/
    );
  });

  it("counts where the recommended configuration leads across scenarios", () => {
    expect(verdictText(step("other-scenarios"), report, "en")).toBe(
      "Recommended (TensorRT-LLM) leads in 3 of 4 scenarios (Short prompt, Medium prompt, Long prompt)."
    );
  });

  it("flags only the short prompt, whose TPOT rises more than its throughput", () => {
    expect(report.headline.filter(latencyCostExceedsGain).map((h) => h.scenario)).toEqual(["short"]);
    expect(headlineSummary(report, "en")).toBe(
      "The recommended configuration raises throughput in 4 of 5 scenarios. It loses throughput in Very long prompt (−12.1%). In Short prompt, throughput rises +33.1% while mean TPOT changes +256.7%: the gain is paid for in latency."
    );
    expect(recommendationOrigin(homePage(report, rows), "en")).toEqual({
      lastStep: "Max tokens per batch (TensorRT-LLM)",
      wonIn: "Engine selection",
      winnerCommand: "trtllm-serve Qwen/Qwen3-32B",
      adapted: true
    });
  });
});

describe("trade-off plane", () => {
  it("keeps on each scenario's front only the runs no other run beats on both counts", () => {
    const points = [
      {scenario: "a", throughput: 10, latency: 5},
      {scenario: "a", throughput: 8, latency: 4},
      {scenario: "a", throughput: 7, latency: 6},
      {scenario: "b", throughput: 1, latency: 100}
    ];
    expect([...paretoFront(points)]).toEqual([points[0], points[1], points[3]]);
  });

  it("puts three ShareGPT runs on the front of the seed study", () => {
    const csv = execFileSync("npx", ["tsx", "src/data/runs.csv.ts"], {encoding: "utf8"});
    const {rows, metrics} = parseRunsCsv(csv);
    expect(rows).toHaveLength(17);
    expect(metrics.slice(0, 3)).toEqual(["completed", "duration", "total_input_tokens"]);
    expect(metrics).not.toContain("ceiling_tps");
    const failed = rows.find((r) => r.run === "quantization--trtllm-awq--sharegpt")!;
    expect(failed.error).toBe("KeyError: 'weight'");
    expect(failed.total_token_throughput).toBeNull();
    const front = tradeoffData(rows, report, {lang: "en", root: "./"}).filter(
      (d) => d.front && d.scenario === "ShareGPT"
    );
    expect(front.map((d) => d.label).sort()).toEqual(["TensorRT-LLM", "max_num_tokens=16384", "max_num_tokens=32768"]);
  });
});
