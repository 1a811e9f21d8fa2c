// How metrics are named on the page: the labels `vllm bench serve` prints, built from the canonical metric keys.
import type {Lang, Text} from "../../loaders/text.js";

// vLLM's printed labels in English, so tables match the raw log; the Turkish names beside them.
const SUMMARY_LABELS: Record<string, Text> = {
  completed: {en: "Successful requests", tr: "Başarılı istekler"},
  failed: {en: "Failed requests", tr: "Başarısız istekler"},
  duration: {en: "Benchmark duration (s)", tr: "Benchmark süresi (s)"},
  total_input_tokens: {en: "Total input tokens", tr: "Toplam giriş token'ı"},
  total_output_tokens: {en: "Total generated tokens", tr: "Toplam üretilen token"},
  request_throughput: {en: "Request throughput (req/s)", tr: "İstek işlem hacmi (req/s)"},
  request_goodput: {en: "Request goodput (req/s)", tr: "İstek goodput (req/s)"},
  output_throughput: {en: "Output token throughput (tok/s)", tr: "Çıkış token işlem hacmi (tok/s)"},
  max_output_tokens_per_s: {
    en: "Peak output token throughput (tok/s)",
    tr: "En yüksek çıkış token işlem hacmi (tok/s)"
  },
  max_concurrent_requests: {en: "Peak concurrent requests", tr: "En yüksek eş zamanlı istek"},
  total_token_throughput: {en: "Total Token throughput (tok/s)", tr: "Toplam token işlem hacmi (tok/s)"}
};

// Server-side measurements (scraped from the engine while the benchmark ran), named for what they are.
const TELEMETRY_LABELS: Record<string, Text> = {
  kv_cache_usage_mean: {en: "KV-cache use, mean (server)", tr: "KV önbellek kullanımı, ortalama (sunucu)"},
  kv_cache_usage_max: {en: "KV-cache use, max (server)", tr: "KV önbellek kullanımı, en yüksek (sunucu)"},
  requests_running_mean: {en: "Running requests, mean (server)", tr: "Çalışan istekler, ortalama (sunucu)"},
  requests_running_max: {en: "Running requests, max (server)", tr: "Çalışan istekler, en yüksek (sunucu)"},
  requests_waiting_mean: {en: "Waiting requests, mean (server)", tr: "Bekleyen istekler, ortalama (sunucu)"},
  requests_waiting_max: {en: "Waiting requests, max (server)", tr: "Bekleyen istekler, en yüksek (sunucu)"},
  kv_full_waiting_share: {
    en: "Share of scrapes with KV cache full and requests waiting",
    tr: "KV önbellek doluyken istek bekleyen ölçüm oranı"
  },
  kv_capacity_bound: {en: "Bound by KV capacity (server, 1 = yes)", tr: "KV kapasitesiyle sınırlı (sunucu, 1 = evet)"},
  preemptions: {en: "Preemptions (server)", tr: "Önalımlar (sunucu)"},
  prefix_cache_hit_rate: {en: "Prefix-cache hit rate (server)", tr: "Önek önbelleği isabet oranı (sunucu)"},
  server_ttft_p50_ms: {en: "Server P50 TTFT (ms)", tr: "Sunucu P50 TTFT (ms)"},
  server_ttft_p90_ms: {en: "Server P90 TTFT (ms)", tr: "Sunucu P90 TTFT (ms)"},
  server_ttft_p99_ms: {en: "Server P99 TTFT (ms)", tr: "Sunucu P99 TTFT (ms)"},
  server_itl_p50_ms: {en: "Server P50 ITL (ms)", tr: "Sunucu P50 ITL (ms)"},
  server_itl_p90_ms: {en: "Server P90 ITL (ms)", tr: "Sunucu P90 ITL (ms)"},
  server_itl_p99_ms: {en: "Server P99 ITL (ms)", tr: "Sunucu P99 ITL (ms)"},
  gpu_power_w_mean: {en: "GPU power, mean (W)", tr: "GPU gücü, ortalama (W)"},
  gpu_sm_clock_mhz_mean: {en: "GPU SM clock, mean (MHz)", tr: "GPU SM saati, ortalama (MHz)"},
  gpu_memory_used_gb_max: {en: "GPU memory used, max (GiB)", tr: "GPU belleği kullanımı, en yüksek (GiB)"},
  gpu_utilization_mean: {en: "GPU utilization, mean (%)", tr: "GPU kullanımı, ortalama (%)"},
  // Energy and cost per token (loaders/analysis/energy.ts), and the load columns a ladder adds.
  power_samples: {en: "GPU power samples", tr: "GPU güç örnekleri"},
  j_per_output_token: {en: "Energy per output token (J)", tr: "Çıktı tokeni başına enerji (J)"},
  j_per_token: {en: "Energy per token (J)", tr: "Token başına enerji (J)"},
  output_tokens_per_dollar: {en: "Output tokens per dollar", tr: "Dolar başına çıktı tokeni"},
  tokens_per_dollar: {en: "Tokens per dollar", tr: "Dolar başına token"},
  interactivity: {en: "Interactivity (tok/s/user)", tr: "Etkileşim (tok/s/kullanıcı)"},
  interactivity_p90: {en: "Interactivity, p90 TPOT (tok/s/user)", tr: "Etkileşim, p90 TPOT (tok/s/kullanıcı)"},
  attainment: {en: "SLO attainment", tr: "SLO karşılama oranı"}
};

const METRIC_NAMES: Record<string, Text> = {...SUMMARY_LABELS, ...TELEMETRY_LABELS};

// A latency statistic's name; a percentile reads as itself ("P99").
const STAT_NAMES: Record<string, Text> = {
  mean: {en: "Mean", tr: "Ortalama"},
  median: {en: "Median", tr: "Medyan"},
  std: {en: "Std", tr: "Std. sapma"}
};

const COUNT_METRICS = new Set([
  "power_samples",
  "output_tokens_per_dollar",
  "tokens_per_dollar",
  "completed",
  "failed",
  "total_input_tokens",
  "total_output_tokens",
  "preemptions",
  "requests_running_max",
  "requests_waiting_max"
]);

// Server measurements that are shares of a whole (0.06 is 6 % of the KV cache), shown as percentages.
const SHARE_METRICS = new Set([
  "attainment",
  "kv_cache_usage_mean",
  "kv_cache_usage_max",
  "prefix_cache_hit_rate",
  "kv_full_waiting_share"
]);

export function isShareMetric(key: string): boolean {
  return SHARE_METRICS.has(key);
}

const LATENCY_PATTERN = /^(mean|median|std|p\d+(?:\.\d+)?)_([a-z0-9]+)_ms$/;

/** The label vLLM prints for a metric key, e.g. mean_tpot_ms → "Mean TPOT (ms)"; unknown keys are shown as they are. */
export function metricLabel(key: string): string {
  return metricTitle(key, "en");
}

/** A metric's name in the page language: vLLM's label in English, a Turkish rendering in Turkish. */
export function metricTitle(key: string, lang: Lang): string {
  if (Object.hasOwn(METRIC_NAMES, key)) return METRIC_NAMES[key][lang];
  const match = LATENCY_PATTERN.exec(key);
  if (!match) return key;
  const [, stat, family] = match;
  const name = Object.hasOwn(STAT_NAMES, stat) ? STAT_NAMES[stat][lang] : stat.toUpperCase();
  return `${name} ${family.toUpperCase()} (ms)`;
}

export function isCountMetric(key: string): boolean {
  return COUNT_METRICS.has(key);
}

/** Short unit for sentences: "tok/s", "ms", … taken from the label's parentheses. */
export function metricUnit(key: string): string {
  const match = /\(([^)]+)\)\s*$/.exec(metricLabel(key));
  return match ? match[1] : "";
}

/** Whether a larger value is better (throughputs, completed requests) or worse (latencies, failures). */
export function higherIsBetter(key: string): boolean {
  return !(LATENCY_PATTERN.test(key) || key === "failed" || key === "duration" || key.startsWith("j_per_"));
}
