// The shape of the two H100 ladder studies of issue 46, as run folders: three candidates × concurrency 1, 4, 16, 64 ×
// 3 repeats, p99 TTFT ≤ 2000 ms and p99 TPOT ≤ 100 ms at attainment 0.95, telemetry on (gpu.csv, telemetry.json), each
// run a vLLM --save-detailed result made by the native client's own metrics from per-request figures. Study B is A
// with a changed scheduler default (another engine version; chunked's c4 and c16 decode faster).
//
// Per request: TTFT = the point's TTFT × (0.8 + 0.4 u), TPOT = the point's TPOT × (0.99 + 0.02 u) (u uniform, seeded),
// except the point's `slow` requests, which get the slow TPOT; requests run in a closed loop of c users.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {calculateMetrics} from "../../loaders/client/metrics.js";
import {resultJson} from "../../loaders/client/result-json.js";
import type {RequestOutput} from "../../loaders/client/types.js";

export const H100_LEVELS = [1, 4, 16, 64] as const;
export const INPUT_LEN = 512;
export const OUTPUT_LEN = 32;

/** One point's request model in one repeat. */
export interface RepeatModel {
  ttft_ms: number;
  tpot_ms: number;
  /** Requests (the last ones sent) with a slow TPOT, and that TPOT. */
  slow?: {count: number; tpot_ms: number};
  /** Requests (the first ones) that fail: an error message, no tokens. */
  failed?: number;
  /** Mean GPU power over the run, W; null: no power samples (no gpu.csv). */
  power_w?: number | null;
}

export type CandidateModel = Record<number, [RepeatModel, RepeatModel, RepeatModel]>;

const same = (m: RepeatModel): [RepeatModel, RepeatModel, RepeatModel] => [m, m, m];
const power = (c: number) => 250 + 6 * c;

/** Study A's candidates: defaults (the baseline) never meets the SLO (8 % of its requests decode at 108 ms per
 * token); chunked meets it at every level, at c64 with every request within (repeat p99 TPOTs 99.6, 98.9, 86 ms);
 * batch512 meets it up to c4 (at c16 one repeat's slowest 3 % decode at 103.8 ms). */
export function studyAModels(): Record<string, CandidateModel> {
  const slow8 = (n: number) => ({count: Math.round(0.08 * n), tpot_ms: 108});
  return {
    defaults: Object.fromEntries(
      H100_LEVELS.map((c) => [
        c,
        same({
          ttft_ms: 90 + 10 * c,
          tpot_ms: [47, 50, 53, 94][H100_LEVELS.indexOf(c)],
          slow: slow8(requests(c)),
          power_w: power(c)
        })
      ])
    ),
    chunked: {
      1: same({ttft_ms: 80, tpot_ms: 46.5, power_w: power(1)}),
      4: same({ttft_ms: 120, tpot_ms: 50.5, power_w: power(4)}),
      16: same({ttft_ms: 260, tpot_ms: 51.23, power_w: power(16)}),
      64: [
        {ttft_ms: 900, tpot_ms: 80, slow: {count: 4, tpot_ms: 99.6}, power_w: power(64)},
        {ttft_ms: 900, tpot_ms: 80, slow: {count: 4, tpot_ms: 98.9}, power_w: power(64)},
        {ttft_ms: 900, tpot_ms: 80, slow: {count: 4, tpot_ms: 86}, power_w: power(64)}
      ]
    },
    batch512: {
      1: same({ttft_ms: 85, tpot_ms: 48, power_w: power(1)}),
      4: same({ttft_ms: 110, tpot_ms: 49, power_w: power(4)}),
      16: [
        {ttft_ms: 240, tpot_ms: 53, power_w: power(16)},
        {ttft_ms: 240, tpot_ms: 53, slow: {count: 2, tpot_ms: 103.8}, power_w: power(16)},
        {ttft_ms: 240, tpot_ms: 53, power_w: power(16)}
      ],
      64: same({ttft_ms: 700, tpot_ms: 85, slow: {count: 40, tpot_ms: 120}, power_w: power(64)})
    }
  };
}

/** Study B: A with the scheduler default changed: chunked's c4 and c16 decode faster (interactivity 19.52 → 20.41 at
 * c16), the rest as in A. */
export function studyBModels(): Record<string, CandidateModel> {
  const models = studyAModels();
  models.chunked[4] = same({ttft_ms: 120, tpot_ms: 48.5, power_w: power(4)});
  models.chunked[16] = same({ttft_ms: 250, tpot_ms: 49, power_w: power(16)});
  return models;
}

/** Requests a level sends: max(num_prompts 32, prompts_per_load 4 × c). */
export function requests(c: number): number {
  return Math.max(32, 4 * c);
}

export interface H100StudyOptions {
  id?: string;
  /** The engine version the runs report (B: the changed scheduler default). */
  engineVersion?: string;
  /** ISO date of the first run; runs follow one another. */
  start?: string;
  slo?: {ttft: number; tpot: number; attainment?: number};
  extraPlan?: string;
  /** `hardware:` lines' price_per_hour, when set. */
  pricePerHour?: number;
}

export const LABELS: Record<string, string> = {
  defaults: "Defaults",
  chunked: "Chunked prefill",
  batch512: "512 sequences"
};

const SERVERS: Record<string, string> = {
  defaults: "[vllm, serve, Qwen/Qwen3-8B]",
  chunked: '[vllm, serve, Qwen/Qwen3-8B, --max-num-batched-tokens, "2048"]',
  batch512: '[vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "512"]'
};

export function h100PlanYaml(models: Record<string, CandidateModel>, options: H100StudyOptions = {}): string {
  const slo = options.slo ?? {ttft: 2000, tpot: 100, attainment: 0.95};
  const price = options.pricePerHour != null ? `, price_per_hour: ${options.pricePerHour}` : "";
  const candidates = Object.keys(models).map(
    (id, i) =>
      `      - {id: ${id}, label: ${LABELS[id] ?? id}, engine: vllm${i === 0 ? ", role: baseline" : ""}, server: ${SERVERS[id] ?? "[vllm, serve, Qwen/Qwen3-8B]"}}`
  );
  return `id: ${options.id ?? "h100-ladder"}
title: Scheduler settings on one H100
goal: The most tokens per second while p99 TTFT ≤ 2 s and p99 TPOT ≤ 100 ms.
objective: max_throughput_within_slo
slo: {ttft_ms: {p99: ${slo.ttft}}, tpot_ms: {p99: ${slo.tpot}}, attainment: ${slo.attainment ?? 0.95}}
repeats: 3
model: {name: Qwen/Qwen3-8B, config: data/models/qwen3-8b.config.json}
hardware: {gpu: h100-sxm, name: NVIDIA H100 80GB HBM3, count: 1${price}}
engines:
  vllm: {name: vLLM, version: ${options.engineVersion ?? "v0.11.0"}}
client:
  argv: [vllm, bench, serve, --model, "{model}", --save-detailed]
scenarios:
  chat:
    name: Chat (512 in, 32 out)
    dataset: random
    input_len: ${INPUT_LEN}
    output_len: ${OUTPUT_LEN}
    num_prompts: 32
    seed: 42
    loads: {concurrency: [${H100_LEVELS.join(", ")}], prompts_per_load: 4}
steps:
  - id: sched
    title: Scheduler settings
    scenarios: [chat]
    candidates:
${candidates.join("\n")}
baseline: {step: sched, candidate: ${Object.keys(models)[0]}}
${options.extraPlan ?? ""}`;
}

/** A seeded uniform generator (mulberry32), so every study is the same file by file. */
function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The outputs of one run: `n` requests in a closed loop of `c` users, from the repeat's model. */
export function runOutputs(model: RepeatModel, c: number, seed: number): {outputs: RequestOutput[]; duration: number} {
  const n = requests(c);
  const u = uniform(seed);
  const free = new Array<number>(c).fill(0);
  const outputs: RequestOutput[] = [];
  const slowFrom = n - (model.slow?.count ?? 0);
  for (let i = 0; i < n; i++) {
    const ttft = (model.ttft_ms * (0.8 + 0.4 * u())) / 1000;
    const tpot = (i >= slowFrom ? model.slow!.tpot_ms : model.tpot_ms * (0.99 + 0.02 * u())) / 1000;
    const slot = free.indexOf(Math.min(...free));
    const start = free[slot];
    const failed = i < (model.failed ?? 0);
    const latency = failed ? 0.05 : ttft + (OUTPUT_LEN - 1) * tpot;
    free[slot] = start + latency;
    outputs.push({
      success: !failed,
      generatedText: "",
      outputTokens: failed ? 0 : OUTPUT_LEN,
      promptLen: INPUT_LEN,
      serverPromptTokens: null,
      ttft: failed ? 0 : ttft,
      itl: failed ? [] : new Array(OUTPUT_LEN - 1).fill(tpot),
      latency: failed ? 0 : latency,
      startTime: start,
      clientQueueTime: 0,
      error: failed ? "Internal Server Error" : ""
    });
  }
  return {outputs, duration: Math.max(...free)};
}

/** nvidia-smi's local-time stamp of an epoch time. */
function stamp(t: number): string {
  const d = new Date(t);
  const p = (x: number, w = 2) => String(x).padStart(w, "0");
  return `${d.getFullYear()}/${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

/** Writes study.yaml and every run folder (run.json, result.json, gpu.csv, telemetry.json). */
export function writeH100Study(
  dir: string,
  models: Record<string, CandidateModel> = studyAModels(),
  options: H100StudyOptions = {}
): void {
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), h100PlanYaml(models, options));
  let clock = Date.parse(options.start ?? "2026-11-02T09:00:00.000Z");
  Object.entries(models).forEach(([candidate, levels], ci) => {
    for (let repeat = 1; repeat <= 3; repeat++)
      H100_LEVELS.forEach((c, li) => {
        const model = levels[c][repeat - 1];
        const seed = 1000 * ci + 10 * li + repeat;
        const {outputs, duration} = runOutputs(model, c, seed);
        const metrics = calculateMetrics({outputs, durationS: duration, percentiles: [99]});
        const result = resultJson({
          date: "20261102-090000",
          backend: "vllm",
          label: null,
          modelId: "Qwen/Qwen3-8B",
          tokenizerId: "Qwen/Qwen3-8B",
          numPrompts: requests(c),
          requestRate: Infinity,
          burstiness: 1,
          maxConcurrency: c,
          durationS: duration,
          metrics,
          outputs,
          goodput: false,
          percentileMetrics: ["ttft", "tpot", "itl", "e2el"],
          saveDetailed: true
        });
        const run = `sched--${candidate}--chat--c${c}${repeat > 1 ? `--r${repeat}` : ""}`;
        const folder = join(dir, "runs", run);
        mkdirSync(folder);
        const started = clock;
        const windowStart = started + 5000;
        const windowEnd = windowStart + Math.round(duration * 1000);
        clock = windowEnd + 2000;
        writeFileSync(join(folder, "result.json"), JSON.stringify(result));
        writeFileSync(
          join(folder, "run.json"),
          JSON.stringify(
            {
              id: run,
              repeat,
              started_at: new Date(started).toISOString(),
              ended_at: new Date(windowEnd + 1000).toISOString()
            },
            null,
            2
          )
        );
        const gpuSamples = model.power_w != null;
        writeFileSync(
          join(folder, "telemetry.json"),
          JSON.stringify({
            window: {start: new Date(windowStart).toISOString(), end: new Date(windowEnd).toISOString()},
            metrics: {absent: "the fixture has no metrics endpoint", dropped: 0},
            gpu: {file: gpuSamples ? "gpu.csv" : null, absent: gpuSamples ? null : "nvidia-smi was not found"}
          })
        );
        if (gpuSamples) {
          const lines: string[] = [];
          // One sample a second, from before the window to after it; those outside it are not counted.
          for (let t = started; t <= windowEnd + 1000; t += 1000) {
            const inside = t >= windowStart && t <= windowEnd;
            lines.push(
              `${stamp(t)}, 0, ${inside ? model.power_w!.toFixed(2) : "70.00"}, 1980, 70000, ${inside ? 90 : 0}`
            );
          }
          writeFileSync(join(folder, "gpu.csv"), lines.join("\n") + "\n");
        }
      });
  });
}
