// A hand-written study of a --max-num-seqs sweep over two random workloads: result.json files only, no run.json.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {vllmResult} from "./vllm-result.js";

export const PLAN = `id: mns-sweep
title: max-num-seqs sweep
model: {name: Qwen/Qwen3-8B}
hardware: {gpu: h100-sxm5-80gb, name: NVIDIA H100 SXM 80GB}
engines:
  vllm: {version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  r2000-100: {dataset: random, input_len: 2000, output_len: 100, num_prompts: 100}
  r4000-200: {dataset: random, input_len: 4000, output_len: 200, num_prompts: 100}
steps:
  - id: max-num-seqs
    title: Max sequences per batch
    scenarios: [r2000-100, r4000-200]
    decision: geometric-mean
    candidates:
      - {id: mns64, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "64"]}
      - {id: mns128, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "128"]}
      - {id: mns256, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "256"]}
`;

/** Durations chosen so that mns256 wins the first scenario but mns128 wins the second by more. */
const DURATION: Record<string, Record<string, number>> = {
  mns64: {"r2000-100": 10, "r4000-200": 20},
  mns128: {"r2000-100": 9.5, "r4000-200": 14},
  mns256: {"r2000-100": 9, "r4000-200": 19}
};
const LENGTHS: Record<string, [number, number]> = {"r2000-100": [2000, 100], "r4000-200": [4000, 200]};

export function writeSweepStudy(root: string, plan = PLAN): void {
  mkdirSync(join(root, "runs"), {recursive: true});
  writeFileSync(join(root, "study.yaml"), plan);
  for (const [candidate, byScenario] of Object.entries(DURATION))
    for (const [scenario, duration] of Object.entries(byScenario)) {
      const run = join(root, "runs", `max-num-seqs--${candidate}--${scenario}`);
      mkdirSync(run);
      const [inputLen, outputLen] = LENGTHS[scenario];
      const result = vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen, outputLen, duration});
      writeFileSync(join(run, "result.json"), JSON.stringify(result));
    }
}
