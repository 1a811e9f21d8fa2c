import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {randomDataset} from "../../loaders/client/dataset-random.js";
import {randomDatasetParallel} from "../../loaders/client/dataset-random-parallel.js";
import {shareGptDataset} from "../../loaders/client/dataset-sharegpt.js";
import {loadTokenizer, type BenchTokenizer} from "../../loaders/client/tokenizer.js";

let tokenizer: BenchTokenizer;
let dir: string;
beforeAll(async () => {
  tokenizer = await loadTokenizer(undefined, "Qwen/Qwen3-32B");
  dir = mkdtempSync(join(tmpdir(), "tps-client-"));
});
afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe("random dataset", () => {
  it("builds prompts that tokenize to exactly the requested length", () => {
    const {requests, tokenMismatch} = randomDataset(tokenizer, {
      numPrompts: 12,
      inputLen: 256,
      outputLen: 32,
      seed: 42
    });
    expect(tokenMismatch).toBe(0);
    expect(requests).toHaveLength(12);
    for (const request of requests) {
      expect(request.promptLen).toBe(256);
      expect(tokenizer.encode(request.prompt, false)).toHaveLength(256);
      expect(request.expectedOutputLen).toBe(32);
    }
  });

  it("draws lengths with numpy's default_rng, as vLLM does for --random-range-ratio", () => {
    // numpy: rng = default_rng(42); rng.integers(50, 151, 8); rng.integers(10, 31, 8)
    const {requests} = randomDataset(tokenizer, {
      numPrompts: 8,
      inputLen: 100,
      outputLen: 20,
      rangeRatio: 0.5,
      seed: 42
    });
    expect(requests.map((r) => r.promptLen)).toEqual([59, 128, 116, 94, 93, 136, 58, 120]);
    expect(requests.map((r) => r.expectedOutputLen)).toEqual([14, 11, 21, 30, 25, 25, 25, 26]);
    for (const request of requests) expect(tokenizer.encode(request.prompt, false)).toHaveLength(request.promptLen);
  });

  it("gives the same requests for the same seed and different ones for another seed", () => {
    const options = {numPrompts: 5, inputLen: 64, outputLen: 8, rangeRatio: 0.25, seed: 3, requestIdPrefix: "r-"};
    const a = randomDataset(tokenizer, options).requests;
    expect(randomDataset(tokenizer, options).requests).toEqual(a);
    expect(a.map((r) => r.requestId)).toEqual(["r-0", "r-1", "r-2", "r-3", "r-4"]);
    const b = randomDataset(tokenizer, {...options, seed: 4}).requests;
    expect(b.map((r) => r.prompt)).not.toEqual(a.map((r) => r.prompt));
  });

  it("puts a shared prefix of --random-prefix-len tokens in front of every prompt", () => {
    const {requests} = randomDataset(tokenizer, {numPrompts: 3, inputLen: 40, outputLen: 4, prefixLen: 16, seed: 1});
    for (const request of requests) expect(request.promptLen).toBe(56);
    const heads = requests.map((r) => tokenizer.encode(r.prompt, false).slice(0, 12).join(","));
    expect(new Set(heads).size).toBe(1);
  });

  it("builds the same prompts in worker threads as in one thread", async () => {
    const options = {numPrompts: 6, inputLen: 300, outputLen: 5, rangeRatio: 0.5, prefixLen: 4, seed: 11};
    const warnings: string[] = [];
    const parallel = await randomDatasetParallel(tokenizer, options, (line) => warnings.push(line), 2, 0);
    expect(warnings).toEqual([]);
    expect(parallel).toEqual(randomDataset(tokenizer, options));
  });

  it("refuses a range ratio outside [0, 1)", () => {
    expect(() => randomDataset(tokenizer, {numPrompts: 1, inputLen: 10, outputLen: 1, rangeRatio: 1, seed: 0})).toThrow(
      /range-ratio/
    );
  });
});

// Prompts of n one-token words ("x x x ...") so every length is known exactly.
const words = (n: number): string => "x" + " x".repeat(n - 1);

describe("ShareGPT dataset", () => {
  // Kept conversations (two or more turns) by index, with [prompt tokens, reply tokens]:
  const kept: Array<[number, number]> = [
    [10, 10], // 0 valid
    [3, 10], // 1 prompt < 4
    [10, 3], // 2 reply < 4
    [1025, 10], // 3 prompt > 1024
    [1000, 1049], // 4 prompt + reply = 2049 > 2048
    [1000, 1048], // 5 valid (2048)
    [4, 4], // 6 valid
    [20, 30], // 7 valid
    [50, 5], // 8 valid
    [7, 7] // 9 valid
  ];
  let path: string;
  beforeAll(() => {
    const entries: unknown[] = [{id: "no-conversations"}];
    kept.forEach(([p, c], i) => {
      entries.push({
        id: `kept-${i}`,
        conversations: [
          {from: "human", value: words(p)},
          {from: "gpt", value: words(c)},
          {from: "human", value: "third turn is ignored"}
        ]
      });
      if (i === 4) entries.push({id: "one-turn", conversations: [{from: "human", value: words(10)}]});
    });
    path = join(dir, "sharegpt.json");
    writeFileSync(path, JSON.stringify(entries, null, 1));
  });

  it("shuffles with CPython's random (seed 7 → order 8,3,1,4,7,0,9,6,2,5) and drops out-of-bounds pairs", () => {
    const requests = shareGptDataset(tokenizer, {path, numPrompts: 4, seed: 7, requestIdPrefix: "s-"});
    expect(requests.map((r) => [r.promptLen, r.expectedOutputLen])).toEqual([kept[8], kept[7], kept[0], kept[9]]);
    expect(requests.map((r) => r.requestId)).toEqual(["s-0", "s-1", "s-2", "s-3"]);
    expect(requests[0].prompt).toBe(words(50));
  });

  it("oversamples with random.choice after reseeding when too few pass", () => {
    const requests = shareGptDataset(tokenizer, {path, numPrompts: 8, seed: 7});
    const valid = [kept[8], kept[7], kept[0], kept[9], kept[6], kept[5]];
    // CPython: random.seed(7); [random.choice(range(6)) for _ in range(2)] == [2, 1]
    expect(requests.map((r) => [r.promptLen, r.expectedOutputLen])).toEqual([...valid, valid[2], valid[1]]);
    expect(requests.map((r) => r.requestId)).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
  });

  it("with --sharegpt-output-len skips the minimum-output check and uses the fixed length", () => {
    const requests = shareGptDataset(tokenizer, {path, numPrompts: 10, seed: 7, outputLen: 2, noOversample: true});
    // order 8,3,1,4,7,0,9,6,2,5: 3 (prompt too long) and 1 (prompt too short) still drop
    expect(requests.map((r) => r.promptLen)).toEqual([50, 1000, 20, 10, 7, 4, 10, 1000]);
    expect(new Set(requests.map((r) => r.expectedOutputLen))).toEqual(new Set([2]));
  });

  it("names the file and line of a malformed entry", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(
      bad,
      '[\n {"conversations": [{"value": "a b c d e"}, {"value": "f g h i"}]},\n {"conversations": tru}\n]'
    );
    expect(() => shareGptDataset(tokenizer, {path: bad, numPrompts: 1, seed: 0})).toThrow(/bad\.json:3: element 1/);
    writeFileSync(
      bad,
      '[\n {"conversations": [{"value": "a b c d e"}, {"value": "f g h i"}]},\n {"conversations": [\n'
    );
    expect(() => shareGptDataset(tokenizer, {path: bad, numPrompts: 1, seed: 0})).toThrow(
      /bad\.json:3: the array is not closed/
    );
  });
});
