// --num-warmups and --ready-check-timeout-sec as vLLM's serve.py has them (vllm-project/vllm@009e6d4a): the ready
// check sends the first prompt until it succeeds, warm-up requests go before the clock and are not measured.
import {describe, expect, it} from "vitest";
import {parseBenchArgs} from "../../loaders/cli/bench.js";
import {runBenchmark} from "../../loaders/client/run-benchmark.js";
import {loadTokenizer} from "../../loaders/client/tokenizer.js";
import {startFixtureServer} from "../support/fixture-server.js";

const MODEL = "Qwen/Qwen3-32B";

describe("warm-up and ready check", () => {
  it("takes both flags", () => {
    expect(parseBenchArgs(["--num-warmups", "3", "--ready-check-timeout-sec", "30"])).toMatchObject({
      numWarmups: 3,
      readyCheckTimeoutS: 30
    });
  });

  it("sends the warm-up requests first and measures only the benchmark's", async () => {
    const tokenizer = await loadTokenizer(undefined, MODEL);
    const fixture = await startFixtureServer();
    const lines: string[] = [];
    try {
      const run = await runBenchmark({
        baseUrl: fixture.baseUrl,
        model: MODEL,
        tokenizer,
        numPrompts: 5,
        randomInputLen: 16,
        randomOutputLen: 3,
        numWarmups: 4,
        readyCheckTimeoutS: 10,
        requestIdPrefix: "m-",
        log: (line) => lines.push(line)
      });
      // One ready-check request, four warm-ups, then the five measured ones.
      expect(fixture.requests).toHaveLength(10);
      expect(fixture.requests.slice(5).map((r) => r.requestId)).toEqual(["m-0", "m-1", "m-2", "m-3", "m-4"]);
      expect(run.metrics.completed).toBe(5);
      expect(run.outputs).toHaveLength(5);
      expect(run.result.num_prompts).toBe(5);
      const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
      expect(at("Initial test run completed.")).toBeGreaterThan(-1);
      expect(at("Warming up with 4 requests...")).toBeGreaterThan(at("Initial test run completed."));
      expect(at("Warmup run completed.")).toBeLessThan(at("Starting main benchmark run..."));
    } finally {
      await fixture.close();
    }
  });

  it("never sends a measured prompt before the clock: warm-ups and the ready check leave no prompt in the cache", async () => {
    // Issue 46 item 9: the warm-up resent the first measured prompt, so with a prefix cache every run's first measured
    // request was a hit (a c4 run of 4 prompts: 25 % of them) and check flagged prefix-cache-warming.
    const tokenizer = await loadTokenizer(undefined, MODEL);
    const fixture = await startFixtureServer({prefixCache: {hitFirstTokenMs: 0}});
    try {
      await runBenchmark({
        baseUrl: fixture.baseUrl,
        model: MODEL,
        tokenizer,
        numPrompts: 4,
        randomInputLen: 16,
        randomOutputLen: 3,
        numWarmups: 4,
        maxConcurrency: 4,
        readyCheckTimeoutS: 10,
        requestIdPrefix: "m-",
        log: () => {}
      });
      const measured = fixture.requests.filter((r) => r.requestId?.match(/^m-\d+$/));
      expect(measured).toHaveLength(4);
      expect(measured.map((r) => r.cacheHit)).toEqual([false, false, false, false]);
      // The four warm-ups and the ready check did run, before the measured requests.
      expect(fixture.requests.length).toBe(9);
    } finally {
      await fixture.close();
    }
  });

  it("skips the ready check by default, and fails clearly when the server never gets ready", async () => {
    const tokenizer = await loadTokenizer(undefined, MODEL);
    const fixture = await startFixtureServer({neverReady: true});
    const lines: string[] = [];
    const options = {baseUrl: fixture.baseUrl, model: MODEL, tokenizer, numPrompts: 2, randomInputLen: 8};
    try {
      await runBenchmark({...options, log: (line) => lines.push(line)}).catch(() => {});
      expect(lines).toContain("Skipping endpoint ready check.");
      await expect(runBenchmark({...options, readyCheckTimeoutS: 1, log: () => {}})).rejects.toThrow(
        // On a loaded machine the one probe may itself run out the second.
        /^Initial test run failed - .*Error: (HTTP 503|Request timed out)/
      );
    } finally {
      await fixture.close();
    }
  });
});
