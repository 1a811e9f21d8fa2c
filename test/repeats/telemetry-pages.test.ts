// Issue 28, defect 9: telemetry on the site — a run page's summary and repeat number, readable units in the step table,
// /runs/ sorted by number and carrying telemetry, and the aggregate export with every telemetry summary.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {compile} from "vega-lite";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {studyAggregate} from "../../loaders/export/aggregate.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {stepPages} from "../../loaders/pages/step.js";
import "../../src/render/dom.js";
import {stepTelemetryTable} from "../../src/components/stepTelemetryTable.js";
import {gpuChartSpec} from "../../src/components/gpuChart.js";
import {runView} from "../../src/components/runView.js";
import {chartsDrawn} from "../../src/components/vegaChart.js";
import {toHtml} from "../../src/render/dom.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {TELEMETRY_COLUMNS} from "../../loaders/telemetry/read.js";
import {columnRows} from "../../src/components/columnRows.js";
import {formatMetric} from "../../src/components/format.js";
import {repeatFact} from "../../src/components/runDetail.js";
import {runsTelemetryColumns, sortedRuns} from "../../src/components/runsTable.js";
import {telemetrySpec, telemetrySummary} from "../../src/components/telemetryChart.js";
import {CACHED_REPEATS, REPEAT_TPS, writeRepeatsFixture} from "../support/repeats-fixture.js";

let root: string;
let dir: string;
let data: StudyData;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tps-telemetry-pages-"));
  dir = join(root, "study");
  writeRepeatsFixture(dir, undefined, REPEAT_TPS, {"prefix-caching--t2048-pc--chat": CACHED_REPEATS});
  data = await loadStudy(dir, process.cwd());
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("telemetry on the site", () => {
  it("step tables print shares as percentages and counts as counts (was 0.06 and 0.00)", () => {
    expect(formatMetric("kv_cache_usage_max", 0.06)).toBe("6.0%");
    expect(formatMetric("kv_cache_usage_mean", 0.02)).toBe("2.0%");
    expect(formatMetric("prefix_cache_hit_rate", 0.985)).toBe("98.5%");
    expect(formatMetric("preemptions", 0)).toBe("0");
    expect(formatMetric("requests_waiting_max", 3)).toBe("3");
    expect(formatMetric("mean_tpot_ms", 93.94)).toBe("93.94");
  });

  it("a step with telemetry gets a narrow table of its points' means in readable units, apart from the runs table", () => {
    const pages = [...stepPages(data.report, data.rows)].map((p) => JSON.parse(JSON.stringify(p)));
    const prefix = pages.find((p) => p.step.id === "prefix-caching")!;
    const cells = (table: HTMLElement, selector: string) =>
      [...table.querySelectorAll(selector)].map((row) => [...row.children].map((cell) => cell.textContent));
    const table = stepTelemetryTable(prefix, {lang: "en", root: "../"}) as HTMLElement;
    expect(cells(table, "thead tr")).toEqual([
      [
        "Candidate",
        "Repeats",
        "KV max",
        "KV mean",
        "Running max",
        "Waiting max",
        "Preemptions",
        "Prefix-cache hits",
        "GPU util. (%)",
        "GPU power (W)",
        "GPU memory (GiB)"
      ]
    ]);
    // Means over the 3 repeats: KV max 0.06 and mean (0 + 0.02 + 0.06 + 0) / 4 in each; running 12, 13, 14; waiting 3;
    // preemptions 0, 1, 2; hit rate (0.014 + 0.985 + 0.985) / 3 = 0.6613; GPU 43, 89, 89 % and 310, 612, 612 W; 128 GiB.
    expect(cells(table, "tbody tr")).toEqual([
      ["2048 + prefix caching", "3", "6.0%", "2.0%", "13", "3", "1", "66.1%", "73.67", "511.33", "128.00"]
    ]);
    const tr = stepTelemetryTable(prefix, {lang: "tr", root: "../"}) as HTMLElement;
    expect(cells(tr, "thead tr")[0].slice(0, 3)).toEqual(["Aday", "Tekrar sayısı", "KV en yüksek"]);
    // Each short heading names its column in full on hover.
    expect(tr.querySelectorAll("thead th")[2].getAttribute("title")).toBe("KV önbellek kullanımı, en yüksek (sunucu)");
    // The runs table keeps the benchmark's metrics only.
    expect(prefix.metrics).not.toContain("kv_cache_usage_max");
    expect(prefix.metrics).not.toContain("preemptions");
    const first = pages.find((p) => p.step.id === "max-batch-tokens")!;
    expect(first.telemetry).toBeUndefined();
    expect(stepTelemetryTable(first, {lang: "en", root: "../"})).toBe("");
  });

  it("a count's mean that is not whole keeps one decimal (a third of a preemption is not 0)", () => {
    const pages = [...stepPages(data.report, data.rows)].map((p) => JSON.parse(JSON.stringify(p)));
    const prefix = pages.find((p) => p.step.id === "prefix-caching")!;
    prefix.telemetry.rows[0].preemptions = 1 / 3;
    const table = stepTelemetryTable(prefix, {lang: "en", root: "../"}) as HTMLElement;
    expect(table.querySelector("tbody tr")!.children[6].textContent).toBe("0.3");
  });

  it("a run page shows its repeat and its telemetry summary in readable units", async () => {
    const detail = await runDetail(dir, "prefix-caching--t2048-pc--chat--r2");
    expect(repeatFact(detail, "en")).toBe("2 of 3");
    expect(repeatFact(await runDetail(dir, "max-batch-tokens--t2048--chat"), "tr")).toBe("1 / 3");
    expect(telemetrySummary(detail.telemetry!, "en")).toEqual([
      ["KV-cache use, max (server)", "6.0%"],
      ["KV-cache use, mean (server)", "2.0%"],
      ["Running requests, max (server)", "13"],
      ["Waiting requests, max (server)", "3"],
      ["Preemptions (server)", "1"],
      ["Prefix-cache hit rate (server)", "98.5%"],
      ["GPU utilization, mean (%)", "89.00"],
      ["GPU power, mean (W)", "612.00"],
      ["GPU memory used, max (GiB)", "128.00"]
    ]);
    expect(telemetrySummary(detail.telemetry!, "tr")[0][0]).toBe("KV önbellek kullanımı, en yüksek (sunucu)");
  });

  it("a run with gpu.csv gets a time chart of its GPU samples, drawn at build time; a run without gets none", async () => {
    const runPage = async (id: string) => {
      const detail = JSON.parse(JSON.stringify(await runDetail(dir, id)));
      const view = runView(detail, {lang: "en", root: "../"});
      await chartsDrawn();
      return {detail, html: toHtml(view)};
    };
    const gpu = await runPage("prefix-caching--t2048-pc--chat--r2");
    // gpu.csv's three samples, 1, 2 and 3 s into the window: 89 %, 612 W, 131072 MiB = 128 GiB.
    expect(gpu.detail.telemetry.gpu_timeline).toEqual(
      [1, 2, 3].map((s) => ({s, gpu: 0, utilization_pct: 89, power_w: 612, memory_used_gib: 128}))
    );
    const spec = gpuChartSpec(gpu.detail, "en") as any;
    expect(spec.resolve).toEqual({scale: {x: "shared"}});
    expect(spec.vconcat.map((panel: any) => [panel.encoding.y.field, panel.title.text])).toEqual([
      ["utilization_pct", "GPU utilization (%)"],
      ["power_w", "GPU power (W)"],
      ["memory_used_gib", "GPU memory (GiB)"]
    ]);
    expect(spec.vconcat[0].data.values).toHaveLength(3);
    expect(spec.vconcat[0].mark).toEqual({type: "line", point: true});
    // Ten minutes of 1 s samples: lines only, the page stays light.
    const long = {
      ...gpu.detail,
      telemetry: {
        ...gpu.detail.telemetry,
        gpu_timeline: Array.from({length: 600}, (_, s) => ({
          s,
          gpu: 0,
          utilization_pct: 89,
          power_w: 612,
          memory_used_gib: 128
        }))
      }
    };
    expect((gpuChartSpec(long, "en") as any).vconcat[0].mark).toEqual({type: "line", point: false});
    expect((gpuChartSpec(gpu.detail, "tr") as any).vconcat[1].title.text).toBe("GPU gücü (W)");
    expect(/<figure data-chart="gpu-chart" class="vega-chart"><svg[^>]*>.*?<\/svg><\/figure>/s.test(gpu.html)).toBe(
      true
    );
    // The server chart comes first, then the GPU's.
    expect(gpu.html.indexOf('data-chart="telemetry-chart"')).toBeLessThan(gpu.html.indexOf('data-chart="gpu-chart"'));

    const none = await runPage("max-batch-tokens--t2048--chat");
    expect(gpuChartSpec(none.detail, "en")).toBeNull();
    expect(none.html).not.toContain("gpu-chart");
    // Server metrics without gpu.csv: the server's chart, no GPU chart.
    rmSync(join(dir, "runs", "prefix-caching--t2048-pc--chat--r3", "gpu.csv"));
    const serverOnly = await runPage("prefix-caching--t2048-pc--chat--r3");
    expect(serverOnly.html).toContain('data-chart="telemetry-chart"');
    expect(serverOnly.html).not.toContain("gpu-chart");
  });

  it("the running/waiting legend sits above its chart, not under the KV chart", async () => {
    const detail = await runDetail(dir, "prefix-caching--t2048-pc--chat--r2");
    const spec = telemetrySpec(detail, "en") as unknown as {
      vconcat: {encoding?: {color?: {legend?: {orient?: string}}}}[];
    };
    expect(spec.vconcat[1].encoding!.color!.legend!.orient).toBe("top");
  });

  it("the running/waiting legend is drawn in the requests panel, not over the whole chart (above the tokens panel)", async () => {
    const detail = await runDetail(dir, "prefix-caching--t2048-pc--chat--r2");
    const vega = compile(telemetrySpec(detail, "en")!).spec as unknown as {
      legends?: unknown[];
      marks: {name: string; legends?: {orient: string}[]}[];
    };
    expect(vega.legends ?? []).toEqual([]);
    expect(vega.marks.map((m) => [m.name, (m.legends ?? []).map((l) => l.orient)])).toEqual([
      ["concat_0_group", []],
      ["concat_1_group", ["top"]],
      ["concat_2_group", []]
    ]);
  });

  it("/runs/ sorts 2048 before 16384 and carries the telemetry columns", () => {
    const page = runsPage(data.report, data.rows);
    expect(Object.keys(page.columns)).toEqual(
      expect.arrayContaining(["kv_cache_usage_max", "preemptions", "prefix_cache_hit_rate", "gpu_utilization_mean"])
    );
    const rows = columnRows(page.columns);
    const firstStep = sortedRuns(rows, page)
      .map((r) => r.run)
      .filter((id) => id.startsWith("max-batch-tokens--") && id.endsWith("--chat"));
    expect(firstStep).toEqual([
      "max-batch-tokens--t2048--chat",
      "max-batch-tokens--t8192--chat",
      "max-batch-tokens--t16384--chat"
    ]);
    expect(runsTelemetryColumns(rows, page.study.objective)).toEqual([
      "kv_cache_usage_max",
      "preemptions",
      "prefix_cache_hit_rate",
      "gpu_utilization_mean"
    ]);
  });

  it("export --aggregate carries every telemetry summary the runs have", () => {
    const rows = studyAggregate(data.plan, data.rows);
    const point = rows.find((r) => r.point === "prefix-caching--t2048-pc--chat")!;
    for (const column of TELEMETRY_COLUMNS.filter(
      (c) => typeof data.rows.find((r) => r.step === "prefix-caching")![c] === "number"
    ))
      expect(point, column).toHaveProperty(`${column}_mean`);
    expect(point.prefix_cache_hit_rate_mean).toBeCloseTo((0.014 + 0.985 + 0.985) / 3, 9);
    expect(point.gpu_utilization_mean_max).toBe(89);
  });
});
