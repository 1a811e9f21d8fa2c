// vLLM's RandomDataset: prompts of an exact token length built from consecutive token ids, seeded with numpy's
// default_rng so the same seed gives the same lengths, offsets and prompts as `vllm bench serve --dataset-name random`.
import {NumpyGenerator} from "./rng-pcg64.js";
import type {BenchTokenizer} from "./tokenizer.js";
import type {SampleRequest} from "./types.js";

export interface RandomDatasetOptions {
  numPrompts: number;
  inputLen: number;
  outputLen: number;
  rangeRatio?: number;
  prefixLen?: number;
  seed: number;
  requestIdPrefix?: string;
}

export interface RandomDataset {
  requests: SampleRequest[];
  /** Tokens more (+) or fewer (−) than asked for, summed over prompts that did not settle in 10 re-encodings. */
  tokenMismatch: number;
}

const MAX_RETRY = 10;

/** Decode, re-encode, then pad or cut until the text encodes to `target` tokens (at most 10 rounds). */
function decodeToTargetLength(
  tokenizer: BenchTokenizer,
  tokens: number[],
  target: number,
  rng: NumpyGenerator
): {prompt: string; tokens: number[]; mismatch: number} {
  let sequence = tokens;
  let prompt = "";
  for (let remaining = MAX_RETRY; ; remaining--) {
    prompt = tokenizer.decode(sequence);
    sequence = tokenizer.encode(prompt, false);
    if (remaining <= 0) return {prompt, tokens: sequence, mismatch: sequence.length - target};
    if (sequence.length === target) return {prompt, tokens: sequence, mismatch: 0};
    if (sequence.length < target) sequence.push(...rng.integers(0, tokenizer.vocabSize, target - sequence.length));
    else sequence = sequence.slice(0, target);
  }
}

export function randomDataset(tokenizer: BenchTokenizer, options: RandomDatasetOptions): RandomDataset {
  const rangeRatio = options.rangeRatio ?? 0;
  const prefixLen = options.prefixLen ?? 0;
  const idPrefix = options.requestIdPrefix ?? "";
  if (!(rangeRatio >= 0 && rangeRatio < 1))
    throw new Error(`--random-range-ratio must be in [0, 1), got ${rangeRatio}`);
  const numSpecial = tokenizer.numSpecialTokensToAdd;
  const realInputLen = Math.max(0, Math.trunc(options.inputLen) - numSpecial);
  const inputLow = Math.floor(realInputLen * (1 - rangeRatio));
  if (prefixLen + inputLow < 1) {
    throw new Error(
      `--random-input-len is too small: with ${numSpecial} special tokens and --random-range-ratio ${rangeRatio} ` +
        `a prompt could have ${prefixLen + inputLow} tokens; it needs at least 1`
    );
  }
  const inputHigh = Math.ceil(realInputLen * (1 + rangeRatio));
  const outputLow = Math.max(Math.floor(options.outputLen * (1 - rangeRatio)), 1);
  const outputHigh = Math.max(Math.ceil(options.outputLen * (1 + rangeRatio)), 1);

  const rng = new NumpyGenerator(options.seed);
  const n = options.numPrompts;
  const inputLens = rng.integers(inputLow, inputHigh + 1, n);
  const outputLens = rng.integers(outputLow, outputHigh + 1, n);
  const offsets = rng.integers(0, tokenizer.vocabSize, n);

  const special = new Set(tokenizer.specialIds);
  const allowed: number[] = [];
  for (let id = 0; id < tokenizer.vocabSize; id++) if (!special.has(id)) allowed.push(id);
  const prefix = prefixLen > 0 ? rng.integers(0, allowed.length, prefixLen).map((k) => allowed[k]) : [];

  const requests: SampleRequest[] = [];
  let tokenMismatch = 0;
  for (let i = 0; i < n; i++) {
    const sequence = prefix.slice();
    for (let k = 0; k < inputLens[i]; k++) sequence.push(allowed[(offsets[i] + i + k) % allowed.length]);
    const made = decodeToTargetLength(tokenizer, sequence, prefixLen + inputLens[i], rng);
    tokenMismatch += made.mismatch;
    requests.push({
      prompt: made.prompt,
      promptLen: made.tokens.length,
      expectedOutputLen: outputLens[i],
      requestId: idPrefix + String(i)
    });
  }
  return {requests, tokenMismatch};
}
