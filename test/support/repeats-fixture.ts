// The shape of issue 28's live study as a study folder: 3 repeats, a max-batch-tokens step on two scenarios, a prefix
// caching step and a generalization step, with a cold first repeat (repeat 1 about 40 % slower) at every point. Each
// repeat's TPOT follows its throughput, so a repeat-1 figure never equals a point's mean.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {benchArgv, parseStudyPlan, runId, type StudyPlan} from "../../loaders/study/plan.js";
import {blockLine, centered, fixed2} from "./synth/py-format.js";

export const REPEATS_PLAN = `id: repeats-fixture
title: Repeats fixture
goal: Total token throughput on one H200, three repeats per point.
objective: total_token_throughput
repeats: 3
model: {name: Qwen/Qwen3-32B, config: data/models/qwen3-32b.config.json}
hardware: {gpu: h200-sxm, name: NVIDIA H200, count: 1}
engines:
  vllm: {name: vLLM, version: v0.11.0}
client:
  argv: [vllm, bench, serve, --model, "{model}"]
scenarios:
  chat:
    name: Chat
    dataset: random
    input_len: 128
    output_len: 128
    num_prompts: 200
    seed: 42
  long:
    name: Long prompt
    dataset: random
    input_len: 2000
    output_len: 100
    num_prompts: 100
    seed: 42
  short-chat:
    name: Short chat
    dataset: random
    input_len: 64
    output_len: 64
    num_prompts: 200
    seed: 42
steps:
  - id: max-batch-tokens
    kind: selection
    title: Max batch tokens
    scenarios: [chat, long]
    decision: {scenario: chat}
    candidates:
      - {id: t2048, label: 2048 tokens, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 2048]}
      - {id: t8192, label: 8192 tokens, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 8192]}
      - {id: t16384, label: 16384 tokens, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 16384]}
  - id: prefix-caching
    kind: selection
    title: Prefix caching
    scenarios: [chat]
    candidates:
      - {id: t2048-pc, label: 2048 + prefix caching, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 2048, --enable-prefix-caching]}
  - id: generalization
    kind: generalization
    title: Generalization
    scenarios: [short-chat]
    candidates:
      - {id: baseline, role: baseline, label: Defaults, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 2048]}
      - {id: recommended, role: recommended, label: 8192 + prefix caching, engine: vllm, server: [vllm, serve, Qwen/Qwen3-32B, --max-num-batched-tokens, 8192, --enable-prefix-caching]}
baseline: {step: max-batch-tokens, candidate: t2048}
`;

/** Total token throughput of each repeat, by `<step>--<candidate>--<scenario>`: repeat 1 is the cold one; null is a
 * failed repeat (the generalization's recommendation rests on n = 2, as in the issue). */
export const REPEAT_TPS: Record<string, (number | null)[]> = {
  "max-batch-tokens--t2048--chat": [3390, 5790, 5655],
  "max-batch-tokens--t8192--chat": [3427, 5855, 5697],
  "max-batch-tokens--t16384--chat": [3301, 5702, 5811],
  "max-batch-tokens--t2048--long": [2100, 2950, 2990],
  "max-batch-tokens--t8192--long": [2020, 3010, 2940],
  "max-batch-tokens--t16384--long": [2150, 2905, 3020],
  "prefix-caching--t2048-pc--chat": [3500, 5900, 5800],
  "generalization--baseline--short-chat": [1200, 1810, 1790],
  "generalization--recommended--short-chat": [1350, 2480, null]
};

/** Each repeat's mean TPOT: 550,000 / throughput (ms), so a slow repeat is a slow one in both panels. */
export function repeatTpot(tps: number): number {
  return +(550000 / tps).toFixed(2);
}

/** A vLLM summary block for `tps` tok/s over the scenario's token totals (the duration rounded as printed, so the
 * recomputed throughput is within the check's tolerance); TTFT grows as the repeat slows. */
function benchLog(tps: number, prompts: number, input: number, output: number): string {
  const tokens = input + output;
  const duration = +(tokens / tps).toFixed(2);
  return (
    [
      centered(" Serving Benchmark Result ", "=", 50),
      blockLine("Successful requests:", String(prompts)),
      blockLine("Benchmark duration (s):", fixed2(duration)),
      blockLine("Total input tokens:", String(input)),
      blockLine("Total generated tokens:", String(output)),
      blockLine("Request throughput (req/s):", fixed2(prompts / duration)),
      blockLine("Output token throughput (tok/s):", fixed2(output / duration)),
      blockLine("Total Token throughput (tok/s):", fixed2(tps)),
      centered("Time to First Token", "-", 50),
      blockLine("Mean TTFT (ms):", fixed2(2_000_000 / tps)),
      centered("Time per Output Token (excl. 1st token)", "-", 50),
      blockLine("Mean TPOT (ms):", fixed2(repeatTpot(tps))),
      "=".repeat(50)
    ].join("\n") + "\n"
  );
}

/** What the server's /metrics and nvidia-smi said over one repeat's window. */
export interface RepeatTelemetry {
  /** Prefix-cache hits over queries (vllm:prefix_cache_hits_total / _queries_total over the window). */
  hitRate: number;
  /** KV-cache use at the two scrapes inside the window. */
  kv: [number, number];
  running: number;
  waiting: number;
  preemptions: number;
  gpuUtilization: number;
  gpuPowerW: number;
  gpuMemoryMiB: number;
}

/** The cache effect: repeat 1 misses, repeats 2–3 are served from the prefix cache (0.014 → 0.985 → 0.985). */
export const CACHED_REPEATS: RepeatTelemetry[] = [0.014, 0.985, 0.985].map((hitRate, i) => ({
  hitRate,
  kv: [0.02, 0.06],
  running: 12 + i,
  waiting: 3,
  preemptions: i,
  gpuUtilization: i === 0 ? 43 : 89,
  gpuPowerW: i === 0 ? 310 : 612,
  gpuMemoryMiB: 131072
}));

const WINDOW_START = Date.parse("2026-01-01T00:00:00Z");

/** metrics.jsonl (a scrape at the window's start, two inside it, one at its end), gpu.csv and telemetry.json. */
function writeTelemetry(runDir: string, t: RepeatTelemetry): void {
  const queries = 10000;
  const label = '{model_name="Qwen/Qwen3-32B",engine="0"}';
  const scrape = (s: number, kv: number, share: number) =>
    JSON.stringify({
      t: new Date(WINDOW_START + s * 1000).toISOString(),
      text: [
        "# TYPE vllm:kv_cache_usage_perc gauge",
        `vllm:kv_cache_usage_perc${label} ${kv}`,
        "# TYPE vllm:num_requests_running gauge",
        `vllm:num_requests_running${label} ${t.running}`,
        "# TYPE vllm:num_requests_waiting gauge",
        `vllm:num_requests_waiting${label} ${t.waiting}`,
        "# TYPE vllm:num_preemptions_total counter",
        `vllm:num_preemptions_total${label} ${t.preemptions * share}`,
        "# TYPE vllm:prefix_cache_queries_total counter",
        `vllm:prefix_cache_queries_total${label} ${queries * share}`,
        "# TYPE vllm:prefix_cache_hits_total counter",
        `vllm:prefix_cache_hits_total${label} ${queries * t.hitRate * share}`
      ].join("\n")
    });
  writeFileSync(
    join(runDir, "metrics.jsonl"),
    [scrape(0, 0, 0), scrape(1, t.kv[0], 0.5), scrape(2, t.kv[1], 0.75), scrape(4, 0, 1)].join("\n") + "\n"
  );
  const stamp = (s: number) =>
    new Date(WINDOW_START + s * 1000).toISOString().replace("T", " ").replace(/-/g, "/").slice(0, 23);
  writeFileSync(
    join(runDir, "gpu.csv"),
    [1, 2, 3].map((s) => `${stamp(s)}, 0, ${t.gpuPowerW}, 1980, ${t.gpuMemoryMiB}, ${t.gpuUtilization}`).join("\n") +
      "\n"
  );
  writeFileSync(
    join(runDir, "telemetry.json"),
    JSON.stringify({
      window: {start: new Date(WINDOW_START).toISOString(), end: new Date(WINDOW_START + 4000).toISOString()}
    }) + "\n"
  );
}

/** Writes the study into `dir`; `edit` rewrites the plan's YAML first, `values` replaces REPEAT_TPS; `telemetry`
 * gives each point's repeats their server and GPU telemetry (by point id; none where absent). */
/** The benchmark command a live run with the native client records: `tps-report bench`, the repeat's own seed, the
 * server's address, 64 warm-up requests and the run's own result folder. */
export function nativeBenchArgv(planned: string[], id: string, repeat: number): string[] {
  const flags = planned.slice(planned.findIndex((a) => a.startsWith("-")));
  const seed = flags.indexOf("--seed");
  if (seed >= 0) flags[seed + 1] = String(Number(flags[seed + 1]) + repeat - 1);
  return [
    "tps-report",
    "bench",
    ...flags,
    "--host",
    "127.0.0.1",
    "--port",
    "8000",
    "--num-warmups",
    "64",
    "--save-result",
    "--result-dir",
    `runs/${id}`,
    "--result-filename",
    "result.json"
  ];
}

export function writeRepeatsFixture(
  dir: string,
  edit: (yaml: string) => string = (yaml) => yaml,
  values: Record<string, (number | null)[]> = REPEAT_TPS,
  telemetry: Record<string, RepeatTelemetry[]> = {},
  /** Record each run's benchmark command as a live native run would (nativeBenchArgv). */
  native = false
): StudyPlan {
  const yaml = edit(REPEATS_PLAN);
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), yaml);
  const plan = parseStudyPlan(yaml, join(dir, "study.yaml"), dir);
  for (const step of plan.steps)
    for (const candidate of step.candidates)
      for (const scenario of step.scenarios.map((id) => plan.scenarios.find((s) => s.id === id)!))
        (values[runId(step.id, candidate.id, scenario.id)] ?? []).forEach((tps, i) => {
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
            gpu: "NVIDIA H200",
            gpu_count: 1,
            server_argv: candidate.server,
            bench_argv: native
              ? nativeBenchArgv(benchArgv(plan, candidate, scenario), id, repeat)
              : benchArgv(plan, candidate, scenario),
            status: tps == null ? "failed" : "ok",
            error: tps == null ? "server crashed" : null,
            started_at: null,
            ended_at: null
          };
          writeFileSync(join(runDir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
          const input = scenario.num_prompts * (scenario.input_len ?? 0);
          const output = scenario.num_prompts * (scenario.output_len ?? 0);
          if (tps != null) writeFileSync(join(runDir, "bench.log"), benchLog(tps, scenario.num_prompts, input, output));
          const recorded = telemetry[runId(step.id, candidate.id, scenario.id)]?.[i];
          if (recorded) writeTelemetry(runDir, recorded);
        });
  return plan;
}
