// How many GPUs one server of a candidate uses, from the engine's own parallelism flags, the plan's `gpus`, or the
// study's hardware.count; and the GPUs it is pinned to, where the plan or its command pins it.
import {engineFamily} from "../telemetry/aliases.js";

type Family = "vllm" | "sglang" | "trtllm";
type Degree = "tp" | "pp" | "dp";

/** Each engine's spellings of its parallel degrees (argparse's; `--flag N` or `--flag=N`, the last one wins). */
export const PARALLEL_FLAGS: Record<Family, Record<Degree, string[]>> = {
  vllm: {
    tp: ["--tensor-parallel-size", "-tp"],
    pp: ["--pipeline-parallel-size", "-pp"],
    dp: ["--data-parallel-size", "-dp"]
  },
  sglang: {
    tp: ["--tp-size", "--tp", "--tensor-parallel-size"],
    pp: ["--pp-size", "--pipeline-parallel-size"],
    dp: ["--dp-size", "--dp", "--data-parallel-size"]
  },
  trtllm: {tp: ["--tp_size"], pp: ["--pp_size"], dp: []}
};

/** SGLang's data-parallel attention runs its dp groups inside the tp GPUs: they add no GPU. */
const SGLANG_DP_INSIDE_TP = "--enable-dp-attention";

export interface GpuNeed {
  /** GPUs one server uses. */
  count: number;
  /** Parallel degrees the command states (1 where it states none). */
  tp: number;
  pp: number;
  dp: number;
  /** flags: the engine's parallelism flags; plan: the candidate's `gpus`; hardware: the study's hardware.count. */
  from: "flags" | "plan" | "hardware";
  /** What states it, for messages: `--tensor-parallel-size 2 × --data-parallel-size 2`, `gpus: 2`, `hardware.count 1`. */
  stated: string;
  /** Index in the server argv of the first flag that states it (from "flags"). */
  arg?: number;
  /** GPU indices (as nvidia-smi numbers them) the server is pinned to, by `gpus: [..]` or an
   * `env CUDA_VISIBLE_DEVICES=..` prefix of its command; null when it may go anywhere. */
  pinned: number[] | null;
  /** Where the pin is stated: the plan's `gpus`, or the server argv's index of the assignment. */
  pinnedBy?: "plan" | number;
}

/** A flag whose value is not a whole number from 1, or a plan whose `gpus` contradicts the flags. */
export interface GpuNeedProblem {
  problem: string;
  /** Index in the server argv of the flag, or "gpus" for the plan's field. */
  at: number | "gpus";
}

export interface NeedInput {
  engine: string;
  server: string[];
  gpus?: number | number[];
}

interface Stated {
  degree: Degree;
  flag: string;
  value: number;
  arg: number;
}

/** The flags a command states for each degree, last one winning; a problem for a value that is no degree. */
function statedDegrees(argv: string[], families: Family[]): Stated[] | GpuNeedProblem {
  const found = new Map<Degree, Stated>();
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    const eq = word.indexOf("=");
    const name = word.startsWith("-") && eq > 0 ? word.slice(0, eq) : word;
    for (const family of families)
      for (const degree of ["tp", "pp", "dp"] as const) {
        if (!PARALLEL_FLAGS[family][degree].includes(name)) continue;
        const text = name === word ? argv[i + 1] : word.slice(eq + 1);
        const value = Number(text);
        if (text === undefined || !/^\d+$/.test(text.trim()) || value < 1)
          return {problem: `${name} needs a whole number of GPUs from 1, got ${JSON.stringify(text ?? "")}`, at: i};
        found.set(degree, {degree, flag: name, value, arg: i});
      }
  }
  return [...found.values()].sort((a, b) => a.arg - b.arg);
}

/** GPU indices of a `CUDA_VISIBLE_DEVICES=0,1` assignment before the program (after an optional `env`). */
function pinnedByEnv(argv: string[]): {pinned: number[]; arg: number} | GpuNeedProblem | null {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (i === 0 && /(^|\/)env$/.test(word)) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(word);
    if (!match) return null;
    if (match[1] !== "CUDA_VISIBLE_DEVICES") continue;
    const parts = match[2].split(",").map((p) => p.trim());
    if (!parts.every((p) => /^\d+$/.test(p)))
      return {problem: `CUDA_VISIBLE_DEVICES=${match[2]}: give GPU indices (0,1,…) as nvidia-smi numbers them`, at: i};
    return {pinned: parts.map(Number), arg: i};
  }
  return null;
}

/** One server's GPU need; `hardwareCount` stands in where neither the flags nor the plan say. */
export function gpuNeed(candidate: NeedInput, hardwareCount: number): GpuNeed | GpuNeedProblem {
  const family = engineFamily(candidate.engine, ...candidate.server);
  const families: Family[] = family === "unknown" ? ["vllm", "sglang", "trtllm"] : [family];
  const stated = statedDegrees(candidate.server, families);
  if ("problem" in stated) return stated;
  const env = pinnedByEnv(candidate.server);
  if (env && "problem" in env) return env;
  const degree = (d: Degree): number => stated.find((s) => s.degree === d)?.value ?? 1;
  const [tp, pp, dp] = [degree("tp"), degree("pp"), degree("dp")];
  const dpInside = family === "sglang" && candidate.server.includes(SGLANG_DP_INSIDE_TP);
  const fromFlags = tp * pp * (dpInside ? 1 : dp);
  const flagText =
    stated.map((s) => `${s.flag} ${s.value}`).join(" × ") + (dpInside && dp > 1 ? ` (dp inside tp)` : "");
  const plan = candidate.gpus;
  const planPinned = Array.isArray(plan) ? plan : null;
  const planCount = Array.isArray(plan) ? plan.length : plan;
  if (planPinned && new Set(planPinned).size !== planPinned.length)
    return {problem: `gpus lists a GPU twice (${planPinned.join(", ")})`, at: "gpus"};
  if (planPinned && env)
    return {problem: `pinned twice: gpus [${planPinned.join(", ")}] and ${candidate.server[env.arg]}`, at: "gpus"};
  if (planCount != null && stated.length && planCount !== fromFlags)
    return {
      problem: `gpus says ${planCount} GPU${planCount === 1 ? "" : "s"} but ${flagText} in the server command needs ${fromFlags}`,
      at: "gpus"
    };
  const pinned = planPinned ?? env?.pinned ?? null;
  const pinnedBy = planPinned ? ("plan" as const) : env ? env.arg : undefined;
  const base = {tp, pp, dp, pinned, ...(pinnedBy !== undefined ? {pinnedBy} : {})};
  if (stated.length) {
    if (env && env.pinned.length !== fromFlags)
      return {
        problem: `${candidate.server[env.arg]} gives ${env.pinned.length} GPU${env.pinned.length === 1 ? "" : "s"} but ${flagText} needs ${fromFlags}`,
        at: env.arg
      };
    return {...base, count: fromFlags, from: "flags", stated: flagText, arg: stated[0].arg};
  }
  if (planCount != null)
    return {
      ...base,
      count: planCount,
      from: "plan",
      stated: planPinned ? `gpus [${planPinned.join(", ")}]` : `gpus: ${planCount}`
    };
  if (env) return {...base, count: env.pinned.length, from: "plan", stated: candidate.server[env.arg]};
  return {...base, count: hardwareCount, from: "hardware", stated: `hardware.count ${hardwareCount}`};
}

/** The need, or the study's hardware.count where the command's flags are malformed (reading runs must not fail). */
export function gpuCount(candidate: NeedInput, hardwareCount: number): number {
  const need = gpuNeed(candidate, hardwareCount);
  return "problem" in need ? hardwareCount : need.count;
}
