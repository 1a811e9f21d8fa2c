// The `--save-result` JSON of `vllm bench serve`: same keys, same order, written as Python's json.dump writes it.
import type {BenchmarkMetrics, LatencyMetric} from "./metrics.js";
import {floatRepr, percentileWord} from "./python-format.js";
import type {RequestOutput} from "./types.js";

export interface ResultJsonInput {
  date: string;
  backend: string;
  label: string | null;
  modelId: string;
  tokenizerId: string | null;
  numPrompts: number;
  metadata?: Record<string, string>;
  requestRate: number;
  burstiness: number;
  maxConcurrency?: number;
  durationS: number;
  metrics: BenchmarkMetrics;
  outputs: RequestOutput[];
  goodput: boolean;
  percentileMetrics: string[];
  saveDetailed: boolean;
  /** Figures about the client itself; kept under one key of their own. */
  clientOverhead?: Record<string, number>;
}

/** Keys whose numbers are Python ints (written without a decimal point). */
const INT_KEYS = new Set([
  "num_prompts",
  "max_concurrency",
  "completed",
  "failed",
  "total_input_tokens",
  "total_output_tokens",
  "max_concurrent_requests",
  "input_lens",
  "output_lens",
  "prompt_tokens",
  "completion_tokens"
]);

/** Per-request arrays vLLM drops unless --save-detailed. */
const DETAILED_KEYS = ["input_lens", "output_lens", "start_times", "ttfts", "itls", "generated_texts", "errors"];

const ORDER: LatencyMetric[] = ["ttft", "tpot", "itl", "e2el"];

export function resultJson(input: ResultJsonInput): Record<string, unknown> {
  const m = input.metrics;
  const result: Record<string, unknown> = {
    date: input.date,
    endpoint_type: input.backend,
    backend: input.backend,
    label: input.label,
    model_id: input.modelId,
    tokenizer_id: input.tokenizerId,
    num_prompts: input.numPrompts
  };
  for (const [key, value] of Object.entries(input.metadata ?? {})) result[key] = value;
  result.request_rate = Number.isFinite(input.requestRate) ? input.requestRate : "inf";
  result.burstiness = input.burstiness;
  result.max_concurrency = input.maxConcurrency ?? null;
  Object.assign(result, {
    duration: input.durationS,
    completed: m.completed,
    failed: m.failed,
    total_input_tokens: m.totalInput,
    total_output_tokens: m.totalOutput,
    request_throughput: m.requestThroughput,
    request_goodput: input.goodput ? m.requestGoodput : null,
    output_throughput: m.outputThroughput,
    total_token_throughput: m.totalTokenThroughput,
    input_lens: input.outputs.map((o) => o.promptLen),
    output_lens: m.actualOutputLens,
    ttfts: input.outputs.map((o) => o.ttft),
    itls: input.outputs.map((o) => o.itl),
    latencies: input.outputs.map((o) => o.latency),
    start_times: input.outputs.map((o) => o.startTime),
    queue_times: input.outputs.map((o) => o.clientQueueTime),
    generated_texts: input.outputs.map((o) => o.generatedText),
    errors: input.outputs.map((o) => o.error),
    max_output_tokens_per_s: m.maxOutputTokensPerS,
    max_concurrent_requests: m.maxConcurrentRequests,
    rtfx: 0
  });
  for (const key of ORDER) {
    if (!input.percentileMetrics.includes(key)) continue;
    const s = m.latency[key];
    result[`mean_${key}_ms`] = s.mean;
    result[`median_${key}_ms`] = s.median;
    result[`std_${key}_ms`] = s.std;
    for (const [p, value] of s.percentiles) result[`p${percentileWord(p)}_${key}_ms`] = value;
  }
  if (!input.saveDetailed) for (const key of DETAILED_KEYS) delete result[key];
  if (input.clientOverhead) result.client_overhead = input.clientOverhead;
  const usage = serverUsage(input.outputs);
  if (usage) result.server_usage = usage;
  return result;
}

/** The server's own token counts over the successful requests (not vLLM's figures: its prompt count has the template). */
function serverUsage(outputs: RequestOutput[]): {prompt_tokens: number; completion_tokens: number} | null {
  let prompt = 0;
  let completion = 0;
  let any = false;
  for (const output of outputs) {
    if (!output.success || output.serverPromptTokens === null) continue;
    any = true;
    prompt += output.serverPromptTokens;
    completion += output.outputTokens;
  }
  return any ? {prompt_tokens: prompt, completion_tokens: completion} : null;
}

/** json.dump with Python's default separators and float reprs (ints stay ints for INT_KEYS). */
export function pythonJson(value: unknown, key = ""): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (INT_KEYS.has(key) && Number.isInteger(value)) return String(value);
    return floatRepr(value);
  }
  if (typeof value === "string") return JSON.stringify(value).replace(/[\u0080-\uffff]/g, asciiEscape);
  if (Array.isArray(value)) return `[${value.map((item) => pythonJson(item, key)).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(
    ([k, v]) => `${JSON.stringify(k)}: ${pythonJson(v, k)}`
  );
  return `{${entries.join(", ")}}`;
}

// json.dump's ensure_ascii: every non-ASCII UTF-16 unit as \uXXXX.
function asciiEscape(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** vLLM's default file name: `{label or backend}-{rate}qps[-concurrency{N}]-{model basename}-{date}.json`. */
export function resultFileName(input: {
  label: string | null;
  backend: string;
  requestRate: number;
  maxConcurrency?: number;
  modelId: string;
  date: string;
}): string {
  const rate = Number.isFinite(input.requestRate) ? floatRepr(input.requestRate) : "inf";
  const concurrency = input.maxConcurrency !== undefined ? `-concurrency${input.maxConcurrency}` : "";
  const model = input.modelId.split("/").pop() ?? input.modelId;
  return `${input.label || input.backend}-${rate}qps${concurrency}-${model}-${input.date}.json`;
}

/** `datetime.now().strftime("%Y%m%d-%H%M%S")` in local time. */
export function resultDate(at = new Date()): string {
  const two = (n: number): string => String(n).padStart(2, "0");
  return `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}
