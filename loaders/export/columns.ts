// Column types of the runs table: counts are INT32, other metrics DOUBLE, everything else UTF8 text.
import {COUNT_METRICS} from "../canonical.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";
import {STAT_NAMES} from "../stats/summary.js";
import {LOAD_COLUMN_FORMULAS, LOAD_COLUMNS} from "../analysis/slo.js";
import {ENERGY_COLUMN_FORMULAS, ENERGY_COLUMNS, type EnergyColumn} from "../analysis/energy.js";
import {RunSchema} from "../study/schema.js";

export type ColumnType = "STRING" | "INT32" | "DOUBLE";

const INT_COLUMNS = new Set(["gpu_count", "repeat", "source_first_line", "source_last_line", ...COUNT_METRICS]);

// Telemetry summaries and the load columns are numbers even in a table where every run lacks one.
const NUMBERS = new Set<string>([
  ...TELEMETRY_COLUMNS,
  ...LOAD_COLUMNS.filter((c) => c !== "load_kind"),
  ...ENERGY_COLUMNS
]);

/** A table of the runs or of the points: named columns holding text, numbers or nothing. */
export type TableRow = Record<string, string | number | null>;

export function columnType(
  name: string,
  rows: readonly TableRow[],
  intColumns: ReadonlySet<string> = INT_COLUMNS
): ColumnType {
  if (intColumns.has(name)) return "INT32";
  if (NUMBERS.has(name)) return "DOUBLE";
  return rows.some((row) => typeof row[name] === "string") || rows.every((row) => row[name] == null)
    ? "STRING"
    : "DOUBLE";
}

/** Column names in a stable order: the first row's keys (every row carries every column). */
export function columnsOf(rows: readonly TableRow[]): string[] {
  return rows.length ? Object.keys(rows[0]) : [];
}

// ---------------------------------------------------------------------------------------------------------------------
// What each exported column holds: its unit and how it is made. The exports' column lists and the data dictionary
// (dictionary.ts) are drawn from these, so a column the exports gain is a column the dictionary must describe.

/** A column's meaning: the unit of its values ("text" for words, "count" for whole numbers of things) and its formula
 * or source. */
export interface ColumnMeaning {
  unit: string;
  formula: string;
}

/** The tables a study exports, by the name the dictionary gives them. */
export type ExportTable = "runs" | "points" | "requests" | "telemetry";

const LATENCY_NAMES: Record<string, string> = {
  ttft: "time to first token: from sending the request to its first output token",
  tpot: "time per output token: (E2EL − TTFT) / (output tokens − 1) per request of more than one output token",
  itl: "inter-token latency: the gap between consecutive streamed chunks, all requests' gaps pooled",
  e2el: "end-to-end latency: from sending the request to its last token"
};

const SUMMARY_MEANINGS: Record<string, ColumnMeaning> = {
  completed: {unit: "count", formula: "requests that finished without an error"},
  failed: {unit: "count", formula: "requests that ended in an error"},
  duration: {unit: "s", formula: "benchmark wall time, from the first request sent to the last response"},
  total_input_tokens: {unit: "tokens", formula: "prompt tokens of the completed requests"},
  total_output_tokens: {unit: "tokens", formula: "generated tokens of the completed requests"},
  request_throughput: {unit: "req/s", formula: "completed / duration"},
  request_goodput: {unit: "req/s", formula: "requests meeting the benchmark's own --goodput targets / duration"},
  output_throughput: {unit: "tok/s", formula: "total_output_tokens / duration"},
  max_output_tokens_per_s: {unit: "tok/s", formula: "the most output tokens the client counted in any one second"},
  max_concurrent_requests: {unit: "count", formula: "the most requests in flight at once"},
  total_token_throughput: {unit: "tok/s", formula: "(total_input_tokens + total_output_tokens) / duration"}
};

const WINDOW = "over the scrapes inside the run's measured window";
const TELEMETRY_MEANINGS: Record<string, ColumnMeaning> = {
  kv_cache_usage_mean: {unit: "fraction (0–1)", formula: `mean of the engine's KV-cache use gauge ${WINDOW}`},
  kv_cache_usage_max: {unit: "fraction (0–1)", formula: `largest KV-cache use ${WINDOW}`},
  requests_running_mean: {unit: "count", formula: `mean of the requests the engine was running ${WINDOW}`},
  requests_running_max: {unit: "count", formula: `most requests running ${WINDOW}`},
  requests_waiting_mean: {unit: "count", formula: `mean of the requests queued ${WINDOW}`},
  requests_waiting_max: {unit: "count", formula: `most requests queued ${WINDOW}`},
  kv_full_waiting_share: {
    unit: "fraction (0–1)",
    formula: `share of the scrapes with KV use ≥ 0.95 while a request waited, ${WINDOW}`
  },
  kv_capacity_bound: {unit: "0 or 1", formula: "1 when kv_full_waiting_share ≥ 0.2: KV capacity bound the run"},
  preemptions: {
    unit: "count",
    formula: "increase of the engine's preemption counter across the window (SGLang: retractions)"
  },
  prefix_cache_hit_rate: {
    unit: "fraction (0–1)",
    formula: "prefix-cache hits / queries, their counters' increase across the window; else the hit-rate gauge's mean"
  },
  gpu_power_w_mean: {unit: "W", formula: "nvidia-smi power draw, mean over every GPU's samples in the window"},
  gpu_sm_clock_mhz_mean: {unit: "MHz", formula: "nvidia-smi SM clock, mean over every GPU's samples in the window"},
  gpu_memory_used_gb_max: {unit: "GiB", formula: "largest memory used of any GPU sample in the window (MiB / 1024)"},
  gpu_utilization_mean: {unit: "%", formula: "nvidia-smi GPU utilization, mean over every GPU's samples in the window"}
};
for (const family of ["ttft", "itl"])
  for (const q of [50, 90, 99])
    TELEMETRY_MEANINGS[`server_${family}_p${q}_ms`] = {
      unit: "ms",
      formula: `p${q} of the server's ${family.toUpperCase()} histogram, its increase across the window, interpolated in its bucket as Prometheus does`
    };

const HEADROOM_MEANINGS: Record<string, ColumnMeaning> = {
  ceiling_tps: {
    unit: "tok/s",
    formula: "N·(I+O) / max(F/Π, B/β): the run's tokens over the time the GPU's peak FLOP/s Π and bandwidth β need"
  },
  realistic_tps: {unit: "tok/s", formula: "the same with Π·MFU and β·MBU (the headroom model's assumed utilizations)"},
  no_overlap_tps: {unit: "tok/s", formula: "N·(I+O) / (F_prefill/Π + max(F_decode/Π, B/β)): prefill and decode apart"},
  ceiling_ratio: {unit: "ratio", formula: "total_token_throughput / ceiling_tps"},
  effective_tflops: {unit: "TFLOP/s", formula: "the model's FLOPs for the run's tokens / duration / 10¹²"},
  binding: {unit: "text", formula: "what sets the ceiling: compute, bandwidth or kv-capacity"}
};

const RUN_MEANINGS: Record<string, ColumnMeaning> = {
  label: {unit: "text", formula: "the candidate's label in the plan"},
  server_command: {unit: "text", formula: "the server command as run, quoted as a POSIX shell reads it back"},
  bench_command: {unit: "text", formula: "the benchmark command as run, quoted as a POSIX shell reads it back"},
  source_file: {unit: "text", formula: "the log the metrics were read from, relative to the repository"},
  source_first_line: {unit: "line", formula: "first line of the result block in source_file (1-based)"},
  source_last_line: {unit: "line", formula: "last line of the result block in source_file (1-based)"},
  partial: {unit: "text", formula: "why the result block is incomplete; empty when it is whole"}
};

/** The run record's own description of a field (loaders/study/schema.ts), without what run.json defaults it to. */
function runFieldMeaning(field: string): ColumnMeaning | null {
  const schema = (RunSchema.shape as Record<string, {meta(): {description?: string} | undefined}>)[field];
  const description = schema?.meta()?.description;
  if (!description) return null;
  const unit = field === "repeat" || field === "gpu_count" ? "count" : "text";
  // In the dictionary's style: a phrase, not a sentence ("Step id." → "step id"; "GPUs …" keeps its capitals).
  const phrase = description.replace(/\s*Default:.*$/, "").replace(/\.$/, "");
  return {unit, formula: /^[A-Z][a-z]/.test(phrase) ? phrase[0].toLowerCase() + phrase.slice(1) : phrase};
}

/** A latency statistic `<stat>_<family>_ms` as a benchmark prints it. */
function latencyMeaning(name: string): ColumnMeaning | null {
  const match = /^(mean|median|std|p(\d+(?:\.\d+)?))_(ttft|tpot|itl|e2el)_ms$/.exec(name);
  if (!match) return null;
  const [, stat, percentile, family] = match;
  const what = percentile
    ? `${percentile}th percentile`
    : stat === "std"
      ? "standard deviation"
      : stat === "median"
        ? "median"
        : "mean";
  return {
    unit: "ms",
    formula: `${what} of ${LATENCY_NAMES[family]}, over the run's requests, as the benchmark printed it`
  };
}

/** A column of the runs table: run metadata, a printed metric, the load and SLO columns, telemetry, headroom. */
export function runColumnMeaning(name: string): ColumnMeaning | null {
  if (name === "run") return runFieldMeaning("id");
  return (
    RUN_MEANINGS[name] ??
    runFieldMeaning(name) ??
    SUMMARY_MEANINGS[name] ??
    latencyMeaning(name) ??
    (name in LOAD_COLUMN_FORMULAS
      ? {unit: LOAD_UNITS[name as LoadColumn], formula: LOAD_COLUMN_FORMULAS[name as LoadColumn]}
      : null) ??
    (name in ENERGY_COLUMN_FORMULAS
      ? {unit: ENERGY_UNITS[name as EnergyColumn], formula: ENERGY_COLUMN_FORMULAS[name as EnergyColumn]}
      : null) ??
    TELEMETRY_MEANINGS[name] ??
    HEADROOM_MEANINGS[name] ??
    null
  );
}

type LoadColumn = keyof typeof LOAD_COLUMN_FORMULAS;

const LOAD_UNITS: Record<LoadColumn, string> = {
  load_kind: "text",
  load: "users or req/s (per load_kind)",
  interactivity: "tok/s per user",
  interactivity_p90: "tok/s per user",
  attainment: "fraction (0–1)",
  slo_requests: "count",
  slo_request_goodput: "req/s",
  token_goodput: "tok/s"
};

const ENERGY_UNITS: Record<EnergyColumn, string> = {
  power_samples: "count",
  j_per_output_token: "J per token",
  j_per_token: "J per token",
  output_tokens_per_dollar: "tokens per $",
  tokens_per_dollar: "tokens per $"
};

const POINT_MEANINGS: Record<string, ColumnMeaning> = {
  point: {unit: "text", formula: "the point's key: the run id of its first repeat (step--candidate--scenario[--load])"},
  n: {unit: "count", formula: "successful repeats the statistics are over (warm-up repeats left out)"},
  failed: {unit: "count", formula: "failed repeats of the point, left out of every statistic"},
  confidence: {unit: "fraction (0–1)", formula: "the study's confidence level, for every interval of the row"},
  t_critical: {unit: "—", formula: "two-sided Student t quantile at confidence with n − 1 degrees of freedom (n ≥ 2)"},
  attainment: {
    unit: "fraction (0–1)",
    formula: "requests meeting the SLO over all requests, pooled over the point's successful repeats"
  },
  attainment_low: {unit: "fraction (0–1)", formula: "low end of attainment's Wilson score interval at confidence"},
  attainment_high: {unit: "fraction (0–1)", formula: "high end of attainment's Wilson score interval at confidence"},
  repeats_without_power: {
    unit: "count",
    formula: "successful repeats with no GPU power sample in their window: their energy is unknown and in no mean"
  },
  within_slo: {
    unit: "yes or no",
    formula:
      "whether the point meets the SLO: none of its runs failed, every limit's statistic within in each repeat, and the share of its pooled requests meeting every limit at least the plan's attainment"
  },
  slo_outside: {unit: "text", formula: "why the point is outside the SLO, in words; empty when it meets it"}
};

const STAT_MEANINGS: Record<string, (unit: string) => ColumnMeaning> = {
  mean: (unit) => ({unit, formula: "mean over the point's successful repeats of"}),
  std: (unit) => ({unit, formula: "sample standard deviation (n − 1) over the repeats of"}),
  min: (unit) => ({unit, formula: "smallest over the repeats of"}),
  max: (unit) => ({unit, formula: "largest over the repeats of"}),
  cv: () => ({unit: "ratio", formula: "std / mean over the repeats of"}),
  se: (unit) => ({unit, formula: "standard error std / √n over the repeats of"}),
  ci_low: (unit) => ({
    unit,
    formula: "mean − t_critical·se (mean·exp(−t_critical·se/mean) where that would fall below zero) of"
  }),
  ci_high: (unit) => ({
    unit,
    formula: "mean + t_critical·se (mean·exp(t_critical·se/mean) where the low end would fall below zero) of"
  })
};

/** A column of the points table: the point's identity, its counts, and `<metric>_<stat>` of each run column. */
/** A metric the benchmark tool printed under a name tps-report does not define (a sweep's `max_num_seqs`, …): kept as
 * read, and described as such. */
export function printedMetricMeaning(name: string): ColumnMeaning {
  return {
    unit: "as the tool printed it",
    formula: `the result's own field ${name}, kept as read (tps-report gives it no formula of its own)`
  };
}

/** `printed`: the metrics the study's result files carry beyond tps-report's own (rows.ts metricColumns). */
export function pointColumnMeaning(name: string, printed: ReadonlySet<string> = new Set()): ColumnMeaning | null {
  if (POINT_MEANINGS[name]) return POINT_MEANINGS[name];
  if (["study", "step", "candidate", "label", "scenario", "engine", "load_kind", "load"].includes(name))
    return runColumnMeaning(name);
  for (const stat of STAT_NAMES) {
    if (!name.endsWith(`_${stat}`)) continue;
    const base = name.slice(0, -stat.length - 1);
    const metric = runColumnMeaning(base) ?? (printed.has(base) ? printedMetricMeaning(base) : null);
    if (!metric) continue;
    const meaning = STAT_MEANINGS[stat](metric.unit);
    return {unit: meaning.unit, formula: `${meaning.formula} ${metric.formula}`};
  }
  return null;
}

/** The per-request table's columns after the run's own (run, step, candidate, label, scenario, repeat, engine,
 * load_kind, load): each request of a --save-detailed result file, in the file's order. */
export const REQUEST_MEANINGS: Record<string, ColumnMeaning> = {
  request: {unit: "index", formula: "the request's place in the result file's per-request arrays, from 0"},
  ok: {unit: "0 or 1", formula: "1 when the request finished without an error message, else 0"},
  ttft_ms: {unit: "ms", formula: "the request's TTFT (the file's ttfts × 1000)"},
  tpot_ms: {
    unit: "ms",
    formula: "(e2el_ms − ttft_ms) / (output_tokens − 1), vLLM's definition; empty for one output token or fewer"
  },
  e2el_ms: {unit: "ms", formula: "the request's end-to-end latency (the file's latencies × 1000)"},
  input_tokens: {unit: "tokens", formula: "the request's prompt tokens (input_lens)"},
  output_tokens: {unit: "tokens", formula: "the tokens generated for the request (output_lens)"}
};

/** The run columns every per-request and telemetry row repeats, so a row needs no join to be filtered. */
export const RUN_KEY_COLUMNS = [
  "run",
  "step",
  "candidate",
  "label",
  "scenario",
  "repeat",
  "engine",
  "load_kind",
  "load"
] as const;

/** The telemetry table: one row per sample of one series (long form), the series' unit in TELEMETRY_SERIES. */
export const TELEMETRY_SERIES_MEANINGS: Record<string, ColumnMeaning> = {
  series: {unit: "text", formula: "which measurement the row is (TELEMETRY_SERIES: the name and its unit)"},
  gpu: {unit: "index", formula: "nvidia-smi's GPU index for a GPU series; empty for the server's series"},
  s: {unit: "s", formula: "seconds from the start of the run's measured window to the scrape or sample"},
  value: {unit: "the series' unit", formula: "the measurement (see series)"}
};

/** Each telemetry series a run may record: server scrapes (metrics.jsonl) and nvidia-smi samples (gpu.csv). */
export const TELEMETRY_SERIES: Record<string, ColumnMeaning> = {
  kv_cache_usage: {unit: "fraction (0–1)", formula: "the engine's KV-cache use gauge at the scrape"},
  requests_running: {unit: "count", formula: "requests the engine was running at the scrape"},
  requests_waiting: {unit: "count", formula: "requests queued at the scrape"},
  output_tokens_per_s: {
    unit: "tok/s",
    formula: "increase of the engine's generated-tokens counter since an earlier scrape / the seconds between them"
  },
  gpu_utilization_pct: {unit: "%", formula: "nvidia-smi GPU utilization at the sample"},
  gpu_power_w: {unit: "W", formula: "nvidia-smi power draw at the sample"},
  gpu_memory_used_gib: {unit: "GiB", formula: "nvidia-smi memory used at the sample (MiB / 1024)"}
};

/** Any exported table's column. */
export function columnMeaning(
  table: ExportTable,
  name: string,
  printed: ReadonlySet<string> = new Set()
): ColumnMeaning | null {
  switch (table) {
    case "runs":
      return runColumnMeaning(name) ?? (printed.has(name) ? printedMetricMeaning(name) : null);
    case "points":
      return pointColumnMeaning(name, printed);
    case "requests":
      return (
        REQUEST_MEANINGS[name] ??
        ((RUN_KEY_COLUMNS as readonly string[]).includes(name) ? runColumnMeaning(name) : null)
      );
    case "telemetry":
      return (
        TELEMETRY_SERIES_MEANINGS[name] ??
        ((RUN_KEY_COLUMNS as readonly string[]).includes(name) ? runColumnMeaning(name) : null)
      );
  }
}
