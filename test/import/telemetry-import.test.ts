// Metrics written beside a result (tps-report's metrics.jsonl and gpu.csv, AIPerf's server_metrics_export.jsonl) are
// kept with the run an import makes of it, byte for byte; beside several results they cannot be placed, and say so.
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {ImportFailed, importResults} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {vllmResult} from "../support/vllm-result.js";

let root: string;
const result = (metadata: Record<string, string>) =>
  JSON.stringify(
    vllmResult({model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 2000, outputLen: 100, duration: 10, metadata})
  );
// Two scrapes in the layout `tps-report run` writes: a time and the exposition text as the server sent it.
const scrape = (t: string, running: number, kv: number) =>
  JSON.stringify({
    t,
    text: `# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name="m"} ${running}\n# TYPE vllm:kv_cache_usage_perc gauge\nvllm:kv_cache_usage_perc{model_name="m"} ${kv}\n`
  });
const METRICS =
  [scrape("2026-01-01T12:00:00.000Z", 10, 0.5), scrape("2026-01-01T12:00:01.000Z", 40, 0.8)].join("\n") + "\n";
const AIPERF = '{"endpoint_url":"http://localhost:8000/metrics","timestamp_ns":1,"metrics":{}}\n';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-import-telemetry-"));
  for (const [run, mns] of [
    ["run-a", "64"],
    ["run-b", "128"]
  ]) {
    const dir = join(root, "results", run);
    mkdirSync(dir, {recursive: true});
    writeFileSync(join(dir, "result.json"), result({max_num_seqs: mns}));
    writeFileSync(join(dir, "metrics.jsonl"), METRICS);
    writeFileSync(join(dir, "server_metrics_export.jsonl"), AIPERF);
  }
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("import keeps the metrics the tools wrote", () => {
  it("copies each result folder's metrics into its run, byte for byte, with their provenance", async () => {
    const study = join(root, "study");
    const report = importResults([join(root, "results")], study, {now: new Date("2026-02-01T00:00:00Z")});
    expect(report.created).toHaveLength(2);
    for (const mns of ["64", "128"]) {
      const run = join(study, "runs", `sweep--max_num_seqs-${mns}--n100`);
      expect(existsSync(run), `${run} among ${report.created.join(", ")}`).toBe(true);
      expect(readFileSync(join(run, "metrics.jsonl"), "utf8")).toBe(METRICS);
      expect(readFileSync(join(run, "server_metrics_export.jsonl"), "utf8")).toBe(AIPERF);
      const meta = JSON.parse(readFileSync(join(run, "run.json"), "utf8"));
      expect(meta.origin.files.map((f: {file: string}) => f.file)).toEqual([
        "result.json",
        "metrics.jsonl",
        "server_metrics_export.jsonl"
      ]);
    }
    // tps-report's own scrapes are read back as the run's server columns.
    const {rows} = await loadStudy(study);
    expect(rows.map((r) => [r.run, r.requests_running_max, r.kv_cache_usage_max])).toEqual([
      ["sweep--max_num_seqs-128--n100", 40, 0.8],
      ["sweep--max_num_seqs-64--n100", 40, 0.8]
    ]);
  });

  it("metrics beside several results are bad input, named with their folder", () => {
    const dir = join(root, "flat");
    mkdirSync(dir, {recursive: true});
    writeFileSync(join(dir, "a.json"), result({max_num_seqs: "64"}));
    writeFileSync(join(dir, "b.json"), result({max_num_seqs: "128"}));
    writeFileSync(join(dir, "metrics.jsonl"), METRICS);
    expect(() => importResults([dir], join(root, "flat-study"))).toThrow(ImportFailed);
    expect(() => importResults([dir], join(root, "flat-study"))).toThrow(
      `${dir}: metrics.jsonl sits beside 2 results, so it belongs to none of them; put each run's result and metrics in a folder of their own`
    );
    expect(existsSync(join(root, "flat-study"))).toBe(false);
  });
});
