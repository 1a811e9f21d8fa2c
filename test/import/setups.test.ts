// Issue 23: results imported the way a new user has them. One point per setup (model, engine and version, server
// settings, workload, load), facts read from the files, failed results as failed runs, the plan passing its own check,
// stray files skipped with a note, short stable ids and exact units.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {loadPart} from "../../loaders/study/ids.js";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {parseText} from "../../loaders/parse/index.js";
import {pyJson, vllmResult} from "../support/vllm-result.js";
import {recordedReason} from "../../src/components/libraryText.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-setups-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const write = (name: string, text: string) => {
  const file = join(tmp, name);
  mkdirSync(join(file, ".."), {recursive: true});
  writeFileSync(file, text);
  return file;
};

/** check's errors for a written study (none expected anywhere in this file). */
async function checkErrors(study: string): Promise<string[]> {
  const {report} = await loadStudy(study);
  return report.findings.filter((f) => f.severity === "error").map((f) => `${f.code}: ${f.message}`);
}

/** Runs per point: each (candidate, scenario) with its repeats, so two setups merged into one point show up. */
function points(study: ReturnType<typeof importResults>["study"]): Record<string, number> {
  const out: Record<string, number> = {};
  // A point is a candidate on a scenario at one load level.
  for (const r of study.runs) {
    const point = `${r.candidate} @ ${r.scenario}${r.load ? ` @ ${loadPart(r.load)}` : ""}`;
    out[point] = (out[point] ?? 0) + 1;
  }
  return out;
}

/** A --save-result record whose 100 requests all failed (vLLM 2026 keeps the errors with --save-detailed). */
function allFailed(model: string): Record<string, unknown> {
  const r = vllmResult({model, numPrompts: 100, inputLen: 1024, outputLen: 1024, duration: 3.2, maxConcurrency: 64});
  return {
    ...r,
    completed: 0,
    failed: 100,
    total_input_tokens: 0,
    total_output_tokens: 0,
    request_throughput: 0,
    output_throughput: 0,
    total_token_throughput: 0,
    errors: Array(100).fill("Bad Request: model '/workspace/glm47-fp8' does not exist")
  };
}

describe("setup identity", () => {
  it("four vLLM results of four setups are four points, never repeats of one; the all-failed one is a failed run", async () => {
    const spec = {numPrompts: 100, inputLen: 1024, outputLen: 1024, duration: 10, maxConcurrency: 64};
    const files = [
      write("a.json", pyJson(vllmResult({...spec, model: "Qwen/Qwen3-32B", metadata: {tensor_parallel_size: "8"}}))),
      write(
        "b.json",
        pyJson(
          vllmResult({
            ...spec,
            model: "Qwen/Qwen3-32B",
            metadata: {tensor_parallel_size: "4", data_parallel_size: "2"}
          })
        )
      ),
      write("c.json", pyJson(vllmResult({...spec, duration: 12, model: "Qwen/Qwen3-32B"}))),
      write("d.json", pyJson(allFailed("/workspace/glm47-fp8")))
    ];
    const study = join(tmp, "study");
    const report = importResults(files, study);
    expect(Object.values(points(report.study))).toEqual([1, 1, 1, 1]);
    expect(report.study.candidates.map((c) => c.model).sort()).toEqual([
      "/workspace/glm47-fp8",
      "Qwen/Qwen3-32B",
      "Qwen/Qwen3-32B",
      "Qwen/Qwen3-32B"
    ]);
    const failed = report.study.runs.filter((r) => r.result.status === "failed");
    expect(failed.map((r) => [r.result.source, r.result.error])).toEqual([
      [files[3], "all 100 requests failed: Bad Request: model '/workspace/glm47-fp8' does not exist"]
    ]);
    // A Turkish page said it in English; the request's own error stays as the server wrote it.
    expect(recordedReason(failed[0].result.error!, "tr")).toBe(
      "100 isteğin hepsi başarısız oldu: Bad Request: model '/workspace/glm47-fp8' does not exist"
    );
    expect(await checkErrors(study)).toEqual([]);
    const {runs, report: built} = await loadStudy(study);
    // What no file states is open in the plan (check lists it) and "not recorded" on the pages, never "TODO:".
    expect([built.study.hardware.name, built.study.engines[0].version]).toEqual(["not recorded", "not recorded"]);
    expect(built.findings.filter((f) => f.code === "placeholder").map((f) => f.message.split(":")[0])).toEqual([
      "hardware.gpu",
      "hardware.name",
      "engines.vllm.version",
      "scenarios.n100-c64.dataset",
      // The three Qwen3-32B setups state no quantization; GLM-4.7-FP8 gives fp8 by its name.
      "steps[0].candidates[0].quantization",
      "steps[0].candidates[1].quantization",
      "steps[0].candidates[2].quantization"
    ]);
    expect(runs.find((r) => r.meta.status === "failed")?.meta.error).toBe(
      "all 100 requests failed: Bad Request: model '/workspace/glm47-fp8' does not exist"
    );
  });

  it("a partial failure stays an ok run with its counts", () => {
    const r = {
      ...vllmResult({model: "m", numPrompts: 100, inputLen: 10, outputLen: 10, duration: 10}),
      completed: 90,
      failed: 10
    };
    const report = importResults([write("p.json", pyJson(r))], join(tmp, "study"));
    expect(report.study.runs.map((x) => x.result.status)).toEqual(["ok"]);
    expect(report.study.scenarios[0].num_prompts).toBe(100);
  });

  it("identical setups are repeats, declared per point so the plan passes its own check", async () => {
    const spec = {model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 1024, outputLen: 128, maxConcurrency: 8};
    const files = [
      write("x1.json", pyJson(vllmResult({...spec, duration: 10, date: "20260101-100000"}))),
      write("x2.json", pyJson(vllmResult({...spec, duration: 10.5, date: "20260101-110000"}))),
      write("y.json", pyJson(vllmResult({...spec, duration: 9, metadata: {max_num_seqs: "512"}})))
    ];
    const study = join(tmp, "study");
    const report = importResults(files, study);
    expect(Object.values(points(report.study)).sort()).toEqual([1, 2]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("SGLang server_info: runtime values are not settings, ShareGPT runs take no random_* lengths", async () => {
    const info = (tokens: number, ts: number) => ({
      model_path: "Qwen/Qwen3-8B",
      tp_size: 2,
      dp_size: 1,
      quantization: "fp8",
      max_running_requests: 256,
      max_total_num_tokens: tokens,
      version: "0.5.5",
      ...Object.fromEntries(Array.from({length: 300}, (_, i) => [`option_${i}`, i])),
      timestamp: ts
    });
    const line = (rate: number, tokens: number) =>
      pyJson({
        backend: "sglang",
        dataset_name: "sharegpt",
        request_rate: rate,
        max_concurrency: null,
        sharegpt_output_len: null,
        random_input_len: 1024,
        random_output_len: 1024,
        random_range_ratio: 0.0,
        server_info: info(tokens, 1767225600 + rate),
        duration: 100,
        completed: 1000,
        total_input_tokens: 220311,
        total_output_tokens: 198812,
        request_throughput: 10,
        output_throughput: 1988.12,
        mean_ttft_ms: 70.1
      });
    const file = write("sglang.jsonl", [line(4, 412000), line(8, 411876), line(4, 411990)].join("\n") + "\n");
    const study = join(tmp, "study");
    const report = importResults([file], study);
    expect(report.study.candidates.map((c) => [c.model, c.server.join(" ")])).toEqual([
      ["Qwen/Qwen3-8B", "python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp-size 2 --quantization fp8"]
    ]);
    expect(report.study.engines).toEqual({sglang: {name: "SGLang", version: "0.5.5"}});
    expect(report.study.scenarios.map((s) => [s.id, s.input_len, s.output_len, s.bench_args])).toEqual([
      ["sharegpt-n1000-rate4", undefined, undefined, undefined],
      ["sharegpt-n1000-rate8", undefined, undefined, undefined]
    ]);
    expect(report.study.steps).toHaveLength(1);
    expect(points(report.study)).toEqual({"default @ sharegpt-n1000-rate4": 2, "default @ sharegpt-n1000-rate8": 1});
    const yaml = readFileSync(join(study, "study.yaml"), "utf8");
    expect(Math.max(...yaml.split("\n").map((l) => l.length))).toBeLessThan(300);
    expect(yaml).not.toContain("max_total_num_tokens");
    expect(await checkErrors(study)).toEqual([]);
    // SGLang 2024 prints no total token throughput: it is derived from the totals, and said so.
    const {report: built} = await loadStudy(study);
    expect(built.findings.filter((f) => f.code === "metric-derived").map((f) => f.message)).toEqual(
      Array(3).fill(
        "total_token_throughput is not printed: derived as (total_input_tokens + total_output_tokens) / duration = 4191.23"
      )
    );
  });
});

describe("facts from the files", () => {
  it("trtllm-bench's printed header: model, version, TP, quantization, lengths, GPU; no path in any id", async () => {
    const log = readFileSync("test/fixtures/parse/trtllm-bench.txt");
    const deep = join(tmp, "a".repeat(40), "b".repeat(40), "c".repeat(40));
    mkdirSync(deep, {recursive: true});
    writeFileSync(join(deep, "trtllm-bench.log"), log);
    const study = join(tmp, "study");
    const report = importResults([join(deep, "trtllm-bench.log")], study);
    expect(report.study.model).toBe("Qwen/Qwen3-8B");
    expect(report.study.engines).toEqual({trtllm: {name: "TensorRT-LLM", version: "1.2.0rc1"}});
    expect(report.study.candidates.map((c) => [c.id, c.server])).toEqual([
      [
        "default",
        [
          ...["trtllm-serve", "Qwen/Qwen3-8B", "--tp_size", "1", "--pp_size", "1"],
          ...["--max_batch_size", "512", "--max_num_tokens", "8192"]
        ]
      ]
    ]);
    expect(report.study.scenarios.map((s) => [s.id, s.input_len, s.output_len, s.num_prompts])).toEqual([
      ["synthetic-1024-1024-n3000", 1024, 1024, 3000]
    ]);
    expect(report.study.client.name).toBe("trtllm-bench");
    expect(report.study.gpu).toBe("NVIDIA H100 80GB HBM3");
    const ids = [report.study.id, ...report.study.candidates.map((c) => c.id), ...report.study.runs.map((r) => r.id)];
    expect(ids.filter((id) => id.includes("aaaa"))).toEqual([]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("text logs: the load they print (rate, concurrency) sets their scenario; two loads are never repeats", () => {
    const log = readFileSync("test/fixtures/parse/vllm-2024-late.txt", "utf8");
    const files = [
      write("c64.log", log),
      write("c128.log", log.replace("Maximum request concurrency: 64", "Maximum request concurrency: 128"))
    ];
    const report = importResults(files, join(tmp, "study"));
    // Two loads of one workload are a ladder's two levels, each a point of its own.
    expect(report.study.scenarios.map((s) => s.loads)).toEqual([{kind: "concurrency", levels: [64, 128]}]);
    expect(Object.values(points(report.study))).toEqual([1, 1]);
  });

  it("GuideLLM: model, workload and prompt count from the report; three models are three points", async () => {
    const files = ["Qwen/Qwen3-8B", "meta-llama/Llama-3.1-8B-Instruct", "mistralai/Mistral-7B-Instruct-v0.3"].map(
      (model, i) => write(`g${i}/benchmarks.json`, JSON.stringify(guidellmReport(model), null, 2))
    );
    const study = join(tmp, "study");
    const report = importResults(files, study);
    expect(report.study.candidates.map((c) => c.model).sort()).toEqual([
      "Qwen/Qwen3-8B",
      "meta-llama/Llama-3.1-8B-Instruct",
      "mistralai/Mistral-7B-Instruct-v0.3"
    ]);
    expect(Object.values(points(report.study))).toEqual([1, 1, 1]);
    expect(report.study.scenarios.map((s) => [s.id, s.input_len, s.output_len, s.num_prompts, s.request_rate])).toEqual(
      [["synthetic-256-128-n96-rate4", 256, 128, 96, 4]]
    );
    expect(report.study.client.name).toBe("guidellm");
    expect(await checkErrors(study)).toEqual([]);
  });

  it("a GuideLLM report of several benchmarks: one run each, holding the report's bytes with that benchmark only", async () => {
    const report = guidellmReport("Qwen/Qwen3-8B");
    const second = JSON.parse(JSON.stringify(report.benchmarks[0]));
    second.args.strategy.rate = 8.0;
    const text = JSON.stringify({benchmarks: [report.benchmarks[0], second], args: {model: "Qwen/Qwen3-8B"}}, null, 2);
    const file = write("sweep/benchmarks.json", text);
    const study = join(tmp, "study");
    const imported = importResults([file], study);
    // Two rates of one workload: a ladder (issue 22 item 7).
    expect(imported.study.scenarios.map((s) => [s.id, s.loads])).toEqual([
      ["synthetic-256-128", {kind: "request_rate", levels: [4, 8]}]
    ]);
    const copy = readFileSync(join(study, "runs", "sweep--default--synthetic-256-128--q8", "result.json"), "utf8");
    expect(JSON.parse(copy)).toEqual({benchmarks: [second], args: {model: "Qwen/Qwen3-8B"}});
    expect(await checkErrors(study)).toEqual([]);
  });

  it("AIPerf: model, lengths and load from input_config; its metadata never becomes server flags", async () => {
    const file = write("run1/profile_export_aiperf.json", JSON.stringify(aiperfExport(), null, 2));
    write("run1/profile_export_aiperf.csv", "Metric,avg\nRequest Throughput (requests/sec),9.60\n");
    const study = join(tmp, "study");
    const report = importResults([join(tmp, "run1")], study);
    expect(report.notes).toEqual([
      `${join(tmp, "run1", "profile_export_aiperf.csv")}: skipped: the same run as ${file}`
    ]);
    expect(report.study.candidates.map((c) => [c.model, c.server])).toEqual([["Qwen/Qwen3-0.6B", expect.any(Array)]]);
    expect(report.study.candidates[0].server.join(" ")).not.toMatch(/schema|aiperf|benchmark-id|cancelled/);
    expect(
      report.study.scenarios.map((s) => [s.id, s.input_len, s.output_len, s.num_prompts, s.max_concurrency])
    ).toEqual([["synthetic-1000-500-n96-c10", 1000, 500, 96, 10]]);
    expect(report.study.client.name).toBe("aiperf");
    expect(await checkErrors(study)).toEqual([]);
  });
});

describe("stray files, ids, units", () => {
  it("files that hold no result are skipped with a one-line note each; the result beside them imports", () => {
    const dir = join(tmp, "out");
    const result = write(
      "out/vllm-infqps-qwen.json",
      pyJson(vllmResult({model: "m", numPrompts: 10, inputLen: 8, outputLen: 8, duration: 1}))
    );
    write("out/benchmark_results.json", "{}");
    write("out/bench.log", "INFO starting server\nINFO done\n");
    write("out/node0_gpu_monitor.json", "[]");
    const report = importResults([dir], join(tmp, "study"));
    expect(report.study.runs.map((r) => r.result.source)).toEqual([result]);
    expect(report.notes).toEqual([
      `${join(dir, "bench.log")}: skipped: no benchmark result found`,
      `${join(dir, "benchmark_results.json")}: skipped: no benchmark result found`,
      `${join(dir, "node0_gpu_monitor.json")}: skipped: no benchmark result found`
    ]);
  });

  it("named on the command line (a shell glob), a file holding no result is skipped too; nothing left is an error", () => {
    const result = write(
      "g/vllm-infqps-qwen.json",
      pyJson(vllmResult({model: "m", numPrompts: 10, inputLen: 8, outputLen: 8, duration: 1}))
    );
    const stray = write("g/node0_gpu_monitor.json", "[]");
    const report = importResults([stray, result], join(tmp, "study"));
    expect(report.study.runs.map((r) => r.result.source)).toEqual([result]);
    expect(report.notes).toEqual([`${stray}: skipped: no benchmark result found`]);
    expect(() => importResults([stray], join(tmp, "other"))).toThrow(
      `${stray}: skipped: no benchmark result found\n${stray}: nothing to import: no file holds a benchmark result`
    );
  });

  it("the study id drops the file extension; ids stay within 64 characters whatever the settings", async () => {
    const long = Object.fromEntries(Array.from({length: 12}, (_, i) => [`some_long_setting_name_${i}`, `value-${i}`]));
    const files = [
      write(
        "run-ctx1024.json",
        pyJson(vllmResult({model: "m", numPrompts: 10, inputLen: 8, outputLen: 8, duration: 1, metadata: long}))
      ),
      write(
        "other.json",
        pyJson(
          vllmResult({
            model: "m",
            numPrompts: 10,
            inputLen: 8,
            outputLen: 8,
            duration: 1,
            metadata: {...long, some_long_setting_name_11: "x"}
          })
        )
      )
    ];
    expect(importResults([files[0]], join(tmp, "one")).study.id).toBe("run-ctx1024");
    const study = join(tmp, "two");
    const report = importResults(files, study);
    for (const id of [...report.study.candidates.map((c) => c.id), ...report.study.runs.map((r) => r.id)])
      expect(id.length).toBeLessThanOrEqual(64);
    expect(new Set(report.study.candidates.map((c) => c.id)).size).toBe(2);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("GuideLLM request latency in seconds becomes ms by moving the decimal point", () => {
    const report = guidellmReport("m");
    (report.benchmarks[0].metrics.request_latency.successful as Record<string, unknown>).mean = 39.60116597225791;
    const block = parseText(JSON.stringify(report), "benchmarks.json").blocks[0];
    expect(block.metrics.mean_e2el_ms).toBe(39601.16597225791);
  });
});

/** A GuideLLM benchmarks.json (v0.3 layout: worker, request_loader, args.strategy) with one constant-rate benchmark. */
function guidellmReport(model: string) {
  const dist = (mean: number) => ({
    mean,
    median: mean,
    mode: mean,
    variance: 1,
    std_dev: 1,
    min: mean,
    max: mean,
    count: 96,
    total_sum: mean * 96,
    percentiles: {p50: mean, p90: mean, p99: mean}
  });
  const status = (mean: number) => ({successful: dist(mean), incomplete: dist(0), errored: dist(0), total: dist(mean)});
  return {
    benchmarks: [
      {
        type_: "generative_benchmark",
        id_: "4f1c",
        run_id: "9a7e",
        args: {strategy: {type_: "constant", rate: 4.0}, max_number: 96},
        worker: {backend_type: "openai_http", backend_target: "http://localhost:8000", backend_model: model},
        request_loader: {data: "prompt_tokens=256,output_tokens=128", processor: model},
        start_time: 1767225600.5,
        end_time: 1767225624.5,
        duration: 24.0,
        metrics: {
          request_totals: {successful: 96, incomplete: 0, errored: 0, total: 96},
          requests_per_second: status(4),
          request_concurrency: status(3.5),
          request_latency: status(0.875),
          time_to_first_token_ms: status(40.5),
          time_per_output_token_ms: status(6.5),
          inter_token_latency_ms: status(6.5),
          output_tokens_per_second: status(512),
          tokens_per_second: status(1536)
        }
      }
    ]
  };
}

/** AIPerf profile_export_aiperf.json (0.x: metric tags with unit and stats, input_config, metadata at the top). */
function aiperfExport() {
  return {
    schema_version: "1.3",
    aiperf_version: "0.10.0",
    benchmark_id: "0f0e2b9c-1c1d-4d5e-8f00-5a5b5c5d5e5f",
    was_cancelled: false,
    request_throughput: {unit: "requests/sec", avg: 9.6},
    request_latency: {unit: "ms", avg: 1041.5, p50: 1040.2, p99: 1100.9, min: 990.1, max: 1120.4, std: 20.5},
    time_to_first_token: {unit: "ms", avg: 45.25, p50: 44.5, p99: 60.75, min: 30.5, max: 70.25, std: 5.5},
    inter_token_latency: {unit: "ms", avg: 1.995, p50: 1.99, p99: 2.2, min: 1.9, max: 2.3, std: 0.05},
    output_token_throughput: {unit: "tokens/sec", avg: 4800},
    total_token_throughput: {unit: "tokens/sec", avg: 14400},
    request_count: {unit: "requests", avg: 96},
    benchmark_duration: {unit: "sec", avg: 10},
    input_config: {
      endpoint: {model_names: ["Qwen/Qwen3-0.6B"], type: "chat", streaming: true, url: "localhost:8000"},
      input: {prompt: {input_tokens: {mean: 1000, stddev: 0}, output_tokens: {mean: 500, stddev: 0}}},
      loadgen: {concurrency: 10, request_count: 96}
    }
  };
}

describe("settings the files do not record", () => {
  it("--set key=value applies to the files after it on the command line; a file stating otherwise is refused", async () => {
    const {main} = await import("../../loaders/cli/import.js");
    const spec = {model: "Qwen/Qwen3-32B", numPrompts: 10, inputLen: 8, outputLen: 8, duration: 1};
    const [a, b, c] = ["a", "b", "c"].map((n, i) =>
      write(`${n}.json`, pyJson(vllmResult({...spec, duration: 1 + i / 10, date: `2026010${i + 1}-120000`})))
    );
    const study = join(tmp, "study");
    const code = await main([a, "--set", "tensor_parallel_size=8", "--set", "gpu=NVIDIA B200", b, c, "--into", study]);
    expect(code).toBe(0);
    const yaml = readFileSync(join(study, "study.yaml"), "utf8");
    expect(yaml).toContain('server: [vllm, serve, Qwen/Qwen3-32B, --tensor-parallel-size, "8"]');
    const {runs} = await loadStudy(study);
    expect(runs.map((r) => [r.meta.candidate, r.meta.repeat ?? 1])).toEqual([
      ["default", 1],
      ["nvidia-b200-tensor_parallel_size-8", 1],
      ["nvidia-b200-tensor_parallel_size-8", 2]
    ]);
    const d = write("d.json", pyJson(vllmResult({...spec, metadata: {tensor_parallel_size: "4"}})));
    expect(await main(["--set", "tensor_parallel_size=8", d, "--into", join(tmp, "other")])).toBe(1);
  });
});

describe("adding to a study", () => {
  const spec = {model: "Qwen/Qwen3-8B", numPrompts: 100, inputLen: 1024, outputLen: 128, duration: 10};
  it("new settings are new candidates, new workloads new scenarios, more runs more repeats; every id kept", async () => {
    const study = join(tmp, "study");
    const a = write("a.json", pyJson(vllmResult({...spec, requestRate: 4, metadata: {max_num_seqs: "64"}})));
    const first = importResults([a], study);
    const firstIds = first.study.runs.map((r) => r.id);
    expect(firstIds).toEqual(["sweep--default--n100-rate4"]);

    const b = write("b.json", pyJson(vllmResult({...spec, requestRate: 4, metadata: {max_num_seqs: "128"}})));
    const second = importResults([b], study);
    expect(second.conflicts).toEqual([]);
    expect(second.created).toHaveLength(1);
    expect(second.study.runs.map((r) => r.id)).toEqual(expect.arrayContaining(firstIds));
    expect(second.study.candidates.map((c) => c.id)).toEqual(["default", "max_num_seqs-128"]);
    expect(await checkErrors(study)).toEqual([]);

    const c = write(
      "c.json",
      pyJson(vllmResult({...spec, numPrompts: 200, requestRate: 4, metadata: {max_num_seqs: "64"}}))
    );
    const third = importResults([c], study);
    expect(third.conflicts).toEqual([]);
    expect(third.study.scenarios.map((s) => s.id)).toEqual(["n100-rate4", "n200-rate4"]);
    expect(await checkErrors(study)).toEqual([]);

    const a2 = write(
      "a2.json",
      pyJson(
        vllmResult({...spec, duration: 10.5, requestRate: 4, date: "20260102-000000", metadata: {max_num_seqs: "64"}})
      )
    );
    const fourth = importResults([a2, a], study);
    expect(fourth.conflicts).toEqual([]);
    expect(fourth.created).toEqual(["sweep--default--n100-rate4--r2"]);
    expect(await checkErrors(study)).toEqual([]);
    const {runs} = await loadStudy(study);
    expect(runs).toHaveLength(4);
  });
});

describe("check on imported SGLang random runs", () => {
  it("random_range_ratio 0 draws each length from [0, len]: no token total is expected, none is blamed on --ignore-eos", async () => {
    const file = "test/fixtures/import-corpus/sglang-jsonl/datacrunch-llama_3_3_70b_online_output.jsonl";
    const study = join(tmp, "study");
    importResults([{path: file, set: {model: "meta-llama/Llama-3.3-70B-Instruct", tp_size: "4"}}], study);
    expect(readFileSync(join(study, "study.yaml"), "utf8")).toContain(`bench_args: [--random-range-ratio, "0"]`);
    const {report} = await loadStudy(study);
    expect(report.findings.filter((f) => f.code === "token-total-off").map((f) => f.message)).toEqual([]);
  });
});

describe("the titles import writes", () => {
  it("name the study and its steps in both page languages", async () => {
    // A Turkish reader of an imported study read its heading and its steps in English: "Imported results: …",
    // "Server settings: …".
    const spec = {numPrompts: 100, inputLen: 1024, outputLen: 1024, duration: 10, maxConcurrency: 64};
    const files = [
      write("one/a.json", pyJson(vllmResult({...spec, model: "Qwen/Qwen3-32B"}))),
      write("one/b.json", pyJson(vllmResult({...spec, duration: 12, model: "Qwen/Qwen3-32B"})))
    ];
    const study = join(tmp, "sweep-a");
    importResults(files, study);
    const {report} = await loadStudy(study);
    expect(report.study.title).toEqual({en: "Imported results: sweep-a", tr: "İçe aktarılan sonuçlar: sweep-a"});
    expect(report.steps.map((s) => s.title)).toEqual([
      {en: "Server settings: sweep-a", tr: "Sunucu ayarları: sweep-a"}
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });

  it("name each scenario it names from the result's shape in both page languages, and the steps that name them", async () => {
    // The scenario's name read "random, 1024/1024, concurrency 64" on Turkish pages too.
    const spec = {numPrompts: 100, inputLen: 1024, outputLen: 1024, duration: 10, model: "Qwen/Qwen3-32B"};
    const files = [
      write("two/a.json", pyJson(vllmResult({...spec, maxConcurrency: 64}))),
      write("two/b.json", pyJson(vllmResult({...spec, maxConcurrency: 8}))),
      write("two/c.json", pyJson(vllmResult({...spec, maxConcurrency: 8, duration: 12, model: "Qwen/Qwen3-8B"})))
    ];
    const study = join(tmp, "sweep-b");
    importResults(files, study);
    const plan = loadStudyPlan(study);
    expect(plan.scenarios.map((s) => s.name)).toEqual([
      {en: "100 prompts", tr: "100 istem"},
      {en: "concurrency 8", tr: "eşzamanlılık 8"}
    ]);
    expect((await loadStudy(study)).report.steps.map((s) => s.title)).toEqual([
      {en: "Server settings on 100 prompts", tr: "100 istem üzerinde sunucu ayarları"},
      {en: "Server settings on concurrency 8", tr: "eşzamanlılık 8 üzerinde sunucu ayarları"}
    ]);
    expect(await checkErrors(study)).toEqual([]);
  });
});
