// vLLM's ShareGPTDataset: keep conversations with two or more turns, shuffle with CPython's random seeded by --seed,
// take the first human turn as prompt and the reply's length as output length, drop pairs outside vLLM's bounds.
import {readJsonArray} from "./json-array.js";
import {PythonRandom} from "./rng-mt19937.js";
import type {BenchTokenizer} from "./tokenizer.js";
import type {SampleRequest} from "./types.js";

export interface ShareGptOptions {
  path: string;
  numPrompts: number;
  seed: number;
  /** Fixed output length instead of the reply's token count (vLLM's --sharegpt-output-len). */
  outputLen?: number;
  requestIdPrefix?: string;
  disableShuffle?: boolean;
  noOversample?: boolean;
}

interface Conversation {
  first: unknown;
  second: unknown;
  line: number;
}

/** vLLM's is_valid_sequence with its defaults (min 4, prompt ≤ 1024, prompt+output ≤ 2048). */
export function isValidSequence(promptLen: number, outputLen: number, skipMinOutputCheck = false): boolean {
  const promptTooShort = promptLen < 4;
  const outputTooShort = !skipMinOutputCheck && outputLen < 4;
  const promptTooLong = promptLen > 1024;
  const combinedTooLong = promptLen + outputLen > 2048;
  return !(promptTooShort || outputTooShort || promptTooLong || combinedTooLong);
}

function turnValue(turn: unknown, path: string, line: number, which: string): string {
  const value = (turn as {value?: unknown} | null)?.value;
  if (typeof value !== "string") throw new Error(`${path}:${line}: ${which} turn has no string "value"`);
  return value;
}

export function loadShareGptConversations(path: string): Conversation[] {
  const conversations: Conversation[] = [];
  readJsonArray(path, (entry, _index, line) => {
    const turns = (entry as {conversations?: unknown} | null)?.conversations;
    if (!Array.isArray(turns) || turns.length < 2) return;
    conversations.push({first: turns[0], second: turns[1], line});
  });
  return conversations;
}

export function shareGptDataset(tokenizer: BenchTokenizer, options: ShareGptOptions): SampleRequest[] {
  const data = loadShareGptConversations(options.path);
  if (!options.disableShuffle) new PythonRandom(options.seed).shuffle(data);
  const idPrefix = options.requestIdPrefix ?? "";
  const samples: SampleRequest[] = [];
  for (const entry of data) {
    if (samples.length >= options.numPrompts) break;
    // Turns are checked only when used, as vLLM reads them.
    const prompt = turnValue(entry.first, options.path, entry.line, "first");
    const completion = turnValue(entry.second, options.path, entry.line, "second");
    const promptLen = tokenizer.encode(prompt, true).length;
    const outputLen = options.outputLen ?? tokenizer.encode(completion, true).length;
    if (!isValidSequence(promptLen, outputLen, options.outputLen !== undefined)) continue;
    samples.push({prompt, promptLen, expectedOutputLen: outputLen, requestId: idPrefix + samples.length});
  }
  if (!samples.length) throw new Error(`${options.path}: no conversation passes vLLM's length filters`);
  if (samples.length < options.numPrompts && !options.noOversample) {
    // vLLM reseeds and draws the missing requests with random.choice over the kept ones.
    const rng = new PythonRandom(options.seed);
    const kept = samples.length;
    const picked = samples.slice();
    for (let i = 0; i < options.numPrompts - kept; i++) {
      samples.push({...rng.choice(picked), requestId: idPrefix + String(kept + i)});
    }
  }
  return samples;
}
