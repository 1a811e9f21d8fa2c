// Labels of the `Serving Benchmark Result` block (vLLM, SGLang, TensorRT-LLM's copy) → canonical metric names.

import {percentileKey} from "../canonical.js";

export type LabelKind = "metric" | "setting";

export interface LabelTarget {
  key: string;
  kind: LabelKind;
  /** Decimal places the printed value moves to reach the metric's unit (3: seconds printed, milliseconds kept). */
  shift?: number;
}

const metric = (key: string): LabelTarget => ({key, kind: "metric"});
const setting = (key: string): LabelTarget => ({key, kind: "setting"});

/** Lower-case label, whitespace collapsed → target. Settings go to `extra` under the vLLM JSON key. */
export const SERVING_LABELS: Record<string, LabelTarget> = {
  "successful requests": metric("completed"),
  "failed requests": metric("failed"),
  "total failed requests": metric("failed"),
  "total requests": setting("num_prompts"),
  backend: setting("backend"),
  "traffic request rate": setting("request_rate"),
  "request rate configured (rps)": setting("request_rate"),
  "maximum request concurrency": setting("max_concurrency"),
  "max request concurrency": setting("max_concurrency"),
  "max reqeuest concurrency": setting("max_concurrency"),
  "burstiness factor": setting("burstiness"),
  "benchmark duration (s)": metric("duration"),
  "total input tokens": metric("total_input_tokens"),
  "total input text tokens": metric("total_input_text_tokens"),
  "total input vision tokens": metric("total_input_vision_tokens"),
  "total generated tokens": metric("total_output_tokens"),
  "total generated tokens (retokenized)": metric("total_output_tokens_retokenized"),
  "request throughput (req/s)": metric("request_throughput"),
  "input token throughput (tok/s)": metric("input_throughput"),
  "input throughput (inputs/s)": metric("input_sequence_throughput"),
  "request goodput (req/s)": metric("request_goodput"),
  "output token throughput (tok/s)": metric("output_throughput"),
  "peak output token throughput (tok/s)": metric("max_output_tokens_per_s"),
  "peak concurrent requests": metric("max_concurrent_requests"),
  "rtfx (inverse real-time factor)": metric("rtfx"),
  "total token throughput (tok/s)": metric("total_token_throughput"),
  "total throughput (tok/s)": metric("total_token_throughput"),
  "user throughput (tok/s)": metric("user_throughput"),
  concurrency: metric("concurrency"),
  "accept length": metric("accept_length"),
  "probe requests completed": metric("probe_completed"),
  "probe requests failed": metric("probe_failed"),
  "median probe e2el (ms)": metric("probe_median_e2el_ms"),
  "p99 probe e2el (ms)": metric("probe_p99_e2el_ms"),
  "max probe e2el (ms)": metric("probe_max_e2el_ms"),
  "acceptance rate (%)": metric("spec_decode_acceptance_rate"),
  "acceptance length": metric("spec_decode_acceptance_length"),
  drafts: metric("spec_decode_num_drafts"),
  "draft tokens": metric("spec_decode_draft_tokens"),
  "accepted tokens": metric("spec_decode_accepted_tokens"),
  "total energy (j)": metric("total_energy_j"),
  "output tokens per second per watt (tps/w)": metric("output_tokens_per_second_per_watt"),
  "total gpu power (w)": metric("total_gpu_power_w")
};

/** Name printed in latency lines → vLLM metric family key. */
const FAMILIES: Record<string, string> = {
  ttft: "ttft",
  tpot: "tpot",
  itl: "itl",
  e2el: "e2el",
  "e2e latency": "e2el",
  latency: "e2el",
  "client queue time": "client_queue_time",
  "e2el incl. client queue": "e2el_including_client_queue"
};

const STAT = /^(mean|median|std dev|std|min|max|p(\d+(?:\.\d+)?)) (.+)$/;

function statKey(stat: string, percentile: string | undefined): string {
  if (percentile !== undefined) return percentileKey(Number(percentile));
  return stat === "std dev" ? "std" : stat;
}

/** `Mean TTFT (ms)`, `P99.9 E2EL (ms)`, `Std Dev ITL (ms)`, `Mean E2E Latency (ms)`, `Max Avg Decoded Tokens per Iter`. */
export function statisticTarget(key: string): LabelTarget | null {
  const m = STAT.exec(key);
  if (!m) return null;
  const stat = statKey(m[1], m[2]);
  const name = m[3];
  if (name.endsWith(" (ms)")) {
    const family = FAMILIES[name.slice(0, -5)];
    return family ? metric(`${stat}_${family}_ms`) : null;
  }
  // GPUStack's benchmark-runner prints request latency in seconds (`Mean Latency(s)`): kept in ms as E2EL.
  const seconds = /^(.+?) ?\(s\)$/.exec(name);
  if (seconds) {
    const family = FAMILIES[seconds[1]];
    return family ? {...metric(`${stat}_${family}_ms`), shift: 3} : null;
  }
  if (name === "avg decoded tokens per iter") return metric(`${stat}_avg_decoded_tokens_per_iter`);
  return null;
}

/** Statistic labels seen so far: a study prints the same few dozen labels in every log. */
const STATISTIC_TARGETS = new Map<string, LabelTarget | null>();

export function servingTarget(key: string): LabelTarget | null {
  const known = SERVING_LABELS[key];
  if (known) return known;
  let target = STATISTIC_TARGETS.get(key);
  if (target === undefined) {
    target = statisticTarget(key);
    if (STATISTIC_TARGETS.size < 4096) STATISTIC_TARGETS.set(key, target);
  }
  return target;
}

const NOT_PROOF = new Set(["total failed requests", "concurrency", "drafts", "draft tokens", "accepted tokens"]);

/** Labels that only a result block prints; seen outside a block they mean a block was not recognized. */
export function looksLikeResult(key: string): boolean {
  const target = servingTarget(key);
  // TensorRT-LLM prints `Total failed requests:` above its banner too, so that line alone proves nothing.
  return target !== null && target.kind === "metric" && !NOT_PROOF.has(key);
}

/** Labels that mark the SGLang or TensorRT-LLM variant of the block. */
const SGLANG_MARKS = new Set([
  "backend",
  "max request concurrency",
  "max reqeuest concurrency",
  "total generated tokens (retokenized)",
  "total throughput (tok/s)",
  "concurrency",
  "accept length",
  "mean e2e latency (ms)",
  "median e2e latency (ms)"
]);
const TRTLLM_MARKS = new Set(["total requests", "user throughput (tok/s)", "total failed requests"]);

export function toolMark(key: string): "sglang" | "trtllm" | null {
  if (SGLANG_MARKS.has(key)) return "sglang";
  if (TRTLLM_MARKS.has(key) || key.startsWith("std dev ") || key.endsWith("avg decoded tokens per iter"))
    return "trtllm";
  return null;
}
