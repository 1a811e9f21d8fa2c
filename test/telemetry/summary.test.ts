// Server summaries over the measured window, on hand-computed scrape series (counter resets, missing metrics).
import {describe, expect, it} from "vitest";
import type {Sample} from "../../loaders/telemetry/exposition.js";
import {histogramQuantile, summarizeScrapes, type Scrape} from "../../loaders/telemetry/summary.js";

const L = {model_name: "m", engine: "0"};
const g = (name: string, value: number, labels: Record<string, string> = L): Sample => ({name, labels, value});
const scrape = (t: number, ...samples: Sample[]): Scrape => ({t, samples});
const buckets = (family: string, counts: Record<string, number>): Sample[] =>
  Object.entries(counts).map(([le, value]) => ({name: `${family}_bucket`, labels: {...L, le}, value}));

describe("summarizeScrapes", () => {
  it("counts a counter's increase across resets, interpolated at the window's edges", () => {
    // 5 → 7 → (restart) 2 → 4 → 4; window 0.5 s … 3.5 s: +1 (half of 5→7) +2 (0→2) +2 (2→4) +0 = 5.
    const scrapes = [5, 7, 2, 4, 4].map((v, i) => scrape(i * 1000, g("vllm:num_preemptions_total", v)));
    expect(summarizeScrapes(scrapes, {start: 500, end: 3500}).columns.preemptions).toBe(5);
  });

  it("a counter that stays at 3 gives 0 preemptions, not 3", () => {
    const scrapes = [0, 1000, 2000].map((t) => scrape(t, g("vllm:num_preemptions_total", 3)));
    expect(summarizeScrapes(scrapes, {start: 0, end: 2000}).columns.preemptions).toBe(0);
  });

  it("gauges: mean and max of the scrapes inside the window only", () => {
    const kv = [0.1, 0.2, 0.5, 0.8, 0.6, 0.0];
    const scrapes = kv.map((v, i) =>
      scrape(i * 1000, g("vllm:kv_cache_usage_perc", v), g("vllm:num_requests_running", i * 10))
    );
    // Inside 1 s … 4 s: kv 0.2, 0.5, 0.8, 0.6 → mean 0.525; running 10, 20, 30, 40.
    const {columns, timeline} = summarizeScrapes(scrapes, {start: 1000, end: 4000});
    expect(columns.kv_cache_usage_mean).toBe(0.525);
    expect(columns.kv_cache_usage_max).toBe(0.8);
    expect(columns.requests_running_mean).toBe(25);
    expect(columns.requests_running_max).toBe(40);
    expect(timeline.map((p) => [p.s, p.kv_cache_usage, p.requests_running])).toEqual([
      [0, 0.2, 10],
      [1, 0.5, 20],
      [2, 0.8, 30],
      [3, 0.6, 40]
    ]);
  });

  it("the time line's output tokens/s: the generation counter's increase since the scrape before, resets from 0", () => {
    const scrapes = [0, 100, 300, 50].map((v, i) => scrape(i * 1000, g("vllm:generation_tokens_total", v)));
    const {timeline} = summarizeScrapes(scrapes, {start: 0, end: 3000});
    expect(timeline.map((p) => p.output_tokens_per_s)).toEqual([null, 100, 200, 50]);
  });

  it("a scrape a few ms after the one before takes its rate over the usual interval, not over those ms", () => {
    // 0 s: 0, 1 s: 500, 2 s: 1000, 2.002 s: 1266 (bunched), 3 s: 1300. The bunched one: (1266 − 500) / 1.002 s;
    // the last: (1300 − 1266) / 0.998 s.
    const at = [0, 1000, 2000, 2002, 3000];
    const scrapes = [0, 500, 1000, 1266, 1300].map((v, i) => scrape(at[i], g("vllm:generation_tokens_total", v)));
    const {timeline} = summarizeScrapes(scrapes, {start: 0, end: 3000});
    expect(timeline.map((p) => p.output_tokens_per_s)).toEqual([null, 500, 500, 764.5, 34.1]);
  });

  it("adds up the running requests of data-parallel engines, averages their KV use", () => {
    const e1 = {model_name: "m", engine: "1"};
    const scrapes = [
      scrape(0, g("vllm:num_requests_running", 3), g("vllm:num_requests_running", 5, e1)),
      scrape(1000, g("vllm:kv_cache_usage_perc", 0.2), g("vllm:kv_cache_usage_perc", 0.6, e1))
    ];
    const {columns} = summarizeScrapes(scrapes, {start: 0, end: 1000});
    expect(columns.requests_running_max).toBe(8);
    expect(columns.kv_cache_usage_max).toBe(0.4);
  });

  it("server TTFT and ITL quantiles from the buckets' increase over the window", () => {
    const family = "vllm:time_to_first_token_seconds";
    const before = buckets(family, {"0.1": 2, "0.5": 2, "1.0": 2, "+Inf": 2});
    const after = buckets(family, {"0.1": 12, "0.5": 32, "1.0": 42, "+Inf": 42});
    const {columns, sources} = summarizeScrapes([scrape(0, ...before), scrape(1000, ...after)], {start: 0, end: 1000});
    // Increase: ≤0.1: 10, ≤0.5: 30, ≤1: 40, total 40. p50: rank 20 in (0.1, 0.5]: 0.1 + 0.4 × 10/20 = 0.3 s.
    // p90: rank 36 in (0.5, 1]: 0.5 + 0.5 × 6/10 = 0.8 s. p99: rank 39.6: 0.5 + 0.5 × 9.6/10 = 0.98 s.
    expect([columns.server_ttft_p50_ms, columns.server_ttft_p90_ms, columns.server_ttft_p99_ms]).toEqual([
      300, 800, 980
    ]);
    expect(sources.ttft_seconds).toBe(family);
    expect(columns.server_itl_p50_ms).toBeNull();
  });

  it("prefix-cache hit rate from the hits and queries counters over the window", () => {
    const scrapes = [
      scrape(0, g("vllm:prefix_cache_hits_total", 100), g("vllm:prefix_cache_queries_total", 400)),
      scrape(1000, g("vllm:prefix_cache_hits_total", 130), g("vllm:prefix_cache_queries_total", 520))
    ];
    expect(summarizeScrapes(scrapes, {start: 0, end: 1000}).columns.prefix_cache_hit_rate).toBe(0.25);
    // TensorRT-LLM counts reused and missed blocks: 30 reused of 30 + 90.
    const trt = [
      scrape(0, g("trtllm_kv_cache_reused_blocks_total", 0), g("trtllm_kv_cache_missed_blocks_total", 0)),
      scrape(1000, g("trtllm_kv_cache_reused_blocks_total", 30), g("trtllm_kv_cache_missed_blocks_total", 90))
    ];
    expect(summarizeScrapes(trt, {start: 0, end: 1000}).columns.prefix_cache_hit_rate).toBe(0.25);
  });

  it("metrics an engine does not serve are null, and the KV-full share counts scrapes full while requests wait", () => {
    const scrapes = [
      scrape(0, g("sglang:token_usage", 0.97), g("sglang:num_queue_reqs", 4)),
      scrape(1000, g("sglang:token_usage", 0.99), g("sglang:num_queue_reqs", 0)),
      scrape(2000, g("sglang:token_usage", 0.5), g("sglang:num_queue_reqs", 2)),
      scrape(3000, g("sglang:token_usage", 0.96), g("sglang:num_queue_reqs", 1))
    ];
    const {columns, sources} = summarizeScrapes(scrapes, {start: 0, end: 3000});
    expect(columns.kv_full_waiting_share).toBe(0.5);
    expect(columns.kv_capacity_bound).toBe(1);
    expect(columns.requests_waiting_max).toBe(4);
    expect(columns.preemptions).toBeNull();
    expect(columns.requests_running_max).toBeNull();
    expect(columns.server_ttft_p50_ms).toBeNull();
    expect(sources).toEqual({kv_cache_usage: "sglang:token_usage", requests_waiting: "sglang:num_queue_reqs"});
  });

  it("no scrape at all: every column null", () => {
    const {columns} = summarizeScrapes([], {start: 0, end: 1000});
    expect(Object.values(columns).every((v) => v === null)).toBe(true);
  });
});

describe("histogramQuantile", () => {
  it("answers the highest finite bound in the +Inf bucket, and null for an empty histogram", () => {
    const b = [
      {le: 1, count: 5},
      {le: Infinity, count: 10}
    ];
    expect(histogramQuantile(b, 0.5)).toBe(1);
    expect(histogramQuantile(b, 0.99)).toBe(1);
    expect(histogramQuantile(b, 0.2)).toBe(0.4);
    expect(
      histogramQuantile(
        [
          {le: 1, count: 0},
          {le: Infinity, count: 0}
        ],
        0.5
      )
    ).toBeNull();
  });
});
