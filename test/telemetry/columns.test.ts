// Telemetry columns in runs.csv / runs.parquet: present when a study's runs recorded telemetry, typed as numbers.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {parquetReadObjects} from "hyparquet";
import {afterAll, describe, expect, it} from "vitest";
import {runsCsv} from "../../loaders/export/csv.js";
import {columnType} from "../../loaders/export/columns.js";
import {runsParquet} from "../../loaders/export/parquet.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {runRows} from "../../loaders/runs/rows.js";
import {readRunSync, type RunRecord} from "../../loaders/runs/read-runs.js";
import {TELEMETRY_COLUMNS} from "../../loaders/telemetry/read.js";

const SEED = "data/studies/qwen3-32b-a100";
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, {recursive: true, force: true})));

/** A seed run copied with a metrics.jsonl beside it, as an imported result folder holding the tool's scrapes would. */
function withScrapes(): RunRecord {
  const study = mkdtempSync(join(tmpdir(), "tps-telemetry-cols-"));
  dirs.push(study);
  const dir = join(study, "runs", "engine-selection--vllm--sharegpt");
  mkdirSync(dir, {recursive: true});
  const seed = readRunSync(join(SEED, "runs", "engine-selection--vllm--sharegpt"));
  writeFileSync(
    join(dir, "run.json"),
    JSON.stringify({...seed.meta, started_at: "2026-12-01T21:00:00.000Z", ended_at: "2026-12-01T21:00:02.000Z"})
  );
  writeFileSync(join(dir, "bench.log"), "");
  const scrape = (t: string, running: number, kv: number, preempt: number) =>
    JSON.stringify({
      t,
      text: `vllm:num_requests_running{engine="0"} ${running}\nvllm:kv_cache_usage_perc{engine="0"} ${kv}\nvllm:num_preemptions_total{engine="0"} ${preempt}\n`
    });
  writeFileSync(
    join(dir, "metrics.jsonl"),
    [
      scrape("2026-12-01T21:00:00.000Z", 10, 0.5, 1),
      scrape("2026-12-01T21:00:01.000Z", 30, 0.9, 4),
      scrape("2026-12-01T21:00:02.000Z", 20, 0.7, 6)
    ].join("\n") + "\n"
  );
  return {...readRunSync(dir), block: seed.block, source: seed.source};
}

describe("telemetry columns", () => {
  const plan = loadStudyPlan(SEED);
  const archived = readRunSync(join(SEED, "runs", "engine-selection--sglang--sharegpt"));

  it("the archive's table is unchanged: no run recorded telemetry", () => {
    expect(Object.keys(runRows(plan, [archived])[0]).some((c) => TELEMETRY_COLUMNS.includes(c))).toBe(false);
  });

  it("a run folder with scrapes and no telemetry.json (imported) is measured over its start to end", () => {
    const rows = runRows(plan, [withScrapes(), archived]);
    expect(rows[0]).toMatchObject({
      requests_running_max: 30,
      requests_running_mean: 20,
      kv_cache_usage_max: 0.9,
      preemptions: 5,
      gpu_power_w_mean: null
    });
    expect(rows[1].kv_cache_usage_max).toBeNull();
    // Every telemetry column is a number column, even one that no run has.
    expect(columnType("gpu_power_w_mean", rows)).toBe("DOUBLE");
    const csv = runsCsv(rows).split("\n");
    expect(csv[0].split(",")).toContain("kv_cache_usage_max");
  });

  it("runs.parquet carries them as DOUBLE", async () => {
    const rows = runRows(plan, [withScrapes(), archived]);
    const buffer = runsParquet(rows);
    const read = await parquetReadObjects({
      file: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer
    });
    expect(read.map((r) => [r.requests_running_max, r.preemptions, r.gpu_power_w_mean])).toEqual([
      [30, 5, null],
      [null, null, null]
    ]);
  });
});
