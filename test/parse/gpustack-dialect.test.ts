// Issue 44, item 2: the newer dialect of the Performance Lab's blocks (GPUStack's benchmark-runner): P95 lines, `N/A`
// as no value, a Latency section in seconds, `Maximum request concurrency`; and a value that cannot be true is set
// aside with a warning on its line, never averaged. The figures of the impossible peak are the issue's.
import {describe, expect, it} from "vitest";
import {parseText} from "../../loaders/parse/index.js";

const BLOCK = `============ Serving Benchmark Result ============
Successful requests:                     1000
Maximum request concurrency:             512
Benchmark duration (s):                  54.74
Total input tokens:                      342058
Total generated tokens:                  281412
Request throughput (req/s):              18.27
Output token throughput (tok/s):         5140.88
Peak output token throughput (tok/s):    20132659.00
Peak concurrent requests:                512.00
Total Token throughput (tok/s):          11389.60
----------------------Latency---------------------
Mean Latency(s):                          30.19
Median Latency(s):                        27.48
P95 Latency(s):                           N/A
P99 Latency(s):                           65.37
---------------Time to First Token----------------
Mean TTFT (ms):                          4072.64
Median TTFT (ms):                        5786.23
P95 TTFT (ms):                           N/A
P99 TTFT (ms):                           10204.44
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          25.89
Median TPOT (ms):                        11.63
P95 TPOT (ms):                           119.58
P99 TPOT (ms):                           161.45
---------------Inter-token Latency----------------
Mean ITL (ms):                           11.46
Median ITL (ms):                         0.00
P95 ITL (ms):                            101.72
P99 ITL (ms):                            132.49
==================================================
`;

describe("the benchmark-runner dialect", () => {
  const parsed = parseText(BLOCK, "runner.log");
  const [block] = parsed.blocks;

  it("reads the Latency section in seconds as end-to-end latency in milliseconds, digit for digit", () => {
    expect(parsed.errors).toEqual([]);
    expect([block.metrics.mean_e2el_ms, block.metrics.median_e2el_ms, block.metrics.p99_e2el_ms]).toEqual([
      30190, 27480, 65370
    ]);
    expect(block.extra.max_concurrency).toBe("512");
    expect([block.metrics.p95_tpot_ms, block.metrics.p95_itl_ms]).toEqual([119.58, 101.72]);
  });

  it("takes N/A as no value, not zero, and says so on its line", () => {
    expect(block.metrics.p95_ttft_ms).toBeUndefined();
    expect(block.metrics.p95_e2el_ms).toBeUndefined();
    expect(parsed.warnings.filter((w) => /N\/A/.test(w.message)).map((w) => w.line)).toEqual([15, 20]);
  });

  it("sets aside a peak output rate above everything the run generated", () => {
    expect(block.metrics.max_output_tokens_per_s).toBeUndefined();
    expect(block.extra.max_output_tokens_per_s).toBe("20132659");
    const warning = parsed.warnings.find((w) => w.message.startsWith("max_output_tokens_per_s"));
    expect(warning).toEqual({
      line: 9,
      message:
        "max_output_tokens_per_s cannot be true: a peak of 20132659 output tokens/s is more than the 281412 tokens generated in the whole 54.74 s run; kept as text, in no mean"
    });
    // The seed's peaks (1,950 tok/s of 201,396 tokens) are possible and stay.
    const seed = parseText(BLOCK.replace("20132659.00", "1950.00"), "seed.log");
    expect(seed.blocks[0].metrics.max_output_tokens_per_s).toBe(1950);
  });
});

describe("a block printed without its banner", () => {
  // The seed's vLLM block as a page may print it: from `Successful requests` to the closing rule, no banner.
  const whole = BLOCK.split("\n").slice(1).join("\n");

  it("is whole when it runs from its first line to its closing rule, and says it has no banner", () => {
    const parsed = parseText(whole, "page.log");
    expect(parsed.blocks).toHaveLength(1);
    expect(parsed.blocks[0].partial).toBeUndefined();
    expect(parsed.blocks[0].metrics.total_token_throughput).toBe(11389.6);
    expect(parsed.warnings[0]).toEqual({
      line: 1,
      message:
        'lines 1-31 hold a result block without its "Serving Benchmark Result" banner, from its first line to its closing rule: read as whole'
    });
  });

  it("stays partial when lines above it show a banner was lost (a log line, another block)", () => {
    expect(parseText(`some log line\n${whole}`, "log.log").blocks[0].partial).toMatch(/read as a partial block/);
  });

  it("stays partial when its first lines are gone too", () => {
    const cut = whole.split("\n").slice(3).join("\n");
    expect(parseText(cut, "cut.log").blocks[0].partial).toMatch(
      /without a "Serving Benchmark Result" banner: read as a partial block/
    );
  });
});
