// An imported `vllm bench sweep serve` experiment with 5 runs per point: `export --aggregate` gives each point's n,
// failed, mean and Student-t interval, each equal to a computation of its own from the run=<N>.json files.
import {mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import Papa from "papaparse";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {main} from "../../loaders/cli/export.js";
import {importResults} from "../../loaders/import/index.js";
import {writeSweepExperiment} from "../support/sweep-experiment.js";

// scipy.stats.t.ppf(0.975, 4) and (0.975, 3): 5 successful runs, and 4 where one run failed.
const T: Record<number, number> = {5: 2.7764451051977934, 4: 3.182446305284263};
let root: string;
let exp: string;
let study: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-aggregate-import-"));
  exp = join(root, "exp");
  writeSweepExperiment(exp, {runs: 5});
  study = join(root, "study");
  importResults([exp], study, {now: new Date("2026-02-01T00:00:00Z")});
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** Each point's total token throughputs, read from the sweep's own files by folder name. */
function throughputsByPoint(): Map<string, {ok: number[]; failed: number}> {
  const points = new Map<string, {ok: number[]; failed: number}>();
  for (const combo of readdirSync(exp).filter((name) => name.startsWith("SERVE-") && name.includes("-BENCH-"))) {
    const [, mns, input, output] = /max_num_seqs=(\d+)-BENCH-random_input_len=(\d+)-random_output_len=(\d+)/.exec(
      combo
    )!;
    const point = {ok: [] as number[], failed: 0};
    for (const file of readdirSync(join(exp, combo))) {
      if (/^run=\d+\.failure\.json$/.test(file)) point.failed++;
      else if (/^run=\d+\.json$/.test(file))
        point.ok.push(JSON.parse(readFileSync(join(exp, combo, file), "utf8")).total_token_throughput);
    }
    points.set(`sweep--max_num_seqs-${mns}--random-${input}-${output}`, point);
  }
  return points;
}

describe("export --aggregate of an imported sweep with 5 repeats", () => {
  it("n, failed, mean and interval per point equal an independent computation", async () => {
    const out = join(root, "aggregate.csv");
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect(await main(["--aggregate", "--format", "csv", "--study", study, "--out", out])).toBe(0);
    } finally {
      process.stderr.write = stderr;
    }
    const {data} = Papa.parse<Record<string, string>>(readFileSync(out, "utf8"), {header: true, skipEmptyLines: true});
    const expected = throughputsByPoint();
    expect(expected.size).toBe(6);
    for (const [point, {ok, failed}] of expected) {
      const row = data.find((r) => r.point === point)!;
      expect(row, point).toBeDefined();
      const n = ok.length;
      const mean = ok.reduce((s, x) => s + x, 0) / n;
      const std = Math.sqrt(ok.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1));
      const half = T[n] * (std / Math.sqrt(n));
      expect([Number(row.n), Number(row.failed)]).toEqual([n, failed]);
      expect(Number(row.total_token_throughput_mean)).toBeCloseTo(mean, 9);
      expect(Number(row.total_token_throughput_ci_low)).toBeCloseTo(mean - half, 8);
      expect(Number(row.total_token_throughput_ci_high)).toBeCloseTo(mean + half, 8);
    }
    // The failed run (max_num_seqs=256 on 4000/200) leaves 4 of 5; every other point has all 5.
    expect(data.filter((r) => r.point.startsWith("sweep--max_num_seqs-256--random-4000-200")).map((r) => r.n)).toEqual([
      "4"
    ]);
    // The server that never came up: a point per workload, every repeat failed, no mean.
    const neverUp = data.filter((r) => r.point.includes("max_num_seqs-512"));
    expect(neverUp.map((r) => [r.point, r.n, r.failed, r.total_token_throughput_mean])).toEqual([
      ["sweep--max_num_seqs-512--random-2000-100", "0", "5", ""],
      ["sweep--max_num_seqs-512--random-4000-200", "0", "5", ""]
    ]);
  });
});
