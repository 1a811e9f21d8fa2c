// Cut-off and incomplete blocks keep every value they printed, marked partial with a warning saying what is missing.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";
import {FIXTURES, fixture} from "./helpers.js";

const read = (name: string): string => readFileSync(`${FIXTURES}/${name}`, "utf8");
const BANNER = "============ Serving Benchmark Result ============";
const FOOTER = "=".repeat(50);

describe("partial serving blocks", () => {
  it("a block cut mid-line keeps the values before the cut", async () => {
    const result = await fixture("truncated-block.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    const [block] = result.blocks;
    expect(block.lines).toEqual([2, 19]);
    expect(block.tool).toBe("vllm");
    expect(block.metrics).toEqual({
      completed: 50,
      duration: 10,
      total_input_tokens: 6400,
      total_output_tokens: 3200,
      request_throughput: 5,
      output_throughput: 320,
      total_token_throughput: 960,
      mean_ttft_ms: 80,
      median_ttft_ms: 75,
      p99_ttft_ms: 150,
      mean_tpot_ms: 10,
      median_tpot_ms: 9.9,
      p99_tpot_ms: 12,
      mean_itl_ms: 9.95
    });
    const message =
      'result block at lines 2-19 is partial: no closing "=====" line; the text stops at line 20 ("Median IT")';
    expect(block.partial).toBe(message);
    expect(result.warnings).toEqual([{line: 2, message}]);
  });

  it("a block that ends with the file", () => {
    const text = [BANNER, "Successful requests:   5", "Benchmark duration (s):   1.00"];
    const result = parseText(text.join("\n"), "cut.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => b.metrics)).toEqual([{completed: 5, duration: 1}]);
    expect(result.warnings).toEqual([
      {
        line: 1,
        message: 'result block at lines 1-3 is partial: no closing "=====" line; the text stops at the end of cut.txt'
      }
    ]);
  });

  it("a value cut mid-number is not kept as a number (its digits after the cut are unknown), nor an error", () => {
    const text = [
      BANNER,
      "Successful requests:                     50",
      "Benchmark duration (s):                  10."
    ];
    const result = parseText(text.join("\n"), "cut.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics).toEqual({completed: 50});
    expect(result.blocks[0].partial).toMatch(/no closing "=====" line; lacks the required line "Benchmark duration/);
  });

  it("a label cut before its value at the end of a block is where the text stops, not an error", () => {
    const text = [BANNER, "Successful requests:                     50", "Benchmark duration (s):"];
    const result = parseText(text.join("\n"), "cut.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks[0].metrics).toEqual({completed: 50});
    expect(result.warnings).toEqual([
      {
        line: 1,
        message:
          'result block at lines 1-3 is partial: no closing "=====" line; lacks the required line "Benchmark duration (s):"; the text stops at the end of cut.txt'
      }
    ]);
  });

  it("a closed block missing a required line is partial and names the line", async () => {
    const result = await fixture("missing-duration.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].metrics.completed).toBe(50);
    expect(result.blocks[0].metrics.total_input_tokens).toBe(6400);
    expect(result.warnings).toEqual([
      {line: 1, message: 'result block at lines 1-20 is partial: lacks the required line "Benchmark duration (s):"'}
    ]);
  });

  it("an unreadable value is an error on its line; the other values are kept and the block is partial", async () => {
    const result = await fixture("bad-value.txt");
    expect(result.errors).toEqual([{line: 6, message: '"Request throughput (req/s):" has unparseable value "12.3.4"'}]);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].metrics.request_throughput).toBeUndefined();
    expect(result.blocks[0].metrics.completed).toBeGreaterThan(0);
    expect(result.blocks[0].partial).toMatch(/"Request throughput \(req\/s\):" on line 6 could not be read/);
  });

  it("a banner without footer followed by a full block: a partial block, then the full one", async () => {
    const result = await fixture("banner-without-footer.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => [b.lines, b.partial ?? null])).toEqual([
      [
        [1, 8],
        'result block at lines 1-8 is partial: no closing "=====" line; the text stops at the next banner on line 10'
      ],
      [[10, 30], null]
    ]);
    expect(result.blocks[0].metrics.total_token_throughput).toBe(960);
  });

  it("a banner and nothing else is an error, not an empty block", () => {
    const result = parseText(["log", BANNER, "Traceback (most recent call last):"].join("\n"), "crash.log");
    expect(result.blocks).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 2,
        message: 'result block at line 2 has no values: the text stops at line 3 ("Traceback (most recent call last):")'
      }
    ]);
  });

  it("a complete block has no partial mark and no warnings", () => {
    const result = parseText(read("vllm-2024-late.txt"), "ok.txt");
    expect(result.warnings).toEqual([]);
    expect(result.blocks[0].partial).toBeUndefined();
    expect(Object.keys(result.blocks[0])).toEqual(["tool", "format", "lines", "metrics", "extra"]);
  });
});

describe("continuations and fragments without a banner", () => {
  it("result lines whose banner is lost are read as a partial block; the good block after them still parses", async () => {
    const result = await fixture("orphan-lines.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks.map((b) => b.lines)).toEqual([
      [2, 21],
      [23, 43]
    ]);
    const [lost] = result.blocks;
    expect(lost.metrics.completed).toBe(50);
    expect(lost.metrics.p99_itl_ms).toBe(14);
    expect(lost.partial).toBe(
      'lines 2-21 hold result values without a "Serving Benchmark Result" banner: read as a partial block'
    );
    expect(result.blocks[1].partial).toBeUndefined();
  });

  it("a second block printed without its banner after a closed first block is a block of its own", () => {
    const first = read("vllm-2024-late.txt").split("\n");
    const start = first.findIndex((l) => l.startsWith("====="));
    const block = first.slice(start, first.findIndex((l, i) => i > start && /^=+$/.test(l)) + 1);
    const second = block.slice(1).map((l) => l.replace(/^(Successful requests:\s+)\d+/, "$1777"));
    const result = parseText([...block, "", ...second].join("\n"), "two.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(2);
    expect(result.blocks[0].partial).toBeUndefined();
    expect(result.blocks[1].metrics.completed).toBe(777);
    expect(result.blocks[1].metrics).toEqual({...result.blocks[0].metrics, completed: 777});
    expect(result.blocks[1].partial).toMatch(/without a "Serving Benchmark Result" banner/);
  });

  it("a fragment that starts inside a block (a section header and its lines) is a partial block", () => {
    const text = [
      "$ tail -8 bench.log",
      "-----Time per Output Token (excl. 1st token)------",
      "Mean TPOT (ms):                          10.00     ",
      "Median TPOT (ms):                        9.90      ",
      "P99 TPOT (ms):                           12.00     ",
      "---------------Inter-token Latency----------------",
      "Mean ITL (ms):                           9.95      ",
      "Median ITL (ms):                         9.70      ",
      "P99 ITL (ms):                            14.00     ",
      FOOTER
    ];
    const result = parseText(text.join("\n"), "tail.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].lines).toEqual([2, 10]);
    expect(result.blocks[0].metrics).toEqual({
      mean_tpot_ms: 10,
      median_tpot_ms: 9.9,
      p99_tpot_ms: 12,
      mean_itl_ms: 9.95,
      median_itl_ms: 9.7,
      p99_itl_ms: 14
    });
    expect(result.blocks[0].partial).toBe(
      'lines 2-10 hold result values without a "Serving Benchmark Result" banner: read as a partial block; lacks the required lines "Successful requests:", "Benchmark duration (s):"'
    );
  });

  it("the rest of a cut block after an interleaved log line joins the block it could belong to", () => {
    const text = [
      BANNER,
      "Successful requests:                     50",
      "Benchmark duration (s):                  10.00",
      "INFO 01-02 10:00:00 engine.py:267] Added request cmpl-1.",
      "---------------Time to First Token----------------",
      "Mean TTFT (ms):                          80.00",
      FOOTER
    ];
    const result = parseText(text.join("\n"), "interleaved.txt");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].lines).toEqual([1, 7]);
    expect(result.blocks[0].metrics).toEqual({completed: 50, duration: 10, mean_ttft_ms: 80});
    expect(result.blocks[0].partial).toBe(
      'result block at lines 1-7 is partial: line 4 ("INFO 01-02 10:00:00 engine.py:267] Added request cmpl-1.") interrupts it; lines 5-7 are read as its continuation'
    );
  });

  it("a lone progress-summary line such as 'Total failed requests: 0' is not a result", () => {
    const result = parseText("Total failed requests: 0\nbye\n", "x.log");
    expect(result.blocks).toEqual([]);
    expect(result.errors).toEqual([{line: 1, message: "no benchmark result found"}]);
  });
});

describe("partial trtllm-bench reports", () => {
  it("a report cut before its performance section keeps what it printed", () => {
    const rule = "=".repeat(59);
    const text = [rule, "= REQUEST DETAILS ", rule, "Number of requests:             30", "Number of concurrent"];
    const result = parseText(text.join("\n"), "bench.log");
    expect(result.errors).toEqual([]);
    expect(result.blocks).toHaveLength(1);
    expect(result.blocks[0].tool).toBe("trtllm-bench");
    expect(result.blocks[0].metrics).toEqual({completed: 30});
    expect(result.warnings).toEqual([
      {
        line: 1,
        message:
          'trtllm-bench report at lines 1-4 is partial: no PERFORMANCE OVERVIEW section; the text stops at line 5 ("Number of concurrent")'
      }
    ]);
  });
});

describe("a value cut inside its digits", () => {
  it("an integer where the tool prints two decimals, on the last line of a cut block, is not kept", () => {
    // sglang issue #2097 as the thread stores it: the paste ends inside `Mean TPOT (ms):` (`1` of a longer number).
    const result = parseText(readFileSync("test/fixtures/corpus/sglang-issue2097-2024.txt", "utf8"), "2097.txt");
    expect(result.errors).toEqual([]);
    const [block] = result.blocks;
    expect(block.metrics.mean_tpot_ms).toBeUndefined();
    expect(block.metrics.p99_ttft_ms).toBe(95.83);
    expect(block.partial).toBe(
      'result block at lines 4-23 is partial: no closing "=====" line; the text stops at line 24, inside the value of "Mean TPOT (ms):" ("1")'
    );
  });

  it("a count such as Successful requests is whole and kept", () => {
    const result = parseText([BANNER, "Successful requests:                     50"].join("\n"), "cut.txt");
    expect(result.blocks[0].metrics).toEqual({completed: 50});
  });
});
