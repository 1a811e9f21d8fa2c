// Malformed and truncated inputs: every problem is an error with the line it was found on, nothing is skipped silently.
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {readFileSync} from "node:fs";
import {FIXTURES, fixture} from "./helpers.js";

describe("malformed input", () => {
  // Cut-off blocks, missing required lines, unreadable values and lost banners keep their values as partial
  // blocks now (issue 13): see partial.test.ts.

  it("an empty value of a known metric is an error", () => {
    const text = [
      "============ Serving Benchmark Result ============",
      "Successful requests:                     5",
      "Benchmark duration (s):",
      "=================================================="
    ].join("\n");
    const result = parseText(text, "empty.txt");
    expect(result.errors[0]).toEqual({line: 3, message: '"Benchmark duration (s):" has no value'});
  });

  it("two lines giving the same metric different values conflict", () => {
    const text = [
      "============ Serving Benchmark Result ============",
      "Successful requests:                     5",
      "Failed requests:                         1",
      "Benchmark duration (s):                  2.00",
      "Total failed requests: 2",
      "=================================================="
    ].join("\n");
    const result = parseText(text, "dup.txt");
    expect(result.errors).toEqual([
      {line: 5, message: '"Total failed requests" gives failed = 2, but an earlier line gave 1'}
    ]);
  });

  it("an unknown label inside a block is extra, not an error", () => {
    const text = [
      "============ Serving Benchmark Result ============",
      "Successful requests:                     5",
      "Benchmark duration (s):                  2.00",
      "Accuracy Rate (%):                       97.50",
      "=================================================="
    ].join("\n");
    const result = parseText(text, "fork.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].extra).toEqual({"Accuracy Rate (%)": "97.50"});
  });

  it("a file without any result", async () => {
    const result = await fixture("no-result.txt");
    expect(result).toEqual({
      file: "test/fixtures/parse/no-result.txt",
      blocks: [],
      errors: [{line: 1, message: "no benchmark result found"}],
      warnings: []
    });
    expect(parseText("", "empty.txt").errors).toEqual([{line: 1, message: "no benchmark result found"}]);
  });
});

describe("malformed JSON", () => {
  it("a syntax error gives line and column", async () => {
    const result = await fixture("broken.json");
    expect(result.blocks).toEqual([]);
    expect(result.errors).toEqual([
      {line: 5, message: `invalid JSON at column 3: expected ',' or '}', found "\\"p99_ttft_ms"`}
    ]);
  });

  it("a truncated file reports the end of input", async () => {
    const result = await fixture("truncated.json");
    expect(result.errors).toEqual([
      {line: 1, message: "invalid JSON at column 301: expected a JSON value, found end of input"}
    ]);
  });

  it("one broken JSON Lines record is an error on its line; the others still parse", async () => {
    const result = await fixture("broken-line.jsonl");
    expect(result.blocks.map((b) => b.lines)).toEqual([
      [1, 1],
      [3, 3]
    ]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0].line).toBe(2);
    expect(result.errors[0].message).toMatch(/^invalid JSON at column 114: expected a closing quote/);
  });

  it("a JSON object that is not a benchmark result", async () => {
    const result = await fixture("not-a-result.json");
    expect(result.errors).toEqual([
      {line: 1, message: "JSON object holds no benchmark result (no completed, duration or metric keys)"}
    ]);
  });

  it("a result record without duration", () => {
    const result = parseText('{"completed": 10, "mean_ttft_ms": 5.0}\n', "r.json");
    expect(result.errors).toEqual([{line: 1, message: "JSON result record lacks the required key duration"}]);
  });
});

describe("blocks next to each other", () => {
  it("a truncated serving block right before a trtllm-bench report does not take the report's rule as its footer", () => {
    const report = readFileSync(`${FIXTURES}/trtllm-bench.txt`, "utf8").split("\n").slice(3).join("\n");
    const text = ["============ Serving Benchmark Result ============", "Successful requests:   5", report].join("\n");
    const result = parseText(text, "mixed.log");
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([
      {
        line: 1,
        message:
          'result block at lines 1-2 is partial: no closing "=====" line; lacks the required line "Benchmark duration (s):"; the text stops at line 3, where another report starts'
      }
    ]);
    expect(result.blocks.map((b) => [b.tool, b.lines])).toEqual([
      ["vllm", [1, 2]],
      ["trtllm-bench", [3, 110]]
    ]);
  });
});
