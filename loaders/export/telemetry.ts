// The telemetry table: every run's server scrapes and GPU samples over its measured window, one row per series and
// sample (long form), so one chart can draw any series of any run.
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import type {RunTelemetry} from "../telemetry/read.js";
import {RUN_KEY_COLUMNS, TELEMETRY_SERIES, TELEMETRY_SERIES_MEANINGS, type TableRow} from "./columns.js";
import {runKey} from "./requests.js";

/** Integer columns of the telemetry table. */
export const TELEMETRY_INT_COLUMNS = new Set(["repeat", "gpu"]);

/** The telemetry table's columns, in order. */
export const TELEMETRY_TABLE_COLUMNS = [...RUN_KEY_COLUMNS, ...Object.keys(TELEMETRY_SERIES_MEANINGS)];

type Series = keyof typeof TELEMETRY_SERIES;

const SERVER: [Series, "kv_cache_usage" | "requests_running" | "requests_waiting" | "output_tokens_per_s"][] = [
  ["kv_cache_usage", "kv_cache_usage"],
  ["requests_running", "requests_running"],
  ["requests_waiting", "requests_waiting"],
  ["output_tokens_per_s", "output_tokens_per_s"]
];
const GPU: [Series, "utilization_pct" | "power_w" | "memory_used_gib"][] = [
  ["gpu_utilization_pct", "utilization_pct"],
  ["gpu_power_w", "power_w"],
  ["gpu_memory_used_gib", "memory_used_gib"]
];

/** One run's series as rows; a scrape or sample without a value for a series gives no row for it. */
export function runTelemetryRows(row: RunRow, telemetry: RunTelemetry): TableRow[] {
  const key = runKey(row);
  const out: TableRow[] = [];
  for (const [series, field] of SERVER)
    for (const point of telemetry.timeline)
      if (point[field] !== null) out.push({...key, series, gpu: null, s: point.s, value: point[field]});
  for (const [series, field] of GPU)
    for (const sample of telemetry.gpu_timeline)
      if (sample[field] !== null) out.push({...key, series, gpu: sample.gpu, s: sample.s, value: sample[field]});
  return out;
}

/** Every run's recorded series, run by run in the runs table's order. */
export function telemetryRows(study: {runs: readonly RunRecord[]; rows: readonly RunRow[]}): TableRow[] {
  const records = new Map(study.runs.map((record) => [record.meta.id, record]));
  return study.rows.flatMap((row) => {
    const telemetry = records.get(row.run)?.telemetry;
    return telemetry ? runTelemetryRows(row, telemetry) : [];
  });
}
