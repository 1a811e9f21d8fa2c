// `tps-report export --aggregate`: one row per point with n, failed and each metric's mean, spread and interval,
// each equal to a computation of its own from the figures the runs printed. Issue 12's `tps-report import` is not on
// main yet, so the sweep is a study folder with 5 repeat run folders per point (the layout an import writes).
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parquetMetadata, parquetReadObjects} from "hyparquet";
import Papa from "papaparse";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {main} from "../../loaders/cli/export.js";
import {drawRepeats, writeRepeatStudy} from "../support/repeat-study.js";

let root: string;
let dir: string;
const values: Record<string, (number | null)[]> = {
  base: drawRepeats("export-base", 2250, 0.03, 5),
  tuned: [...drawRepeats("export-tuned", 2500, 0.03, 4), null, ...drawRepeats("export-tuned-5", 2500, 0.03, 1)]
};
// scipy.stats.t.ppf(0.975, 4) and (0.975, 3)
const T = {5: 2.7764451051977934, 4: 3.182446305284263};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-aggregate-"));
  dir = join(root, "sweep");
  writeRepeatStudy(dir, values);
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** The figures a point's summary should hold, computed here without loaders/stats. */
function expected(xs: number[]) {
  const n = xs.length;
  const mean = xs.reduce((s, x) => s + x, 0) / n;
  const std = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
  const se = std / Math.sqrt(n);
  const t = T[n as 5 | 4];
  return {
    n,
    mean,
    std,
    se,
    cv: std / mean,
    min: Math.min(...xs),
    max: Math.max(...xs),
    t,
    low: mean - t * se,
    high: mean + t * se
  };
}

async function exportTo(format: "csv" | "parquet"): Promise<string> {
  const out = join(root, `aggregate.${format}`);
  const stderr = process.stderr.write;
  process.stderr.write = () => true;
  try {
    expect(await main(["--aggregate", "--format", format, "--study", dir, "--out", out])).toBe(0);
  } finally {
    process.stderr.write = stderr;
  }
  return out;
}

describe("export --aggregate", () => {
  it("CSV: one row per point, n, failed and each statistic of total_token_throughput and mean_tpot_ms", async () => {
    const text = readFileSync(await exportTo("csv"), "utf8");
    const {data, meta} = Papa.parse<Record<string, string>>(text, {header: true, skipEmptyLines: true});
    expect(data.map((r) => r.point)).toEqual(["engine--base--short", "engine--tuned--short"]);
    for (const stat of ["mean", "std", "min", "max", "cv", "se", "ci_low", "ci_high"])
      expect(meta.fields).toContain(`total_token_throughput_${stat}`);
    for (const [candidate, repeats] of Object.entries(values)) {
      const row = data.find((r) => r.candidate === candidate)!;
      const ok = repeats.filter((v): v is number => v != null);
      const e = expected(ok);
      expect(Number(row.n)).toBe(e.n);
      expect(Number(row.failed)).toBe(repeats.length - ok.length);
      expect(Number(row.total_token_throughput_mean)).toBeCloseTo(e.mean, 9);
      expect(Number(row.total_token_throughput_std)).toBeCloseTo(e.std, 9);
      expect(Number(row.total_token_throughput_se)).toBeCloseTo(e.se, 9);
      expect(Number(row.total_token_throughput_cv)).toBeCloseTo(e.cv, 12);
      expect(Number(row.total_token_throughput_min)).toBe(e.min);
      expect(Number(row.total_token_throughput_max)).toBe(e.max);
      expect(Number(row.t_critical)).toBeCloseTo(e.t, 9);
      expect(Number(row.total_token_throughput_ci_low)).toBeCloseTo(e.low, 8);
      expect(Number(row.total_token_throughput_ci_high)).toBeCloseTo(e.high, 8);
      // Mean TPOT as printed: 20000 / throughput, two decimals.
      const tpot = expected(ok.map((v) => +(20000 / v).toFixed(2)));
      expect(Number(row.mean_tpot_ms_mean)).toBeCloseTo(tpot.mean, 9);
      expect(Number(row.mean_tpot_ms_ci_high)).toBeCloseTo(tpot.high, 8);
    }
  });

  it("Parquet: the same values, n and failed as INT32", async () => {
    const buffer = readFileSync(await exportTo("parquet"));
    const file = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
    const types = Object.fromEntries(
      parquetMetadata(file)
        .schema.slice(1)
        .map((s) => [s.name, s.type])
    );
    expect([types.n, types.failed, types.total_token_throughput_mean]).toEqual(["INT32", "INT32", "DOUBLE"]);
    const rows = (await parquetReadObjects({file})) as Record<string, unknown>[];
    const tuned = rows.find((r) => r.candidate === "tuned")!;
    const e = expected(values.tuned.filter((v): v is number => v != null));
    expect([tuned.n, tuned.failed]).toEqual([5, 1]);
    expect(tuned.total_token_throughput_mean as number).toBeCloseTo(e.mean, 9);
    expect(tuned.total_token_throughput_ci_low as number).toBeCloseTo(e.low, 8);
  });

  it("the seed: every point ran once, so n is 1, the mean is the run's figure and there is no interval", async () => {
    const out = join(root, "seed-aggregate.csv");
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      await main(["--aggregate", "--format", "csv", "--study", "data/studies/qwen3-32b-a100", "--out", out]);
    } finally {
      process.stderr.write = stderr;
    }
    const {data} = Papa.parse<Record<string, string>>(readFileSync(out, "utf8"), {header: true, skipEmptyLines: true});
    expect(data).toHaveLength(17);
    const vllm = data.find((r) => r.point === "engine-selection--vllm--sharegpt")!;
    expect([vllm.n, vllm.failed, vllm.total_token_throughput_mean]).toEqual(["1", "0", "1730.98"]);
    expect([vllm.total_token_throughput_std, vllm.total_token_throughput_ci_low, vllm.t_critical]).toEqual([
      "",
      "",
      ""
    ]);
    const failed = data.filter((r) => r.failed === "1");
    expect(failed.every((r) => r.n === "0" && r.total_token_throughput_mean === "")).toBe(true);
  });
});
