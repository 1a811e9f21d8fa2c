import {describe, expect, it} from "vitest";
import {calculateMetrics, peaks} from "../../loaders/client/metrics.js";
import type {RequestOutput} from "../../loaders/client/types.js";

function output(fields: Partial<RequestOutput>): RequestOutput {
  return {
    success: true,
    generatedText: "",
    outputTokens: 0,
    promptLen: 0,
    serverPromptTokens: null,
    ttft: 0,
    itl: [],
    latency: 0,
    startTime: 0,
    clientQueueTime: 0,
    error: "",
    ...fields
  };
}

// Hand-computed case (times in seconds):
//   A: send 0.0, TTFT 0.1, ITL [0.02, 0.03], E2EL 0.15, 3 tokens (usage), prompt 10 → TPOT (0.15-0.1)/2 = 0.025
//   B: send 0.5, TTFT 0.2, ITL [0.05],       E2EL 0.25, no usage, text counts 2 tokens, prompt 20 → TPOT 0.05
//   C: failed
//   D: send 1.2, TTFT 0.3, ITL [],           E2EL 0.3, 1 token, prompt 5 → no TPOT (counts as 0 for goodput)
const outputs = [
  output({startTime: 0, ttft: 0.1, itl: [0.02, 0.03], latency: 0.15, outputTokens: 3, promptLen: 10}),
  output({startTime: 0.5, ttft: 0.2, itl: [0.05], latency: 0.25, generatedText: " the the", promptLen: 20}),
  output({success: false, error: "HTTP 500", promptLen: 99, ttft: 9, latency: 9}),
  output({startTime: 1.2, ttft: 0.3, latency: 0.3, outputTokens: 1, promptLen: 5})
];

describe("vLLM metric definitions", () => {
  const m = calculateMetrics({
    outputs,
    durationS: 2,
    countTokens: (text) => text.trim().split(/\s+/).length,
    percentiles: [50, 99],
    goodput: {ttft: 250, tpot: 40}
  });

  it("counts successes, failures and tokens (failed requests add nothing)", () => {
    expect(m.completed).toBe(3);
    expect(m.failed).toBe(1);
    expect(m.totalInput).toBe(35);
    expect(m.totalOutput).toBe(6);
    expect(m.actualOutputLens).toEqual([3, 2, 0, 1]);
    expect(m.requestThroughput).toBe(1.5);
    expect(m.outputThroughput).toBe(3);
    expect(m.totalTokenThroughput).toBe(20.5);
  });

  it("computes TTFT, TPOT (excluding the first token), ITL and E2EL in ms", () => {
    expect(m.latency.ttft.mean).toBeCloseTo(200, 9);
    expect(m.latency.ttft.median).toBeCloseTo(200, 9);
    expect(m.latency.ttft.percentiles[1][1]).toBeCloseTo(298, 9); // index 1.98 → 0.2 + 0.98·0.1
    expect(m.latency.tpot.mean).toBeCloseTo(37.5, 9);
    expect(m.latency.tpot.percentiles[0]).toEqual([50, expect.closeTo(37.5, 9)]);
    expect(m.latency.itl.mean).toBeCloseTo(100 / 3, 9);
    expect(m.latency.itl.median).toBeCloseTo(30, 9);
    expect(m.latency.e2el.mean).toBeCloseTo(700 / 3, 9);
    expect(m.latency.e2el.std).toBeCloseTo(
      Math.sqrt(((150 - 700 / 3) ** 2 + (250 - 700 / 3) ** 2 + (300 - 700 / 3) ** 2) / 3),
      9
    );
  });

  it("counts a request as good only when it meets every SLO", () => {
    // A meets both; B misses TPOT (50 > 40); D misses TTFT (300 > 250).
    expect(m.requestGoodput).toBe(0.5);
  });

  it("finds peak output tokens per 1-second bucket and peak concurrency", () => {
    // Tokens at 0.1, 0.12, 0.15 (A) and 0.7, 0.75 (B) fall in second 0; D's one token at 1.5 in second 1.
    expect(m.maxOutputTokensPerS).toBe(5);
    expect(m.maxConcurrentRequests).toBe(1);
  });

  it("treats intervals as half-open: a request starting when another ends does not overlap it", () => {
    const touching = [
      output({startTime: 0, latency: 0.5, ttft: 0.1}),
      output({startTime: 0.5, latency: 0.5, ttft: 0.1}),
      output({startTime: 0.25, latency: 0.5, ttft: 0.1})
    ];
    expect(peaks(touching).maxConcurrentRequests).toBe(2);
  });

  it("reports zeros, not NaN, when every request failed", () => {
    const none = calculateMetrics({outputs: [outputs[2]], durationS: 1, percentiles: [99]});
    expect(none.completed).toBe(0);
    expect(none.failed).toBe(1);
    expect(none.latency.ttft).toEqual({mean: 0, median: 0, std: 0, percentiles: [[99, 0]]});
    expect(none.maxOutputTokensPerS).toBe(0);
  });
});
