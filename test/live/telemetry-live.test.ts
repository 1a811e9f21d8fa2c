// A live run against fixture servers whose /metrics look like vLLM's, SGLang's and TensorRT-LLM's: the scrapes are kept
// in the run folder and summarized over the measured window into the runs table (the acceptance case first).
import {readdirSync, readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, writeStudy} from "./live-study.js";

const FAKE_BIN = resolve(import.meta.dirname, "../support/bin");
let study: string;
let port: number;
let result: RunStudyResult;
let data: StudyData;

// 40 prompts at once, 30 tokens 60 ms apart: all 40 in flight for about 1.8 s, scraped every 0.2 s.
const SLOW = ["--first-token-ms", "20", "--token-gap-ms", "60"];

beforeAll(async () => {
  port = await freePort();
  study = writeStudy({
    port,
    serve: {scrape_interval_s: 0.2, bench_timeout_s: 60},
    scenarios: {burst: {input_len: 8, output_len: 30, num_prompts: 40}},
    steps: [
      {
        id: "telemetry",
        scenarios: ["burst"],
        candidates: [
          {
            id: "vllm-like",
            server: [...FIXTURE_SERVER, ...SLOW, "--metrics", "vllm", "--kv-per-request", "0.02", "--preemptions", "3"]
          },
          {
            id: "sglang-like",
            server: [
              ...FIXTURE_SERVER,
              ...SLOW,
              "--metrics",
              "sglang",
              "--kv-per-request",
              "0.05",
              "--max-running",
              "20"
            ]
          },
          {id: "no-metrics", server: [...FIXTURE_SERVER, ...SLOW]}
        ]
      }
    ]
  });
  const sink = {write: () => true} as unknown as NodeJS.WritableStream;
  result = await runStudy(loadStudyPlan(study), {
    progress: new Progress({stream: sink, live: false}),
    env: {PATH: `${FAKE_BIN}:${process.env.PATH}`}
  });
  data = await loadStudy(study);
}, 120_000);

afterAll(() => removeStudies());

const row = (candidate: string) => data.rows.find((r) => r.candidate === candidate)!;
const files = (id: string): string[] => readdirSync(join(study, "runs", id)).sort();

describe("telemetry in a live run", () => {
  it("acceptance: 40 running, KV use 0.8 at the peak, a preemption counter that stays at 3", () => {
    expect(result.runs.map((r) => r.status)).toEqual(["ok", "ok", "ok"]);
    expect(row("vllm-like")).toMatchObject({requests_running_max: 40, kv_cache_usage_max: 0.8, preemptions: 0});
  });

  it("keeps the raw scrapes and GPU samples in the run folder, with the measured window", () => {
    const id = "telemetry--vllm-like--burst";
    expect(files(id)).toEqual([
      "bench.log",
      "bench.stderr.log",
      "gpu.csv",
      "metrics.jsonl",
      "result.json",
      "run.json",
      "server.log",
      "telemetry.json"
    ]);
    const record = JSON.parse(readFileSync(join(study, "runs", id, "telemetry.json"), "utf8"));
    expect(record.metrics).toMatchObject({url: `http://127.0.0.1:${port}/metrics`, interval_s: 0.2, failed: 0});
    const lines = readFileSync(join(study, "runs", id, "metrics.jsonl"), "utf8")
      .trim()
      .split("\n");
    expect(lines.length).toBe(record.metrics.scrapes);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(JSON.parse(lines.at(-1)!).text).toMatch(/^# HELP vllm:num_requests_running /);
    const meta = readRunJson(study, id);
    // The window lies inside the benchmark's run: it starts when the warm-up is over.
    expect(Date.parse(record.window.start)).toBeGreaterThan(Date.parse(meta.started_at));
    expect(Date.parse(record.window.end)).toBeLessThanOrEqual(Date.parse(meta.ended_at) + 1000);
    expect(row("vllm-like")).toMatchObject({gpu_power_w_mean: 612.45, gpu_utilization_mean: 97});
  });

  it("server-side latency quantiles come from the histograms; an SGLang-like server that queues shows it", () => {
    const vllm = row("vllm-like");
    // TTFT is ~20 ms after the request arrives: within vLLM's (0.02, 0.04] bucket at most.
    expect(vllm.server_ttft_p50_ms).toBeGreaterThan(10);
    expect(vllm.server_ttft_p50_ms).toBeLessThanOrEqual(40);
    // Token gaps of 60 ms fall in the (0.05, 0.075] bucket.
    expect(vllm.server_itl_p50_ms).toBeGreaterThan(50);
    expect(vllm.server_itl_p50_ms).toBeLessThanOrEqual(75);
    const sglang = row("sglang-like");
    expect(sglang).toMatchObject({requests_running_max: 20, requests_waiting_max: 20, kv_cache_usage_max: 1});
    expect(sglang.kv_full_waiting_share).toBeGreaterThan(0);
  });

  it("a server without a metrics route: the run is ok, its telemetry absent with the reason", () => {
    const id = "telemetry--no-metrics--burst";
    const record = JSON.parse(readFileSync(join(study, "runs", id, "telemetry.json"), "utf8"));
    expect(record.metrics.absent).toBe(`GET http://127.0.0.1:${port}/metrics answered HTTP 404`);
    expect(files(id)).not.toContain("metrics.jsonl");
    expect(row("no-metrics")).toMatchObject({status: "ok", requests_running_max: null, kv_cache_usage_max: null});
    expect(row("no-metrics").total_token_throughput).toBeGreaterThan(0);
  });
});
