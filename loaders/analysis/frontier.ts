// Two studies compared along their load curves: at fixed interactivity levels, the throughput per GPU each study's
// Pareto frontier reaches, and each study's best throughput within the SLO; "—" where a frontier does not reach.
import type {RunRow} from "../runs/rows.js";
import type {Summary} from "../stats/summary.js";
import type {PlanSlo, StudyPlan} from "../study/plan.js";
import {studyConfidence} from "../study/repeats.js";
import {
  comparabilityKey,
  metricDirection,
  ratioInterval,
  verdictOf,
  type ComparedStudy,
  type CompareOptions,
  type Verdict
} from "./compare.js";
import {sloLimitsText} from "./ladder.js";
import {aggregatePoints} from "./points.js";
import {pointSlo, sloColumn} from "./slo.js";

/** A measured load point as the frontier reads it: means over its successful repeats. */
export interface CurvePoint {
  point: string;
  /** Tok/s per user: the mean of its repeats' 1000 / median TPOT. */
  interactivity: number;
  per_gpu: number;
}

export interface FrontierReading extends CurvePoint {
  n: number;
  /** The load the point ran at (its ladder level). */
  load: number;
  load_kind: string;
}

/** One side against the other at a level: the ratio NEW / BASE of the chosen points' throughputs, with its interval
 * from their repeats and compare's verdict; null ratio and verdict where a side has no reading ("—") or where the two
 * readings ran at different loads (a step of the staircase, not a change at one load: `loads_differ`). */
export interface FrontierCell {
  base: FrontierReading | null;
  new: FrontierReading | null;
  ratio: number | null;
  low: number | null;
  high: number | null;
  basis: "interval" | "ratio only" | null;
  verdict: Verdict | null;
  /** The two readings ran at different loads: shown, not compared. */
  loads_differ?: true;
}

export interface FrontierLevel extends FrontierCell {
  /** Tok/s per user. */
  interactivity: number;
}

export interface CurveComparison {
  model: string;
  gpu: string;
  gpu_count: number;
  /** The workload both sides' ladders ran (compare's key, the prompt count left out). */
  workload: string;
  base_scenarios: string[];
  new_scenarios: string[];
  /** Each side's Pareto frontier, by interactivity; empty where the side has no ladder of this workload. */
  base_frontier: FrontierReading[];
  new_frontier: FrontierReading[];
  levels: FrontierLevel[];
  /** Each side's best throughput per GPU within the SLO; null when neither plan sets an SLO. */
  within_slo: FrontierCell | null;
}

export interface CurvesComparison {
  /** The throughput compared (per GPU). */
  metric: string;
  /** Interactivity as 1000 / median TPOT, or 1000 / p90 TPOT where both studies' ladders use the mlperf-endpoints
   * preset. */
  interactivity: "median" | "p90";
  /** The SLO both sides are judged under: BASE's, else NEW's; `differs`: NEW's when it is another. */
  slo: {limits: string; from: "base" | "new"; differs: string | null} | null;
  rule: string;
  curves: CurveComparison[];
}

/** Round levels per decade, at most 1.5× apart: a level means the same on every comparison page. */
const LEVEL_STEPS = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8];

/** The round levels from the highest round level at or below the lowest of the spans' low ends (so the frontiers'
 * high-throughput ends are read) to the highest of their high ends. */
export function interactivityLevels(spans: readonly [number, number][]): number[] {
  const positive = spans.filter(([low, high]) => low > 0 && high >= low);
  if (!positive.length) return [];
  const low = Math.min(...positive.map((s) => s[0]));
  const high = Math.max(...positive.map((s) => s[1]));
  const levels: number[] = [];
  for (let decade = Math.floor(Math.log10(low)); 10 ** decade <= high; decade++)
    for (const step of LEVEL_STEPS) {
      const level = +(step * 10 ** decade).toPrecision(6);
      if (level <= high) levels.push(level);
    }
  const first = levels.findLastIndex((level) => level <= low);
  return levels.slice(Math.max(0, first));
}

/** Points no other point beats on interactivity and throughput per GPU at once, by interactivity (throughput then
 * falls along it). */
export function interactivityFrontier<T extends CurvePoint>(points: readonly T[]): T[] {
  return points
    .filter(
      (p) =>
        !points.some(
          (q) =>
            q.interactivity >= p.interactivity &&
            q.per_gpu >= p.per_gpu &&
            (q.interactivity > p.interactivity || q.per_gpu > p.per_gpu)
        )
    )
    .sort((a, b) => a.interactivity - b.interactivity);
}

/** The frontier read as a staircase: the highest throughput per GPU among its points at `level` tok/s/user or above;
 * null above its highest interactivity (nothing extrapolated, nothing interpolated between points). */
export function frontierAt<T extends CurvePoint>(frontier: readonly T[], level: number): T | null {
  let best: T | null = null;
  for (const p of frontier) if (p.interactivity >= level && (!best || p.per_gpu > best.per_gpu)) best = p;
  return best;
}

interface SidePoint extends FrontierReading {
  throughput: Summary;
  scenario: string;
  met: boolean | null;
}

/** Each workload's ladder points of a study, keyed as compare keys points, the prompt count and the load left out. */
function ladderPoints(
  study: ComparedStudy,
  metric: string,
  slo: PlanSlo | null,
  confidence: number,
  across: readonly string[],
  interactivityColumn: "interactivity" | "interactivity_p90"
): Map<string, {key: ReturnType<typeof curveKey>; points: SidePoint[]}> {
  const ladders = new Set(study.plan.scenarios.filter((s) => s.loads).map((s) => s.id));
  const rows = study.rows.filter((r) => ladders.has(r.scenario) && typeof r.load === "number");
  const argv = new Map(study.runs.map((r) => [r.meta.id, r.meta.server_argv]));
  const metrics = [metric, interactivityColumn, ...(slo?.limits.map(sloColumn) ?? [])];
  const byKey = new Map<string, {key: ReturnType<typeof curveKey>; points: SidePoint[]}>();
  for (const point of aggregatePoints(rows, metrics, confidence)) {
    const throughput = point.metrics[metric];
    const interactivity = point.metrics[interactivityColumn];
    if (!throughput || !interactivity) continue;
    const first = point.rows[0];
    const key = curveKey(study.plan, first, argv.get(first.run) ?? [], across);
    const text = JSON.stringify(key);
    const entry = byKey.get(text) ?? {key, points: []};
    const gpus = first.gpu_count > 0 ? first.gpu_count : 1;
    entry.points.push({
      point: point.key,
      interactivity: interactivity.mean,
      per_gpu: throughput.mean / gpus,
      n: point.n,
      load: first.load as number,
      load_kind: String(first.load_kind),
      throughput,
      scenario: point.scenario,
      met: slo ? pointSlo(point, slo, confidence).met : null
    });
    byKey.set(text, entry);
  }
  return byKey;
}

/** A ladder level sends max(num_prompts, prompts_per_load × level) requests: the prompt count sets how long the lowest
 * levels are measured, not what is served, so two ladders of one workload meet whatever their num_prompts. */
function curveKey(plan: StudyPlan, row: RunRow, serverArgv: readonly string[], across: readonly string[]) {
  const key = comparabilityKey(plan, row, serverArgv, across);
  return {
    model: key.model,
    quantization: key.quantization,
    gpu: key.gpu,
    gpu_count: key.gpu_count,
    workload: key.workload
      .split(" ")
      .filter((part) => !part.startsWith("prompts="))
      .join(" ")
  };
}

const reading = (p: SidePoint | null): FrontierReading | null =>
  p && {
    point: p.point,
    interactivity: p.interactivity,
    per_gpu: p.per_gpu,
    n: p.n,
    load: p.load,
    load_kind: p.load_kind
  };

function cell(
  base: SidePoint | null,
  next: SidePoint | null,
  threshold: number,
  confidence: number,
  sameLoad: boolean
): FrontierCell {
  const empty = {
    base: reading(base),
    new: reading(next),
    ratio: null,
    low: null,
    high: null,
    basis: null,
    verdict: null
  };
  if (!base || !next) return empty;
  // At a fixed interactivity the staircase may step from one load to another between the studies (c1 in one, c16 in
  // the other): that ratio measures where a step fell, not a change, so it is shown and not compared.
  if (sameLoad && (base.load !== next.load || base.load_kind !== next.load_kind)) return {...empty, loads_differ: true};
  const {ratio, low, high} = ratioInterval(base.throughput, next.throughput, confidence);
  if (ratio == null) return empty;
  return {
    ...empty,
    ratio,
    low,
    high,
    basis: low == null ? "ratio only" : "interval",
    verdict: verdictOf("higher", ratio, low, high, threshold)
  };
}

const percent = (x: number) => `${+(x * 100).toFixed(2)} %`;

/** The rule in words, as `compare` and the comparison pages state it. */
export function curvesRule(c: Pick<CurvesComparison, "metric" | "slo" | "interactivity">, threshold: number): string {
  return (
    `Load curves: where both studies ran a workload as a load ladder, each study's Pareto frontier over all its ladder ` +
    `points (${c.metric} per GPU against interactivity = 1000 / ${c.interactivity === "p90" ? "p90 TPOT (MLPerf Endpoints' figure: both studies' ladders use the mlperf-endpoints preset)" : "median TPOT"}, tok/s/user, each point's mean over its ` +
    `repeats). At an interactivity level a frontier reaches the highest throughput per GPU among its measured points ` +
    `at that interactivity or above: nothing is interpolated between points or extrapolated beyond them, and "—" marks ` +
    `a level above the frontier's highest interactivity. Where the two studies reach a level with points of different ` +
    `loads (one study's concurrency 1 against the other's 16), the row shows both and compares neither: the ratio ` +
    `would measure where a step of the staircase fell, not a change at one load (the matched points above compare ` +
    `each load). Levels: the round values 1, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8 × 10ⁿ tok/s/user from the round level at or ` +
    `below the lowest interactivity of the two frontiers (so the highest throughput is read) to the highest. ` +
    (c.slo
      ? `Within the SLO (${c.slo.limits}, ${c.slo.from === "base" ? "BASE's" : "NEW's"} plan${c.slo.differs ? `; NEW's plan sets ${c.slo.differs}` : ""}): ` +
        `each study's highest throughput per GPU among its points that meet it (the rule of the study pages: none of ` +
        `the point's runs failed, every limit's statistic within the limit in each repeat, and the share of its ` +
        `requests meeting every limit at least the plan's attainment), "—" where none does. `
      : `Neither plan sets an SLO, so there is no score within one. `) +
    `Ratio, interval and verdict as for points (the two chosen points' repeats, threshold ${percent(threshold)}); ` +
    `they do not change compare's exit status, which the matched points decide.`
  );
}

/** Every workload that either study ran as a load ladder, compared at the interactivity levels and within the SLO. */
export function compareCurves(base: ComparedStudy, next: ComparedStudy, options: CompareOptions): CurvesComparison {
  const confidence = options.confidence ?? studyConfidence(base.plan);
  const across = options.across ?? [];
  const metric = metricDirection(next.plan.objective) === "higher" ? next.plan.objective : "total_token_throughput";
  const slo = base.plan.slo ?? next.plan.slo ?? null;
  const limits = slo ? sloLimitsText(slo) : null;
  const newLimits = next.plan.slo ? sloLimitsText(next.plan.slo) : null;
  const sloInfo = slo
    ? {
        limits: limits!,
        from: base.plan.slo ? ("base" as const) : ("new" as const),
        differs: base.plan.slo && newLimits && newLimits !== limits ? newLimits : null
      }
    : null;
  const preset = (s: ComparedStudy) => {
    const ladders = s.plan.scenarios.filter((x) => x.loads);
    return ladders.length > 0 && ladders.every((x) => x.loads!.preset === "mlperf-endpoints");
  };
  const interactivity = preset(base) && preset(next) ? ("p90" as const) : ("median" as const);
  const column = interactivity === "p90" ? "interactivity_p90" : "interactivity";
  const baseCurves = ladderPoints(base, metric, slo, confidence, across, column);
  const newCurves = ladderPoints(next, metric, slo, confidence, across, column);
  const curves: CurveComparison[] = [];
  for (const text of new Set([...baseCurves.keys(), ...newCurves.keys()])) {
    const b = baseCurves.get(text);
    const n = newCurves.get(text);
    const key = (b ?? n)!.key;
    const bf = interactivityFrontier(b?.points ?? []);
    const nf = interactivityFrontier(n?.points ?? []);
    const spans = [bf, nf]
      .filter((f) => f.length)
      .map((f): [number, number] => [f[0].interactivity, f.at(-1)!.interactivity]);
    const best = (points: SidePoint[]) =>
      points.filter((p) => p.met).reduce<SidePoint | null>((a, p) => (!a || p.per_gpu > a.per_gpu ? p : a), null);
    curves.push({
      model: key.model,
      gpu: key.gpu,
      gpu_count: key.gpu_count,
      workload: key.workload,
      base_scenarios: [...new Set((b?.points ?? []).map((p) => p.scenario))],
      new_scenarios: [...new Set((n?.points ?? []).map((p) => p.scenario))],
      base_frontier: bf.map(reading) as FrontierReading[],
      new_frontier: nf.map(reading) as FrontierReading[],
      levels: interactivityLevels(spans).map((level) => ({
        interactivity: level,
        ...cell(frontierAt(bf, level), frontierAt(nf, level), options.threshold, confidence, true)
      })),
      within_slo: slo ? cell(best(b?.points ?? []), best(n?.points ?? []), options.threshold, confidence, false) : null
    });
  }
  const result = {metric, interactivity, slo: sloInfo, curves};
  return {...result, rule: curvesRule(result, options.threshold)};
}
