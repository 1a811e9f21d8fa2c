// One list for the step's telemetry table and the run page's summary, so the two never show different figures.
export const TELEMETRY_SUMMARY_METRICS = [
  "kv_cache_usage_max",
  "kv_cache_usage_mean",
  "requests_running_max",
  "requests_waiting_max",
  "preemptions",
  "prefix_cache_hit_rate",
  "gpu_utilization_mean",
  "gpu_power_w_mean",
  "gpu_memory_used_gb_max"
] as const;
