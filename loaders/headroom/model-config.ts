// Reads a Hugging Face config.json into the dimensions the headroom model needs, refusing what it cannot count.
import {existsSync} from "node:fs";
import {RefusedFile, readStudyFile} from "../files/regular-files.js";
import {basename, resolve} from "node:path";
import {resourcePath} from "../resources.js";

/** Dimensions of a dense decoder-only transformer, named as in headroom-model.md §2. */
export interface ModelDims {
  /** Where the dimensions came from (a file path or a label). */
  source: string;
  modelType: string;
  architecture: string | null;
  /** d */
  hidden: number;
  /** f */
  ffn: number;
  /** L */
  layers: number;
  /** H */
  heads: number;
  /** K */
  kvHeads: number;
  /** h */
  headDim: number;
  /** V */
  vocab: number;
  tiedEmbeddings: boolean;
  /** Per-head RMSNorm on q and k (Qwen3): adds 2h parameters per layer. */
  qkNorm: boolean;
  maxPositions: number | null;
  dtype: string | null;
}

/** model_type → whether its layers carry q/k norms; only families whose layer shape §2 counts exactly. */
const SUPPORTED_MODEL_TYPES: Record<string, {qkNorm: boolean}> = {
  qwen3: {qkNorm: true},
  llama: {qkNorm: false},
  mistral: {qkNorm: false}
};

/** Shipped configs, by short name. */
export const SHIPPED_MODELS: Record<string, string> = {
  "qwen3-32b": "qwen3-32b.config.json",
  "qwen3-14b": "qwen3-14b.config.json",
  "qwen3-8b": "qwen3-8b.config.json"
};

export const MODELS_DIR = resourcePath("data/models/");

export class ModelConfigError extends Error {
  constructor(file: string, line: number | null, message: string) {
    super(`${file}${line === null ? "" : `:${line}`}: ${message}`);
    this.name = "ModelConfigError";
  }
}

/** 1-based line of the first `"key":` in a JSON text, or null. */
function lineOfKey(text: string, key: string): number | null {
  const at = text.search(new RegExp(`"${key}"\\s*:`));
  return at < 0 ? null : text.slice(0, at).split("\n").length;
}

/** Parses the text of a config.json; `file` names it in errors. */
export function parseModelConfig(text: string, file: string): ModelDims {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message);
    const line = position ? text.slice(0, Number(position[1])).split("\n").length : null;
    throw new ModelConfigError(file, line, `not valid JSON (${message})`);
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new ModelConfigError(file, 1, "a config.json must be a JSON object");
  }
  const config = json as Record<string, unknown>;
  const fail = (key: string, message: string): never => {
    throw new ModelConfigError(file, lineOfKey(text, key), message);
  };
  const positiveInt = (key: string, fallback?: number): number => {
    const value = config[key];
    if (value === undefined || value === null) {
      if (fallback !== undefined) return fallback;
      return fail(key, `missing field "${key}"`);
    }
    if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
      return fail(key, `"${key}" must be a positive integer, got ${JSON.stringify(value)}`);
    }
    return value;
  };

  const modelType = config.model_type;
  if (typeof modelType !== "string") fail("model_type", `missing field "model_type"`);
  const family = SUPPORTED_MODEL_TYPES[modelType as string];
  if (!family) {
    fail(
      "model_type",
      `model_type "${modelType}" is not supported (supported: ${Object.keys(SUPPORTED_MODEL_TYPES).join(", ")})`
    );
  }
  for (const key of ["num_experts", "num_local_experts", "n_routed_experts"]) {
    if (typeof config[key] === "number" && (config[key] as number) > 0)
      fail(key, `mixture-of-experts ("${key}") is not modelled`);
  }
  for (const key of ["attention_bias", "mlp_bias", "use_sliding_window"]) {
    if (config[key] === true) fail(key, `"${key}": true is not modelled (its parameters or KV are not counted)`);
  }
  if (config.hidden_act !== undefined && config.hidden_act !== "silu") {
    fail("hidden_act", `hidden_act "${String(config.hidden_act)}" is not modelled (the count assumes a SwiGLU MLP)`);
  }

  const hidden = positiveInt("hidden_size");
  const heads = positiveInt("num_attention_heads");
  if (config.head_dim === undefined && hidden % heads !== 0) {
    fail(
      "num_attention_heads",
      `no "head_dim" and hidden_size ${hidden} is not a multiple of num_attention_heads ${heads}`
    );
  }
  const tied = config.tie_word_embeddings;
  if (typeof tied !== "boolean") {
    fail(
      "tie_word_embeddings",
      `missing field "tie_word_embeddings" (true or false): it changes the count by vocab × hidden`
    );
  }
  const kvHeads = positiveInt("num_key_value_heads", heads);
  if (heads % kvHeads !== 0) {
    fail("num_key_value_heads", `num_attention_heads ${heads} is not a multiple of num_key_value_heads ${kvHeads}`);
  }
  const architectures = config.architectures;
  const maxPositions = config.max_position_embeddings;
  const dtype = config.torch_dtype ?? config.dtype;
  return {
    source: file,
    modelType: modelType as string,
    architecture: Array.isArray(architectures) && typeof architectures[0] === "string" ? architectures[0] : null,
    hidden,
    ffn: positiveInt("intermediate_size"),
    layers: positiveInt("num_hidden_layers"),
    heads,
    kvHeads,
    headDim: positiveInt("head_dim", hidden / heads),
    vocab: positiveInt("vocab_size"),
    tiedEmbeddings: tied as boolean,
    qkNorm: family.qkNorm,
    maxPositions: typeof maxPositions === "number" ? maxPositions : null,
    dtype: typeof dtype === "string" ? dtype : null
  };
}

/** A config path, or a shipped short name (qwen3-32b) → absolute path; throws naming the known models. */
export function resolveModelConfigPath(nameOrPath: string): string {
  const shipped = SHIPPED_MODELS[nameOrPath.toLowerCase()];
  if (shipped) return resolve(MODELS_DIR, shipped);
  if (existsSync(nameOrPath)) return resolve(nameOrPath);
  throw new ModelConfigError(
    nameOrPath,
    null,
    `no such config file, and not a shipped model (known: ${Object.keys(SHIPPED_MODELS).join(", ")})`
  );
}

export function readModelConfig(nameOrPath: string): ModelDims {
  const path = resolveModelConfigPath(nameOrPath);
  let text: string;
  try {
    // A path the plan names: a link is followed, but a FIFO, a device or a huge file is refused without blocking.
    text = readStudyFile(path, {followLink: true});
  } catch (error) {
    if (error instanceof RefusedFile) throw new ModelConfigError(path, error.line ?? null, error.problem);
    throw error;
  }
  return parseModelConfig(text, path);
}

/** Short label for a config: its shipped name if it is one, else the file name. */
export function modelLabel(dims: ModelDims): string {
  const file = basename(dims.source);
  const shipped = Object.entries(SHIPPED_MODELS).find(([, name]) => name === file);
  return shipped ? shipped[0] : file;
}
