// vLLM's calculate_metrics: per-request outputs → the figures of the Serving Benchmark Result block.
import {mean, median, percentile, std} from "./percentile.js";
import type {RequestOutput} from "./types.js";

export type LatencyMetric = "ttft" | "tpot" | "itl" | "e2el";
export type GoodputMetric = "ttft" | "tpot" | "e2el";

export interface LatencyStats {
  mean: number;
  median: number;
  std: number;
  /** [percentile, value] in ms, in the order asked for. */
  percentiles: Array<[number, number]>;
}

export interface BenchmarkMetrics {
  completed: number;
  failed: number;
  totalInput: number;
  totalOutput: number;
  requestThroughput: number;
  requestGoodput: number;
  outputThroughput: number;
  totalTokenThroughput: number;
  /** Milliseconds, as vLLM reports them. */
  latency: Record<LatencyMetric, LatencyStats>;
  maxOutputTokensPerS: number;
  maxConcurrentRequests: number;
  /** Output length of every request (0 for failed ones), in request order. */
  actualOutputLens: number[];
}

export interface MetricsInput {
  outputs: RequestOutput[];
  durationS: number;
  /** Counts output tokens when the server sent no usage; none → 1 per response, as vLLM without a tokenizer. */
  countTokens?: (text: string) => number;
  percentiles: number[];
  /** SLOs in ms; a request is good when every given metric is at or under its SLO. */
  goodput?: Partial<Record<GoodputMetric, number>>;
}

function stats(values: number[], percentiles: number[]): LatencyStats {
  const sortedValues = values.length ? values : [0];
  return {
    mean: mean(sortedValues) * 1000,
    median: median(sortedValues) * 1000,
    std: std(sortedValues) * 1000,
    percentiles: percentiles.map((p) => [p, percentile(sortedValues, p) * 1000])
  };
}

export function calculateMetrics(input: MetricsInput): BenchmarkMetrics {
  const {outputs, durationS} = input;
  const actualOutputLens: number[] = [];
  const ttfts: number[] = [];
  const tpots: number[] = [];
  const allTpots: number[] = [];
  const itls: number[] = [];
  const e2els: number[] = [];
  let totalInput = 0;
  let completed = 0;
  for (const output of outputs) {
    if (!output.success) {
      actualOutputLens.push(0);
      continue;
    }
    let outputLen = output.outputTokens;
    if (!outputLen) outputLen = input.countTokens ? input.countTokens(output.generatedText) : 1;
    actualOutputLens.push(outputLen);
    totalInput += output.promptLen;
    let tpot = 0;
    if (outputLen > 1) {
      tpot = (output.latency - output.ttft) / (outputLen - 1);
      tpots.push(tpot);
    }
    allTpots.push(tpot);
    for (const gap of output.itl) itls.push(gap);
    ttfts.push(output.ttft);
    e2els.push(output.latency);
    completed += 1;
  }

  let goodCompleted = 0;
  const slo = input.goodput ?? {};
  const sloKeys = Object.keys(slo) as GoodputMetric[];
  if (sloKeys.length) {
    const perRequest: Record<GoodputMetric, number[]> = {ttft: ttfts, tpot: allTpots, e2el: e2els};
    for (let i = 0; i < completed; i++) {
      if (sloKeys.every((key) => (slo[key] as number) / 1000 >= perRequest[key][i])) goodCompleted += 1;
    }
  }

  const {maxOutputTokensPerS, maxConcurrentRequests} = peaks(outputs.filter((output) => output.success));
  const totalOutput = actualOutputLens.reduce((a, b) => a + b, 0);
  return {
    completed,
    failed: outputs.length - completed,
    totalInput,
    totalOutput,
    requestThroughput: completed / durationS,
    requestGoodput: goodCompleted / durationS,
    outputThroughput: totalOutput / durationS,
    totalTokenThroughput: (totalInput + totalOutput) / durationS,
    latency: {
      ttft: stats(ttfts, input.percentiles),
      tpot: stats(tpots, input.percentiles),
      itl: stats(itls, input.percentiles),
      e2el: stats(e2els, input.percentiles)
    },
    maxOutputTokensPerS,
    maxConcurrentRequests,
    actualOutputLens
  };
}

/** Peak output tokens in any 1-second bucket from the first send, and peak overlap of [start, end) intervals. */
export function peaks(successful: RequestOutput[]): {maxOutputTokensPerS: number; maxConcurrentRequests: number} {
  if (!successful.length) return {maxOutputTokensPerS: 0, maxConcurrentRequests: 0};
  let minStart = Infinity;
  let maxEnd = -Infinity;
  for (const output of successful) {
    minStart = Math.min(minStart, output.startTime);
    maxEnd = Math.max(maxEnd, output.startTime + output.latency);
  }
  const buckets = new Float64Array(Math.ceil(maxEnd - minStart) + 1);
  for (const output of successful) {
    let at = output.startTime + output.ttft;
    const bucketOf = (time: number): void => {
      const bucket = Math.trunc(time - minStart);
      if (bucket >= 0 && bucket < buckets.length) buckets[bucket] += 1;
    };
    bucketOf(at);
    for (const gap of output.itl) {
      at += gap;
      bucketOf(at);
    }
  }
  const events: Array<[number, number]> = [];
  for (const output of successful) {
    events.push([output.startTime, 1]);
    events.push([output.startTime + output.latency, -1]);
  }
  // Departures sort before arrivals at the same instant: intervals are half-open.
  events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let current = 0;
  let peak = 0;
  for (const [, delta] of events) {
    current += delta;
    if (current > peak) peak = current;
  }
  let maxTokens = 0;
  for (const count of buckets) if (count > maxTokens) maxTokens = count;
  return {maxOutputTokensPerS: maxTokens, maxConcurrentRequests: peak};
}
