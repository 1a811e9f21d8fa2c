// The byte-level path for JSON too large for one string gives the same blocks, counting per-request arrays.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseBuffer} from "../../loaders/parse/index.js";
import {FIXTURES, fixture} from "./helpers.js";

/** Forces the large-file path: every file is "too large", every array over 16 bytes is counted. */
const large = (name: string) => parseBuffer(readFileSync(`${FIXTURES}/${name}`), name, 0, 16);

describe("large JSON path", () => {
  for (const name of [
    "vllm-save-result.json",
    "vllm-save-detailed.json",
    "vllm-append-result.jsonl",
    "vllm-2025-old-script.json",
    "sglang-output.jsonl",
    "trtllm-bench.json",
    "trtllm-serve.json",
    "broken.json",
    "truncated.json",
    "not-a-result.json"
  ]) {
    it(`${name}: same blocks and errors as the string path`, async () => {
      const small = await fixture(name);
      const big = large(name);
      expect(big.errors).toEqual(small.errors);
      expect(big.blocks).toEqual(small.blocks);
    });
  }

  it("counts array elements without decoding them, nested arrays and strings with brackets included", () => {
    const text = JSON.stringify({
      completed: 3,
      duration: 1.25,
      itls: [[0.1, 0.2], [], [0.3]],
      generated_texts: ["a, b", "[c]", 'd "quoted" ]'],
      errors: [],
      mean_ttft_ms: 12.5
    });
    const result = parseBuffer(Buffer.from(text), "x.json", 0, 0);
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics).toEqual({completed: 3, duration: 1.25, mean_ttft_ms: 12.5});
    expect(result.blocks[0].extra).toEqual({per_request_arrays: "itls[3], generated_texts[3], errors[0]"});
  });

  it("a text file above the limit is an error, not a crash", () => {
    const result = parseBuffer(Buffer.from("Successful requests: 1\n"), "big.log", 4);
    expect(result.errors).toEqual([
      {line: 1, message: "text file of 23 bytes is larger than the 4-byte limit for text parsing"}
    ]);
  });
});
