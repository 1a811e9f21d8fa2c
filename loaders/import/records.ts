// Reads plain result files: `vllm bench serve --save-result` JSON (with --metadata keys) or JSON Lines
// (--append-result), SGLang `bench_serving --output-file` JSONL, TensorRT-LLM benchmark_serving JSON and trtllm-bench
// reports, and the text logs `parse` reads. Each record or printed block becomes one result.
import {extname} from "node:path";
import {parseBuffer, type ParsedBlock} from "../parse/index.js";
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
  type ImportTool
} from "./result.js";

/** Keys a result record holds about the run's outcome or the client, never about the server's settings. */
const RESULT_KEY =
  /^(?:date|endpoint_type|backend|label|model_id|tokenizer_id|tag|duration|completed|failed|total_[a-z_]+|request_throughput|request_goodput:?|output_throughput|input_throughput|total_throughput|concurrency|accept_length|input_lens|output_lens|ttfts|itls|e2els|latencies|start_times|queue_times|generated_texts|errors|max_output_tokens_per_s|max_concurrent_requests|rtfx|user_throughput|avg_decoded_tokens_per_iter|energy|run_number|server_info|ramp_up_[a-z_]+|rps_change_events|(?:probe|spec_decode|diffusion)_[a-z0-9_]+|(?:mean|median|std|min|max|p[0-9.]+)_[a-z0-9_]+_ms)$/;

/** Server settings SGLang reports that change from run to run without being a configuration. */
const SGLANG_VOLATILE =
  /^(?:version|internal_states|last_gen_throughput|port|host|random_seed|.*_path|.*_dir|.*timestamp.*)$/;

function engineOf(tool: ImportTool, record: Record<string, unknown>): string | null {
  if (typeof record.engine === "string") return record.engine;
  if (tool === "sglang") return "sglang";
  if (tool === "trtllm") return "trtllm";
  const backend = String(record.backend ?? "");
  if (backend === "vllm") return "vllm";
  if (backend.startsWith("sglang")) return "sglang";
  if (/^(?:tensorrt-llm|trt-?llm)$/.test(backend)) return "trtllm";
  return null;
}

function recordResult(
  record: Record<string, unknown>,
  block: ParsedBlock,
  file: string,
  name: string,
  bytes: Buffer,
  path: string | null,
  budget?: ByteBudget
): ImportedResult {
  const tool: ImportTool = block.tool === "sglang" ? "sglang" : block.tool.startsWith("trtllm") ? "trtllm" : "vllm";
  const bench = pickBench(record);
  if (bench.num_prompts == null && typeof record.completed === "number")
    bench.num_prompts = record.completed + (typeof record.failed === "number" ? record.failed : 0);
  const serve: Record<string, unknown> = {};
  // vLLM records hold --metadata keys and sweep overrides at the top; SGLang's top level is all workload and result.
  if (tool !== "sglang")
    for (const [k, v] of Object.entries(record))
      if (!BENCH_KEYS.has(k) && !RESULT_KEY.test(k) && k !== "engine" && (v === null || typeof v !== "object"))
        serve[k] = v;
  // SGLang records carry the server's whole configuration; its primitive values are the server settings.
  const info = record.server_info;
  if (info && typeof info === "object" && !Array.isArray(info))
    for (const [k, v] of Object.entries(info))
      if (!SGLANG_VOLATILE.test(k) && (v === null || typeof v !== "object")) serve[k] = v;
  const model = [record.model_id, record.model, (info as Record<string, unknown> | undefined)?.model_path].find(
    (m) => typeof m === "string"
  ) as string | undefined;
  return {
    tool,
    source: file,
    files: [rawFile(name, file, bytes, path, budget)],
    model: model ?? null,
    engine: engineOf(tool, record),
    serve,
    bench,
    serveKey: settingsKey(serve),
    benchKey: settingsKey(bench),
    serveName: null,
    benchName: null,
    repeat: null,
    status: "ok",
    error: null,
    failed_phase: null,
    date: typeof record.date === "string" ? record.date : null
  };
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
  if (parsed.errors.length) throw new ImportError(`${display}:${parsed.errors[0].line}`, parsed.errors[0].message);
  const blocks = parsed.blocks;
  if (!blocks.length) throw new ImportError(display, "no benchmark result found");
  if (blocks[0].format === "text") {
    // A text log is copied whole; with one block it is one run, with several the runs cannot be told apart here.
    if (blocks.length > 1)
      throw new ImportError(display, `${blocks.length} result blocks in one log; split it into one log per run`);
    const b = blocks[0];
    const tool: ImportTool = "text";
    const bench: Record<string, unknown> = {};
    if (b.metrics.completed != null) bench.num_prompts = b.metrics.completed + (b.metrics.failed ?? 0);
    const model = b.extra.model ?? b.extra.model_id ?? null;
    const engine = b.tool === "sglang" ? "sglang" : b.tool.startsWith("trtllm") ? "trtllm" : null;
    return [
      {
        tool,
        source: display,
        files: [rawFile("bench.log", display, bytes, path, budget)],
        model,
        engine,
        serve: {log: display},
        bench,
        serveKey: display,
        benchKey: settingsKey(bench),
        serveName: null,
        benchName: null,
        repeat: null,
        status: "ok",
        error: null,
        failed_phase: null,
        date: null
      }
    ];
  }
  const text = bytes.toString("utf8");
  if (blocks.length === 1 && extname(path) !== ".jsonl") {
    const record = parsePythonJson(text, display) as Record<string, unknown>;
    return [recordResult(record, blocks[0], display, "result.json", bytes, path, budget)];
  }
  // JSON Lines: each line is its own run; the line's bytes are its result file.
  const lines = text.split("\n");
  return blocks.map((block) => {
    const line = lines[block.lines[0] - 1];
    const where = `${display}:${block.lines[0]}`;
    const record = parsePythonJson(line, where) as Record<string, unknown>;
    return recordResult(record, block, where, "result.json", Buffer.from(line + "\n", "utf8"), null);
  });
}
