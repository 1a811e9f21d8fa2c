// A small study with repeats, as a study folder: one selection step (baseline and one candidate) on one scenario, each
// point's repeats drawn from a normal distribution, written as run.json + a vLLM summary block per run.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {benchArgv, parseStudyPlan, runId, type StudyPlan} from "../../loaders/study/plan.js";
import {blockLine, centered, fixed2} from "./synth/py-format.js";
import {Prng} from "./synth/prng.js";

/** `extra`: YAML appended at the top level (claims, notes). */
export function repeatPlanYaml(repeats: number, confidence?: number, extra = ""): string {
  return `id: repeat-study
title: Repeats
goal: Gains that noise cannot explain.
objective: total_token_throughput
repeats: ${repeats}
${confidence ? `confidence: ${confidence}\n` : ""}model: {name: org/model}
hardware: {gpu: h200, name: NVIDIA H200, count: 1}
engines:
  vllm: {name: vLLM, version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  short:
    name: Short prompt
    dataset: random
    input_len: 128
    output_len: 4
    num_prompts: 1000
    seed: 42
steps:
  - id: engine
    kind: selection
    title: Engine
    scenarios: [short]
    candidates:
      - {id: base, label: Defaults, engine: vllm, role: baseline, server: [vllm, serve, org/model]}
      - {id: tuned, label: Tuned, engine: vllm, server: [vllm, serve, org/model, --max-num-seqs, "512"]}
baseline: {step: engine, candidate: base}
${extra}`;
}

/** Total token throughput of each repeat: `mean × (1 + noise × z)`, z standard normal from the seed, two decimals as
 * the client prints them. */
export function drawRepeats(seed: string, mean: number, noise: number, n: number): number[] {
  const rng = new Prng(seed);
  return Array.from({length: n}, () => +(mean * (1 + noise * rng.normal())).toFixed(2));
}

/** n repeats whose sample mean is exactly `mean` and sample standard deviation exactly `std` (before the two-decimal
 * rounding): seeded normal draws, standardized. */
export function exactRepeats(seed: string, mean: number, std: number, n: number): number[] {
  const rng = new Prng(seed);
  const z = Array.from({length: n}, () => rng.normal());
  const m = z.reduce((s, v) => s + v, 0) / n;
  const sd = Math.sqrt(z.reduce((s, v) => s + (v - m) ** 2, 0) / (n - 1));
  return z.map((v) => +(mean + (std * (v - m)) / sd).toFixed(2));
}

/** A vLLM summary block whose total token throughput is `tps` over 100 s (the other figures follow from it). */
export function benchLog(tps: number, failedRequests = 0): string {
  const duration = 100;
  const tokens = Math.round(tps * duration);
  const output = 4000;
  return (
    [
      centered(" Serving Benchmark Result ", "=", 50),
      blockLine("Successful requests:", "1000"),
      ...(failedRequests ? [blockLine("Failed requests:", String(failedRequests))] : []),
      blockLine("Benchmark duration (s):", fixed2(duration)),
      blockLine("Total input tokens:", String(tokens - output)),
      blockLine("Total generated tokens:", String(output)),
      blockLine("Request throughput (req/s):", fixed2(1000 / duration)),
      blockLine("Output token throughput (tok/s):", fixed2(output / duration)),
      blockLine("Total Token throughput (tok/s):", fixed2(tokens / duration)),
      centered("Time per Output Token (excl. 1st token)", "-", 50),
      blockLine("Mean TPOT (ms):", fixed2(20000 / tps)),
      "=".repeat(50)
    ].join("\n") + "\n"
  );
}

/** Writes the study: `values[candidate]` are the repeats' throughputs; a null value is a failed repeat. */
export function writeRepeatStudy(
  dir: string,
  values: Record<string, (number | null)[]>,
  confidence?: number,
  extra = "",
  edit: (yaml: string) => string = (yaml) => yaml
): StudyPlan {
  const repeats = Math.max(...Object.values(values).map((v) => v.length));
  const yaml = edit(repeatPlanYaml(repeats, confidence, extra));
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), yaml);
  const plan = parseStudyPlan(yaml, join(dir, "study.yaml"), dir);
  const step = plan.steps[0];
  // values[candidate] are its repeats on the step's first scenario; values["candidate@scenario"] on any scenario.
  for (const scenario of step.scenarios.map((id) => plan.scenarios.find((s) => s.id === id)!))
    for (const candidate of step.candidates)
      (
        values[`${candidate.id}@${scenario.id}`] ??
        (scenario.id === step.scenarios[0] ? values[candidate.id] : null) ??
        []
      ).forEach((tps, i) => {
        const repeat = i + 1;
        const id = runId(step.id, candidate.id, scenario.id, repeat);
        const runDir = join(dir, "runs", id);
        mkdirSync(runDir);
        const meta = {
          id,
          study: plan.id,
          step: step.id,
          candidate: candidate.id,
          scenario: scenario.id,
          ...(repeat > 1 ? {repeat} : {}),
          engine: candidate.engine,
          engine_version: "v0.11.0",
          model: candidate.model,
          quantization: candidate.quantization,
          gpu: "NVIDIA H200",
          gpu_count: 1,
          server_argv: candidate.server,
          bench_argv: benchArgv(plan, candidate, scenario),
          status: tps == null ? "failed" : "ok",
          error: tps == null ? "server crashed" : null,
          started_at: null,
          ended_at: null
        };
        writeFileSync(join(runDir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
        if (tps != null) writeFileSync(join(runDir, "bench.log"), benchLog(tps));
      });
  return plan;
}
