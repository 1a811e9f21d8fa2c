// Plan settings for telemetry: serve.metrics and serve.scrape_interval_s, and SGLang's --enable-metrics when asked.
import {describe, expect, it} from "vitest";
import {serverArgv} from "../../loaders/command/argv.js";
import {liveSettings} from "../../loaders/command/settings.js";
import {parseStudyPlan} from "../../loaders/study/plan.js";
import {engineFamily, metricsPath} from "../../loaders/telemetry/aliases.js";

const plan = (serve: string) =>
  parseStudyPlan(
    `id: t
title: T
goal: G
objective: total_token_throughput
model: {name: m}
hardware: {gpu: h200, name: H200, count: 1}
engines: {sglang: {name: SGLang, version: v0.5.5}, vllm: {name: vLLM, version: v0.11.0}}
client: {argv: [vllm, bench, serve]}
${serve}
scenarios: {s: {name: s, dataset: random, input_len: 8, output_len: 8, num_prompts: 1}}
steps:
  - id: e
    kind: selection
    title: E
    scenarios: [s]
    candidates:
      - {id: sglang, engine: sglang, model: m, server: [python3, -m, sglang.launch_server, --model-path, m]}
      - {id: vllm, engine: vllm, model: m, server: [vllm, serve, m]}
baseline: {step: e, candidate: vllm}
`,
    "study.yaml",
    "."
  );

describe("telemetry settings", () => {
  it("scrapes every second by default and adds no flag to any server", () => {
    const p = plan("");
    const settings = liveSettings(p);
    expect([settings.metrics, settings.metricsAsked, settings.scrapeIntervalS]).toEqual([true, false, 1]);
    expect(serverArgv(p.steps[0].candidates[0], settings)).not.toContain("--enable-metrics");
  });

  it("serve.metrics: true gives SGLang --enable-metrics (once) and leaves vLLM alone", () => {
    const p = plan("serve: {metrics: true, scrape_interval_s: 0.5}");
    const settings = liveSettings(p);
    expect(settings.scrapeIntervalS).toBe(0.5);
    const [sglang, vllm] = p.steps[0].candidates;
    expect(serverArgv(sglang, settings).slice(-5)).toEqual([
      "--host",
      "127.0.0.1",
      "--port",
      "8000",
      "--enable-metrics"
    ]);
    expect(
      serverArgv({...sglang, server: [...sglang.server, "--enable-metrics"]}, settings).filter(
        (a) => a === "--enable-metrics"
      )
    ).toHaveLength(1);
    expect(serverArgv(vllm, settings)).not.toContain("--enable-metrics");
  });

  it("rejects a scrape interval that is not a number of seconds, with the line", () => {
    expect(() => plan("serve: {scrape_interval_s: fast}")).toThrow(
      "study.yaml:9: serve.scrape_interval_s: must be a number of seconds ≥ 0.05"
    );
    expect(() => plan("serve: {metrics: yes please}")).toThrow("serve.metrics: must be true or false");
  });

  it("each engine's Prometheus route: trtllm-serve's is /prometheus/metrics", () => {
    expect(metricsPath(engineFamily("trtllm", "TensorRT-LLM", "trtllm-serve"))).toBe("/prometheus/metrics");
    expect(metricsPath(engineFamily("sglang"))).toBe("/metrics");
    expect(metricsPath(engineFamily("fixture", "Fixture", "node"))).toBe("/metrics");
  });
});
