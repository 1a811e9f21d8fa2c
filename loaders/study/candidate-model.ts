// Which model config each candidate's runs are measured against: the candidate's own `config:`, the study's config
// for the study's model, else the config shipped under data/models/ for that model's name.
import {existsSync, readdirSync} from "node:fs";
import {isAbsolute, join} from "node:path";
import {resourcePath} from "../resources.js";
import {MODELS_DIR, readModelConfig, type ModelDims} from "../headroom/model-config.js";
import type {PlanCandidate, StudyPlan} from "./plan.js";

// Quantized checkpoints (Qwen3-32B-FP8, -AWQ) keep their base model's layer shapes.
const QUANT_SUFFIX = /-(fp8|fp8-dynamic|awq|gptq|gptq-int4|gptq-int8|int4|int8|w4a16|w8a8|nvfp4|bnb-4bit)$/i;

/** The shipped config file for a model name (`Qwen/Qwen3-32B-FP8` → data/models/qwen3-32b.config.json), or null. */
export function shippedConfigFor(model: string, dir = MODELS_DIR): string | null {
  let name = model.slice(model.lastIndexOf("/") + 1).toLowerCase();
  while (QUANT_SUFFIX.test(name)) name = name.replace(QUANT_SUFFIX, "");
  const file = `${name}.config.json`;
  return existsSync(dir) && readdirSync(dir).includes(file) ? join(dir, file) : null;
}

export type CandidateConfig = {dims: ModelDims} | {reason: string};

/** A path as the plan wrote it: relative to the working directory, the study folder, or tps-report's own files. */
function planPath(plan: StudyPlan, path: string): string {
  if (isAbsolute(path) || existsSync(path)) return path;
  for (const candidate of [join(plan.dir, path), resourcePath(path)]) if (existsSync(candidate)) return candidate;
  return path;
}

export function candidateConfig(plan: StudyPlan, candidate: Pick<PlanCandidate, "model" | "config">): CandidateConfig {
  const given =
    candidate.config ??
    (candidate.model === plan.model.name ? plan.model.config : null) ??
    shippedConfigFor(candidate.model);
  if (!given)
    return {
      reason: `'${candidate.model}' has no config: none under data/models/ by that name and no 'config:' on the candidate`
    };
  try {
    return {dims: readModelConfig(planPath(plan, given))};
  } catch (error) {
    return {reason: (error as Error).message};
  }
}
