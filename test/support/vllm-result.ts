// A `vllm bench serve --save-result` JSON record built from its documented key order (shared/research/formats.md §2),
// with consistent figures: throughputs are the totals divided by the duration, so validation's recomputation agrees.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";

export interface ResultSpec {
  model: string;
  numPrompts: number;
  inputLen: number;
  outputLen: number;
  /** Benchmark duration, seconds. */
  duration: number;
  requestRate?: number | "inf";
  maxConcurrency?: number | null;
  metadata?: Record<string, string>;
  date?: string;
}

export function vllmResult(spec: ResultSpec): Record<string, unknown> {
  const completed = spec.numPrompts;
  const input = completed * spec.inputLen;
  const output = completed * spec.outputLen;
  const d = spec.duration;
  return {
    date: spec.date ?? "20260101-120000",
    endpoint_type: "vllm",
    backend: "vllm",
    label: null,
    model_id: spec.model,
    tokenizer_id: spec.model,
    num_prompts: spec.numPrompts,
    ...spec.metadata,
    request_rate: spec.requestRate ?? "inf",
    burstiness: 1.0,
    max_concurrency: spec.maxConcurrency ?? null,
    duration: d,
    completed,
    failed: 0,
    total_input_tokens: input,
    total_output_tokens: output,
    request_throughput: completed / d,
    request_goodput: null,
    output_throughput: output / d,
    total_token_throughput: (input + output) / d,
    max_output_tokens_per_s: (output / d) * 1.5,
    max_concurrent_requests: Math.min(completed, spec.maxConcurrency ?? completed),
    mean_ttft_ms: 120.5,
    median_ttft_ms: 110.25,
    std_ttft_ms: 30.1,
    p99_ttft_ms: 410.75,
    mean_tpot_ms: 20.5,
    median_tpot_ms: 19.75,
    std_tpot_ms: 3.2,
    p99_tpot_ms: 35.5,
    mean_itl_ms: 20.25,
    median_itl_ms: 18.5,
    std_itl_ms: 4.1,
    p99_itl_ms: 60.25
  };
}

/** Python json.dump's default layout: one line, ", " and ": " separators. */
export function pyJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/(?<!\\)":/g, '": ')
    .replace(/,(?=["{\[\dnt-])/g, ", ");
}

/** A run folder of `studyDir` holding only its result.json, as a plan's run reads it without a run.json. */
export function writeResultRun(studyDir: string, run: string, spec: ResultSpec): void {
  mkdirSync(join(studyDir, "runs", run), {recursive: true});
  writeFileSync(join(studyDir, "runs", run, "result.json"), pyJson(vllmResult(spec)));
}
