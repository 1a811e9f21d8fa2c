// The exposition parser on engines' own /metrics output (test/fixtures/telemetry/README.md says where each is from).
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {resolveName} from "../../loaders/telemetry/aliases.js";
import {parseExposition} from "../../loaders/telemetry/exposition.js";

const fixture = (name: string): string =>
  readFileSync(join(import.meta.dirname, "../fixtures/telemetry", name), "utf8");
const MODEL = {model_name: "meta-llama/Llama-3.1-8B-Instruct"};

describe("parseExposition", () => {
  it("reads SGLang's documented output: every sample, exponent values, histogram labels with le", () => {
    const {samples, types, errors} = parseExposition(fixture("sglang-production-metrics.txt"));
    expect(errors).toEqual([]);
    expect(samples).toHaveLength(115 - 2 * 12);
    expect(samples[0]).toEqual({name: "sglang:prompt_tokens_total", labels: MODEL, value: 8128902});
    expect(types["sglang:time_to_first_token_seconds"]).toBe("histogram");
    const inf = samples.find((s) => s.name === "sglang:time_to_first_token_seconds_bucket" && s.labels.le === "+Inf");
    expect(inf).toEqual({
      name: "sglang:time_to_first_token_seconds_bucket",
      labels: {le: "+Inf", ...MODEL},
      value: 11008
    });
    expect(samples.find((s) => s.name === "sglang:num_queue_reqs")?.value).toBe(2826);
    expect(samples.find((s) => s.name === "sglang:token_usage")?.value).toBe(0.28);
  });

  it("reads vLLM's documented output: labelled counters per finish reason", () => {
    const {samples, errors} = parseExposition(fixture("vllm-design-metrics.txt"));
    expect(errors).toEqual([]);
    expect(samples.filter((s) => s.name === "vllm:request_success_total").map((s) => s.labels.finished_reason)).toEqual(
      ["stop", "length", "abort"]
    );
    expect(samples.find((s) => s.name === "vllm:num_requests_running")).toEqual({
      name: "vllm:num_requests_running",
      labels: MODEL,
      value: 8
    });
  });

  it("reads escaped label values, timestamps, NaN and +Inf values, and names the line of anything else", () => {
    const text = [
      `a{path="C:\\\\x",quote="say \\"hi\\"",nl="1\\n2"} 1 1700000000000`,
      "b NaN",
      "c +Inf",
      "d{x=1} 2",
      "e",
      "f 0x10",
      `g{le="0.5",} 3 # {trace_id="1"} 0.4`
    ].join("\n");
    const {samples, errors} = parseExposition(text);
    expect(samples[0]).toEqual({name: "a", labels: {path: "C:\\x", quote: 'say "hi"', nl: "1\n2"}, value: 1});
    expect(Number.isNaN(samples[1].value)).toBe(true);
    expect(samples[2].value).toBe(Infinity);
    expect(samples[3]).toEqual({name: "g", labels: {le: "0.5"}, value: 3});
    expect(errors).toEqual([
      {line: 4, message: "label x has no quoted value"},
      {line: 5, message: "no value"},
      {line: 6, message: "value '0x10' is not a number"}
    ]);
  });
});

describe("alias table", () => {
  const names = (file: string): Set<string> => new Set(parseExposition(fixture(file)).samples.map((s) => s.name));

  it("finds each engine's spelling of the canonical metrics", () => {
    const sglang = names("sglang-production-metrics.txt");
    expect(resolveName("requests_running", sglang)).toBe("sglang:num_running_reqs");
    expect(resolveName("requests_waiting", sglang)).toBe("sglang:num_queue_reqs");
    expect(resolveName("kv_cache_usage", sglang)).toBe("sglang:token_usage");
    expect(resolveName("prefix_cache_hit_rate", sglang)).toBe("sglang:cache_hit_rate");
    // That SGLang release spelled its inter-token histogram time_per_output_token.
    expect(resolveName("itl_seconds", sglang)).toBe("sglang:time_per_output_token_seconds");
    expect(resolveName("preemptions", sglang)).toBeNull();
    const trtllm = names("trtllm-dynamo-metrics.txt");
    expect(resolveName("ttft_seconds", trtllm)).toBe("trtllm:time_to_first_token_seconds");
    expect(resolveName("kv_cache_usage", trtllm)).toBeNull();
  });

  it("prefers the newer vLLM name when a release serves both", () => {
    const both = new Set(["vllm:gpu_cache_usage_perc", "vllm:kv_cache_usage_perc"]);
    expect(resolveName("kv_cache_usage", both)).toBe("vllm:kv_cache_usage_perc");
    expect(resolveName("kv_cache_usage", new Set(["vllm:gpu_cache_usage_perc"]))).toBe("vllm:gpu_cache_usage_perc");
    const itl = new Set(["vllm:time_per_output_token_seconds_bucket", "vllm:inter_token_latency_seconds_bucket"]);
    expect(resolveName("itl_seconds", itl)).toBe("vllm:inter_token_latency_seconds");
    expect(resolveName("requests_running", new Set(["trtllm_num_requests_running"]))).toBe(
      "trtllm_num_requests_running"
    );
  });
});
