// One run's page data: its row, parsed block and raw logs; reads that run alone so per-run loaders stay O(1).
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {elideArrays} from "../requests/elide-arrays.js";
import type {RequestDistributions} from "../requests/request-collector.js";
import {readResultJson, ResultJsonError} from "../requests/stream-result-json.js";
import {allSteps, loadStudyPlan} from "../study/plan.js";
import {pointRepeats} from "../study/repeats.js";
import {isPlaceholder} from "../study/schema.js";
import {metricColumns, runRows} from "./rows.js";
import {readRun, runClient} from "./read-runs.js";
import {logPath} from "./log-path.js";
import {namingBase} from "../files/naming-base.js";
import {clientName} from "../study/clients.js";
import type {Metrics, ParsedBlock} from "../canonical.js";
import type {RunRow} from "./rows.js";
import {runEnergy, type RunEnergy, type RunEnergyInput} from "../telemetry/energy.js";
import {parseRunId} from "../study/ids.js";
import type {Text} from "../text.js";
import type {GpuTimelinePoint} from "../telemetry/gpu.js";
import {TELEMETRY_SUMMARY_METRICS} from "../telemetry/summary-metrics.js";

/** Logs larger than this are cut in the page data (the archive keeps them whole). */
export const MAX_LOG_BYTES = 256 * 1024;
/** Longer lines are cut in the page data, so one huge line (a progress bar, a dumped array) hides nothing after it. */
export const MAX_LINE_CHARS = 4096;

// The plan is cached: this runs once per run page, and a large plan would otherwise be parsed once per run.
/** A plan value a page states, or null where it is a placeholder the files could not fill. */
function recordedOrNull(value: string): string | null {
  return isPlaceholder(value) ? null : value;
}

export async function runDetail(dir: string, run: string, plan = loadStudyPlan(dir)): Promise<RunDetail> {
  const record = await readRun(join(dir, "runs", run), namingBase(dir), plan);
  const order = metricColumns([record]);
  const [row] = runRows(plan, [record], order);
  let requests: RequestDistributions | null = null;
  const logs = record.logs.map((file) => {
    const path = logPath(record, file);
    const text = file.endsWith(".json") ? resultText(path, (r) => (requests ??= r)) : readFileSync(path, "utf8");
    return {file, text: shownLog(text, file === record.source ? record.block?.lines[1] : undefined)};
  });
  const printed = record.block?.metrics ?? {};
  // Metrics in print order (the run's own columns), so the page lists them as the runs table does without loading it.
  const metrics = Object.fromEntries(order.map((m) => [m, printed[m]]));
  const step = allSteps(plan).find((s) => s.id === row.step);
  const scenario = plan.scenarios.find((s) => s.id === row.scenario);
  const names = {
    step: step?.title ?? {en: row.step, tr: row.step},
    scenario: scenario?.name ?? {en: row.scenario, tr: row.scenario},
    engine: recordedOrNull(plan.engines[row.engine]?.name ?? row.engine),
    engineVersion: recordedOrNull(row.engine_version),
    gpu: recordedOrNull(row.gpu),
    quantization: recordedOrNull(row.quantization),
    // Shown only where the command is not recorded; a run.json that could not be read names no client either.
    ...(row.bench_command === "" ? {client: record.broken ? null : clientName(runClient(record.meta, plan))} : {})
  };
  const t = record.telemetry;
  const summary = TELEMETRY_SUMMARY_METRICS.flatMap((metric): [string, number][] =>
    typeof row[metric] === "number" ? [[metric, row[metric] as number]] : []
  );
  const telemetry = t
    ? {timeline: t.timeline, gpu_timeline: t.gpu_timeline, absent: t.absent, window: t.window, summary}
    : null;
  const repeats = step && scenario ? pointRepeats(plan, step, scenario) : 1;
  const load = parseRunId(row.run)?.load ?? null;
  // What a reader checks the run's energy by: the formula's factors, as recorded (no power sample: no figure).
  const num = (x: unknown) => (typeof x === "number" ? x : null);
  const energy = t
    ? {
        power_w: num(row.gpu_power_w_mean),
        power_samples: t.power_samples ?? null,
        gpus: row.gpu_count,
        duration_s: num(row.duration),
        output_tokens: num(row.total_output_tokens),
        input_tokens: num(row.total_input_tokens),
        price_per_hour: plan.hardware.price_per_hour ?? null,
        ...runEnergy({
          power_w: num(row.gpu_power_w_mean),
          power_samples: t.power_samples ?? null,
          gpus: row.gpu_count,
          duration_s: num(row.duration),
          input_tokens: num(row.total_input_tokens),
          output_tokens: num(row.total_output_tokens),
          price_per_hour: plan.hardware.price_per_hour ?? null
        }),
        absent: t.absent.gpu
      }
    : null;
  return {
    row,
    ...(record.broken ? {broken: true as const} : {}),
    block: record.block,
    metrics,
    logs,
    requests,
    names,
    repeats,
    ...(load ? {load: {kind: load.kind, value: load.value}} : {}),
    ...(telemetry ? {telemetry} : {}),
    ...(energy && row.status === "ok" ? {energy} : {})
  };
}

/**
 * A log as a page shows it: each line cut at MAX_LINE_CHARS (line numbers stay), then the text cut at MAX_LOG_BYTES,
 * but never before `keepThrough` (the result block's last line), so the block and its figures' lines stay shown.
 */
export function shownLog(text: string, keepThrough?: number): string {
  const lines = text.split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++)
    if (lines[i].length > MAX_LINE_CHARS) {
      lines[i] =
        `${lines[i].slice(0, MAX_LINE_CHARS)} … (line cut: ${lines[i].length - MAX_LINE_CHARS} more characters)`;
      changed = true;
    }
  const cut = changed ? lines.join("\n") : text;
  if (cut.length <= MAX_LOG_BYTES) return cut;
  let end = MAX_LOG_BYTES;
  if (keepThrough) {
    // Offset of the end of line keepThrough (1-based).
    let offset = 0;
    for (let i = 0; i < keepThrough && i < lines.length; i++) offset += lines[i].length + 1;
    end = Math.max(end, offset);
  }
  return end >= cut.length ? cut : cut.slice(0, end) + `\n… (cut at ${end} bytes)\n`;
}

/** A result JSON streamed: per-request arrays become distributions, and are elided from the text a page shows. */
function resultText(file: string, found: (requests: RequestDistributions) => void): string {
  try {
    const records = readResultJson(file);
    const first = records.find((r) => r.requests);
    if (first?.requests) found(first.requests);
    return elideArrays(
      file,
      records.flatMap((r) => r.spans)
    );
  } catch (error) {
    // Malformed JSON: the parser reports it with its line; the page shows the text as it is.
    if (!(error instanceof ResultJsonError)) throw error;
    return readFileSync(file, "utf8");
  }
}

/** What a run page needs: its row, the parsed block, and the raw logs with line numbers. */
export interface RunDetail {
  row: RunRow;
  /** Its run.json could not be read: the page is the run's, under its id. */
  broken?: true;
  block: ParsedBlock | null;
  metrics: Metrics;
  /** Logs as shown: a result JSON's per-request arrays are elided (their distributions are in `requests`). */
  logs: {file: string; text: string}[];
  /** Per-request distributions of a --save-detailed result JSON (null when the run saved none). */
  requests: RequestDistributions | null;
  /** Names the run page shows for the run's ids, from the plan: the page needs no report.json. */
  /** Engine, its version and the GPU as the page states them: null where the plan leaves them open ("TODO: …"). */
  names: {
    step: Text;
    scenario: Text;
    engine: string | null;
    engineVersion?: string | null;
    gpu?: string | null;
    quantization?: string | null;
    /** The tool that measured the run, where its benchmark command is not recorded (null: no file names it). */
    client?: string | null;
  };
  /** Repeats the plan gives the run's point (the run's own repeat is row.repeat). */
  repeats?: number;
  /** What the server and GPUs did during the run (absent for runs that recorded no telemetry). */
  telemetry?: RunTelemetryView | null;
  /** A ladder's level the run was sent at (absent for a run at its scenario's own load). */
  load?: {kind: string; value: number};
  /** Energy and cost per token with the factors they come from (absent without telemetry or for a failed run). */
  energy?: RunEnergyInput & RunEnergy & {absent: string | null};
}
/** A run page's telemetry: the time line over the measured window and why a part is missing. */
export interface RunTelemetryView {
  timeline: {
    s: number;
    kv_cache_usage: number | null;
    requests_running: number | null;
    requests_waiting: number | null;
    output_tokens_per_s: number | null;
  }[];
  /** GPU samples over the same window; absent or empty without gpu.csv. */
  gpu_timeline?: GpuTimelinePoint[];
  absent: {metrics: string | null; gpu: string | null};
  window: {start: string; end: string} | null;
  /** The run's telemetry figures the page lists, [metric, value], in the step table's order; only those recorded. */
  summary: [string, number][];
}
