// Compares two studies point by point: points matched on what makes them comparable, each metric's ratio new / base
// with an interval from the repeats, a verdict against a threshold, and what changed between the two studies.
import {basename} from "node:path";
import type {RunRow} from "../runs/rows.js";
import {argvDifferences, argvMeaning} from "../command/argv-meaning.js";
import {sharedResults} from "./shared-results.js";
import {geometricGain} from "../stats/geometric-gain.js";
import type {Summary} from "../stats/summary.js";
import type {StudyPlan} from "../study/plan.js";
import type {RunRecord} from "../runs/read-runs.js";
import {shellCommand} from "../runs/rows.js";
import {studyConfidence} from "../study/repeats.js";
import {aggregatePoints, type Point} from "./points.js";
import {metricColumns} from "./run-cells.js";
import {naturalOrder} from "../natural-order.js";
import {ENERGY_COLUMNS} from "./energy.js";

export type Direction = "higher" | "lower";
export type Verdict = "regression" | "improvement" | "within noise";
/** A point's verdict: a metric's, or "failed in both" where neither side has a result to compare. */
export type PointVerdict = Verdict | "failed in both";

/** Which way is better: throughputs up, latency levels down. Counts, token totals, durations, peaks and spreads
 * describe the workload or the noise, not the speed, and are not compared. */
export function metricDirection(metric: string): Direction | null {
  if (/^(request_throughput|request_goodput|output_throughput|total_token_throughput)$/.test(metric)) return "higher";
  if (/^(mean|median|p\d+(\.\d+)?)_(ttft|tpot|itl|e2el)_ms$/.test(metric)) return "lower";
  // Energy and cost per token (energy.ts): fewer joules, more tokens per dollar.
  if (/^j_per_(output_)?token$/.test(metric)) return "lower";
  if (/^(output_)?tokens_per_dollar$/.test(metric)) return "higher";
  return null;
}

/** What two points must share to be compared; everything else (engine version, client, dates) may differ. */
export interface ComparabilityKey {
  model: string;
  quantization: string;
  gpu: string;
  gpu_count: number;
  engine: string;
  /** The server command by meaning (program, positionals, options sorted), where it listens left out. */
  server: string;
  /** Dataset, its file's name, lengths, prompt count, seed and any other client arguments that shape the prompts. */
  workload: string;
  /** Request rate (inf when unset) and concurrency cap: a ladder's level is one of them. */
  load: string;
}

export interface CompareOptions {
  /** Relative threshold, 0.05 for 5 %. */
  threshold: number;
  /** Interval level; the base study's confidence when absent. */
  confidence?: number;
  /** Key parts left out, to compare across them (the GPU, for the same plan on the next GPU). */
  across?: readonly ("gpu" | "engine")[];
}

export interface MetricComparison {
  metric: string;
  direction: Direction;
  base: {n: number; mean: number};
  new: {n: number; mean: number};
  /** new.mean / base.mean; null when base's mean is 0 or a mean is negative (no ratio to speak of). */
  ratio: number | null;
  /** The ratio's interval (Welch on the log ratio, delta method); null with a single run on either side. */
  low: number | null;
  high: number | null;
  df: number | null;
  verdict: Verdict;
  /** "interval": decided by the interval; "ratio only": a side has one run, decided by the ratio itself. */
  basis: "interval" | "ratio only" | "no ratio";
}

export interface PointComparison {
  base: string;
  new: string;
  key: ComparabilityKey;
  label: string;
  engine: string;
  scenario: string;
  base_n: number;
  new_n: number;
  base_failed: number;
  new_failed: number;
  /** "failed in new": every repeat of the new point failed while base had results, a regression by itself. */
  status: "compared" | "failed in new" | "failed in base" | "failed in both";
  metrics: MetricComparison[];
  /** Worst over the metrics: any regression makes the point a regression; no result on either side: failed in both. */
  verdict: PointVerdict;
}

export interface UnmatchedPoint {
  side: "base" | "new";
  point: string;
  key: ComparabilityKey;
  /** The other side's point with the same id, and how its key differs (why it did not match). */
  same_id_differs: string[] | null;
}

export interface StudyChange {
  what: "model" | "engine version" | "server arguments" | "hardware" | "client" | "repeats" | "confidence";
  subject: string;
  base: string;
  new: string;
  /** What differs, by meaning, where the two values alone do not say it (commands). */
  detail?: string;
}

export interface StudySide {
  dir: string;
  id: string;
  runs: number;
  points: number;
}

export interface StudyComparison {
  base: StudySide;
  new: StudySide;
  threshold: number;
  confidence: number;
  across: string[];
  metrics: string[];
  matched: PointComparison[];
  unmatched: UnmatchedPoint[];
  changes: StudyChange[];
  regressions: string[];
  improvements: string[];
  /** Points whose every run failed in BASE and in NEW: nothing compared, neither noise nor a regression. */
  failed_in_both: string[];
  /** The matched points by verdict, each count with what it means; they add up to the matched points. */
  counts: VerdictCount[];
  /** Runs whose results BASE and NEW hold figure for figure: one result in both studies, not measured again. */
  same_results: {base: string; new: string}[];
}

export interface VerdictCount {
  verdict: PointVerdict;
  points: number;
  meaning: string;
}

/** A study as the comparison needs it: its plan, its runs table and the runs' records (for the argv as recorded). */
export interface ComparedStudy {
  dir: string;
  plan: StudyPlan;
  rows: readonly RunRow[];
  runs: readonly Pick<RunRecord, "meta">[];
}

/** Options that say where the server listens, not how it serves. */
const WHERE_SERVER_LISTENS = new Set(["--host", "--port"]);
/** Client options that set the load rather than the workload. */
const LOAD_OPTIONS = new Set(["--request-rate", "--max-concurrency"]);

/** Options by meaning in one order: sorted by name, each with its values. */
function optionsText(options: Map<string, string[]>, keep: (name: string) => boolean): string[] {
  return [...options]
    .filter(([name]) => keep(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, values]) => [name, ...values].join(" "));
}

export function comparabilityKey(
  plan: StudyPlan,
  row: RunRow,
  serverArgv: readonly string[],
  across: readonly string[] = []
): ComparabilityKey {
  const scenario = plan.scenarios.find((s) => s.id === row.scenario);
  const candidate = plan.steps.find((s) => s.id === row.step)?.candidates.find((c) => c.id === row.candidate);
  const extra = [...(scenario?.bench_args ?? []), ...(candidate?.bench_args ?? [])];
  // Options only: a placeholder program word keeps argvMeaning from reading the first value as the program.
  const extraOptions = argvMeaning(["client", ...extra]).options;
  const server = argvMeaning([...serverArgv]);
  const workload = scenario
    ? [
        `dataset=${scenario.dataset}`,
        scenario.dataset_path ? `file=${basename(scenario.dataset_path)}` : null,
        scenario.input_len != null ? `input=${scenario.input_len}` : null,
        scenario.output_len != null ? `output=${scenario.output_len}` : null,
        `prompts=${scenario.num_prompts}`,
        scenario.seed != null ? `seed=${scenario.seed}` : null,
        ...optionsText(extraOptions, (name) => !LOAD_OPTIONS.has(name))
      ]
        .filter((part) => part)
        .join(" ")
    : `scenario=${row.scenario}`;
  // A ladder's level is the point's load: its runs carry it (their scenario's own rate and limit are unset).
  const level = scenario?.loads && typeof row.load === "number" ? {kind: row.load_kind, value: row.load} : null;
  const rate = String(
    level?.kind === "request_rate"
      ? level.value
      : (scenario?.request_rate ?? extraOptions.get("--request-rate")?.[0] ?? "inf")
  );
  const concurrency =
    level?.kind === "concurrency"
      ? level.value
      : (scenario?.max_concurrency ?? extraOptions.get("--max-concurrency")?.[0] ?? "none");
  return {
    model: row.model,
    quantization: row.quantization,
    gpu: across.includes("gpu") ? "*" : row.gpu,
    gpu_count: row.gpu_count,
    engine: across.includes("engine") ? "*" : row.engine,
    server: [...server.command, ...optionsText(server.options, (name) => !WHERE_SERVER_LISTENS.has(name))].join(" "),
    workload,
    load: `rate=${rate} concurrency=${concurrency}`
  };
}

/** Each run's server argv as recorded (rows carry it only quoted for display). */
function serverArgvs(study: ComparedStudy): Map<string, readonly string[]> {
  return new Map(study.runs.map((r) => [r.meta.id, r.meta.server_argv]));
}

const keyText = (key: ComparabilityKey): string => JSON.stringify(key);

function keyDifferences(a: ComparabilityKey, b: ComparabilityKey): string[] {
  return (Object.keys(a) as (keyof ComparabilityKey)[])
    .filter((part) => a[part] !== b[part])
    .map((part) => `${part} '${a[part]}' against '${b[part]}'`);
}

/** The ratio new / base and its interval: the log ratio's variance by the delta method ((se / mean)² of each side),
 * Welch–Satterthwaite degrees of freedom, exponentiated back. */
export function ratioInterval(
  base: Summary,
  next: Summary,
  confidence: number
): {ratio: number | null; low: number | null; high: number | null; df: number | null} {
  if (!(base.mean > 0) || next.mean < 0)
    return {ratio: base.mean === 0 && next.mean === 0 ? 1 : null, low: null, high: null, df: null};
  const ratio = next.mean / base.mean;
  const gain = next.mean > 0 ? geometricGain([{before: base, after: next}], confidence) : null;
  if (!gain) return {ratio, low: null, high: null, df: null};
  return {ratio, low: 1 + gain.gain_low / 100, high: 1 + gain.gain_high / 100, df: gain.df};
}

/** regression: the interval lies wholly beyond the threshold on the bad side; improvement: wholly beyond it on the good
 * side; otherwise within noise. With no interval (one run on a side) the ratio itself stands for both ends. */
export function verdictOf(
  direction: Direction,
  ratio: number,
  low: number | null,
  high: number | null,
  threshold: number
): Verdict {
  const lo = low ?? ratio;
  const hi = high ?? ratio;
  const below = hi < 1 - threshold;
  const above = lo > 1 + threshold;
  if (direction === "higher") return below ? "regression" : above ? "improvement" : "within noise";
  return above ? "regression" : below ? "improvement" : "within noise";
}

function worst(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes("regression")) return "regression";
  if (verdicts.includes("improvement")) return "improvement";
  return "within noise";
}

function comparePoints(
  base: Point,
  next: Point,
  key: ComparabilityKey,
  metrics: readonly string[],
  options: {threshold: number; confidence: number}
): PointComparison {
  const status =
    base.n === 0 && next.n === 0
      ? "failed in both"
      : next.n === 0
        ? "failed in new"
        : base.n === 0
          ? "failed in base"
          : "compared";
  const compared: MetricComparison[] = [];
  for (const metric of metrics) {
    const direction = metricDirection(metric)!;
    const b = base.metrics[metric];
    const n = next.metrics[metric];
    if (!b || !n) continue;
    const {ratio, low, high, df} = ratioInterval(b, n, options.confidence);
    compared.push({
      metric,
      direction,
      base: {n: b.n, mean: b.mean},
      new: {n: n.n, mean: n.mean},
      ratio,
      low,
      high,
      df,
      verdict: ratio == null ? "within noise" : verdictOf(direction, ratio, low, high, options.threshold),
      basis: ratio == null ? "no ratio" : low == null ? "ratio only" : "interval"
    });
  }
  const verdict: PointVerdict =
    status === "failed in both"
      ? "failed in both"
      : status === "failed in new"
        ? "regression"
        : status === "failed in base"
          ? "improvement"
          : worst(compared.map((m) => m.verdict));
  const first = next.rows[0];
  return {
    base: base.key,
    new: next.key,
    key,
    label: first.label,
    engine: first.engine,
    scenario: first.scenario,
    base_n: base.n,
    new_n: next.n,
    base_failed: base.failed,
    new_failed: next.failed,
    status,
    metrics: compared,
    verdict
  };
}

const distinct = (values: readonly (string | number)[]): string => [...new Set(values.map(String))].sort().join(", ");

function studyChanges(base: ComparedStudy, next: ComparedStudy, matched: PointComparison[]): StudyChange[] {
  const changes: StudyChange[] = [];
  const add = (what: StudyChange["what"], subject: string, a: string, b: string) => {
    if (a !== b) changes.push({what, subject, base: a, new: b});
  };
  add("model", "model", base.plan.model.name, next.plan.model.name);
  const hardware = (s: ComparedStudy) =>
    `${s.plan.hardware.name} ×${s.plan.hardware.count}` +
    (s.rows.length ? ` (runs: ${distinct(s.rows.map((r) => `${r.gpu} ×${r.gpu_count}`))})` : "");
  add("hardware", "GPU", hardware(base), hardware(next));
  const engines = [...new Set([...Object.keys(base.plan.engines), ...Object.keys(next.plan.engines)])].sort();
  for (const engine of engines) {
    const version = (s: ComparedStudy) => {
      const planned = s.plan.engines[engine]?.version;
      const ran = distinct(s.rows.filter((r) => r.engine === engine).map((r) => r.engine_version));
      if (planned == null) return "(not in the study)";
      return ran && ran !== planned ? `${planned} (runs: ${ran})` : planned;
    };
    add("engine version", engine, version(base), version(next));
  }
  const client = (s: ComparedStudy) => `${s.plan.client.name} (${s.plan.client.kind ?? "vllm"})`;
  add("client", "client", client(base), client(next));
  const clientArgs = argvDifferences(base.plan.client.argv, next.plan.client.argv);
  if (clientArgs.length)
    changes.push({
      what: "client",
      subject: "client arguments",
      base: shellCommand(base.plan.client.argv),
      new: shellCommand(next.plan.client.argv),
      detail: clientArgs.join("; ")
    });
  // Server arguments of points kept under one id whose settings changed (so they no longer match).
  const baseArgv = serverArgvs(base);
  for (const run of next.runs) {
    if ((run.meta.repeat ?? 1) !== 1) continue;
    const before = baseArgv.get(run.meta.id);
    if (!before) continue;
    const diff = argvDifferences([...before], run.meta.server_argv, {ignore: [...WHERE_SERVER_LISTENS]});
    if (diff.length)
      changes.push({
        what: "server arguments",
        subject: run.meta.id,
        base: shellCommand([...before]),
        new: shellCommand(run.meta.server_argv),
        detail: diff.join("; ")
      });
  }
  const repeats = (s: ComparedStudy, side: "base_n" | "new_n") => {
    const counts = matched.map((m) => m[side]);
    return counts.length ? `${Math.min(...counts)}–${Math.max(...counts)}` : "—";
  };
  add("repeats", "successful repeats per matched point", repeats(base, "base_n"), repeats(next, "new_n"));
  add("confidence", "confidence", String(studyConfidence(base.plan)), String(studyConfidence(next.plan)));
  return changes;
}

/** Every compared metric present in either study, in the runs table's order, then energy and cost per token where a
 * run of either has them. */
function comparedMetrics(base: readonly RunRow[], next: readonly RunRow[]): string[] {
  const all = [...metricColumns(base as RunRow[]), ...metricColumns(next as RunRow[])];
  const energy = ENERGY_COLUMNS.filter((c) => [...base, ...next].some((r) => typeof r[c] === "number"));
  return [...new Set([...all, ...energy])].filter((m) => metricDirection(m) != null);
}

export function compareStudies(base: ComparedStudy, next: ComparedStudy, options: CompareOptions): StudyComparison {
  const confidence = options.confidence ?? studyConfidence(base.plan);
  const across = [...(options.across ?? [])];
  const metrics = comparedMetrics(base.rows, next.rows);
  const basePoints = aggregatePoints(base.rows, metrics, confidence);
  const newPoints = aggregatePoints(next.rows, metrics, confidence);
  const keyOf = (s: ComparedStudy, argvs: Map<string, readonly string[]>, p: Point) =>
    comparabilityKey(s.plan, p.rows[0], argvs.get(p.rows[0].run) ?? [], across);
  const baseArgv = serverArgvs(base);
  const newArgv = serverArgvs(next);
  const baseKeys = new Map(basePoints.map((p) => [p, keyOf(base, baseArgv, p)]));
  const newKeys = new Map(newPoints.map((p) => [p, keyOf(next, newArgv, p)]));
  // Points under one key: same point ids pair first, the rest in study order.
  const waiting = new Map<string, Point[]>();
  for (const p of basePoints) {
    const text = keyText(baseKeys.get(p)!);
    waiting.set(text, [...(waiting.get(text) ?? []), p]);
  }
  const pairs: [Point, Point][] = [];
  const unpairedNew: Point[] = [];
  for (const p of newPoints) {
    const list = waiting.get(keyText(newKeys.get(p)!));
    const at = list
      ? Math.max(
          0,
          list.findIndex((b) => b.key === p.key)
        )
      : -1;
    if (list && list.length) pairs.push([list.splice(at, 1)[0], p]);
    else unpairedNew.push(p);
  }
  // Points in natural order: a ladder's c4 before its c16.
  const matched = pairs
    .map(([b, n]) => comparePoints(b, n, newKeys.get(n)!, metrics, {threshold: options.threshold, confidence}))
    .sort((x, y) => naturalOrder(x.new, y.new));
  const paired = new Set(pairs.map(([b]) => b));
  const baseById = new Map(basePoints.map((p) => [p.key, p]));
  const newById = new Map(newPoints.map((p) => [p.key, p]));
  const unmatched: UnmatchedPoint[] = [
    ...basePoints
      .filter((p) => !paired.has(p))
      .map((p): UnmatchedPoint => {
        const other = newById.get(p.key);
        return {
          side: "base",
          point: p.key,
          key: baseKeys.get(p)!,
          same_id_differs: other ? keyDifferences(baseKeys.get(p)!, newKeys.get(other)!) : null
        };
      }),
    ...unpairedNew.map((p): UnmatchedPoint => {
      const other = baseById.get(p.key);
      return {
        side: "new",
        point: p.key,
        key: newKeys.get(p)!,
        same_id_differs: other ? keyDifferences(baseKeys.get(other)!, newKeys.get(p)!) : null
      };
    })
  ];
  const named = (verdict: PointVerdict) => matched.filter((m) => m.verdict === verdict).map((m) => m.new);
  const side = (s: ComparedStudy, points: Point[]): StudySide => ({
    dir: s.dir,
    id: s.plan.id,
    runs: s.rows.length,
    points: points.length
  });
  return {
    base: side(base, basePoints),
    new: side(next, newPoints),
    threshold: options.threshold,
    confidence,
    across,
    metrics,
    matched,
    unmatched,
    changes: studyChanges(base, next, matched),
    regressions: named("regression"),
    improvements: named("improvement"),
    failed_in_both: named("failed in both"),
    counts: VERDICTS.map((verdict) => ({verdict, points: named(verdict).length, meaning: VERDICT_MEANING[verdict]})),
    same_results: sharedResults([
      {id: "base", rows: base.rows},
      {id: "new", rows: next.rows}
    ]).map((runs) => ({base: runs.find((r) => r.study === "base")!.run, new: runs.find((r) => r.study === "new")!.run}))
  };
}

const VERDICTS: readonly PointVerdict[] = ["regression", "improvement", "within noise", "failed in both"];

/** What each count of matched points means, as the outputs and the pages say it. */
export const VERDICT_MEANING: Record<PointVerdict, string> = {
  regression:
    "a metric's interval (or ratio, with no interval) lies wholly beyond the threshold on the bad side, or every NEW run of the point failed while BASE ran (failed in new)",
  improvement:
    "a metric lies wholly beyond the threshold on the good side and none on the bad side, or every BASE run failed and NEW runs (failed in base: now runs)",
  "within noise": "both sides ran and no metric lies wholly beyond the threshold",
  "failed in both":
    "every run of the point failed in BASE and in NEW, so nothing is compared: not a regression, and not a result either"
};

const rulePercent = (x: number) => `${+(x * 100).toFixed(2)} %`;

/** The rule in words, as `compare` and the comparison pages state it. */
export function compareRule(c: Pick<StudyComparison, "threshold" | "confidence">): string {
  const t = rulePercent(c.threshold);
  return (
    `Threshold ${t}; intervals at ${rulePercent(c.confidence)} confidence (Welch on the log ratio of the means). ` +
    `Regression: the ratio NEW / BASE lies wholly beyond the threshold on the bad side (throughputs below ×${(1 - c.threshold).toFixed(3)}, ` +
    `latencies above ×${(1 + c.threshold).toFixed(3)}); improvement: wholly beyond it on the good side; otherwise within noise. ` +
    `A point with a single run on either side has no interval ("no interval"): its ratio alone is held to the threshold, ` +
    `so it cannot tell a change from run-to-run noise. A point whose every NEW run failed is a regression; one whose every ` +
    `BASE run failed and NEW runs is an improvement; one that failed in both is counted apart.`
  );
}
