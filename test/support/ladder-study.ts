// A synthetic load-ladder study with a known queueing model: 3 candidates × concurrency 1…256 (doubling) × 3 repeats.
// Each candidate serves a closed loop of c users: TTFT = a + b·c ms, TPOT = d + e·c ms, so a request of 200 output
// tokens takes TTFT + 199·TPOT and throughput is c · 1200 tokens / that time. Repeats scale throughput by 0.99, 1, 1.01 and latency
// by 1.01, 1, 0.99, in an order rotated per point: every point's mean is the model's value exactly.
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {vllmResult} from "./vllm-result.js";

export const LEVELS = [1, 2, 4, 8, 16, 32, 64, 128, 256];
export const MODEL: Record<string, {ttft: [number, number]; tpot: [number, number]}> = {
  base: {ttft: [100, 30], tpot: [20, 0.25]},
  alpha: {ttft: [60, 60], tpot: [12, 0.5]},
  beta: {ttft: [200, 10], tpot: [30, 0.12]}
};
const INPUT = 1000;
const OUTPUT = 200;
const FACTORS = [0.99, 1, 1.01];

export function modelPoint(candidate: string, c: number): {ttft: number; tpot: number; throughput: number} {
  const {
    ttft: [a, b],
    tpot: [d, e]
  } = MODEL[candidate];
  const ttft = a + b * c;
  const tpot = d + e * c;
  return {ttft, tpot, throughput: (c * (INPUT + OUTPUT)) / ((ttft + (OUTPUT - 1) * tpot) / 1000)};
}

export function ladderPlanYaml(slo: {ttft: number; tpot: number}): string {
  return ladderPlan({
    id: "ladder-study",
    title: "Ladder",
    slo,
    repeats: 3,
    levels: LEVELS,
    step: "engine",
    candidates: [
      "{id: base, label: Defaults, engine: vllm, role: baseline, server: [vllm, serve, Qwen/Qwen3-8B]}",
      '{id: alpha, label: Small batches, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "16"]}',
      '{id: beta, label: Large batches, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "512"]}'
    ]
  });
}

/** A ladder study's plan: one chat scenario on a concurrency ladder, one step of candidates (flow-style YAML, the
 * first the baseline), decided within the SLO; the bench's 1,000-run study is written by it too. */
export function ladderPlan(plan: {
  id: string;
  title: string;
  slo: {ttft: number; tpot: number};
  repeats: number;
  levels: readonly number[];
  step: string;
  candidates: string[];
}): string {
  const baseline = /\{id: ([^,]+),/.exec(plan.candidates[0])![1];
  return `id: ${plan.id}
title: ${plan.title}
goal: The most tokens per second while p99 TTFT and p99 TPOT stay within target.
objective: max_throughput_within_slo
slo: {ttft_ms: {p99: ${plan.slo.ttft}}, tpot_ms: {p99: ${plan.slo.tpot}}, attainment: 0.95}
repeats: ${plan.repeats}
model: {name: Qwen/Qwen3-8B, config: data/models/qwen3-8b.config.json}
hardware: {gpu: h200-sxm, name: NVIDIA H200 SXM, count: 1}
engines:
  vllm: {name: vLLM, version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  chat:
    name: Chat
    dataset: random
    input_len: ${INPUT}
    output_len: ${OUTPUT}
    num_prompts: 100
    seed: 42
    loads: {concurrency: [${plan.levels.join(", ")}], prompts_per_load: 2}
steps:
  - id: ${plan.step}
    title: Scheduler settings
    scenarios: [chat]
    candidates:
${plan.candidates.map((c) => `      - ${c}`).join("\n")}
baseline: {step: ${plan.step}, candidate: ${baseline}}
`;
}

/** Writes the study folder: study.yaml and one result.json per run (run.json left to the plan). */
export function writeLadderStudy(dir: string, slo: {ttft: number; tpot: number}): void {
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), ladderPlanYaml(slo));
  Object.keys(MODEL).forEach((candidate, ci) =>
    LEVELS.forEach((c, li) =>
      FACTORS.forEach((_, i) => {
        // Rotated per point, so no repeat is the slow one everywhere (check would rightly flag that).
        const f = FACTORS[(i + ci + li) % FACTORS.length];
        const m = modelPoint(candidate, c);
        writeLadderRun(dir, `engine--${candidate}--chat--c${c}${i ? `--r${i + 1}` : ""}`, m, c, f);
      })
    )
  );
}

/** One run of a ladder study from the queueing model's point `m` at concurrency `c`: a vLLM result whose throughput
 * is m's times `f` and whose latencies are m's times (2 − f); the bench's 1,000-run study writes its runs with it too. */
export function writeLadderRun(
  dir: string,
  run: string,
  m: {throughput: number; ttft: number; tpot: number},
  c: number,
  f: number
): void {
  const prompts = Math.max(100, 2 * c);
  const result = vllmResult({
    model: "Qwen/Qwen3-8B",
    numPrompts: prompts,
    inputLen: INPUT,
    outputLen: OUTPUT,
    duration: (prompts * (INPUT + OUTPUT)) / (m.throughput * f),
    maxConcurrency: c
  });
  const lat = 2 - f;
  Object.assign(result, {
    mean_ttft_ms: m.ttft * lat,
    median_ttft_ms: m.ttft * lat,
    p99_ttft_ms: 1.25 * m.ttft * lat,
    mean_tpot_ms: m.tpot * lat,
    median_tpot_ms: m.tpot * lat,
    p99_tpot_ms: 1.25 * m.tpot * lat,
    mean_itl_ms: m.tpot * lat,
    median_itl_ms: m.tpot * lat,
    p99_itl_ms: 1.5 * m.tpot * lat
  });
  mkdirSync(join(dir, "runs", run));
  writeFileSync(join(dir, "runs", run, "result.json"), JSON.stringify(result));
}

/** The ladder study again, alpha's runs 10 % slower (the duration stretched by 1 / 0.9) and its c1 runs gone. */
export function slowerAlpha(dir: string): void {
  writeLadderStudy(dir, {ttft: 2000, tpot: 30});
  for (const run of readdirSync(join(dir, "runs"))) {
    if (!run.startsWith("engine--alpha--")) continue;
    if (/--c1(--|$)/.test(run)) {
      rmSync(join(dir, "runs", run), {recursive: true});
      continue;
    }
    const file = join(dir, "runs", run, "result.json");
    const r = JSON.parse(readFileSync(file, "utf8"));
    r.duration /= 0.9;
    r.request_throughput = r.completed / r.duration;
    r.output_throughput = r.total_output_tokens / r.duration;
    r.total_token_throughput = (r.total_input_tokens + r.total_output_tokens) / r.duration;
    r.max_output_tokens_per_s = r.output_throughput * 1.5;
    writeFileSync(file, JSON.stringify(r));
  }
}
