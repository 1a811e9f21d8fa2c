// A step page's load curves: every load point of its ladder scenarios with what the SLO explorer needs to decide again
// in the browser (each limit's conservative bound, the throughput's interval, which point beats which).
import type {StepReport} from "../analysis/derive.js";
import {significanceRows, type LoadPoint} from "../analysis/ladder.js";
import type {Report} from "../analysis/report.js";
import {sloColumn} from "../analysis/slo.js";
import type {PlanSlo} from "../study/plan.js";
import type {RunRow} from "../runs/rows.js";
import {pointKey} from "../analysis/points.js";

export interface CurvePoint {
  key: string;
  candidate: string;
  load: number;
  n: number;
  /** The objective's mean over the point's repeats and its interval (null bounds for a single run). */
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** 1000 / median TPOT, and 1000 / p90 TPOT (MLPerf Endpoints' figure), means over the repeats. */
  interactivity: number | null;
  interactivity_p90: number | null;
  /** The hardware ceiling at this load (batch = concurrency) and its realistic variant, tok/s (all GPUs). */
  ceiling: number | null;
  realistic: number | null;
  /** Per SLO metric (ttft_ms, tpot_ms, …): the statistic's mean over the repeats and its worst (highest) repeat, which
   * the rule holds to the limit. */
  stats: Record<string, {mean: number | null; worst: number | null}>;
  /** Requests of the repeats meeting every per-request limit at the plan's targets (null without per-request data). */
  attainment: {value: number; low: number; high: number; requests: number; conforming: number} | null;
  /** Without per-request data: requests completed of those sent. */
  completed: {completed: number; sent: number} | null;
  /** The rule's verdict at the plan's targets, and why it is outside (null when within). */
  met: boolean;
  outside: string | null;
  /** The SLO rule's answers at the explorer's targets (slo.ts sloStaircase): for each TTFT step −100…100, the lowest
   * TPOT step at which the point meets the SLO, run-length encoded as [count, step | null]. */
  staircase?: [number, number | null][];
  /** The requests by the first TTFT and TPOT steps at which they meet every limit: the attainment the explorer shows. */
  grid?: {requests: number; cells: [number, number, number][]};
  /** Joules per output token and per token, means over the repeats with power samples; null where none had any. */
  j_per_output_token: number | null;
  j_per_token: number | null;
  /** Repeats that recorded no power sample in their window (their energy is unknown, not zero). */
  no_power: number;
  /** Why live mode left this level out (absent for a level that ran or failed). */
  not_run?: string;
}

export interface ScenarioCurves {
  scenario: string;
  load_kind: string;
  /** The interactivity the curves are drawn against: 1000 / median TPOT, or 1000 / p90 TPOT (the mlperf-endpoints
   * preset, MLPerf Endpoints' figure; the median-based one is then shown beside it). */
  interactivity: "median" | "p90";
  points: CurvePoint[];
  /** significance[i][j] === "1": point i's throughput is above point j's beyond noise (the build's rule). */
  significance: string[];
  /** Each candidate's chosen point key (null: never within the SLO). */
  chosen: Record<string, string | null>;
}

export interface StepCurves {
  slo: PlanSlo | null;
  within_slo: boolean;
  /** The candidate the step's winner must beat beyond noise, when it is one of this step's candidates. */
  incumbent: string | null;
  /** The study's baseline candidate, when it is one of this step's candidates (the explorer's gain is over it). */
  baseline: string | null;
  scenarios: ScenarioCurves[];
}

function curvePoint(p: LoadPoint, slo: PlanSlo | null, rows: readonly RunRow[]): CurvePoint {
  const stats: CurvePoint["stats"] = {};
  for (const limit of slo?.limits ?? []) {
    const check = p.slo?.checks.find((c) => c.column === sloColumn(limit));
    const values = check?.values ?? [];
    stats[limit.metric] = {
      mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
      worst: check?.worst ?? null
    };
  }
  const ok = rows.filter((r) => r.status === "ok");
  const energy = (column: string) => {
    const values = ok.map((r) => r[column]).filter((v): v is number => typeof v === "number");
    return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  };
  return {
    key: p.key,
    candidate: p.candidate,
    load: p.load,
    n: p.n,
    value: p.throughput?.mean ?? null,
    ci_low: p.throughput?.ci_low ?? null,
    ci_high: p.throughput?.ci_high ?? null,
    interactivity: p.interactivity?.mean ?? null,
    interactivity_p90: p.interactivity_p90?.mean ?? null,
    ceiling: p.ceiling,
    realistic: p.realistic,
    stats,
    attainment: p.slo?.attainment ?? null,
    completed: p.slo?.completed ?? null,
    met: p.slo?.met ?? false,
    outside: p.slo?.outside ?? null,
    ...(p.staircase ? {staircase: p.staircase} : {}),
    ...(p.grid ? {grid: {requests: p.grid.requests, cells: p.grid.cells}} : {}),
    j_per_output_token: energy("j_per_output_token"),
    j_per_token: energy("j_per_token"),
    no_power: ok.filter((r) => !(typeof r.power_samples === "number" && r.power_samples > 0)).length,
    ...(p.not_run != null ? {not_run: p.not_run} : {})
  };
}

/** The step's curves, or null for a step without a ladder scenario. */
export function stepCurves(report: Report, step: StepReport, rows: readonly RunRow[] = []): StepCurves | null {
  const ladder = report.ladder;
  if (!ladder) return null;
  const rowsByPoint = new Map<string, RunRow[]>();
  for (const row of rows) {
    if (row.step !== step.id || typeof row.load !== "number" || row.repeat <= (report.study.warmup_repeats ?? 0))
      continue;
    const key = pointKey(row);
    rowsByPoint.set(key, [...(rowsByPoint.get(key) ?? []), row]);
  }
  const slo = report.study.slo ?? null;
  const candidates = new Set(step.candidates.map((c) => c.id));
  const scenarios = step.scenarios.flatMap((scenario): ScenarioCurves[] => {
    const points = ladder.points.filter((p) => p.step === step.id && p.scenario === scenario);
    if (!points.length) return [];
    const chosen: Record<string, string | null> = {};
    for (const c of ladder.choices) if (c.step === step.id && c.scenario === scenario) chosen[c.candidate] = c.point;
    return [
      {
        scenario,
        load_kind: points[0].load_kind,
        interactivity:
          report.study.scenarios.find((s) => s.id === scenario)?.loads?.preset === "mlperf-endpoints"
            ? "p90"
            : "median",
        points: points.map((p) => curvePoint(p, slo, rowsByPoint.get(p.key) ?? [])),
        significance: significanceRows(points, report.study.confidence),
        chosen
      }
    ];
  });
  if (!scenarios.length) return null;
  const incumbent = step.verdict.incumbent?.candidate;
  return {
    slo,
    within_slo: report.study.within_slo === true,
    incumbent: incumbent && candidates.has(incumbent) && step.verdict.incumbent?.step === step.id ? incumbent : null,
    baseline: report.baseline.step === step.id ? report.baseline.candidate : null,
    scenarios
  };
}
