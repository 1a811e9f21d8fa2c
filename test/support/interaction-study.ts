// A synthetic two-step study whose knobs can interact: step "seqs" tries --max-num-seqs 256 (A) and 128 (A′), step
// "tokens" adds --max-num-batched-tokens 8192 (B) or 4096 to the winner. Throughput comes from a table of
// configurations (THROUGHPUT), each repeat scaled by 0.995, 1, 1.005 (rotated per point), so every point's mean is the
// table's value exactly. With `interacts`, A′+B does 1300 tok/s against A+B's 1200; without, 1170.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {argvMeaning} from "../../loaders/command/argv-meaning.js";
import {
  benchArgv,
  loadStudyPlan,
  runId,
  type PlanCandidate,
  type PlanStep,
  type StudyPlan
} from "../../loaders/study/plan.js";
import {benchLog} from "./repeat-study.js";

export const FACTORS = [0.995, 1, 1.005];

/** tok/s by `<max-num-seqs>/<max-num-batched-tokens>` ("-" for a flag left out); anything else does 900. */
export function throughputTable(interacts: boolean): Record<string, number> {
  return {
    "-/-": 1000,
    "256/-": 1100,
    "128/-": 1080,
    "256/8192": 1200,
    "256/4096": 1150,
    "128/8192": interacts ? 1300 : 1170,
    "512/8192": 1150,
    "256/16384": 1180
  };
}

export function configKey(server: string[]): string {
  const options = argvMeaning(server).options;
  return `${options.get("--max-num-seqs")?.[0] ?? "-"}/${options.get("--max-num-batched-tokens")?.[0] ?? "-"}`;
}

/** Step "tokens": B (8192 tokens) or 4096 tokens added to A. */
const TOKENS_STEP = `  - id: tokens
    title: Token budget
    scenarios: [short]
    candidates:
      - id: b
        label: A + B (8192 tokens)
        engine: vllm
        server: [vllm, serve, org/model, --max-num-seqs, "256", --max-num-batched-tokens, "8192"]
      - id: b-small
        label: A + 4096 tokens
        engine: vllm
        server: [vllm, serve, org/model, --max-num-seqs, "256", --max-num-batched-tokens, "4096"]
`;

/** `extra`: YAML appended at the top level; `repeats` and the steps after "seqs" (YAML list items) may be set. */
export function interactionPlanYaml(extra = "", {repeats = 3, laterSteps = TOKENS_STEP} = {}): string {
  return `id: interaction-study
title: Two knobs
goal: The most tokens per second.
objective: total_token_throughput
repeats: ${repeats}
model: {name: org/model}
hardware: {gpu: h200, name: NVIDIA H200, count: 1}
engines:
  vllm: {name: vLLM, version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  short: {name: Short prompt, dataset: random, input_len: 128, output_len: 4, num_prompts: 1000, seed: 42}
steps:
  - id: seqs
    title: Batch size
    scenarios: [short]
    candidates:
      - {id: base, label: Defaults, engine: vllm, server: [vllm, serve, org/model]}
      - {id: a, label: A (256 sequences), engine: vllm, server: [vllm, serve, org/model, --max-num-seqs, "256"]}
      - {id: a-prime, label: A′ (128 sequences), engine: vllm, server: [vllm, serve, org/model, --max-num-seqs, "128"]}
${laterSteps}baseline: {step: seqs, candidate: base}
${extra}`;
}

/** Writes one point's runs (run.json + a vLLM summary block each) with the table's throughput for its command. */
export function writePoint(
  dir: string,
  plan: StudyPlan,
  step: PlanStep,
  candidate: PlanCandidate,
  table: Record<string, number>,
  repeats = 3
): string[] {
  const scenario = plan.scenarios.find((s) => s.id === step.scenarios[0])!;
  const tps = table[configKey(candidate.server)] ?? 900;
  return Array.from({length: repeats}, (_, i) => {
    const repeat = i + 1;
    const id = runId(step.id, candidate.id, scenario.id, repeat);
    const runDir = join(dir, "runs", id);
    mkdirSync(runDir, {recursive: true});
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
      status: "ok",
      error: null,
      started_at: null,
      ended_at: null
    };
    writeFileSync(join(runDir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
    const factor = FACTORS[(i + candidate.id.length) % FACTORS.length];
    writeFileSync(join(runDir, "bench.log"), benchLog(+(tps * factor).toFixed(2)));
    return id;
  });
}

/** The study folder with every greedy step's runs. */
export function writeInteractionStudy(dir: string, interacts: boolean, extra = ""): StudyPlan {
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), interactionPlanYaml(extra));
  const plan = loadStudyPlan(dir);
  for (const step of plan.steps)
    for (const candidate of step.candidates) writePoint(dir, plan, step, candidate, throughputTable(interacts));
  return plan;
}

/** Records the second look's runs as live mode would have: the table's throughput for each planned command. */
export function writeSecondLookRuns(dir: string, interacts: boolean): string[] {
  const plan = loadStudyPlan(dir);
  const step = plan.second_look!;
  return step.candidates.flatMap((c) => writePoint(dir, plan, step, c, throughputTable(interacts), step.repeats));
}
