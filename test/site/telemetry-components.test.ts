// The report's telemetry pieces on hand-made runs: the run page's one-time-axis chart, the step table's server
// columns beside the throughput, and the Headroom page's measured KV-capacity statement beside the model's estimate.
import {describe, expect, it} from "vitest";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {metricColumns} from "../../loaders/analysis/run-cells.js";
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {Report} from "../../loaders/analysis/report.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {measuredText} from "../../src/components/headroomTables.js";
import {measuredSentence} from "../../src/components/headroomSection.js";
import type {HeadroomRun} from "../../src/components/headroomRuns.js";
import {metricLabel, metricTitle} from "../../src/components/metricLabels.js";
import {telemetrySpec} from "../../src/components/telemetryChart.js";

const point = (s: number, kv: number, running: number, waiting: number, tps: number | null) => ({
  s,
  kv_cache_usage: kv,
  requests_running: running,
  requests_waiting: waiting,
  output_tokens_per_s: tps
});

describe("run page telemetry chart", () => {
  const detail = {
    metrics: {output_throughput: 950},
    telemetry: {
      timeline: [point(0, 0.2, 10, 0, null), point(1, 0.8, 40, 5, 1000), point(2, 0.5, 20, 0, 900)],
      absent: {metrics: null, gpu: "nvidia-smi not found"},
      window: null
    }
  } as unknown as RunDetail;

  it("three panels on one shared time axis: tokens/s with the client's mean, running and waiting, KV use 0–1", () => {
    const spec = telemetrySpec(detail, "en", 500) as any;
    expect(spec.resolve).toEqual({scale: {x: "shared", color: "independent"}, legend: {color: "independent"}});
    expect(spec.vconcat).toHaveLength(3);
    const [tokens, requests, kv] = spec.vconcat;
    expect(tokens.layer[0].data.values.map((p: any) => p.output_tokens_per_s)).toEqual([1000, 900]);
    expect(tokens.layer[1].data.values).toEqual([{client: 950}]);
    expect(requests.data.values).toEqual([
      {s: 0, series: "running", n: 10},
      {s: 0, series: "waiting", n: 0},
      {s: 1, series: "running", n: 40},
      {s: 1, series: "waiting", n: 5},
      {s: 2, series: "running", n: 20},
      {s: 2, series: "waiting", n: 0}
    ]);
    expect(kv.encoding.y.scale.domain).toEqual([0, 1]);
    for (const panel of [tokens.layer[0], requests, kv]) expect(panel.encoding.x.field).toBe("s");
    // Each panel named above it, the y axis untitled: a rotated title is longer than a 90 px panel is tall.
    expect((telemetrySpec(detail, "tr") as any).vconcat[2]).toMatchObject({
      title: {text: "KV önbellek kullanımı"},
      encoding: {y: {title: null}}
    });
  });

  it("gives each KV-cache sample its hover text, as the other panels give theirs", async () => {
    await import("../../src/render/dom.js");
    const {chartSvg} = await import("../../src/components/vegaChart.js");
    const titles = [...(await chartSvg(telemetrySpec(detail, "en", 500)!)).matchAll(/<title>([^<]*)<\/title>/g)].map(
      (m) => m[1]
    );
    expect(titles.filter((title) => title.includes("KV"))).toEqual([
      "Seconds into the measured run: 0.0; KV-cache use: 20.0%",
      "Seconds into the measured run: 1.0; KV-cache use: 80.0%",
      "Seconds into the measured run: 2.0; KV-cache use: 50.0%"
    ]);
  });

  it("no time line, no chart", () => {
    expect(telemetrySpec({...detail, telemetry: {...detail.telemetry!, timeline: []}}, "en")).toBeNull();
    expect(telemetrySpec({...detail, telemetry: null}, "en")).toBeNull();
  });
});

describe("step tables and labels", () => {
  const row = (extra: Record<string, unknown>) =>
    ({
      run: "r",
      status: "ok",
      output_throughput: 1,
      total_token_throughput: 2,
      mean_ttft_ms: 3,
      ...extra
    }) as unknown as RunRow;

  it("KV-cache max and preemptions follow the throughput columns; the other telemetry columns stay off the table", () => {
    const withTelemetry = row({
      kv_cache_usage_max: 0.8,
      preemptions: 0,
      requests_running_max: 40,
      gpu_power_w_mean: 600
    });
    expect(metricColumns([withTelemetry])).toEqual([
      "output_throughput",
      "total_token_throughput",
      "kv_cache_usage_max",
      "preemptions",
      "mean_ttft_ms"
    ]);
    expect(metricColumns([row({})])).toEqual(["output_throughput", "total_token_throughput", "mean_ttft_ms"]);
    expect(metricLabel("kv_cache_usage_max")).toBe("KV-cache use, max (server)");
    expect(metricTitle("preemptions", "tr")).toBe("Önalımlar (sunucu)");
  });
});

describe("Headroom: measured KV capacity beside the model's estimate", () => {
  const run = (label: string, kvFullShare: number | null, kvMax = 1, waitingMax = 12): HeadroomRun =>
    ({
      label,
      measured: kvFullShare == null ? null : {kvMax, waitingMax, kvFullShare, kvBound: kvFullShare >= 0.2}
    }) as unknown as HeadroomRun;
  const scenario = {binding: "compute"} as HeadroomScenario;

  it("names the runs the scrapes show bound by KV capacity, and the model's estimate", () => {
    const runs = [run("SGLang", 0.45), run("vLLM", 0.05, 0.8, 0), run("archived", null)];
    expect(measuredSentence(scenario, runs, {lang: "en", root: "./"})).toBe(
      "Measured by the server, bound by KV capacity (the KV cache full while requests waited): SGLang. The model's estimate: compute."
    );
    expect(measuredText(runs[0], "en")).toBe(
      "bound by KV capacity: the KV cache was full while requests waited in 45.0% of the scrapes (up to 12 waiting)"
    );
    expect(measuredText(runs[1], "en")).toBe("not bound by KV capacity (KV peak 80.0%)");
    expect(measuredText(runs[2], "en")).toBe("—");
    expect(measuredSentence(scenario, [run("vLLM", 0.1)], {lang: "en", root: "./"})).toBe(
      "The one run with server measurements was not bound by KV capacity. The model's estimate: compute."
    );
    expect(measuredSentence(scenario, [run("archived", null)], {lang: "en", root: "./"})).toBe("");
  });

  it("the page data carries the measured columns only where runs recorded telemetry", () => {
    const report = {study: {}, headline: [], headroom: null, steps: [], findings: []} as unknown as Report;
    const base = {run: "r", status: "ok", step: "s", candidate: "c"} as unknown as RunRow;
    expect(Object.keys(headroomPage(report, [base]).columns)).not.toContain("kv_full_waiting_share");
    const measured = {
      ...base,
      kv_cache_usage_max: 1,
      requests_waiting_max: 3,
      kv_full_waiting_share: 0.5,
      kv_capacity_bound: 1
    };
    const page = headroomPage(report, [measured]);
    expect([page.columns.kv_full_waiting_share, page.columns.kv_capacity_bound]).toEqual([[0.5], [1]]);
  });
});

describe("components stay inside src/", () => {
  it("import only types from loaders/ (Framework refuses a non-local import when it builds a page)", async () => {
    const {readdirSync, readFileSync} = await import("node:fs");
    const offenders = readdirSync("src/components")
      .filter((f) => f.endsWith(".ts"))
      .flatMap((f) =>
        readFileSync(`src/components/${f}`, "utf8")
          .split("\n")
          .filter((line) => /^import (?!type )[^;]*from "\.\.\/\.\.\/loaders\//.test(line))
          .map((line) => `${f}: ${line}`)
      );
    expect(offenders).toEqual([]);
  });
});
