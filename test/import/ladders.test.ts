// Import turns load sweeps into ladders (issue 22 item 7): results that differ only in concurrency or rate become one
// scenario with `loads:`, one ladder per candidate, run ids with `--c<N>`/`--q<R>`; plus issue 23's AIPerf CSV given
// alone and scenario ids that do not depend on what is imported alongside. Real corpus files where there are some.
import {mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {vllmResult} from "../support/vllm-result.js";

const CORPUS = "test/fixtures/import-corpus";
const tmp = mkdtempSync(join(tmpdir(), "tps-ladders-"));
afterAll(() => rmSync(tmp, {recursive: true, force: true}));
let n = 0;
const fresh = () => join(tmp, `study-${++n}`);

async function checkErrors(study: string): Promise<string[]> {
  const {report} = await loadStudy(study);
  return report.findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`);
}

/** Each scenario's ladder as the written plan states it. */
function ladders(study: string) {
  return loadStudyPlan(study).scenarios.map((s) => [
    s.id,
    s.loads ? {kind: s.loads.kind, levels: s.loads.levels, per: s.loads.prompts_per_load ?? 0} : null,
    s.num_prompts
  ]);
}

describe("load sweeps become ladders", () => {
  it("a vllm bench sweep serve folder whose bench params vary max_concurrency: one ladder per candidate", async () => {
    const exp = join(tmp, "sweep-exp");
    for (const seqs of [64, 128])
      for (const c of [1, 4, 16]) {
        const combo = join(exp, `SERVE--max_num_seqs=${seqs}-BENCH--max_concurrency=${c}`);
        mkdirSync(combo, {recursive: true});
        const result = vllmResult({
          model: "Qwen/Qwen3-8B",
          numPrompts: 100,
          inputLen: 1000,
          outputLen: 100,
          maxConcurrency: c,
          duration: 100 / c + (seqs === 128 ? 1 : 0)
        });
        writeFileSync(
          join(combo, "run=0.json"),
          JSON.stringify({...result, run_number: 0, max_num_seqs: seqs, max_concurrency: c}, null, 4)
        );
      }
    const study = fresh();
    const report = importResults([exp], study);
    expect(report.study.candidates.map((c) => c.id)).toEqual(["max_num_seqs-64", "max_num_seqs-128"]);
    expect(ladders(study)).toEqual([["default", {kind: "concurrency", levels: [1, 4, 16], per: 0}, 100]]);
    expect(readdirSync(join(study, "runs")).sort()).toEqual([
      "sweep--max_num_seqs-128--default--c1",
      "sweep--max_num_seqs-128--default--c16",
      "sweep--max_num_seqs-128--default--c4",
      "sweep--max_num_seqs-64--default--c1",
      "sweep--max_num_seqs-64--default--c16",
      "sweep--max_num_seqs-64--default--c4"
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("a real GuideLLM report of two constant-rate benchmarks becomes a request-rate ladder", async () => {
    const study = fresh();
    const report = importResults([join(CORPUS, "guidellm-json", "llm-d-guidellm_report_v2.json")], study);
    expect(ladders(study)).toEqual([["synthetic-32-8", {kind: "request_rate", levels: [2, 4], per: 0}, 2]]);
    expect(report.study.runs.map((r) => r.id)).toEqual([
      "sweep--default--synthetic-32-8--q2",
      "sweep--default--synthetic-32-8--q4"
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("real InferenceX results at several concurrencies: a ladder per setup, prompts per level as run (10 × c)", async () => {
    const dir = join(CORPUS, "inferencex");
    const files = readdirSync(dir).filter((f) => f.endsWith(".json") && !f.endsWith(".provenance.json"));
    const parallel = (f: string) => /_vllm_([a-z]+\d+)_/.exec(f)![1];
    const study = fresh();
    const report = importResults(
      // The lengths are in the file names and the sbatch scripts, not in the files: given as --set, as the sidecars say.
      files.map((f) => ({
        path: join(dir, f),
        set: {parallel: parallel(f), dataset_name: "random", random_input_len: "1024", random_output_len: "128"}
      })),
      study
    );
    expect(report.study.candidates.map((c) => [c.model, c.differs])).toEqual([
      ["zai-org/GLM-5-FP8", {parallel: "tp8"}],
      ["MiniMaxAI/MiniMax-M2.5", {parallel: "dep8"}],
      ["MiniMaxAI/MiniMax-M2.5", {parallel: "tep8"}]
    ]);
    // Each setup ran its own levels: a ladder each, so no plan asks a candidate for a level it never ran.
    expect(ladders(study)).toEqual([
      ["random-1024-128", {kind: "concurrency", levels: [4, 8, 16, 32, 48, 64], per: 10}, 40],
      ["random-1024-128.2", {kind: "concurrency", levels: [4, 8, 16, 48], per: 10}, 40],
      ["random-1024-128.3", {kind: "concurrency", levels: [4, 8, 16, 32, 48], per: 10}, 40]
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("real vLLM console logs that differ only in max concurrency: one ladder", async () => {
    const dir = join(CORPUS, "vllm-log");
    const files = readdirSync(dir).filter((f) => f.endsWith(".log"));
    const study = fresh();
    importResults(
      files.map((f) => join(dir, f)),
      study
    );
    expect(ladders(study)).toEqual([
      ["random-128-128", {kind: "concurrency", levels: [1, 4, 8, 16, 32, 64, 128], per: 0}, 1000]
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("loads with different repeats stay scenarios of their own (a plan's repeats are per scenario, not per level)", () => {
    const spec = {model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 1024, outputLen: 128, duration: 10};
    const write = (name: string, r: Record<string, unknown>) => {
      const file = join(tmp, name);
      writeFileSync(file, JSON.stringify(r));
      return file;
    };
    const a = write("r4a.json", vllmResult({...spec, requestRate: 4, date: "20260101-000000"}));
    const b = write("r4b.json", vllmResult({...spec, requestRate: 4, date: "20260102-000000", duration: 11}));
    const c = write("r8.json", vllmResult({...spec, requestRate: 8}));
    const study = fresh();
    importResults([a, b, c], study);
    expect(ladders(study).map(([, loads]) => loads)).toEqual([null, null]);
  });
});

describe("AIPerf's CSV given alone", () => {
  const csv = (c: number) => join(CORPUS, "aiperf-csv", `c${c}`, "profile_export_aiperf.csv");
  it("imports its printed figures; the concurrency its folder names is given with --set, making a ladder", async () => {
    const study = fresh();
    const report = importResults(
      [2, 8, 32].map((c) => ({path: csv(c), set: {max_concurrency: String(c)}})),
      study
    );
    expect(report.study.client.name).toBe("aiperf");
    expect(ladders(study)).toEqual([["default", {kind: "concurrency", levels: [2, 8, 32], per: 0}, 96]]);
    expect(report.notes).toContain(
      `${csv(2)}: AIPerf's CSV states no model, workload or load (its JSON twin does): give them with --set`
    );
    expect(await checkErrors(study)).toEqual([]);
  });
});

describe("fresh-import scenario ids", () => {
  it("do not depend on which files are imported together", () => {
    const spec = {model: "Qwen/Qwen3-8B", inputLen: 1024, outputLen: 128, duration: 10, requestRate: 4};
    const a = join(tmp, "ids-a.json");
    const c = join(tmp, "ids-c.json");
    writeFileSync(a, JSON.stringify(vllmResult({...spec, numPrompts: 100})));
    writeFileSync(c, JSON.stringify(vllmResult({...spec, numPrompts: 200})));
    const alone = importResults([a], fresh()).study.scenarios.map((s) => s.id);
    const together = importResults([a, c], fresh()).study;
    const ofA = together.runs.find((r) => r.result.source === a)!.scenario;
    expect(ofA).toBe(alone[0]);
    expect(together.scenarios.map((s) => s.id)).toEqual(["n100-rate4", "n200-rate4"]);
  });
});

describe("goodput where a tool printed it", () => {
  it("AIPerf's goodput (good requests ÷ duration, its --goodput SLOs) is read as request_goodput, JSON and CSV", async () => {
    const {parseText} = await import("../../loaders/parse/index.js");
    const json = {
      request_throughput: {unit: "requests/sec", avg: 9.6},
      goodput: {unit: "requests/sec", avg: 7.25},
      good_request_count: {unit: "requests", avg: 72},
      request_count: {unit: "requests", avg: 96},
      benchmark_duration: {unit: "sec", avg: 10}
    };
    const fromJson = parseText(JSON.stringify(json), "p.json").blocks[0].metrics;
    expect(fromJson.request_goodput).toBe(7.25);
    const csv =
      "Metric,avg,min,max\r\nRequest Latency (ms),10.5,9.0,12.0\r\n\r\nMetric,Value\r\nGoodput (requests/sec),7.25\r\nGood Request Count,72.00\r\nRequest Count,96.00\r\nBenchmark Duration (sec),10.00\r\n";
    const fromCsv = parseText(csv, "p.csv").blocks[0].metrics;
    expect(fromCsv.request_goodput).toBe(7.25);
  });
});

describe("adding loads to a study", () => {
  const log = (c: number) => join(CORPUS, "vllm-log", `bench-test_05-${c}-1000-i128-o128.log`);
  it("a new level joins an existing ladder; a single-load study that would become a ladder is refused, nothing written", () => {
    const study = fresh();
    importResults([log(1), log(4)], study);
    const added = importResults([log(8)], study);
    expect(added.created).toEqual(["sweep--default--random-128-128--c8"]);
    expect(ladders(study)).toEqual([["random-128-128", {kind: "concurrency", levels: [1, 4, 8], per: 0}, 1000]]);

    const single = fresh();
    importResults([log(1)], single);
    expect(() => importResults([log(4)], single)).toThrow(
      "run sweep--default--random-128-128-n1000-c1 would become the concurrency 1 level of a ladder; import all its loads into a new folder"
    );
    expect(readdirSync(join(single, "runs"))).toEqual(["sweep--default--random-128-128-n1000-c1"]);
  });
});
