// Simulates one benchmark run against a server with a fixed number of batch slots: per-request lengths and timings,
// and the summary figures `vllm bench serve` computes from them.
import type {PlanScenario} from "../../../loaders/study/plan.js";
import {Prng} from "./prng.js";

export interface SimulatedRun {
  numPrompts: number;
  completed: number;
  failed: number;
  duration: number;
  /** Per request, in request order (failed requests keep their prompt length, output 0, TTFT 0, no ITLs). */
  inputLens: Int32Array;
  outputLens: Int32Array;
  /** Seconds. */
  ttfts: Float64Array;
  latencies: Float64Array;
  /** Inter-token latencies of request i are itls[itlStart[i] .. itlStart[i + 1]) (seconds); empty when not detailed. */
  itlStart: Int32Array;
  itls: Float64Array;
  errors: Map<number, string>;
  /** The run's figures under vLLM --save-result names (latencies in ms). */
  metrics: Record<string, number>;
  /** Percentiles computed for each latency family, as --metric-percentiles gives them. */
  percentiles: number[];
  families: string[];
}

export interface RunSpec {
  scenario: PlanScenario;
  /** Total token throughput the run reaches (tokens/s) and the server's batch slots. */
  throughput: number;
  slots: number;
  /** Whether every inter-token latency is kept (--save-detailed) or only a sample for the percentiles. */
  detailed: boolean;
  rng: Prng;
}

/** Decode step time at 128 sequences in flight, seconds (before the run is scaled to its throughput). */
const STEP_TIME = 0.15;
/** Tokens the KV cache holds at once (Qwen3-32B bf16 on an 80 GB GPU); long prompts leave room for few sequences. */
const KV_TOKENS = 100_000;
/** Prefill speed, tokens per second. */
const PREFILL_RATE = 9000;
/** Requests whose ITLs a non-detailed run samples for the ITL percentiles. */
const ITL_SAMPLE = 48;

/** Prompt and output lengths of a scenario: fixed by the dataset and its seed, so every run sends the same prompts. */
export function scenarioRequests(scenario: PlanScenario): {input: Int32Array; output: Int32Array} {
  const n = scenario.num_prompts;
  const input = new Int32Array(n);
  const output = new Int32Array(n);
  const rng = new Prng(`dataset:${scenario.dataset}:${scenario.seed ?? 0}:${n}`);
  for (let i = 0; i < n; i++) {
    if (scenario.dataset === "random") {
      input[i] = scenario.input_len!;
      output[i] = scenario.output_len!;
    } else {
      // ShareGPT after vLLM's filter: prompt ≤ 1024 tokens, prompt + output ≤ 2048, both ≥ 4.
      input[i] = Math.max(4, Math.min(1024, Math.round(rng.lognormal(130, 0.95))));
      output[i] = Math.max(4, Math.min(2048 - input[i], Math.round(rng.lognormal(135, 0.9))));
    }
  }
  return {input, output};
}

export function simulateRun(spec: RunSpec): SimulatedRun {
  const {scenario, rng, detailed} = spec;
  const {input, output: wanted} = scenarioRequests(scenario);
  const n = scenario.num_prompts;
  let tokens = 0;
  for (let i = 0; i < n; i++) tokens += input[i] + wanted[i];
  const slots = Math.max(1, Math.min(spec.slots, n, Math.floor((KV_TOKENS * n) / tokens)));
  const failedSet = new Map<number, string>();
  if (detailed && rng.chance(0.03)) {
    const count = rng.int(1, 5);
    for (let k = 0; k < count; k++)
      failedSet.set(
        rng.int(0, n - 1),
        rng.pick(["ClientPayloadError: Response payload is not completed", "TimeoutError"])
      );
  }
  const outputLens = new Int32Array(n);
  const ttfts = new Float64Array(n);
  const latencies = new Float64Array(n);
  const tpots = new Float64Array(n);
  // Decode steps slow down with more concurrent sequences.
  const stepTime = STEP_TIME * Math.pow(slots / 128, 0.45);
  const free = new SlotHeap(slots);
  for (let i = 0; i < n; i++) {
    // Request i waits for the slot that frees first (all requests arrive at t = 0: request rate inf).
    const start = free.peek();
    if (failedSet.has(i)) {
      free.replaceTop(start + rng.uniform(0.5, 5));
      continue;
    }
    const out = scenario.dataset === "random" ? wanted[i] : Math.max(1, Math.round(wanted[i] * rng.uniform(0.93, 1)));
    outputLens[i] = out;
    const prefill = (input[i] / PREFILL_RATE) * (1 + 0.15 * rng.normal() ** 2) + rng.uniform(0.02, 0.08);
    ttfts[i] = start + prefill * (1 + (start > 0 ? rng.uniform(0, 0.6) : 0));
    tpots[i] = out > 1 ? rng.lognormal(stepTime, 0.28) : 0;
    latencies[i] = ttfts[i] + tpots[i] * Math.max(0, out - 1);
    free.replaceTop(latencies[i]);
  }
  let makespan = 0;
  let sent = 0;
  for (let i = 0; i < n; i++)
    if (!failedSet.has(i)) ((makespan = Math.max(makespan, latencies[i])), (sent += input[i] + outputLens[i]));
  // Stretch the whole timeline so the run reaches its throughput; every figure stays consistent with the others.
  const stretch = sent / spec.throughput / makespan;
  for (let i = 0; i < n; i++) ((ttfts[i] *= stretch), (latencies[i] *= stretch));
  const duration = makespan * stretch + rng.uniform(0.01, 0.4);

  const stride = detailed ? 1 : Math.ceil(n / ITL_SAMPLE);
  const itlStart = new Int32Array(n + 1);
  let total = 0;
  for (let i = 0; i < n; i++) {
    itlStart[i] = total;
    if (i % stride === 0) total += Math.max(0, outputLens[i] - 1);
  }
  itlStart[n] = total;
  const itls = new Float64Array(total);
  for (let i = 0; i < n; i++) {
    const from = itlStart[i];
    const count = itlStart[i + 1] - from;
    if (count === 0) continue;
    // Chunk gaps: log-normal around the decode step, a few long stalls when other requests' prefills run.
    let sum = 0;
    for (let j = 0; j < count; j++) {
      const w = rng.chance(0.025) ? rng.uniform(3, 9) : Math.exp(0.55 * rng.normal());
      itls[from + j] = w;
      sum += w;
    }
    const scale = (latencies[i] - ttfts[i]) / sum;
    for (let j = 0; j < count; j++) itls[from + j] *= scale;
  }

  const ok: number[] = [];
  for (let i = 0; i < n; i++) if (!failedSet.has(i)) ok.push(i);
  const completed = ok.length;
  let inputTokens = 0;
  let outputTokens = 0;
  for (const i of ok) ((inputTokens += input[i]), (outputTokens += outputLens[i]));
  const ttftOk = Float64Array.from(ok, (i) => ttfts[i]);
  const e2elOk = Float64Array.from(ok, (i) => latencies[i]);
  const tpotOk = Float64Array.from(
    ok.filter((i) => outputLens[i] > 1),
    (i) => (latencies[i] - ttfts[i]) / (outputLens[i] - 1)
  );

  const percentiles = detailed ? [50, 90, 95, 99] : [99];
  const families = detailed ? ["ttft", "tpot", "itl", "e2el"] : ["ttft", "tpot", "itl"];
  const metrics: Record<string, number> = {
    duration,
    completed,
    failed: failedSet.size,
    total_input_tokens: inputTokens,
    total_output_tokens: outputTokens,
    request_throughput: completed / duration,
    output_throughput: outputTokens / duration,
    total_token_throughput: (inputTokens + outputTokens) / duration,
    max_output_tokens_per_s: peakOutputRate(ok, ttfts, latencies, outputLens, duration),
    max_concurrent_requests: completed
  };
  const samples: Record<string, Float64Array> = {ttft: ttftOk, tpot: tpotOk, itl: itls, e2el: e2elOk};
  for (const family of families) {
    const values = samples[family];
    const stats = latencyStats(values, percentiles);
    metrics[`mean_${family}_ms`] = stats.mean * 1000;
    metrics[`median_${family}_ms`] = stats.median * 1000;
    metrics[`std_${family}_ms`] = stats.std * 1000;
    percentiles.forEach((p, k) => (metrics[`p${p}_${family}_ms`] = stats.percentiles[k] * 1000));
  }
  if (!detailed) {
    // The sampled ITLs give the shape; the mean over all tokens is known exactly from the per-request decode times.
    let decode = 0;
    let gaps = 0;
    for (const i of ok) if (outputLens[i] > 1) ((decode += latencies[i] - ttfts[i]), (gaps += outputLens[i] - 1));
    metrics.mean_itl_ms = gaps ? (decode / gaps) * 1000 : 0;
  }
  return {
    numPrompts: n,
    completed,
    failed: failedSet.size,
    duration,
    inputLens: input,
    outputLens,
    ttfts,
    latencies,
    itlStart,
    itls: detailed ? itls : new Float64Array(0),
    errors: failedSet,
    metrics,
    percentiles,
    families
  };
}

/** Peak of output tokens per one-second bucket, each request emitting evenly between its first token and its end. */
function peakOutputRate(
  ok: number[],
  ttfts: Float64Array,
  latencies: Float64Array,
  outputLens: Int32Array,
  duration: number
): number {
  const buckets = new Float64Array(Math.ceil(duration) + 2);
  for (const i of ok) {
    const from = ttfts[i];
    const to = Math.max(latencies[i], from + 1e-6);
    const rate = outputLens[i] / (to - from);
    for (let b = Math.floor(from); b < to; b++) buckets[b] += rate * (Math.min(to, b + 1) - Math.max(from, b));
  }
  let peak = 0;
  for (const v of buckets) peak = Math.max(peak, v);
  return Math.round(peak);
}

/** numpy's mean, median, std (population) and percentiles with linear interpolation; 0 for an empty list. */
export function latencyStats(
  values: Float64Array,
  percentiles: number[]
): {mean: number; median: number; std: number; percentiles: number[]} {
  const n = values.length;
  if (n === 0) return {mean: 0, median: 0, std: 0, percentiles: percentiles.map(() => 0)};
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const mean = sum / n;
  let sq = 0;
  for (let i = 0; i < n; i++) sq += (values[i] - mean) ** 2;
  const sorted = Float64Array.from(values).sort();
  return {
    mean,
    median: quantile(sorted, 50),
    std: Math.sqrt(sq / n),
    percentiles: percentiles.map((p) => quantile(sorted, p))
  };
}

/** numpy.percentile (linear) of sorted values. */
export function quantile(sorted: Float64Array, p: number): number {
  const pos = ((sorted.length - 1) * p) / 100;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** Min-heap of the times the server's batch slots become free. */
class SlotHeap {
  private readonly times: Float64Array;

  constructor(size: number) {
    this.times = new Float64Array(size);
  }

  peek(): number {
    return this.times[0];
  }

  replaceTop(time: number): void {
    const t = this.times;
    const n = t.length;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const c = l + 1 < n && t[l + 1] < t[l] ? l + 1 : l;
      if (t[c] >= time) break;
      t[i] = t[c];
      i = c;
    }
    t[i] = time;
  }
}
