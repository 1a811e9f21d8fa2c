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
  /** Run ids of this candidate, one per scenario of its step and repeat (rounds: each scenario, then again). */
  runs: string[];
}

/** A candidate's standing in a step, ordered best first; failed runs last with their error. */
export interface Standing {
  candidate: string;
  /** The point's first run (repeat 1). */
  run: string;
  /** Every archived run of the point, by repeat. */
  runs: string[];
  label: string;
  status: RunStatus;
  /** The objective: the mean over the point's successful repeats (a single run's own value). */
  value: number | null;
  error: string | null;
  /** The run's result is partial (cut off or incomplete): ranked after the complete runs. */
  partial: boolean;
  /** Successful and failed repeats of the point. */
  n: number;
  failed_repeats: number;
  /** Student-t interval of the mean at the study's confidence; null below two successful repeats. */
  ci_low: number | null;
  ci_high: number | null;
  /** Mean TPOT over the point's successful repeats (the step chart's second panel); null where none printed it. */
  mean_tpot_ms?: number | null;
}

/** A relative change's interval at the study's confidence (Welch's t), percent; absent for single runs. */
export interface GainInterval {
  low: number;
  high: number;
  confidence: number;
  /** "log": Welch's interval would fall below −100 % (a negative throughput), so this is the log-ratio interval. */
  scale?: "log";
}

/** How a selection step picked its winner, as the step page states it. */
export type StepDecision =
  | {rule: "scenario"; scenario: string; declared: boolean}
  | {
      rule: "geometric-mean";
      declared: boolean;
      /** Per candidate: the geometric mean of its per-scenario ratios to the incumbent, and the ratios. */
      scores: {candidate: string; score: number | null; ratios: Record<string, number | null>}[];
    };

export interface StepVerdict {
  /** improved: a candidate beat the best so far (significantly, when there are repeats); within-noise: one did on
   * average, but its gain's interval includes zero, so the best so far stays; no-improvement: none did; all-failed:
   * nothing ran. */
  kind: "improved" | "within-noise" | "no-improvement" | "all-failed" | "comparison";
  /** Best configuration before this step (null for the first step, which starts from the study baseline). */
  incumbent: {candidate: string; step: string; run: string; value: number} | null;
  /** Best candidate of this step (the winner when kind is improved). */
  best: {candidate: string; run: string; value: number} | null;
  /** Gain of the best candidate over the incumbent (or the baseline for the first step), percent; null when none
   * (within-noise and no-improvement keep the measured difference when there are repeats to weigh it). */
  gain_percent: number | null;
  /** The gain's interval; null when either side ran once (no interval can be computed). */
  gain_interval: GainInterval | null;
  /** Best configuration after this step. */
  winner: {candidate: string; step: string; run: string; value: number} | null;
  /** What the gain compares (selection steps): the incumbent's value on the deciding scenario, or the best candidate's
   * geometric mean of per-scenario ratios over that many scenarios. */
  basis?:
    | {rule: "scenario"; scenario: string; incumbent_value: number | null}
    | {rule: "geometric-mean"; scenarios: number; score: number | null};
  /** A comparison step's leader on each scenario over the runner-up, with the gain's interval: it leads under the
   * study's rule only when that interval lies above zero (or when either side ran once). */
  leads?: {
    scenario: string;
    candidate: string;
    over: string;
    gain_percent: number;
    gain_interval: GainInterval | null;
  }[];
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
  /** Selection steps: the decision rule applied. */
  decision?: StepDecision;
}

export interface HeadlineRow {
  scenario: string;
  baseline_run: string;
  recommended_run: string;
  baseline_tps: number;
  recommended_tps: number;
  change_percent: number;
  /** The throughput change's interval; null when either side ran once. */
  change_interval: GainInterval | null;
  /** Successful repeats behind each side's mean. */
  baseline_n: number;
  recommended_n: number;
  baseline_tpot_ms: number | null;
  recommended_tpot_ms: number | null;
  tpot_change_percent: number | null;
}

export interface SummaryRow {
  step: string;
  title: Text;
  /** null renders as "—": nothing beat the best configuration so far. */
  gain_percent: number | null;
  /** The gain's interval (for a within-noise step too, where gain_percent is null); null for single runs. */
  gain_interval: GainInterval | null;
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
  /** For a published gain: whether it lies inside the recomputed gain's interval; null when there is none. */
  within_interval?: boolean | null;
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
    /** Which values in the shown commands depend on the machine (port, host); null when none do. */
    machine_note: Text | null;
    scenarios: ScenarioInfo[];
    notes: Text[];
    source: string | null;
    /** Confidence level of every interval (the plan's `confidence`, 0.95 unless set). */
    confidence: number;
    /** Fewest and most successful repeats of a point that ran (1 and 1 for a study of single runs). */
    repeats: {min: number; max: number};
    /** Leading repeats of each point run as warm-ups (the plan's warmup_repeats): listed, in no mean or interval. */
    warmup_repeats?: number;
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
  /** Repeats the plan gives the run's point (the run's own repeat is row.repeat). */
  repeats?: number;
  /** What the server and GPUs did during the run (absent for runs that recorded no telemetry). */
  telemetry?: RunTelemetryView | null;
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
  absent: {metrics: string | null; gpu: string | null};
  window: {start: string; end: string} | null;
}

/** Run pages grouped in sets (above the per-run page limit): one page per set shows any of its runs. */
export interface RunSet {
  set: number;
  sets: number;
  runs: RunDetail[];
}

// Page data: what each page loads instead of the whole report.json and runs.csv (built by loaders/pages/).

/** The study's own facts, shown across pages: title, goal, objective, model, hardware, engines, scenarios, notes. */
export type StudyInfo = Report["study"];

/** A step as a page that only names it needs it: its title and the labels of the candidates the page mentions. */
export interface StepNames {
  id: string;
  title: Text;
  candidates: {id: string; label: string}[];
}

/** RunRow's named columns (those with their own type): metrics and headroom columns go through its index signature. */
type NamedColumn = keyof {[K in keyof RunRow as string extends K ? never : number extends K ? never : K]: unknown};

/** Some columns of a run's row (run and status always), for a page that shows only those; K names them. */
export type RunCells<K extends string = never> = Pick<RunRow, "run" | "status" | (K & NamedColumn)> & {
  [column: string]: string | number | null;
};

/** A table sent as columns, each column's values in row order: a name per column instead of one per cell. */
export type ColumnsOf<R> = {[K in keyof R]: R[K][]};

/** The home page: the study, the recommended configuration, the headline and its share of the ceiling. */
export interface HomePage {
  study: StudyInfo;
  recommended: Report["recommended"];
  headline: HeadlineRow[];
  /** Where the recommendation comes from: the last selection step, the step it won and the command it won with. */
  origin: {
    last_step: Text | null;
    won_in: Text | null;
    winner_command: string;
    /** No step's candidate replaced the baseline: the recommendation is the configuration the study started from. */
    kept_baseline?: boolean;
  };
  headroom: HeadroomReport | null;
  /** Only the finding that says why there is no headroom, when there is none. */
  findings: Finding[];
  /** The headline's runs: their status and share of the ceiling. */
  rows: RunCells<"ceiling_ratio">[];
}

/** One step page (data/steps/<step>.json): the step, its runs and the names its verdict mentions. */
export interface StepPage {
  study: StudyInfo;
  step: StepReport;
  /** This step and the step the best configuration so far comes from. */
  steps: StepNames[];
  /** Metric columns these runs printed, in the tool's print order. */
  metrics: string[];
  /** The step's archived runs: status and the metrics above. */
  rows: RunCells[];
  /** Findings on whether the repeats repeat: the step's points' own, then the study-wide ones. */
  findings?: Finding[];
}

/** A step on the summary page: its verdict, and the labels of the candidates the verdict names. */
export interface SummaryStep extends StepNames {
  verdict: StepVerdict;
}

/** A run as a point of the throughput/latency plane: only runs that have both numbers. */
export type TradeoffRow = RunCells<"scenario" | "label">;

/** The summary page: each selection step's gain and every successful run on the throughput/latency plane. */
export interface SummaryPage {
  study: StudyInfo;
  summary: SummaryRow[];
  steps: SummaryStep[];
  columns: ColumnsOf<TradeoffRow>;
}

/** One benchmark command of a scenario and the runs that used it. */
export interface BenchCommandGroup {
  scenario: string;
  command: string;
  runs: string[];
}

/** A step's candidates with the commands their servers were started with. */
export interface StepCommands {
  id: string;
  title: Text;
  candidates: {id: string; label: string; server_command: string}[];
}

/** The setup page: the study, the benchmark commands by scenario and every server command. */
export interface SetupPage {
  study: StudyInfo;
  bench_commands: BenchCommandGroup[];
  steps: StepCommands[];
  /** How the runs ran, from the plan and the recorded commands (absent where the page was built without the plan). */
  settings?: {
    /** The programs the recorded benchmark commands ran (e.g. "tps-report bench" for the native client). */
    clients: string[];
    /** Repeats the plan gives a point: fewest and most. */
    repeats: {min: number; max: number};
    confidence: number;
    warmup_repeats: number;
    /** --num-warmups values the recorded commands carry. */
    num_warmups: number[];
    /** Seeds the recorded commands sent, in order. */
    seeds: number[];
    /** The scrape interval when some run recorded server metrics, else null. */
    scrape_interval_s: number | null;
    gpu_samples: boolean;
  };
}

/** The quality page: claims and findings, and which of the findings' runs have a page. */
export interface QualityPage {
  claims: ClaimCheck[];
  findings: Finding[];
  archived_runs: string[];
}

/** A run on the Headroom page: what its table row and chart bar show. */
export type HeadroomRow = RunCells<
  | "label"
  | "step"
  | "candidate"
  | "scenario"
  | "engine"
  | "error"
  | "total_token_throughput"
  | "ceiling_tps"
  | "ceiling_ratio"
  | "effective_tflops"
  | "binding"
  | "kv_cache_usage_max"
  | "requests_waiting_max"
  | "kv_full_waiting_share"
  | "kv_capacity_bound"
>;

/** The Headroom page: the model, every scenario's ceiling and every run against it. */
export interface HeadroomPage {
  study: StudyInfo;
  headline: HeadlineRow[];
  headroom: HeadroomReport | null;
  /** Only the finding that says why there is no headroom, when there is none. */
  findings: Finding[];
  /** Every step in plan order: titles, and the candidates of failed runs (they are listed in plan order). */
  steps: StepNames[];
  /** One row per point: the mean over its successful repeats. */
  columns: ColumnsOf<HeadroomRow>;
  /** Each successful repeat of a point that ran more than once, drawn as a point around its bar. */
  repeats?: {point: string; run: string; repeat: number; value: number}[];
}

/** A row of the all-runs table. */
export type RunsIndexRow = RunCells<"step" | "label" | "scenario" | "error">;

/** The all-runs page: one slim row per run (the table's columns), steps for their titles and order. */
export interface RunsPage {
  study: StudyInfo;
  steps: Omit<StepNames, "candidates">[];
  columns: ColumnsOf<RunsIndexRow>;
}

/** The notes page: the study's own facts (its notes among them). */
export interface StudyPage {
  study: StudyInfo;
}
