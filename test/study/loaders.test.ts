// The Framework loaders run the way Framework runs them (tsx, stdout is the file), and their output round-trips.
import {execFileSync} from "node:child_process";
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {DuckDBInstance} from "@duckdb/node-api";
import {parquetMetadata, parquetReadObjects} from "hyparquet";
import Papa from "papaparse";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Report} from "../../loaders/analysis/report.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";

const tsx = (loader: string, ...args: string[]): Buffer =>
  execFileSync("npx", ["tsx", loader, ...args], {maxBuffer: 64 << 20, env: {...process.env, TPS_REPORT_LIVE: ""}});

let dir: string;
let csv: string;
let parquet: Uint8Array;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "tps-loaders-"));
  csv = tsx("src/data/runs.csv.ts").toString("utf8");
  parquet = new Uint8Array(tsx("src/data/runs.parquet.ts"));
  writeFileSync(join(dir, "runs.csv"), csv);
  writeFileSync(join(dir, "runs.parquet"), parquet);
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

const SGLANG = "engine-selection--sglang--sharegpt";

describe("runs.csv", () => {
  it("is RFC 4180 with one row per run and the printed values", () => {
    const {data, errors, meta} = Papa.parse<Record<string, string>>(csv, {header: true, skipEmptyLines: false});
    expect(errors).toEqual([]);
    expect(csv.split("\r\n")).toHaveLength(18);
    expect(data).toHaveLength(17);
    expect(meta.fields?.slice(0, 3)).toEqual(["run", "study", "step"]);
    const sglang = data.find((r) => r.run === SGLANG)!;
    expect(sglang.total_token_throughput).toBe("1398.38");
    expect(sglang.p99_itl_ms).toBe("298.9");
    expect(sglang.server_command).toBe("python3 -m sglang.launch_server --model-path Qwen/Qwen3-32B");
    const awq = data.find((r) => r.candidate === "trtllm-awq")!;
    expect(awq.error).toBe("KeyError: 'weight'");
    expect(awq.total_token_throughput).toBe("");
  });
});

describe("runs.parquet", () => {
  it("has DOUBLE metrics, INT32 counts and UTF8 strings, no INT64", async () => {
    const metadata = parquetMetadata(
      parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer
    );
    const types = Object.fromEntries(metadata.schema.slice(1).map((s) => [s.name, [s.type, s.converted_type ?? null]]));
    expect(types.total_token_throughput).toEqual(["DOUBLE", null]);
    expect(types.completed).toEqual(["INT32", null]);
    expect(types.total_input_tokens).toEqual(["INT32", null]);
    expect(types.run).toEqual(["BYTE_ARRAY", "UTF8"]);
    expect(types.binding).toEqual(["BYTE_ARRAY", "UTF8"]);
    expect(Object.values(types).some(([t]) => t === "INT64")).toBe(false);
  });

  it("reads back through hyparquet with the CSV's values", async () => {
    const file = parquet.buffer.slice(parquet.byteOffset, parquet.byteOffset + parquet.byteLength) as ArrayBuffer;
    const rows = (await parquetReadObjects({file})) as Record<string, unknown>[];
    expect(rows).toHaveLength(17);
    const sglang = rows.find((r) => r.run === SGLANG)!;
    expect(sglang.total_token_throughput).toBe(1398.38);
    expect(sglang.completed).toBe(1000);
    expect(typeof sglang.completed).toBe("number");
    expect(sglang.mean_ttft_ms).toBe(139199.11);
    const {data} = Papa.parse<Record<string, string>>(csv, {header: true});
    for (const row of data)
      for (const [key, text] of Object.entries(row)) {
        const value = rows.find((r) => r.run === row.run)![key];
        expect(value == null ? "" : String(value), `${row.run}.${key}`).toBe(text);
      }
  });

  it("reads back through DuckDB with the same values and types", async () => {
    const db = await DuckDBInstance.create(":memory:");
    const connection = await db.connect();
    const described = await connection.runAndReadAll(
      `DESCRIBE SELECT * FROM read_parquet('${join(dir, "runs.parquet")}')`
    );
    const types = Object.fromEntries(described.getRowObjects().map((r) => [r.column_name, r.column_type]));
    expect(types.total_token_throughput).toBe("DOUBLE");
    expect(types.completed).toBe("INTEGER");
    expect(types.engine).toBe("VARCHAR");
    const fromParquet = await connection.runAndReadAll(
      `SELECT run, total_token_throughput, mean_tpot_ms, completed FROM read_parquet('${join(dir, "runs.parquet")}') ORDER BY run`
    );
    const fromCsv = await connection.runAndReadAll(
      // DuckDB's CSV sniffer widens integers to BIGINT; the Parquet schema says INTEGER.
      `SELECT run, total_token_throughput, mean_tpot_ms, completed::INTEGER AS completed FROM read_csv('${join(dir, "runs.csv")}', header = true) ORDER BY run`
    );
    expect(fromParquet.getRowObjectsJson()).toEqual(fromCsv.getRowObjectsJson());
    const best = fromParquet.getRowObjectsJson().find((r) => r.run === "engine-selection--trtllm--sharegpt")!;
    expect(best.total_token_throughput).toBe(2054.21);
    connection.closeSync();
  });
});

describe("report.json and runs/[run].json", () => {
  it("report.json carries the headline and the steps", () => {
    const report = JSON.parse(tsx("src/data/report.json.ts").toString("utf8")) as Report;
    expect(report.headline[0]).toMatchObject({scenario: "sharegpt", baseline_tps: 1730.98, recommended_tps: 2054.21});
    expect(report.steps.map((s) => s.id)).toEqual([
      "engine-selection",
      "quantization",
      "max-num-tokens",
      "other-scenarios"
    ]);
  });

  it("a run's page data holds its row, metrics and raw log", async () => {
    const study = "data/studies/qwen3-32b-a100";
    const detail = await runDetail(study, SGLANG, loadStudyPlan(study));
    expect(detail.row.run).toBe(SGLANG);
    expect(detail.metrics.mean_tpot_ms).toBe(75.11);
    expect(detail.block?.lines).toEqual([1, 23]);
    expect(detail.logs[0].text).toBe(readFileSync(`data/studies/qwen3-32b-a100/runs/${SGLANG}/bench.log`, "utf8"));
  });
});

describe("tps-report export", () => {
  it("writes Parquet to --out atomically", () => {
    const out = join(dir, "export.parquet");
    execFileSync("node", ["bin/tps-report.js", "export", "--format", "parquet", "--out", out], {stdio: "pipe"});
    expect(readFileSync(out).subarray(0, 4).toString()).toBe("PAR1");
  });

  it("rejects an unknown format with exit 2", () => {
    let status = 0;
    try {
      execFileSync("node", ["bin/tps-report.js", "export", "--format", "xlsx"], {stdio: "pipe"});
    } catch (error) {
      status = (error as {status: number}).status;
    }
    expect(status).toBe(2);
  });
});
