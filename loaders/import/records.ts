// Reads plain result files: `vllm bench serve --save-result` JSON (with --metadata keys) or JSON Lines
// (--append-result), SGLang `bench_serving --output-file` JSONL, TensorRT-LLM benchmark_serving JSON and trtllm-bench
// reports, and the text logs `parse` reads. Each record or printed block becomes one result.
import {readFileSync} from "node:fs";
import {basename, extname} from "node:path";
import {shellWord} from "../command/shell-quote.js";
import {shellSplit} from "../command/shell-split.js";
import {parseBuffer, type ParsedBlock} from "../parse/index.js";
import {throughputsOf} from "../parse/total-throughput.js";
import {runError} from "../runs/read-runs.js";
import {
  BENCH_KEYS,
  ImportError,
  parsePythonJson,
  pickBench,
  rawFile,
  readSourceFile,
  settingsKey,
  type ByteBudget,
  type ImportedResult,
  type ImportTool,
  type RawFile
} from "./result.js";

/** Keys a result record holds about the run's outcome or the client, never about the server's settings. */
const RESULT_KEY =
  /^(?:date|endpoint_type|backend|label|model_id|tokenizer_id|tag|duration|completed|failed|total_[a-z_]+|request_throughput|request_goodput:?|output_throughput|input_throughput|total_throughput|concurrency|accept_length|input_lens|output_lens|ttfts|itls|e2els|latencies|start_times|queue_times|generated_texts|errors|max_output_tokens_per_s|max_concurrent_requests|rtfx|user_throughput|avg_decoded_tokens_per_iter|energy|run_number|server_info|ramp_up_[a-z_]+|rps_change_events|(?:probe|spec_decode|diffusion)_[a-z0-9_]+|good_completed|(?:mean|median|std|min|max|p[0-9.]+)_(?:[a-z0-9_]+_ms|ttft|tpot|itl|e2el))$/;

/** Values a server or a run reports that change from run to run without being a configuration. */
const RUNTIME_KEY =
  /^(?:version|status|internal_states|last_gen_throughput|port|host|random_seed|max_total_num_tokens|max_req_input_len|memory_usage|.*_path|.*_dir|.*timestamp.*|.*_time|.*_id|.*_ids|.*uuid.*|pid)$/;
/** --metadata keys that state the engine's version or the GPU rather than a server setting. */
const VERSION_KEY = /^(?:vllm_version|sglang_version|engine_version|version)$/;
const GPU_KEY = /^(?:gpu|gpu_name|gpu_type|gpu_model|hardware|device|accelerator)$/;
/** SGLang server_info keys worth a flag even when every candidate shares them: parallelism and precision. */
export const SGLANG_FACT_KEYS = ["tp_size", "dp_size", "pp_size", "ep_size", "quantization", "kv_cache_dtype"];
const SGLANG_DEFAULTS: Record<string, unknown> = {
  tp_size: 1,
  dp_size: 1,
  pp_size: 1,
  ep_size: 1,
  kv_cache_dtype: "auto"
};

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);
/** A printed number ("1024.0000", 1024) as a number; "None" and the like as null. */
function num(v: unknown): number | null {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v.replace(/,/g, "")) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}
/** A printed "None"/"null"/empty as absent. */
const given = (v: unknown): string | null => {
  const t = str(v)?.trim() ?? null;
  return t && !/^(?:none|null|n\/a|auto)$/i.test(t) ? t : null;
};

/** Weight precision as the plan writes it (a label headroom knows: fp8, awq, …), from what a file prints; else null. */
export function precision(text: string | null): string | null {
  if (!text) return null;
  const t = text.toLowerCase();
  if (/fp8|e4m3/.test(t)) return "fp8";
  if (/awq/.test(t)) return "awq";
  if (/gptq/.test(t)) return "gptq";
  if (/int4|w4a16/.test(t)) return "int4";
  if (/bfloat16|bf16/.test(t)) return "bf16";
  if (/float16|fp16|half/.test(t)) return "fp16";
  return null;
}

/** A model's name may state its precision (…-FP8, …-AWQ); a plain name says nothing. */
export function precisionOfModel(model: string | null): string | null {
  const m = model && /(?:^|[-_/.])(fp8|awq|gptq|int4|w4a16)(?:$|[-_/.])/i.exec(model);
  return m ? precision(m[1]) : null;
}

/** The workload keys that apply to the dataset used: SGLang records random_* and sharegpt_* keys whatever it ran. */
export function workloadOf(bench: Obj): Obj {
  const dataset = typeof bench.dataset_name === "string" ? bench.dataset_name : null;
  if (dataset == null) return bench;
  const random = /random|synthetic/.test(dataset);
  return Object.fromEntries(
    Object.entries(bench).filter(
      ([k]) => !((k.startsWith("random_") && !random) || (k === "sharegpt_output_len" && dataset !== "sharegpt"))
    )
  );
}

/** A result whose every request failed: its error, from the record's own errors where it kept them. */
export function allFailedError(record: Obj): string | null {
  const completed = num(record.completed);
  const failed = num(record.failed) ?? 0;
  if (completed !== 0 || !(failed > 0 || (num(record.num_prompts) ?? 0) > 0)) return null;
  const errors = Array.isArray(record.errors) ? record.errors.map(str).filter((e): e is string => e !== null) : [];
  const n = failed || num(record.num_prompts);
  return runError("allFailed", {count: n ?? 0}, errors.length ? errors[0].split("\n")[0].trim() : null);
}

function engineOf(tool: ImportTool, record: Obj): string | null {
  if (typeof record.engine === "string") return record.engine;
  if (tool === "sglang") return "sglang";
  if (tool === "trtllm") return "trtllm";
  const backend = String(record.backend ?? "");
  if (backend === "vllm") return "vllm";
  if (backend.startsWith("sglang")) return "sglang";
  if (/^(?:tensorrt-llm|trt-?llm)$/.test(backend)) return "trtllm";
  return null;
}

/** What every result starts from: nothing known, ok, and this file's bytes. */
function base(tool: ImportTool, source: string, file: RawFile): ImportedResult {
  return {
    tool,
    source,
    files: [file],
    model: null,
    engine: null,
    engineVersion: null,
    gpu: null,
    quantization: null,
    client: null,
    serve: {},
    bench: {},
    serveKey: "",
    benchKey: "",
    serveName: null,
    benchName: null,
    repeat: null,
    status: "ok",
    error: null,
    failed_phase: null,
    date: null
  };
}

function keyed(r: ImportedResult): ImportedResult {
  r.serveKey = settingsKey(r.serve);
  r.benchKey = settingsKey(r.bench);
  return r;
}

function recordResult(record: Obj, block: ParsedBlock, source: string, file: RawFile): ImportedResult {
  if (block.tool === "aiperf") return aiperfResult(record, block, source, file);
  const tool: ImportTool = block.tool === "sglang" ? "sglang" : block.tool.startsWith("trtllm") ? "trtllm" : "vllm";
  if (block.tool === "trtllm-bench") return trtllmBenchResult(block, source, file);
  const r = base(tool, source, file);
  const bench = workloadOf(pickBench(record));
  if (bench.num_prompts == null && typeof record.completed === "number")
    bench.num_prompts = record.completed + (typeof record.failed === "number" ? record.failed : 0);
  // vLLM records hold --metadata keys and sweep overrides at the top; SGLang's top level is all workload and result.
  if (tool !== "sglang")
    for (const [k, v] of Object.entries(record)) {
      if (BENCH_KEYS.has(k) || RESULT_KEY.test(k) || k === "engine" || (v !== null && typeof v === "object")) continue;
      if (VERSION_KEY.test(k)) r.engineVersion = given(v);
      else if (GPU_KEY.test(k)) r.gpu = given(v);
      else if (!RUNTIME_KEY.test(k)) r.serve[k] = v;
    }
  // SGLang records carry the server's whole configuration; its primitive values are the server settings.
  const info = isObj(record.server_info) ? record.server_info : null;
  // Through SGLang's prefill-decode router, server_info holds each server's own configuration under prefill and decode.
  const [prefill, decode] = [info?.prefill, info?.decode].map((v) => (Array.isArray(v) && isObj(v[0]) ? v[0] : null));
  const server = prefill ?? info;
  const setting = (k: string, v: unknown) => !RUNTIME_KEY.test(k) && (v === null || typeof v !== "object");
  if (server) {
    for (const [k, v] of Object.entries(server)) if (setting(k, v) && SGLANG_DEFAULTS[k] !== v) r.serve[k] = v;
    r.engineVersion = given(server.version);
  }
  if (prefill && decode) {
    for (const [k, v] of Object.entries(decode)) if (setting(k, v) && v !== prefill[k]) r.serve[`decode_${k}`] = v;
    const decodeVersion = given(decode.version);
    if (decodeVersion && decodeVersion !== r.engineVersion)
      r.engineVersion = `${r.engineVersion ?? "unknown"} (prefill), ${decodeVersion} (decode)`;
  }
  r.model = str(record.model_id) ?? str(record.model) ?? str(server?.model_path) ?? null;
  r.engine = engineOf(tool, record);
  r.quantization = precision(given(r.serve.quantization)) ?? precisionOfModel(r.model);
  r.client = tool === "sglang" ? "sglang.bench_serving" : "vllm bench serve";
  r.bench = bench;
  r.date = typeof record.date === "string" ? record.date : null;
  const failed = allFailedError(record);
  if (failed) {
    r.status = "failed";
    r.error = failed;
    r.failed_phase = "benchmark";
  }
  return keyed(r);
}

/** trtllm-bench prints (or writes as JSON) the model, its version, the GPU, parallelism and the lengths it ran. */
function trtllmBenchResult(block: ParsedBlock, source: string, file: RawFile): ImportedResult {
  const x = block.extra;
  const pick = (...keys: string[]) => keys.map((k) => given(x[k])).find((v) => v != null) ?? null;
  const r = base("trtllm", source, file);
  r.model = pick("Model", "engine.model") ?? pick("Model Path", "engine.model_path");
  r.engine = "trtllm";
  r.engineVersion = pick("TensorRT LLM Version", "TensorRT-LLM Version", "engine.version");
  r.gpu = pick("machine", "machine.name")?.split(",")[0].trim() ?? null;
  r.quantization = precision(pick("Quantization", "engine.quantization")) ?? precision(pick("Dtype", "engine.dtype"));
  r.client = "trtllm-bench";
  const settings: [string, string[]][] = [
    ["tp_size", ["TP Size", "world_info.tp_size"]],
    ["pp_size", ["PP Size", "world_info.pp_size"]],
    ["ep_size", ["EP Size", "world_info.ep_size"]],
    ["max_batch_size", ["Max Runtime Batch Size", "world_info.max_batch_size"]],
    ["max_num_tokens", ["Max Runtime Tokens", "world_info.max_num_tokens"]],
    ["kv_cache_dtype", ["KV Cache Dtype", "engine.kv_cache_dtype"]]
  ];
  for (const [key, labels] of settings) {
    const v = pick(...labels);
    if (v != null) r.serve[key] = num(v) ?? v;
  }
  const input = num(pick("Average Input Length (tokens)", "request_info.avg_input_length"));
  const output = num(pick("Average Output Length (tokens)", "request_info.avg_output_length"));
  const path = pick("Dataset Path", "dataset.dataset_path");
  r.bench.dataset_name = path && !/synthetic|token-norm-dist|random/i.test(basename(path)) ? "custom" : "synthetic";
  if (path) r.bench.dataset_path = path;
  // Averages of a fixed-length dataset are whole numbers: the lengths asked for; others are not settings.
  if (input != null && Number.isInteger(input)) r.bench.input_len = input;
  if (output != null && Number.isInteger(output)) r.bench.output_len = output;
  const m = block.metrics;
  if (m.completed != null) r.bench.num_prompts = m.completed + (m.failed ?? 0);
  return keyed(r);
}

/**
 * AIPerf's input_config states the model, the data and the load; its other top-level keys are metadata. Schema 1.0
 * (aiperf 0.8) has endpoint.model_names, input and loadgen; schema 1.3 (aiperf 0.10) has models.items, datasets and
 * phases, of which the profiling phase (not the warmup, excluded from results) is the load measured.
 */
function aiperfResult(record: Obj, block: ParsedBlock, source: string, file: RawFile): ImportedResult {
  const r = base("aiperf", source, file);
  const config = isObj(record.input_config) ? record.input_config : {};
  const at = (o: unknown, ...path: (string | number)[]): unknown =>
    path.reduce<unknown>(
      (v, k) => (isObj(v) || Array.isArray(v) ? (v as Record<string | number, unknown>)[k] : undefined),
      o
    );
  const endpoint = at(config, "endpoint");
  r.model =
    str(at(endpoint, "model_names", 0)) ?? str(at(endpoint, "model")) ?? str(at(config, "models", "items", 0, "name"));
  r.quantization = precisionOfModel(r.model);
  r.client = "aiperf";
  const stated = str(at(config, "cli_command"));
  const argv = stated ? shellSplit(stated) : null;
  if (argv?.length) r.benchArgv = argv;
  const input = at(config, "input");
  const dataset = at(config, "datasets", 0);
  const file_ = str(at(input, "file")) ?? (str(at(dataset, "type")) === "file" ? str(at(dataset, "path")) : null);
  r.bench.dataset_name = str(at(input, "public_dataset")) ?? (file_ ? "custom" : "synthetic");
  if (file_) r.bench.dataset_path = file_;
  const isl = num(at(input, "prompt", "input_tokens", "mean") ?? at(input, "synthetic_tokens", "mean"));
  const osl = num(at(input, "prompt", "output_tokens", "mean") ?? at(input, "output_tokens", "mean"));
  if (isl != null) r.bench.input_len = isl;
  if (osl != null) r.bench.output_len = osl;
  const phases = Array.isArray(config.phases) ? config.phases.filter(isObj) : [];
  const load = isObj(config.loadgen)
    ? config.loadgen
    : (phases.find((p) => p.exclude_from_results !== true && p.name === "profiling") ??
      phases.find((p) => p.exclude_from_results !== true) ??
      {});
  const m = block.metrics;
  const requests = num(load.request_count ?? load.requests);
  if (m.completed != null) r.bench.num_prompts = m.completed + (m.failed ?? 0);
  else if (requests != null) r.bench.num_prompts = requests;
  const concurrency = num(load.concurrency);
  const rate = num(load.request_rate ?? load.rate);
  if (rate != null) r.bench.request_rate = rate;
  if (concurrency != null) r.bench.max_concurrency = concurrency;
  if ((m.completed ?? 0) === 0 && (m.failed ?? 0) > 0) {
    // Its error summary counts each kind of error: the first kind names the failure.
    const kind = str(at(record, "error_summary", 0, "error_details", "type"));
    r.status = "failed";
    r.error = `all ${m.failed} requests failed${kind ? `: ${kind}` : ""}`;
    r.failed_phase = "benchmark";
  }
  return keyed(r);
}

/** GuideLLM states the model, the data (`prompt_tokens=…,output_tokens=…`) and the load strategy per benchmark. */
function guidellmResult(report: Obj, benchmark: Obj, block: ParsedBlock, source: string, file: RawFile) {
  const r = base("guidellm", source, file);
  const at = (o: unknown, ...path: string[]): unknown =>
    path.reduce<unknown>((v, k) => (isObj(v) ? v[k] : undefined), o);
  const args = isObj(report.args) ? report.args : {};
  // Report version 2 (GuideLLM 0.8) states the backend and data once, under config.spec.
  const spec = at(report, "config", "spec");
  r.model =
    str(at(benchmark, "worker", "backend_model")) ??
    str(at(benchmark, "config", "backend", "model")) ??
    str(at(benchmark, "config", "model")) ??
    str(args.model) ??
    str(at(spec, "backend", "model")) ??
    str(at(benchmark, "request_loader", "processor")) ??
    str(args.processor);
  r.quantization = precisionOfModel(r.model);
  r.client = "guidellm";
  const dataOf = (v: unknown): string | null =>
    Array.isArray(v) ? (v.length ? dataOf(v[0]) : null) : isObj(v) ? JSON.stringify(v) : str(v);
  const data =
    dataOf(at(benchmark, "request_loader", "data")) ??
    dataOf(at(benchmark, "config", "data")) ??
    dataOf(args.data) ??
    dataOf(at(spec, "data"));
  const synthetic = data ? /(?:prompt_tokens|output_tokens)/.test(data) : false;
  const len = (name: string) => (data ? num(new RegExp(`"?${name}"?\\s*[=:]\\s*(\\d+)`).exec(data)?.[1]) : null);
  r.bench.dataset_name = synthetic ? "synthetic" : data ? "custom" : "synthetic";
  if (data && !synthetic) r.bench.dataset_path = data;
  const isl = len("prompt_tokens");
  const osl = len("output_tokens");
  if (isl != null) r.bench.input_len = isl;
  if (osl != null) r.bench.output_len = osl;
  const m = block.metrics;
  const totals = at(benchmark, "metrics", "request_totals");
  r.bench.num_prompts = num(at(totals, "total")) ?? (m.completed ?? 0) + (m.failed ?? 0);
  const strategy =
    at(benchmark, "args", "strategy") ?? at(benchmark, "config", "strategy") ?? at(benchmark, "scheduler", "strategy");
  const type = str(at(strategy, "type_")) ?? str(at(strategy, "type"));
  if (type === "constant" || type === "poisson") {
    const rate = num(at(strategy, "rate"));
    if (rate != null) r.bench.request_rate = rate;
  } else if (type === "concurrent") {
    const streams = num(at(strategy, "streams"));
    if (streams != null) r.bench.max_concurrency = streams;
  } else if (type === "synchronous") r.bench.max_concurrency = 1;
  if (m.completed === 0 && (m.failed ?? 0) > 0) {
    r.status = "failed";
    r.error = `all ${m.failed} requests failed`;
    r.failed_phase = "benchmark";
  }
  return keyed(r);
}

/** Settings that are facts of the setup rather than server flags. */
const FACT_SETTING: Record<string, "model" | "engine" | "engineVersion" | "gpu" | "quantization"> = {
  model: "model",
  engine: "engine",
  engine_version: "engineVersion",
  version: "engineVersion",
  gpu: "gpu",
  quantization: "quantization"
};

/** Gives a result the settings its file does not record; one its file states otherwise is bad input. */
export function applySettings(r: ImportedResult, set: Record<string, string>): void {
  const added: Record<string, string> = {};
  const workload: Record<string, string> = {};
  for (const [key, value] of Object.entries(set)) {
    const fact = FACT_SETTING[key];
    // A workload or load key (--set max_concurrency=8) describes the benchmark, not the server.
    const bench = !fact && BENCH_KEYS.has(key);
    const stated = fact ? r[fact] : bench ? r.bench[key] : r.serve[key];
    if (stated != null && String(stated) !== value)
      // Shell words, as the --set that would match: a value with a line break stays one line of the message.
      throw new ImportError(
        r.source,
        `records ${key}=${shellWord(String(stated), "bash")}, not ${shellWord(value, "bash")} as --set says`
      );
    if (stated != null) continue;
    if (fact) r[fact] = fact === "quantization" ? (precision(value) ?? value) : value;
    else if (bench) {
      r.bench[key] = value;
      workload[key] = value;
      continue;
    } else r.serve[key] = value;
    added[key] = value;
  }
  if (Object.keys(workload).length) {
    r.benchKey = settingsKey(r.bench);
    r.set = {...r.set, ...workload};
    if (r.benchName) r.benchName = null;
  }
  if (Object.keys(added).length) {
    r.serveKey = `${r.serveKey}\0${settingsKey(added)}`;
    r.set = {...r.set, ...added};
    if (r.serveName) r.serveName = null;
  }
}

/** The workload keys a vLLM log's echoed arguments state; the load comes from its printed lines. */
const NAMESPACE_BENCH = ["dataset_name", "dataset_path", "random_input_len", "random_output_len", "random_range_ratio"];

/** The `key=value` pairs of the one `Namespace(…)` line a vLLM log prints (strings unquoted); none when not one. */
export function namespaceArgs(text: string): Record<string, string> {
  const lines = text.split("\n").filter((l) => l.startsWith("Namespace(") && l.trimEnd().endsWith(")"));
  if (lines.length !== 1) return {};
  const args: Record<string, string> = {};
  for (const m of lines[0].matchAll(/(?:\(|, )([a-z_]+)=('(?:[^'\\]|\\.)*'|[-0-9.]+(?:e[-+]?\d+)?)(?=[,)])/g))
    args[m[1]] = m[2].startsWith("'") ? m[2].slice(1, -1) : m[2];
  return args;
}

/** A file that holds no benchmark result: a log, a GPU monitor, a summary. Skipped with a note in a folder. */
export class NoResultError extends ImportError {}

/** Records on a result the throughputs its block gives, for the study's objective. */
function withThroughputs(r: ImportedResult, block: ParsedBlock): ImportedResult {
  r.throughputs = throughputsOf(block);
  const {completed, total_input_tokens: input} = block.metrics;
  r.inputPerRequest = completed != null && completed > 0 && input != null ? input / completed : null;
  return r;
}

/** The results in one plain file; a file with no result, or one `parse` reports errors in, is bad input. */
export function readResultFile(
  path: string,
  display = path,
  budget?: ByteBudget,
  followLink = false
): ImportedResult[] {
  const bytes = readSourceFile(path, display, followLink);
  const parsed = parseBuffer(bytes, display);
  const noResult = (message: string) => /no benchmark result|not a benchmark result/.test(message);
  if (parsed.errors.length) {
    const [first] = parsed.errors;
    if (!parsed.blocks.length && noResult(first.message)) throw new NoResultError(display, "no benchmark result found");
    throw new ImportError(`${display}:${first.line}`, first.message);
  }
  const blocks = parsed.blocks;
  if (!blocks.length) throw new NoResultError(display, "no benchmark result found");
  const whole = () => rawFile(blocks[0].format === "text" ? "bench.log" : "result.json", display, bytes, path, budget);
  if (blocks[0].format === "text") {
    // A text log is copied whole; with one block it is one run, with several the runs cannot be told apart here.
    if (blocks.length > 1)
      throw new ImportError(display, `${blocks.length} result blocks in one log; split it into one log per run`);
    const b = blocks[0];
    if (b.tool === "trtllm-bench") return [withThroughputs(trtllmBenchResult(b, display, whole()), b)];
    const r = base("text", display, whole());
    if (b.metrics.completed != null) r.bench.num_prompts = b.metrics.completed + (b.metrics.failed ?? 0);
    // The load a log prints ("Traffic request rate", "Maximum request concurrency") is part of its workload.
    for (const key of ["request_rate", "max_concurrency"]) if (b.extra[key] != null) r.bench[key] = b.extra[key];
    r.model = b.extra.model ?? b.extra.model_id ?? null;
    // vLLM logs echo their arguments (`Namespace(…, dataset_name='random', random_input_len=128, …)`).
    const args = b.tool === "vllm" ? namespaceArgs(bytes.toString("utf8")) : {};
    for (const key of NAMESPACE_BENCH) if (args[key] != null && r.bench[key] == null) r.bench[key] = args[key];
    r.model ??= args.model ?? null;
    r.engine = b.tool === "sglang" ? "sglang" : b.tool.startsWith("trtllm") ? "trtllm" : null;
    r.quantization = precisionOfModel(r.model);
    r.client =
      b.tool === "sglang"
        ? "sglang.bench_serving"
        : b.tool === "vllm"
          ? "vllm bench serve"
          : b.tool === "aiperf"
            ? "aiperf"
            : null;
    if (b.metrics.completed === 0 && (b.metrics.failed ?? 0) > 0) {
      r.status = "failed";
      r.error = `all ${b.metrics.failed} requests failed`;
      r.failed_phase = "benchmark";
    }
    return [withThroughputs(keyed(r), b)];
  }
  const text = bytes.toString("utf8");
  if (blocks[0].tool === "guidellm") {
    const report = parsePythonJson(text, display) as Obj;
    const benchmarks = (report.benchmarks as unknown[]).filter(isObj);
    if (benchmarks.length !== blocks.length)
      throw new ImportError(display, `${benchmarks.length} benchmarks but ${blocks.length} of them read as results`);
    if (blocks.length === 1)
      return [withThroughputs(guidellmResult(report, benchmarks[0], blocks[0], display, whole()), blocks[0])];
    // Each benchmark is its own run: the report's bytes with the other benchmarks cut out, as JSON Lines are cut.
    const cut = topLevelArray(text, "benchmarks");
    if (!cut || cut.elements.length !== benchmarks.length)
      throw new ImportError(display, "the benchmarks array could not be cut into one benchmark per run");
    return benchmarks.map((benchmark, i) => {
      const [start, end] = cut.elements[i];
      const bytes = Buffer.from(text.slice(0, cut.open + 1) + text.slice(start, end) + text.slice(cut.close), "utf8");
      const where = `${display}#benchmarks[${i}]`;
      return withThroughputs(
        guidellmResult(report, benchmark, blocks[i], where, rawFile("result.json", where, bytes, null)),
        blocks[i]
      );
    });
  }
  if (blocks.length === 1 && extname(path) !== ".jsonl") {
    const record = parsePythonJson(text, display) as Obj;
    return [withThroughputs(recordResult(record, blocks[0], display, whole()), blocks[0])];
  }
  // JSON Lines: each line is its own run; the line's bytes are its result file.
  const lines = text.split("\n");
  return blocks.map((block) => {
    const line = lines[block.lines[0] - 1];
    const where = `${display}:${block.lines[0]}`;
    const record = parsePythonJson(line, where) as Obj;
    return withThroughputs(
      recordResult(record, block, where, rawFile("result.json", where, Buffer.from(line + "\n", "utf8"), null)),
      block
    );
  });
}

/**
 * Where the array under `key` of a JSON object's top level opens and closes, and each element's [start, end) offsets:
 * the text is scanned once, strings skipped, so an element's bytes are cut exactly as written.
 */
export function topLevelArray(
  text: string,
  key: string
): {open: number; close: number; elements: [number, number][]} | null {
  let depth = 0;
  let open = -1;
  let start = -1;
  const elements: [number, number][] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const from = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
      // A key at the top level followed by `:` and `[` opens the array wanted.
      if (depth === 1 && open < 0 && text.slice(from + 1, i) === key) {
        const rest = /^\s*:\s*\[/.exec(text.slice(i + 1, i + 64));
        if (rest) {
          i += rest[0].length;
          open = i;
          depth = 2;
        }
      } else if (open >= 0 && depth === 2 && start < 0) start = from;
      continue;
    }
    if (c === "{" || c === "[") {
      if (open >= 0 && depth === 2 && start < 0) start = i;
      depth++;
    } else if (c === "}" || c === "]") {
      depth--;
      if (open >= 0 && depth === 1) {
        if (start >= 0) elements.push([start, lastNonSpace(text, i) + 1]);
        return {open, close: i, elements};
      }
    } else if (c === "," && open >= 0 && depth === 2) {
      if (start >= 0) elements.push([start, lastNonSpace(text, i) + 1]);
      start = -1;
    } else if (open >= 0 && depth === 2 && start < 0 && !/\s/.test(c)) start = i;
  }
  return null;
}

function lastNonSpace(text: string, before: number): number {
  let j = before - 1;
  while (j >= 0 && /\s/.test(text[j])) j--;
  return j;
}
