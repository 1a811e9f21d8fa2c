// Configurations as server commands: the engine and the quantization as categorical knobs, options of one engine
// only, `on`/`off` flags; the greedy path's winner read back as a configuration; a crash tells the model nothing.
import {describe, expect, it} from "vitest";
import {candidateConfiguration, searchCandidate} from "../../loaders/analysis/search-runs.js";
import {guidedNext, type Observation} from "../../loaders/analysis/tuner.js";
import {summarize} from "../../loaders/stats/summary.js";
import {parseStudyPlan} from "../../loaders/study/plan.js";
import {configurations, type Configuration} from "../../loaders/study/search-space.js";
import {syntheticSpace} from "../support/search-simulation.js";

const PLAN = `id: engines
title: Two engines
model: {name: Qwen/Qwen3-32B}
hardware: {gpu: none}
engines:
  vllm: {version: v0.11.0}
  sglang: {version: v0.5.0}
client: {argv: [vllm, bench, serve, --model, "{model}"]}
scenarios:
  chat: {dataset: random, input_len: 100, output_len: 10, num_prompts: 10}
steps:
  - id: engine
    scenarios: [chat]
    candidates:
      - {id: vllm, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-seqs, "256", --enable-chunked-prefill]}
tune:
  scenario: chat
  server:
    vllm: [vllm, serve, "{model}"]
    sglang: [python3, -m, sglang.launch_server, --model-path, "{model}"]
  knobs:
    - {name: engine, values: [vllm, sglang]}
    - {name: quantization, values: [bf16, fp8], models: {fp8: Qwen/Qwen3-32B-FP8}}
    - {name: max_num_seqs, flag: --max-num-seqs, values: [128, 256], engines: [vllm]}
    - {name: chunked_prefill, flag: --enable-chunked-prefill, values: ["on", "off"], engines: [vllm]}
  budget: {runs: 12}
`;

describe("configurations as candidates", () => {
  const space = parseStudyPlan(PLAN, "study.yaml", "/tmp/none").search_space!;

  it("vLLM's options apply to vLLM only: 2 × 2 × 2 for vLLM, 2 for SGLang", () => {
    const all = configurations(space, []);
    expect(all).toHaveLength(10);
    expect(all.filter((c) => c.engine === "sglang")).toEqual([
      {engine: "sglang", quantization: "bf16", max_num_seqs: null, chunked_prefill: null},
      {engine: "sglang", quantization: "fp8", max_num_seqs: null, chunked_prefill: null}
    ]);
  });

  it("each configuration's command: the engine's, its model for the quantization, its options; on alone, off left out", () => {
    const vllm = searchCandidate(
      space,
      {engine: "vllm", quantization: "fp8", max_num_seqs: 128, chunked_prefill: "off"},
      "Qwen/Qwen3-32B",
      "c001",
      "start",
      "x"
    );
    expect([vllm.engine, vllm.model, vllm.quantization, vllm.server]).toEqual([
      "vllm",
      "Qwen/Qwen3-32B-FP8",
      "fp8",
      ["vllm", "serve", "Qwen/Qwen3-32B-FP8", "--max-num-seqs", "128"]
    ]);
    expect(
      searchCandidate(
        space,
        {engine: "vllm", quantization: "bf16", max_num_seqs: 256, chunked_prefill: "on"},
        "Qwen/Qwen3-32B",
        "c002",
        "start",
        "x"
      ).server
    ).toEqual(["vllm", "serve", "Qwen/Qwen3-32B", "--max-num-seqs", "256", "--enable-chunked-prefill"]);
    const sglang = searchCandidate(
      space,
      {engine: "sglang", quantization: "bf16", max_num_seqs: null, chunked_prefill: null},
      "Qwen/Qwen3-32B",
      "c003",
      "start",
      "x"
    );
    expect(sglang.server).toEqual(["python3", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-32B"]);
  });

  it("the greedy path's winner read back as a configuration, or why it is not one", () => {
    const plan = parseStudyPlan(PLAN, "study.yaml", "/tmp/none");
    expect(candidateConfiguration(space, plan.steps[0].candidates[0])).toEqual({
      config: {engine: "vllm", quantization: "bf16", max_num_seqs: 256, chunked_prefill: "on"}
    });
    expect(
      candidateConfiguration(space, {
        engine: "vllm",
        quantization: "bf16",
        server: ["vllm", "serve", "m", "--max-num-seqs", "64"]
      })
    ).toEqual({reason: "--max-num-seqs 64 is not a value of knob 'max_num_seqs'"});
  });
});

describe("a crash tells the model nothing about its neighbours", () => {
  it("the next configuration is the same with or without the crash, and the crash is never proposed again", () => {
    const space = syntheticSpace(24);
    const feasible = configurations(space, []);
    const ok = (id: string, config: Configuration, value: number): Observation => ({
      id,
      config,
      status: "ok",
      summary: summarize([value], 0.95),
      runs: 1,
      seconds: 1,
      error: null
    });
    const measured = [
      ok("a", {max_batch_tokens: 2048, max_requests_per_batch: 32, scheduler: "fifo"}, 718),
      ok("b", {max_batch_tokens: 4096, max_requests_per_batch: 64, scheduler: "prefill_first"}, 742),
      ok("c", {max_batch_tokens: 512, max_requests_per_batch: 8, scheduler: "fifo"}, 133)
    ];
    const crashed: Observation = {
      id: "d",
      config: {max_batch_tokens: 8192, max_requests_per_batch: 256, scheduler: "prefill_first"},
      status: "failed",
      summary: null,
      runs: 1,
      seconds: 1,
      error: "server exited with code 1 before it was ready: RuntimeError: CUDA out of memory"
    };
    const key = (c: Configuration) => JSON.stringify(c);
    const untried = feasible.filter((c) => key(c) !== key(crashed.config));
    const without = guidedNext(space, untried, measured, 9);
    const withCrash = guidedNext(space, feasible, [...measured, crashed], 9);
    expect(withCrash!.config).toEqual(without!.config);
    expect(withCrash!.reason).toBe(without!.reason);
    for (let step = 0; step < 20; step++)
      expect(key(guidedNext(space, feasible, [...measured, crashed], step)!.config)).not.toBe(key(crashed.config));
  });
});
