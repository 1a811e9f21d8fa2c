// A synthetic study plan shaped like the seed but `scale` times its size: more steps, more candidates, repeats of the selection scenario.
import type {PlanCandidate, PlanScenario, PlanStep} from "../../../loaders/study/plan.js";
import type {Text} from "../../../loaders/text.js";
import {Prng} from "./prng.js";

/** Runs in the seed study; a scale-k archive has k times as many. */
export const SEED_RUNS = 17;

export const MODEL = "Qwen/Qwen3-32B";

export const ENGINES = {
  vllm: {name: "vLLM", version: "v0.11.0"},
  sglang: {name: "SGLang", version: "v0.5.5.post1"},
  trtllm: {name: "TensorRT-LLM", version: "v1.2.0rc1"}
} as const;
export type EngineId = keyof typeof ENGINES;

/** Server command of an engine serving `model`, before any tuning flag. */
export function serverBase(engine: EngineId, model: string): string[] {
  if (engine === "vllm") return ["vllm", "serve", model];
  if (engine === "sglang") return ["python3", "-m", "sglang.launch_server", "--model-path", model];
  return ["trtllm-serve", model];
}

/** A tuning flag: its values and how throughput responds (best value, effect size in percent). */
interface Knob {
  id: string;
  flag: string;
  values: (string | number | boolean)[];
  best: number;
  effect: number;
}

const KNOBS: Record<EngineId, Knob[]> = {
  vllm: [
    {id: "mns", flag: "--max-num-seqs", values: [64, 128, 192, 256, 384, 512, 768, 1024], best: 4, effect: 14},
    {id: "mbt", flag: "--max-num-batched-tokens", values: [2048, 4096, 8192, 16384, 32768, 65536], best: 3, effect: 9},
    {id: "gmu", flag: "--gpu-memory-utilization", values: [0.8, 0.85, 0.9, 0.92, 0.95, 0.97], best: 4, effect: 6},
    {id: "bs", flag: "--block-size", values: [8, 16, 32], best: 1, effect: 2},
    {id: "kvd", flag: "--kv-cache-dtype", values: ["auto", "fp8", "fp8_e4m3", "fp8_e5m2"], best: 2, effect: 7},
    {id: "cp", flag: "--enable-chunked-prefill", values: [true, false], best: 0, effect: 5},
    {id: "pc", flag: "--enable-prefix-caching", values: [true, false], best: 0, effect: 3},
    {id: "as", flag: "--async-scheduling", values: [true, false], best: 0, effect: 4},
    {id: "mml", flag: "--max-model-len", values: [8192, 16384, 32768, 40960], best: 2, effect: 3},
    {id: "sched", flag: "--scheduling-policy", values: ["fcfs", "priority"], best: 0, effect: 1}
  ],
  sglang: [
    {id: "mrr", flag: "--max-running-requests", values: [64, 128, 256, 384, 512, 1024], best: 3, effect: 12},
    {id: "cps", flag: "--chunked-prefill-size", values: [2048, 4096, 8192, 16384], best: 2, effect: 6},
    {id: "mfs", flag: "--mem-fraction-static", values: [0.8, 0.85, 0.88, 0.9, 0.93], best: 3, effect: 6},
    {id: "sp", flag: "--schedule-policy", values: ["lpm", "random", "fcfs", "dfs-weight"], best: 0, effect: 4},
    {id: "sc", flag: "--schedule-conservativeness", values: [0.3, 0.5, 0.8, 1, 1.3], best: 2, effect: 3},
    {id: "cg", flag: "--cuda-graph-max-bs", values: [80, 160, 256, 512], best: 2, effect: 4},
    {id: "ab", flag: "--attention-backend", values: ["flashinfer", "triton", "fa3"], best: 0, effect: 5},
    {id: "tc", flag: "--enable-torch-compile", values: [true, false], best: 0, effect: 3}
  ],
  trtllm: [
    {id: "mbs", flag: "--max_batch_size", values: [64, 128, 256, 512, 1024, 2048], best: 3, effect: 13},
    {id: "mnt", flag: "--max_num_tokens", values: [4096, 8192, 16384, 32768], best: 2, effect: 8},
    {
      id: "kvf",
      flag: "--kv_cache_free_gpu_memory_fraction",
      values: [0.8, 0.85, 0.9, 0.95],
      best: 2,
      effect: 6
    },
    {id: "msl", flag: "--max_seq_len", values: [8192, 16384, 32768, 40960], best: 2, effect: 2},
    {id: "ecp", flag: "--enable_chunked_prefill", values: [true, false], best: 0, effect: 4}
  ]
};

/** Throughput of each engine at its defaults, relative to vLLM (the seed's ordering: TensorRT-LLM > vLLM > SGLang). */
export const ENGINE_SPEED: Record<EngineId, number> = {vllm: 1, sglang: 0.81, trtllm: 1.19};

export interface SynthCandidate extends PlanCandidate {
  engine: EngineId;
  /** Throughput multiplier of this configuration (1 = the engine at its defaults). */
  speed: number;
  /** Concurrent sequences the server batches (drives the queueing of requests). */
  slots: number;
  /** The candidate's runs also save --save-result --save-detailed JSON. */
  detailed: boolean;
  /** Server start fails (unsupported quantization, out of memory). */
  fails: string | null;
}

export interface SynthStep extends Omit<PlanStep, "candidates"> {
  candidates: SynthCandidate[];
}

export interface SynthPlan {
  id: string;
  title: Text;
  scale: number;
  seed: string;
  scenarios: PlanScenario[];
  steps: SynthStep[];
  baseline: {step: string; candidate: string};
}

const BASE_SCENARIOS: PlanScenario[] = [
  {
    id: "sharegpt",
    name: {en: "ShareGPT", tr: "ShareGPT"},
    dataset: "sharegpt",
    dataset_path: "ShareGPT_V3_unfiltered_cleaned_split.json",
    input_len: null,
    output_len: null,
    num_prompts: 1000,
    seed: null
  },
  scenario("short", "Short prompt", "Kısa istem", 128, 4, 1000),
  scenario("medium", "Medium prompt", "Orta uzunlukta istem", 2000, 100, 500),
  scenario("long", "Long prompt", "Uzun istem", 4000, 200, 500),
  scenario("very-long", "Very long prompt", "Çok uzun istem", 32000, 100, 100)
];

function scenario(id: string, en: string, tr: string, input: number, output: number, prompts: number): PlanScenario {
  return {
    id,
    name: {en, tr},
    dataset: "random",
    dataset_path: null,
    input_len: input,
    output_len: output,
    num_prompts: prompts,
    seed: 42
  };
}

const DETAILED_ARGS = [
  "--save-result",
  "--save-detailed",
  "--result-filename",
  "result.json",
  "--percentile-metrics",
  "ttft,tpot,itl,e2el",
  "--metric-percentiles",
  "50,90,95,99"
];

const FAILURES = [
  "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.21 GiB is free.",
  "ValueError: The model's max seq len (40960) is larger than the maximum number of tokens that can be stored in KV cache (38512).",
  "RuntimeError: Unsupported SM version for FP8 block scaling GEMM",
  "RuntimeError: CUDA error: an illegal memory access was encountered"
];

/** Bytes of --save-detailed JSON one run of a scenario writes (about 21 bytes per inter-token latency). */
export function detailedBytes(s: PlanScenario): number {
  const output = s.output_len ?? 200;
  return s.num_prompts * (output * 21 + 120);
}

export function synthPlan(scale: number, seed: string): SynthPlan {
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`scale must be a positive integer, not ${scale}`);
  const rng = new Prng(`${seed}:plan`);
  const target = SEED_RUNS * scale;
  const trials = scale >= 10 ? 3 : 1;
  const sharegpt = BASE_SCENARIOS[0];
  // From 10× on, the selection scenario runs 3 repeats per point, so aggregation is measured at scale.
  const primary = [trials > 1 ? {...sharegpt, repeats: trials} : sharegpt];
  const weight = (list: PlanScenario[]) => list.reduce((n, s) => n + (s.repeats ?? 1), 0);
  const shapes = BASE_SCENARIOS.slice(1);
  const scenarios = [...primary, ...shapes];
  const steps: SynthStep[] = [];

  const candidate = (
    engine: EngineId,
    id: string,
    label: string,
    flags: string[],
    speed: number,
    slots: number,
    extra: Partial<SynthCandidate> = {}
  ): SynthCandidate => ({
    id,
    label,
    engine,
    model: MODEL,
    quantization: "bf16",
    role: null,
    server: [...serverBase(engine, extra.model ?? MODEL), ...flags],
    bench_args: [],
    config: null,
    speed,
    slots,
    detailed: false,
    fails: null,
    ...extra
  });

  steps.push({
    id: "engine-selection",
    kind: "selection",
    title: {en: "Engine selection", tr: "Çıkarım motoru seçimi"},
    scenarios: primary.map((s) => s.id),
    candidates: (Object.keys(ENGINES) as EngineId[]).map((e) =>
      candidate(e, e, ENGINES[e].name, [], ENGINE_SPEED[e], 256)
    )
  });
  const generalization: SynthStep = {
    id: "other-scenarios",
    kind: "generalization",
    title: {en: "Other scenarios", tr: "Diğer benchmark senaryoları"},
    scenarios: shapes.map((s) => s.id),
    candidates: [
      candidate("vllm", "baseline", "Baseline (vLLM, defaults)", [], 1, 256, {role: "baseline"}),
      candidate(
        "trtllm",
        "recommended",
        "Recommended (TensorRT-LLM)",
        ["--max_seq_len=40960", "--enable_chunked_prefill"],
        1.28,
        512,
        {
          role: "recommended"
        }
      )
    ]
  };

  let remaining = target - steps[0].candidates.length * weight(primary) - 2 * shapes.length;
  const maxCandidates = Math.min(60, 4 + Math.round(2 * Math.sqrt(scale)));
  const used = new Map<string, number>();
  while (remaining > 0) {
    const engine = rng.pick(["vllm", "vllm", "sglang", "trtllm", "trtllm"] as EngineId[]);
    let stepScenarios = rng.chance(0.75) ? primary : rng.shuffle([...shapes]).slice(0, rng.int(1, 3));
    if (weight(stepScenarios) > remaining) stepScenarios = weight(primary) <= remaining ? primary : [shapes[0]];
    const count = Math.min(rng.int(3, maxCandidates), Math.floor(remaining / weight(stepScenarios)));
    const step =
      steps.length === 1
        ? quantizationStep(stepScenarios, count, candidate)
        : sweepStep(engine, stepScenarios, count, candidate, rng, used);
    steps.push(step);
    remaining -= step.candidates.length * weight(stepScenarios);
  }
  steps.push(generalization);

  markDetailed(steps, scenarios, scale * 1_000_000, rng);
  return {
    id: `synthetic-${scale}x`,
    title: {en: `Synthetic study, ${scale}× the seed`, tr: `Sentetik çalışma, tohumun ${scale} katı`},
    scale,
    seed,
    scenarios,
    steps,
    baseline: {step: "engine-selection", candidate: "vllm"}
  };
}

type MakeCandidate = (
  engine: EngineId,
  id: string,
  label: string,
  flags: string[],
  speed: number,
  slots: number,
  extra?: Partial<SynthCandidate>
) => SynthCandidate;

function quantizationStep(scenarios: PlanScenario[], count: number, candidate: MakeCandidate): SynthStep {
  const options: SynthCandidate[] = [];
  for (const e of ["trtllm", "vllm", "sglang"] as EngineId[])
    for (const q of ["fp8", "awq"]) {
      const model = `${MODEL}-${q.toUpperCase()}`;
      const unsupported = e === "trtllm";
      options.push(
        candidate(
          e,
          `${e}-${q}`,
          `${ENGINES[e].name} ${q.toUpperCase()}`,
          [],
          ENGINE_SPEED[e] * (q === "fp8" ? 1.16 : 0.94),
          256,
          {
            model,
            quantization: q,
            server: [...serverBase(e, model)],
            fails: unsupported ? (q === "fp8" ? FAILURES[2] : FAILURES[3]) : null
          }
        )
      );
    }
  return {
    id: "quantization",
    kind: "selection",
    title: {en: "Quantization", tr: "Quantization"},
    scenarios: scenarios.map((s) => s.id),
    candidates: options.slice(0, Math.max(1, Math.min(count, options.length)))
  };
}

function sweepStep(
  engine: EngineId,
  scenarios: PlanScenario[],
  count: number,
  candidate: MakeCandidate,
  rng: Prng,
  used: Map<string, number>
): SynthStep {
  const knobs = rng.shuffle([...KNOBS[engine]]);
  // Enough knobs crossed to offer `count` distinct settings.
  const chosen: Knob[] = [];
  let combos = 1;
  for (const knob of knobs) {
    if (combos >= count && chosen.length) break;
    chosen.push(knob);
    combos *= knob.values.length;
  }
  const settings: number[][] = [];
  const seen = new Set<string>();
  const all = cartesian(chosen.map((k) => k.values.length));
  rng.shuffle(all);
  for (const combo of all) {
    if (settings.length >= count) break;
    const key = combo.join(",");
    if (!seen.has(key)) (seen.add(key), settings.push(combo));
  }
  const base = `${ENGINES[engine].name.toLowerCase().replace(/[^a-z]/g, "")}-${chosen.map((k) => k.id).join("-")}`;
  const n = (used.get(base) ?? 0) + 1;
  used.set(base, n);
  const stepId = n === 1 ? base : `${base}-${n}`;
  const candidates = settings.map((combo) => {
    const flags: string[] = [];
    const parts: string[] = [];
    let speed = ENGINE_SPEED[engine];
    combo.forEach((vi, ki) => {
      const knob = chosen[ki];
      const value = knob.values[vi];
      if (typeof value === "boolean") {
        const flag = value ? knob.flag : knob.flag.replace(/^--/, "--no-");
        flags.push(flag);
        parts.push(value ? knob.id : `no${knob.id}`);
      } else {
        flags.push(knob.flag, String(value));
        parts.push(`${knob.id}${String(value).replace(/\./g, "")}`);
      }
      // Throughput falls off quadratically away from the knob's best value.
      const distance = Math.abs(vi - knob.best) / Math.max(1, knob.values.length - 1);
      speed *= 1 + (knob.effect / 100) * (1 - 4 * distance * distance);
    });
    const slotsKnob = chosen.findIndex((k) => /max-num-seqs|max-running|max_batch/.test(k.flag));
    const slots = slotsKnob >= 0 ? Number(chosen[slotsKnob].values[combo[slotsKnob]]) : 256;
    const fails = rng.chance(0.04) ? rng.pick([FAILURES[0], FAILURES[1], FAILURES[3]]) : null;
    return candidate(
      engine,
      `${engine}-${parts.join("-")}`,
      chosen.map((k, ki) => `${k.flag.replace(/^--/, "")}=${k.values[combo[ki]]}`).join(" "),
      flags,
      speed,
      slots,
      {fails}
    );
  });
  return {
    id: stepId,
    kind: "selection",
    title: {
      en: `${ENGINES[engine].name}: ${chosen.map((k) => k.flag).join(" × ")}${n > 1 ? ` (round ${n})` : ""}`,
      tr: `${ENGINES[engine].name}: ${chosen.map((k) => k.flag).join(" × ")}${n > 1 ? ` (tur ${n})` : ""}`
    },
    scenarios: scenarios.map((s) => s.id),
    candidates
  };
}

function cartesian(sizes: number[]): number[][] {
  let out: number[][] = [[]];
  for (const size of sizes) out = out.flatMap((prefix) => Array.from({length: size}, (_, i) => [...prefix, i]));
  return out;
}

/** Marks candidates whose runs save detailed JSON until the archive holds about `targetBytes` of it (at least one). */
function markDetailed(steps: SynthStep[], scenarios: PlanScenario[], targetBytes: number, rng: Prng): void {
  const byId = new Map(scenarios.map((s) => [s.id, s]));
  const pool = rng.shuffle(steps.flatMap((step) => step.candidates.filter((c) => !c.fails).map((c) => ({step, c}))));
  let total = 0;
  for (const {step, c} of pool) {
    const bytes = step.scenarios.reduce((sum, id) => sum + detailedBytes(byId.get(id)!), 0);
    if (total > 0 && total + bytes > targetBytes) continue;
    c.detailed = true;
    c.bench_args = [...DETAILED_ARGS];
    total += bytes;
  }
}
