// Shapes of what the Framework loaders in src/data/ write and the pages read.
import type {Metrics, ParsedBlock} from "./canonical.js";
import type {RequestDistributions} from "./requests/request-collector.js";

export type Lang = "en" | "tr";
export type Text = Record<Lang, string>;

export type RunStatus = "ok" | "failed";

/** One row of runs.csv / runs.parquet: metadata, every canonical metric (null when not printed), provenance. */
export interface RunRow {
  run: string;
  study: string;
  step: string;
  candidate: string;
  label: string;
  scenario: string;
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
  /** Canonical metrics (see canonical.ts METRIC_COLUMNS) and headroom columns (ceiling_tps, realistic_tps,
   * no_overlap_tps, ceiling_ratio, effective_tflops, binding); absent ones are null. */
  [metric: string]: string | number | null;
}

export interface ScenarioInfo {
  id: string;
  name: Text;
  dataset: "random" | "sharegpt" | string;
  dataset_path: string | null;
  input_len: number | null;
  output_len: number | null;
  num_prompts: number;
  seed: number | null;
}

export interface CandidateInfo {
  id: string;
  label: string;
  engine: string;
  model: string;
  quantization: string;
  role: "baseline" | "recommended" | null;
  server_command: string;
  /** Run ids of this candidate, one per scenario of its step. */
  runs: string[];
}

/** A candidate's standing in a step, ordered best first; failed runs last with their error. */
export interface Standing {
  candidate: string;
  run: string;
  label: string;
  status: RunStatus;
  value: number | null;
  error: string | null;
}

export interface StepVerdict {
  /** improved: a candidate beat the best so far; no-improvement: none did; all-failed: nothing ran. */
  kind: "improved" | "no-improvement" | "all-failed" | "comparison";
  /** Best configuration before this step (null for the first step, which starts from the study baseline). */
  incumbent: {candidate: string; step: string; run: string; value: number} | null;
  /** Best candidate of this step (the winner when kind is improved). */
  best: {candidate: string; run: string; value: number} | null;
  /** Gain of the best candidate over the incumbent (or the baseline for the first step), percent; null when none. */
  gain_percent: number | null;
  /** Best configuration after this step. */
  winner: {candidate: string; step: string; run: string; value: number} | null;
}

export interface StepReport {
  id: string;
  kind: "selection" | "generalization";
  title: Text;
  scenarios: string[];
  candidates: CandidateInfo[];
  /** Per scenario of the step, standings by the study objective. */
  standings: Record<string, Standing[]>;
  verdict: StepVerdict;
}

export interface HeadlineRow {
  scenario: string;
  baseline_run: string;
  recommended_run: string;
  baseline_tps: number;
  recommended_tps: number;
  change_percent: number;
  baseline_tpot_ms: number | null;
  recommended_tpot_ms: number | null;
  tpot_change_percent: number | null;
}

export interface SummaryRow {
  step: string;
  title: Text;
  /** null renders as "—": nothing beat the best configuration so far. */
  gain_percent: number | null;
}

export type ClaimStatus = "confirmed" | "contradicted" | "unverifiable";

export interface ClaimCheck {
  id: string;
  kind: string;
  /** What the claim is about, in words, both languages. */
  subject: Text;
  published: string;
  recomputed: string;
  status: ClaimStatus;
  detail: string | null;
}

export type Severity = "error" | "warning" | "info";

export interface Finding {
  severity: Severity;
  code: string;
  message: string;
  run: string | null;
  file: string | null;
  line: number | null;
}

export interface HeadroomScenario {
  scenario: string;
  /** Mean N, I and O of the scenario's measured runs (nominal values when none ran). */
  num_prompts: number;
  input_len: number;
  output_len: number;
  ceiling_tps: number;
  realistic_tps: number;
  no_overlap_tps: number;
  binding: "compute" | "bandwidth" | "kv-capacity";
  /** Time the work needs at peak compute and at peak bandwidth, seconds. */
  compute_s: number;
  memory_s: number;
  kv_capacity_tokens: number;
  max_concurrent: number;
  from_runs: number;
}

export interface HeadroomReport {
  model: string;
  gpu: {id: string; name: string; bf16_tflops: number; bandwidth_gbs: number; memory_gib: number; sources: string[]};
  mfu: number;
  mbu: number;
  binding_rule: string;
  assumptions: Text[];
  scenarios: HeadroomScenario[];
}

export interface Report {
  study: {
    id: string;
    title: Text;
    goal: Text;
    objective: string;
    model: string;
    hardware: {gpu: string; name: string; count: number};
    engines: {id: string; name: string; version: string}[];
    client: {name: string; command: string};
    scenarios: ScenarioInfo[];
    notes: Text[];
    source: string | null;
  };
  steps: StepReport[];
  baseline: {step: string; candidate: string; run: string};
  recommended: {step: string; candidate: string; label: string; server_command: string; engine: string};
  headline: HeadlineRow[];
  summary: SummaryRow[];
  claims: ClaimCheck[];
  findings: Finding[];
  /** null when the study names no model config or its GPU is not in the table (a finding says which). */
  headroom: HeadroomReport | null;
}

/** What a run page needs: its row, the parsed block, and the raw logs with line numbers. */
export interface RunDetail {
  row: RunRow;
  block: ParsedBlock | null;
  metrics: Metrics;
  /** Logs as shown: a result JSON's per-request arrays are elided (their distributions are in `requests`). */
  logs: {file: string; text: string}[];
  /** Per-request distributions of a --save-detailed result JSON (null when the run saved none). */
  requests: RequestDistributions | null;
  /** Names the run page shows for the run's ids, from the plan: the page needs no report.json. */
  names: {step: Text; scenario: Text; engine: string};
}

/** Run pages grouped in sets (above the per-run page limit): one page per set shows any of its runs. */
export interface RunSet {
  set: number;
  sets: number;
  runs: RunDetail[];
}
