// Input tokens follow vLLM's calculate_metrics: the dataset's prompt lengths, whatever the server's usage says
// (vllm-project/vllm@009e6d4a, vllm/benchmarks/serve.py: total_input += outputs[i].prompt_len, set from the request).
import {describe, expect, it} from "vitest";
import {runBenchmark} from "../../loaders/client/run-benchmark.js";
import {loadTokenizer} from "../../loaders/client/tokenizer.js";
import {startFixtureServer} from "../support/fixture-server.js";

const quiet = (): void => {};

describe("total_input_tokens", () => {
  it("is the dataset's sum when the server counts a chat template on top", async () => {
    const tokenizer = await loadTokenizer(undefined, "Qwen/Qwen3-32B");
    // The server reports 8 more prompt tokens per request than the text has: a chat template's wrapping.
    const fixture = await startFixtureServer({templateTokens: 8});
    try {
      const run = await runBenchmark({
        baseUrl: fixture.baseUrl,
        model: "Qwen/Qwen3-32B",
        tokenizer,
        numPrompts: 6,
        randomInputLen: 32,
        randomOutputLen: 4,
        log: quiet
      });
      expect(run.metrics.totalInput).toBe(6 * 32);
      expect(run.result.total_input_tokens).toBe(6 * 32);
      expect(run.metrics.totalTokenThroughput * (run.result.duration as number)).toBeCloseTo(6 * 32 + 6 * 4, 6);
      // The server's own count is kept, as a field of its own.
      const words = run.outputs.map((o) => o.serverPromptTokens as number);
      expect(words.every((n) => n > 8)).toBe(true);
      expect(run.result.server_usage).toEqual({
        prompt_tokens: words.reduce((a, b) => a + b, 0),
        completion_tokens: 6 * 4
      });
    } finally {
      await fixture.close();
    }
  });

  it("leaves server_usage out when the server sends no usage", async () => {
    const tokenizer = await loadTokenizer(undefined, "Qwen/Qwen3-32B");
    const fixture = await startFixtureServer({usage: false});
    try {
      const run = await runBenchmark({
        baseUrl: fixture.baseUrl,
        model: "Qwen/Qwen3-32B",
        tokenizer,
        numPrompts: 3,
        randomInputLen: 16,
        randomOutputLen: 2,
        log: quiet
      });
      expect(run.metrics.totalInput).toBe(48);
      expect(run.outputs.every((o) => o.serverPromptTokens === null)).toBe(true);
      expect("server_usage" in run.result).toBe(false);
    } finally {
      await fixture.close();
    }
  });
});
