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

/** Where the re-encoding loop stands for one prompt: settled, or waiting for padding drawn from the generator. */
export type Settling =
  | {done: true; prompt: string; tokens: number[]; mismatch: number}
  | {done: false; prompt: string; tokens: number[]; remaining: number};

/**
 * vLLM's decode → re-encode → cut loop for one prompt, run as far as it goes without the generator: it stops where a
 * round comes out short and vLLM would draw padding tokens. Those stops are finished in request order by
 * `finishSettling`, so the generator's draws (and the prompts) stay exactly vLLM's even when this part runs in workers.
 */
export function settle(tokenizer: BenchTokenizer, tokens: number[], target: number, remaining = MAX_RETRY): Settling {
  let sequence = tokens;
  for (; ; remaining--) {
    const prompt = tokenizer.decode(sequence);
    sequence = tokenizer.encode(prompt, false);
    if (remaining <= 0) return {done: true, prompt, tokens: sequence, mismatch: sequence.length - target};
    if (sequence.length === target) return {done: true, prompt, tokens: sequence, mismatch: 0};
    if (sequence.length < target) return {done: false, prompt, tokens: sequence, remaining};
    sequence = sequence.slice(0, target);
  }
}

export function finishSettling(
  tokenizer: BenchTokenizer,
  state: Settling,
  target: number,
  rng: NumpyGenerator
): {prompt: string; tokens: number[]; mismatch: number} {
  let current = state;
  while (!current.done) {
    const padded = current.tokens.concat(rng.integers(0, tokenizer.vocabSize, target - current.tokens.length));
    current = settle(tokenizer, padded, target, current.remaining - 1);
  }
  return {prompt: current.prompt, tokens: current.tokens, mismatch: current.mismatch};
}

/** The lengths, offsets and token sequences vLLM draws before any prompt is decoded. */
export interface RandomPlan {
  rng: NumpyGenerator;
  sequences: number[][];
  targets: number[];
  outputLens: number[];
  idPrefix: string;
}

export function randomPlan(tokenizer: BenchTokenizer, options: RandomDatasetOptions): RandomPlan {
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
  const sequences: number[][] = [];
  const targets: number[] = [];
  for (let i = 0; i < n; i++) {
    const sequence = prefix.slice();
    for (let k = 0; k < inputLens[i]; k++) sequence.push(allowed[(offsets[i] + i + k) % allowed.length]);
    sequences.push(sequence);
    targets.push(prefixLen + inputLens[i]);
  }
  return {rng, sequences, targets, outputLens, idPrefix};
}

/** Settles every prompt in order (or finishes the given settlings), drawing padding from the plan's generator. */
export function completeRandomPlan(tokenizer: BenchTokenizer, plan: RandomPlan, settled?: Settling[]): RandomDataset {
  const requests: SampleRequest[] = [];
  let tokenMismatch = 0;
  plan.sequences.forEach((sequence, i) => {
    const target = plan.targets[i];
    const state = settled ? settled[i] : settle(tokenizer, sequence, target);
    const made = finishSettling(tokenizer, state, target, plan.rng);
    tokenMismatch += made.mismatch;
    requests.push({
      prompt: made.prompt,
      promptLen: made.tokens.length,
      expectedOutputLen: plan.outputLens[i],
      requestId: plan.idPrefix + String(i)
    });
  });
  return {requests, tokenMismatch};
}

export function randomDataset(tokenizer: BenchTokenizer, options: RandomDatasetOptions): RandomDataset {
  return completeRandomPlan(tokenizer, randomPlan(tokenizer, options));
}
