// `tps-report import`: a sweep experiment and plain --save-result files become studies that check accepts; raw files
// are copied byte for byte, importing again changes nothing, and bad input is named with nothing written.
import {createHash} from "node:crypto";
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {ImportFailed, importResults} from "../../loaders/import/index.js";
import {inferStudy} from "../../loaders/import/infer.js";
import {ByteBudget, ImportError} from "../../loaders/import/result.js";
import {comboSettings, readSweepExperiment} from "../../loaders/import/sweep.js";
import {writeImportedStudy} from "../../loaders/import/write-study.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {writeSaveResults, writeSweepExperiment} from "../support/sweep-experiment.js";
import {recordedReason} from "../../src/components/libraryText.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");

describe("import of a vllm bench sweep serve experiment", () => {
  it("infers 4 candidates × 2 scenarios, 3 repeats each, the failed run and the server that never came up", async () => {
    const exp = join(tmp, "results", "20260101_120000");
    writeSweepExperiment(exp);
    const study = join(tmp, "study");
    const report = importResults([exp], study, {now: new Date("2026-02-01T00:00:00Z")});
    expect(report.study.candidates.map((c) => [c.id, c.label])).toEqual([
      ["max_num_seqs-64", "max_num_seqs=64"],
      ["max_num_seqs-128", "max_num_seqs=128"],
      ["max_num_seqs-256", "max_num_seqs=256"],
      ["max_num_seqs-512", "max_num_seqs=512"]
    ]);
    expect(report.study.scenarios.map((s) => [s.id, s.input_len, s.output_len, s.num_prompts])).toEqual([
      ["random-2000-100", 2000, 100, 100],
      ["random-4000-200", 4000, 200, 100]
    ]);
    const runs = readdirSync(join(study, "runs"));
    // 3 combos × 2 workloads × 3 runs, plus the server that never came up: a failed run for each workload and repeat.
    expect(runs).toHaveLength(24);
    expect(runs).toEqual(
      expect.arrayContaining([
        "sweep--max_num_seqs-64--random-2000-100",
        "sweep--max_num_seqs-64--random-2000-100--r2",
        "sweep--max_num_seqs-64--random-2000-100--r3",
        "sweep--max_num_seqs-512--random-4000-200"
      ])
    );
    const text = readFileSync(join(study, "study.yaml"), "utf8");
    expect(text.split("\n")[0]).toMatch(/^# yaml-language-server: \$schema=.*schema\/study\.schema\.json$/);
    expect(text).toContain("decision: geometric-mean");

    // Byte for byte, with provenance.
    const src = join(exp, "SERVE-max_num_seqs=64-BENCH-random_input_len=2000-random_output_len=100", "run=1.json");
    const run = join(study, "runs", "sweep--max_num_seqs-64--random-2000-100--r2");
    expect(readFileSync(join(run, "result.json"))).toEqual(readFileSync(src));
    const meta = JSON.parse(readFileSync(join(run, "run.json"), "utf8"));
    expect(meta).toMatchObject({
      repeat: 2,
      status: "ok",
      origin: {kind: "import", tool: "vllm-sweep", imported_at: "2026-02-01T00:00:00.000Z"}
    });
    expect(meta.origin.files).toEqual([{file: "result.json", source: src, sha256: sha(src)}]);

    const {report: built, runs: read} = await loadStudy(study);
    expect(built.findings.filter((f) => f.severity === "error")).toEqual([]);
    const failed = read
      .filter((r) => r.meta.status === "failed")
      .map((r) => [r.meta.id, r.meta.failed_phase, r.meta.error]);
    expect(failed).toEqual([
      [
        "sweep--max_num_seqs-256--random-4000-200--r2",
        "benchmark",
        "RuntimeError: Server process exited with code -9 during the benchmark"
      ],
      [
        "sweep--max_num_seqs-512--random-2000-100",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ],
      [
        "sweep--max_num_seqs-512--random-2000-100--r2",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ],
      [
        "sweep--max_num_seqs-512--random-2000-100--r3",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ],
      [
        "sweep--max_num_seqs-512--random-4000-200",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ],
      [
        "sweep--max_num_seqs-512--random-4000-200--r2",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ],
      [
        "sweep--max_num_seqs-512--random-4000-200--r3",
        "server-start",
        "the server never came up: TimeoutError: Server did not become ready within 600 s"
      ]
    ]);
    // A Turkish page says tps-report's part of each error in Turkish, and the server's own message as it wrote it.
    expect(new Set(failed.map(([, , error]) => recordedReason(String(error), "tr")))).toEqual(
      new Set([
        "RuntimeError: Server process exited with code -9 during the benchmark",
        "sunucu hiç ayağa kalkmadı: TimeoutError: Server did not become ready within 600 s"
      ])
    );
    // The placeholders are warnings, not errors.
    expect(built.findings.filter((f) => f.code === "placeholder").map((f) => f.message.split(":")[0])).toEqual([
      "hardware.gpu",
      "hardware.name",
      "engines.vllm.version",
      // The sweep's files state no quantization: open for each candidate, never bf16 by default.
      "steps[0].candidates[0].quantization",
      "steps[0].candidates[1].quantization",
      "steps[0].candidates[2].quantization",
      "steps[0].candidates[3].quantization"
    ]);
    // mns128 wins over both workloads by the geometric mean of its ratios to mns64 (the baseline, first in the plan).
    expect(built.steps[0].verdict.winner?.candidate).toBe("max_num_seqs-128");
  });

  it("is idempotent: the same files again change nothing; a different file for a run is a conflict, not overwritten", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const study = join(tmp, "study");
    importResults([exp], study);
    const before = readFileSync(join(study, "runs", "sweep--max_num_seqs-64--random-2000-100", "run.json"), "utf8");
    const again = importResults([exp], study);
    expect([again.created.length, again.unchanged.length, again.conflicts]).toEqual([0, 24, []]);
    expect(readFileSync(join(study, "runs", "sweep--max_num_seqs-64--random-2000-100", "run.json"), "utf8")).toBe(
      before
    );
    const changed = join(exp, "SERVE-max_num_seqs=64-BENCH-random_input_len=2000-random_output_len=100", "run=0.json");
    writeFileSync(changed, readFileSync(changed, "utf8").replace('"duration": 9.9', '"duration": 9.8'));
    const conflict = importResults([exp], study);
    expect(conflict.conflicts).toEqual([
      `${join(study, "runs", "sweep--max_num_seqs-64--random-2000-100")}: holds other files than ${changed}; not overwritten`
    ]);
  });

  it("reads the double-dash folder names serve.py writes and values that contain '-'", () => {
    expect(
      comboSettings("max_num_seqs=64-kv_cache_dtype=fp8-e4m3", {max_num_seqs: 64, kv_cache_dtype: "fp8-e4m3"})
    ).toEqual({
      max_num_seqs: 64,
      kv_cache_dtype: "fp8-e4m3"
    });
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp, {doubleDash: true});
    expect(importResults([exp], join(tmp, "study")).study.candidates).toHaveLength(4);
  });

  it("splits one combo text by the keys each record holds", () => {
    expect(comboSettings("a=x-b=y", {a: "x-b=y"})).toEqual({a: "x-b=y"});
    expect(comboSettings("a=x-b=y", {a: "x", b: "y"})).toEqual({a: "x", b: "y"});
    expect(comboSettings("a=x-b=y", {b: "y"})).toBeNull();
    expect(comboSettings("a=x-b=y", {a: "x", b: "z"})).toBeNull();
    expect(comboSettings("kv-cache=fp8-a=1", {"kv-cache": "fp8", a: 1})).toEqual({"kv-cache": "fp8", a: 1});
  });

  it("keeps no bytes past its memory budget: files are read again when copied, into the same study", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const now = new Date("2026-02-01T00:00:00Z");
    const tree = (dir: string) =>
      readdirSync(join(dir, "runs"))
        .sort()
        .flatMap((run) =>
          readdirSync(join(dir, "runs", run)).map((f) => `${run}/${f} ${sha(join(dir, "runs", run, f))}`)
        );
    importResults([exp], join(tmp, "kept"), {now});
    importResults([exp], join(tmp, "read-again"), {now, keepBytes: 0});
    expect(tree(join(tmp, "read-again"))).toEqual(tree(join(tmp, "kept")));
    expect(tree(join(tmp, "kept"))).toHaveLength(48);
  });

  it("refuses a file that changed between reading and copying it, naming it, and writes nothing", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const results = readSweepExperiment(exp, exp, new ByteBudget(0));
    const changed = results.find((r) => r.status === "ok")!.files[0];
    expect(changed.bytes).toBeNull();
    writeFileSync(changed.path!, readFileSync(changed.path!, "utf8").replace('"duration": ', '"duration": 1'));
    const study = join(tmp, "out", "study");
    const inferred = inferStudy(results, "exp");
    expect(() => writeImportedStudy(study, inferred, "title: x\n", "2026-02-01T00:00:00Z")).toThrow(
      new ImportError(changed.source, "changed while it was being imported; import it again once it is complete")
    );
    expect(existsSync(study)).toBe(false);
    expect(readdirSync(join(tmp, "out"))).toEqual([]);
  });

  it("names bad input with its file and reason and writes nothing", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const combo = join(exp, "SERVE-max_num_seqs=128-BENCH-random_input_len=2000-random_output_len=100");
    writeFileSync(join(combo, "run=2.json"), '{"date": "2026');
    rmSync(join(combo, "run=1.json"));
    const study = join(tmp, "study");
    let error: ImportFailed | null = null;
    try {
      importResults([exp, join(tmp, "missing.json")], study);
    } catch (e) {
      error = e as ImportFailed;
    }
    expect(error?.problems).toEqual([
      `${join(combo, "run=1.json")}: half-written sweep folder: this run is missing`,
      `${join(tmp, "missing.json")} does not exist`
    ]);
    expect(existsSync(study)).toBe(false);
    expect(readdirSync(tmp).filter((n) => n.startsWith(".import"))).toEqual([]);
  });
});

describe("import of plain --save-result JSON files", () => {
  it("six files with --metadata keys: 3 candidates × 2 scenarios, check finds no error", async () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    const report = importResults(files, study);
    expect(report.study.candidates.map((c) => c.id)).toEqual([
      "max_num_seqs-64",
      "max_num_seqs-128",
      "max_num_seqs-256"
    ]);
    expect(report.study.scenarios.map((s) => s.id)).toEqual(["random-2000-100-n100", "random-4000-200-n100"]);
    const {report: built, runs} = await loadStudy(study);
    expect(runs).toHaveLength(6);
    expect(built.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(readFileSync(join(study, "runs", "sweep--max_num_seqs-64--random-2000-100-n100", "result.json"))).toEqual(
      readFileSync(files[0])
    );
  });
});

describe("import of other tools' output (real outputs in test/fixtures/parse)", () => {
  it("SGLang --output-file JSONL: one run per line; candidates from server_info; a step per set of candidates when the grid is sparse", async () => {
    const study = join(tmp, "study");
    const report = importResults(["test/fixtures/parse/sglang-output.jsonl"], study);
    // The third line's server_info names the model and SGLang 0.5.5 (tp_size 1 is the default, no setting).
    expect(report.study.candidates.map((c) => [c.id, c.engine])).toEqual([
      ["default", "sglang"],
      ["qwen3-8b-v0.5.5", "sglang-0.5.5"]
    ]);
    // ShareGPT runs record random_input_len/random_output_len too; those lengths are not what they ran.
    // The two ShareGPT scenarios, both run by the same candidate, are one step (issue 23: adding a setup keeps a step whole).
    expect(report.study.steps.map((s) => [s.id, s.candidates, s.scenarios])).toEqual([
      ["sweep-random-1024-256-n1000-c64", ["qwen3-8b-v0.5.5"], ["random-1024-256-n1000-c64"]],
      ["sweep-sharegpt-n500-sharegpt-n1000-rate8", ["default"], ["sharegpt-n500", "sharegpt-n1000-rate8"]]
    ]);
    const {report: built, runs} = await loadStudy(study);
    expect(runs.map((r) => r.block?.tool)).toEqual(["sglang", "sglang", "sglang"]);
    expect(built.findings.filter((f) => f.severity === "error")).toEqual([]);
  });

  it("a TensorRT-LLM benchmark_serving JSON and a vLLM text log: copied byte for byte, engine known or a placeholder", async () => {
    const trt = importResults(["test/fixtures/parse/trtllm-serve.json"], join(tmp, "trt"));
    expect(trt.study.candidates[0]).toMatchObject({engine: "trtllm", server: ["trtllm-serve", trt.study.model]});
    const log = importResults(["test/fixtures/parse/vllm-2024-late.txt"], join(tmp, "log"));
    expect(log.study.engines).toEqual({
      server: {
        name: "TODO: the engine that served these runs",
        version: "TODO: engine version (not in the result files)"
      }
    });
    const run = join(tmp, "log", "runs", log.study.runs[0].id);
    expect(readFileSync(join(run, "bench.log"))).toEqual(readFileSync("test/fixtures/parse/vllm-2024-late.txt"));
    const {report} = await loadStudy(join(tmp, "log"));
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
  });
});
