// Flattens run records into the tidy one-row-per-run table that runs.csv and runs.parquet hold.
import {METRIC_COLUMNS} from "../canonical.js";
import {allSteps, type PlanCandidate, type StudyPlan} from "../study/plan.js";
import type {RunRecord, RunStatus} from "./read-runs.js";
import {shellWord} from "../command/shell-quote.js";
import {TELEMETRY_COLUMNS} from "../telemetry/read.js";

/** Quoted arguments by their text: a study repeats the same few hundred arguments in every run's commands. */
const quoted = new Map<string, string>();

function cachedWord(arg: string): string {
  let word = quoted.get(arg);
  if (word === undefined) {
    word = shellWord(arg);
    if (quoted.size < 65536) quoted.set(arg, word);
  }
  return word;
}

/** Quotes an argv for display the way a POSIX shell would read it back. */
export function shellCommand(argv: string[]): string {
  return argv.map(cachedWord).join(" ");
}

export const ROW_COLUMNS = [
  "run",
  "study",
  "step",
  "candidate",
  "label",
  "scenario",
  "repeat",
  "engine",
  "engine_version",
  "model",
  "quantization",
  "gpu",
  "gpu_count",
  "status",
  "error",
  "failed_phase",
  "server_command",
  "bench_command",
  "source_file",
  "source_first_line",
  "source_last_line",
  "partial"
] as const;

/** Metric columns that any run carries, in print order, plus any extra metric a parser produced. */
export function metricColumns(runs: RunRecord[]): string[] {
  const seen = new Set(runs.flatMap((r) => Object.keys(r.block?.metrics ?? {})));
  const known = METRIC_COLUMNS.filter((m) => seen.has(m));
  const extra = [...seen].filter((m) => !METRIC_COLUMNS.includes(m)).sort();
  return [...known, ...extra];
}

const candidateIndexes = new WeakMap<StudyPlan, Map<string, Map<string, PlanCandidate>>>();

/** Plan candidates by step id and candidate id, built once per plan (run pages call runRows once per run). */
function candidateIndex(plan: StudyPlan): Map<string, Map<string, PlanCandidate>> {
  let index = candidateIndexes.get(plan);
  if (index) return index;
  index = new Map();
  // First step and first candidate of each id win, as a search of the plan would find them.
  for (const step of allSteps(plan)) {
    if (index.has(step.id)) continue;
    const byId = new Map<string, PlanCandidate>();
    for (const c of step.candidates) if (!byId.has(c.id)) byId.set(c.id, c);
    index.set(step.id, byId);
  }
  candidateIndexes.set(plan, index);
  return index;
}

export function runRows(plan: StudyPlan, runs: RunRecord[], metrics = metricColumns(runs)): RunRow[] {
  const candidates = candidateIndex(plan);
  // Telemetry columns only in a study where some run recorded telemetry (the archive's tables stay as they were).
  const telemetry = runs.some((r) => r.telemetry) ? TELEMETRY_COLUMNS : [];
  return runs.map(({meta, block, source, telemetry: recorded}) => {
    const candidate = candidates.get(meta.step)?.get(meta.candidate);
    const row: RunRow = {
      run: meta.id,
      study: meta.study,
      step: meta.step,
      candidate: meta.candidate,
      label: candidate?.label ?? meta.candidate,
      scenario: meta.scenario,
      repeat: meta.repeat ?? 1,
      engine: meta.engine,
      engine_version: meta.engine_version,
      model: meta.model,
      quantization: meta.quantization,
      gpu: meta.gpu,
      gpu_count: meta.gpu_count,
      status: meta.status,
      error: meta.error ?? null,
      failed_phase: meta.failed_phase ?? null,
      server_command: shellCommand(meta.server_argv),
      bench_command: shellCommand(meta.bench_argv),
      source_file: block ? source : null,
      source_first_line: block ? block.lines[0] : null,
      source_last_line: block ? block.lines[1] : null,
      partial: block?.partial ?? null
    };
    for (const metric of metrics) row[metric] = block?.metrics[metric] ?? null;
    for (const column of telemetry) row[column] = recorded?.columns[column as keyof typeof recorded.columns] ?? null;
    return row;
  });
}

/** One row of runs.csv / runs.parquet: metadata, every canonical metric (null when not printed), provenance. */
export interface RunRow {
  run: string;
  study: string;
  step: string;
  candidate: string;
  label: string;
  scenario: string;
  /** Which repeat of its point (step, candidate, scenario) the run is, from 1. */
  repeat: number;
  engine: string;
  engine_version: string;
  model: string;
  quantization: string;
  gpu: string;
  gpu_count: number;
  status: RunStatus;
  error: string | null;
  /** Where a failed run failed: server-start, server-crash, benchmark, timeout, parse. */
  failed_phase: string | null;
  server_command: string;
  bench_command: string;
  /** Path of the log the metrics came from, relative to the repository root, and the block's lines in it. */
  source_file: string | null;
  source_first_line: number | null;
  source_last_line: number | null;
  /** Why the run's result block is partial (cut off or incomplete); null when complete. */
  partial: string | null;
  /** Canonical metrics (see canonical.ts METRIC_COLUMNS) and headroom columns (ceiling_tps, realistic_tps,
   * no_overlap_tps, ceiling_ratio, effective_tflops, binding); absent ones are null. */
  [metric: string]: string | number | null;
}
