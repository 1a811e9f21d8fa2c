// Noise around and inside blocks: markdown, prefixes, annotations, tabs, CRLF, progress bars, special values.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {FIXTURES, fixture, onlyBlock} from "./helpers.js";

const read = (name: string): string => readFileSync(`${FIXTURES}/${name}`, "utf8");

describe("noise around benchmark blocks", () => {
  it("a block quoted with '> ' inside a code fence in markdown", async () => {
    const block = await onlyBlock("markdown-quoted.md");
    expect(block.lines).toEqual([6, 26]);
    expect(block.metrics.completed).toBe(120);
    expect(block.metrics.total_token_throughput).toBe(2265.49);
    expect(block.metrics.p99_itl_ms).toBe(61.07);
  });

  it("several blocks under '# request rate' headings, one with stripped trailing spaces, one annotated", async () => {
    const result = await fixture("several-blocks.md");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => b.lines)).toEqual([
      [3, 23],
      [28, 48],
      [53, 73]
    ]);
    expect(result.blocks.map((b) => b.metrics.completed)).toEqual([100, 200, 400]);
    expect(result.blocks.map((b) => b.metrics.total_token_throughput)).toEqual([764.8, 1511.81, 2791.71]);
    const annotated = result.blocks[2];
    expect(annotated.metrics.mean_tpot_ms).toBe(27.44);
    expect(annotated.extra).toEqual({"mean_tpot_ms.note": "<========"});
  });

  it("'# ' comment prefixes with tabs instead of padding", async () => {
    const block = await onlyBlock("comment-prefixed.txt");
    expect(block.lines).toEqual([2, 22]);
    expect(block.metrics.duration).toBe(20.5);
    expect(block.metrics.p99_itl_ms).toBe(15.4);
  });

  it("CRLF line ends give the same block", async () => {
    const lf = parseText(read("vllm-2024-late.txt"), "lf.txt");
    const crlf = parseText(read("vllm-2024-late.txt").replace(/\n/g, "\r\n"), "crlf.txt");
    expect(crlf.errors).toEqual([]);
    expect(crlf.blocks).toEqual(lf.blocks);
  });

  it("a tqdm bar rewritten with carriage returns on the banner's line keeps the banner", () => {
    const text = read("vllm-2024-late.txt").replace(
      "100%|██████████| 2000/2000 [03:05<00:00, 10.78it/s]\n",
      " 50%|█████     | 1000/2000 [01:30<01:30, 11.0it/s]\r100%|██████████| 2000/2000 [03:05<00:00, 10.78it/s]\r"
    );
    const result = parseText(text, "bar.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].lines).toEqual([5, 25]);
    expect(result.blocks[0].metrics.completed).toBe(2000);
  });

  it("ANSI colour codes and a BOM are ignored", () => {
    const text =
      "\ufeff" + read("vllm-2024-late.txt").replace("Successful requests:", "\x1b[1mSuccessful requests:\x1b[0m");
    const result = parseText(text, "ansi.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics.completed).toBe(2000);
  });

  it("inf, nan, None, not set, trace, -0.00 and thousands separators", async () => {
    const block = await onlyBlock("special-values.txt");
    expect(block.metrics.concurrency).toBe(0);
    expect(Object.is(block.metrics.concurrency, -0)).toBe(false);
    expect(block.metrics.output_throughput).toBe(0);
    expect(block.metrics.mean_ttft_ms).toBeUndefined();
    expect(block.extra).toEqual({
      backend: "vllm",
      request_rate: "inf",
      max_concurrency: "not set",
      mean_ttft_ms: "nan",
      median_ttft_ms: "nan",
      p99_ttft_ms: "nan",
      max_itl_ms: "None",
      "Elapsed time (s)": "4,000.50"
    });
  });

  it("numbers with thousands separators and exponents in known metric lines", () => {
    const text = [
      "============ Serving Benchmark Result ============",
      "Successful requests:                     4,000",
      "Benchmark duration (s):                  1.5E+02",
      "Total input tokens:                      4,110,623,430",
      "=================================================="
    ].join("\n");
    const {blocks, errors} = parseText(text, "n.txt");
    expect(errors).toEqual([]);
    expect(blocks[0].metrics).toEqual({completed: 4000, duration: 150, total_input_tokens: 4110623430});
  });
});

describe("format detection", () => {
  it("a log that starts with a printed dict is read as text", () => {
    const text = "{'model': 'Qwen/Qwen3-8B', 'tp': 1}\n" + read("vllm-2024-late.txt");
    const result = parseText(text, "dict.log");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].lines).toEqual([7, 27]);
  });

  it("a log whose lines start with '[' logger stamps is not taken for a JSON array", async () => {
    const result = await fixture("trtllm-bench.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].tool).toBe("trtllm-bench");
  });
});
