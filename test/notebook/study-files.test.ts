// Issue 43, item 2: the study's data as files a page can load (runs, points, per-request rows, telemetry series, the
// plan) and the dictionary of their columns, drawn from the same definitions the exports use. Real studies: the seed
// (no per-request data, no telemetry) and the H200 load ladder (vLLM --save-detailed results, scrapes, nvidia-smi).
import {execFileSync} from "node:child_process";
import {join, resolve} from "node:path";
import {csvParse, quantileSorted} from "d3";
import {parquetMetadata, parquetReadObjects} from "hyparquet";
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {conformance} from "../../loaders/analysis/slo.js";
import {columnMeaning} from "../../loaders/export/columns.js";
import {dataDictionary, UndescribedColumn, type DataDictionary} from "../../loaders/export/dictionary.js";
import {STUDY_FILES, studyFile, type StudyFile} from "../../loaders/export/study-files.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SEED = join(ROOT, "data/studies/qwen3-32b-a100");
const LADDER = join(ROOT, "data/studies/h200-ladder");

let seed: StudyData;
let ladder: StudyData;
beforeAll(async () => {
  [seed, ladder] = [await loadStudy(SEED, ROOT), await loadStudy(LADDER, ROOT)];
}, 120_000);

const text = (name: StudyFile, study: StudyData) => studyFile(name, study) as string;
const csv = (name: StudyFile, study: StudyData) => csvParse(text(name, study));
const parquet = async (name: StudyFile, study: StudyData) => {
  const bytes = studyFile(name, study) as Uint8Array;
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return {rows: (await parquetReadObjects({file})) as Record<string, unknown>[], metadata: parquetMetadata(file)};
};
const dictionary = (study: StudyData): DataDictionary => JSON.parse(text("dictionary.json", study));

describe("per-request rows", () => {
  it("hold every request of the ladder's runs, and give back the benchmark's own percentiles", () => {
    const rows = csv("requests.csv", ladder);
    for (const run of ladder.rows.filter((r) => r.status === "ok")) {
      const mine = rows.filter((r) => r.run === run.run);
      expect(mine, run.run).toHaveLength(run.completed as number);
      const ttft = mine
        .filter((r) => r.ok === "1")
        .map((r) => Number(r.ttft_ms))
        .sort((a, b) => a - b);
      const tpot = mine
        .filter((r) => r.ok === "1" && r.tpot_ms !== "")
        .map((r) => Number(r.tpot_ms))
        .sort((a, b) => a - b);
      // vLLM prints percentiles to two decimals, computed as d3's quantile computes them (linear between ranks).
      expect(quantileSorted(ttft, 0.99)!.toFixed(2), run.run).toBe((run.p99_ttft_ms as number).toFixed(2));
      expect(quantileSorted(tpot, 0.5)!.toFixed(2), run.run).toBe((run.median_tpot_ms as number).toFixed(2));
      expect(mine.every((r) => r.load === String(run.load) && r.load_kind === "concurrency")).toBe(true);
    }
  });

  it("give each run's SLO attainment as the runs table has it", () => {
    const slo = ladder.plan.slo!;
    const rows = csv("requests.csv", ladder);
    for (const run of ladder.rows.filter((r) => r.status === "ok")) {
      const mine = rows.filter((r) => r.run === run.run);
      const met = mine.filter(
        (r) =>
          r.ok === "1" &&
          Number(r.ttft_ms) <= slo.limits[0].limit &&
          (r.tpot_ms === "" || Number(r.tpot_ms) <= slo.limits[1].limit)
      ).length;
      expect(met / mine.length, run.run).toBe(run.attainment);
    }
    // The library's own conformance agrees with the rows' arithmetic on a hand-made case.
    const one = {
      ok: Uint8Array.from([1, 1, 0]),
      ttft_ms: Float64Array.from([100, 2500, 10]),
      tpot_ms: Float64Array.from([50, 50, NaN]),
      e2el_ms: Float64Array.from([1000, 3000, 10]),
      input_tokens: Float64Array.from([10, 10, 10]),
      output_tokens: Float64Array.from([19, 11, 1])
    };
    expect(conformance(one, slo).conforming).toBe(1);
  });

  it("are the same in Parquet as in CSV, typed", async () => {
    const fromCsv = csv("requests.csv", ladder);
    const {rows, metadata} = await parquet("requests.parquet", ladder);
    expect(rows).toHaveLength(fromCsv.length);
    expect(rows[3]).toEqual({
      ...Object.fromEntries(Object.entries(fromCsv[3]).map(([k, v]) => [k, v === "" ? null : v])),
      repeat: Number(fromCsv[3].repeat),
      load: Number(fromCsv[3].load),
      request: Number(fromCsv[3].request),
      ok: Number(fromCsv[3].ok),
      ttft_ms: Number(fromCsv[3].ttft_ms),
      tpot_ms: Number(fromCsv[3].tpot_ms),
      e2el_ms: Number(fromCsv[3].e2el_ms),
      input_tokens: Number(fromCsv[3].input_tokens),
      output_tokens: Number(fromCsv[3].output_tokens)
    });
    const types = Object.fromEntries(metadata.schema.slice(1).map((s) => [s.name, s.type]));
    expect(types).toMatchObject({request: "INT32", ok: "INT32", ttft_ms: "DOUBLE", run: "BYTE_ARRAY"});
  });

  it("are an empty table with its header for a study whose results kept no requests", async () => {
    expect(text("requests.csv", seed).trim()).toBe(
      "run,step,candidate,label,scenario,repeat,engine,load_kind,load,request,ok,ttft_ms,tpot_ms,e2el_ms,input_tokens,output_tokens"
    );
    const {rows, metadata} = await parquet("requests.parquet", seed);
    expect(rows).toEqual([]);
    expect(metadata.schema.slice(1).map((s) => s.name)).toContain("ttft_ms");
  });
});

describe("telemetry series", () => {
  it("hold each run's scrapes and GPU samples, their extremes the runs table's summaries", () => {
    const rows = csv("telemetry.csv", ladder);
    const withTelemetry = ladder.rows.filter((r) => typeof r.kv_cache_usage_max === "number");
    expect(withTelemetry.length).toBeGreaterThan(0);
    for (const run of withTelemetry) {
      const kv = rows.filter((r) => r.run === run.run && r.series === "kv_cache_usage").map((r) => Number(r.value));
      expect(Number(Math.max(...kv).toFixed(6)), run.run).toBe(run.kv_cache_usage_max);
      const running = rows.filter((r) => r.run === run.run && r.series === "requests_running").map((r) => +r.value);
      expect(Math.max(...running), run.run).toBe(run.requests_running_max);
      const memory = rows.filter((r) => r.run === run.run && r.series === "gpu_memory_used_gib").map((r) => +r.value);
      if (typeof run.gpu_memory_used_gb_max === "number")
        expect(Math.max(...memory), run.run).toBeCloseTo(run.gpu_memory_used_gb_max, 2);
    }
    expect(new Set(rows.map((r) => r.series))).toEqual(
      new Set(["kv_cache_usage", "requests_running", "requests_waiting", "output_tokens_per_s", ...gpuSeries(rows)])
    );
  });
});

function gpuSeries(rows: Record<string, string>[]): string[] {
  return ["gpu_utilization_pct", "gpu_power_w", "gpu_memory_used_gib"].filter((s) => rows.some((r) => r.series === s));
}

describe("the plan", () => {
  it("is the plan as read, without the folders of the machine that built it", () => {
    const plan = JSON.parse(text("plan.json", ladder));
    expect(plan.objective).toBe(ladder.plan.objective);
    expect(plan.slo).toEqual(ladder.plan.slo);
    expect(plan.scenarios.map((s: {id: string}) => s.id)).toEqual(ladder.plan.scenarios.map((s) => s.id));
    expect(plan).not.toHaveProperty("dir");
    expect(plan).not.toHaveProperty("file");
    expect(text("plan.json", ladder)).not.toContain(ROOT);
  });
});

describe("the data dictionary", () => {
  it("lists every column of every table, in the files' order, with the Parquet files' types", async () => {
    for (const study of [seed, ladder]) {
      const dict = dictionary(study);
      const files: [string, StudyFile, StudyFile][] = [
        ["runs", "runs.csv", "runs.parquet"],
        ["points", "aggregate.csv", "aggregate.parquet"],
        ["requests", "requests.csv", "requests.parquet"],
        ["telemetry", "telemetry.csv", "telemetry.parquet"]
      ];
      for (const [table, csvFile, parquetFile] of files) {
        const entry = dict.tables.find((t) => t.table === table)!;
        const header = text(csvFile, study).split("\r\n")[0].split(",");
        expect(
          entry.columns.map((c) => c.name),
          `${study.plan.id} ${table}`
        ).toEqual(header);
        const {metadata} = await parquet(parquetFile, study);
        const parquetTypes = metadata.schema.slice(1).map((s) => (s.type === "BYTE_ARRAY" ? "STRING" : s.type));
        expect(
          entry.columns.map((c) => c.type),
          `${study.plan.id} ${table}`
        ).toEqual(parquetTypes);
        for (const column of entry.columns) {
          expect(column.unit, `${table}.${column.name}`).not.toBe("");
          expect(column.formula, `${table}.${column.name}`).toMatch(/\S+ \S+/);
        }
        expect(entry.files).toEqual([`data/${csvFile}`, `data/${parquetFile}`]);
      }
    }
  });

  it("says what each column is made of: units and formulas of a few columns, checked by hand", () => {
    const runs = dictionary(ladder).tables.find((t) => t.table === "runs")!.columns;
    const get = (name: string) => runs.find((c) => c.name === name)!;
    expect(get("output_throughput")).toEqual({
      name: "output_throughput",
      type: "DOUBLE",
      unit: "tok/s",
      formula: "total_output_tokens / duration"
    });
    expect(get("p99_ttft_ms").unit).toBe("ms");
    expect(get("p99_ttft_ms").formula).toMatch(/^99th percentile of time to first token/);
    expect(get("gpu_count")).toMatchObject({type: "INT32", unit: "count", formula: "GPUs the server used"});
    expect(get("attainment").formula).toMatch(/^share of the run's requests meeting every per-request SLO limit/);
    const points = dictionary(ladder).tables.find((t) => t.table === "points")!.columns;
    expect(points.find((c) => c.name === "output_throughput_ci_high")).toMatchObject({unit: "tok/s", type: "DOUBLE"});
    expect(points.find((c) => c.name === "mean_ttft_ms_cv")).toMatchObject({unit: "ratio"});
    const telemetry = dictionary(ladder).tables.find((t) => t.table === "telemetry")!;
    expect(telemetry.series!.find((s) => s.name === "gpu_power_w")).toMatchObject({unit: "W"});
    expect(dictionary(seed).plan.file).toBe("data/plan.json");
  });

  it("refuses a column no definition describes, naming it", () => {
    expect(columnMeaning("runs", "vibes_per_s")).toBeNull();
    const rows = [{run: "a", vibes_per_s: 1}];
    expect(() => dataDictionary({runs: rows, points: [], requests: [], telemetry: []})).toThrow(
      new UndescribedColumn("the runs table's column vibes_per_s has no definition in loaders/export/columns.ts")
    );
  });

  // A vLLM sweep's result files carry its parameters (max_num_seqs, concurrency) beside the metrics: the build of such
  // a study stopped at "the runs table's column max_num_seqs has no definition" once a page named the dictionary.
  it("describes a field the study's result files printed beyond tps-report's own as kept as read", () => {
    const rows = [{run: "a", max_num_seqs: 256}];
    const points = [{step: "s", max_num_seqs_mean: 256, max_num_seqs_std: null}];
    const made = dataDictionary({runs: rows, points, requests: [], telemetry: []}, new Set(["max_num_seqs"]));
    const runs = made.tables.find((t) => t.table === "runs")!.columns;
    expect(runs.find((c) => c.name === "max_num_seqs")).toEqual({
      name: "max_num_seqs",
      type: "DOUBLE",
      unit: "as the tool printed it",
      formula: "the result's own field max_num_seqs, kept as read (tps-report gives it no formula of its own)"
    });
    const mean = made.tables.find((t) => t.table === "points")!.columns.find((c) => c.name === "max_num_seqs_mean")!;
    expect(mean.formula).toMatch(/the result's own field max_num_seqs, kept as read/);
  });
});

describe("the data loaders", () => {
  it("write each file as the library makes it, for the study TPS_REPORT_STUDY names", () => {
    expect(STUDY_FILES).toEqual(
      expect.arrayContaining(["plan.json", "requests.parquet", "telemetry.csv", "dictionary.json"])
    );
    const out = execFileSync(process.execPath, ["--import", "tsx", "src/data/dictionary.json.ts"], {
      cwd: ROOT,
      env: {...process.env, TPS_REPORT_STUDY: "data/studies/h200-ladder"},
      maxBuffer: 64 << 20
    });
    expect(out.toString()).toBe(text("dictionary.json", ladder));
    // The per-request loader reads the runs without the whole study's analysis, and writes the same table.
    const requests = execFileSync(process.execPath, ["--import", "tsx", "src/data/requests.csv.ts"], {
      cwd: ROOT,
      env: {...process.env, TPS_REPORT_STUDY: "data/studies/h200-ladder"},
      maxBuffer: 64 << 20
    });
    expect(requests.toString()).toBe(text("requests.csv", ladder));
  }, 120_000);
});
