// A step page's load curves: every load point of its ladder scenarios with what the SLO explorer needs to decide again
// in the browser (each limit's conservative bound, the throughput's interval, which point beats which).
import type {StepReport} from "../analysis/derive.js";
import {significanceRows, type LoadPoint} from "../analysis/ladder.js";
import type {Report} from "../analysis/report.js";
import {sloColumn} from "../analysis/slo.js";
import type {PlanSlo} from "../study/plan.js";

export interface CurvePoint {
  key: string;
  candidate: string;
  load: number;
  n: number;
  /** The objective's mean over the point's repeats and its interval (null bounds for a single run). */
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  interactivity: number | null;
  /** The hardware ceiling at this load (batch = concurrency) and its realistic variant, tok/s (all GPUs). */
  ceiling: number | null;
  realistic: number | null;
  /** Per SLO metric (ttft_ms, tpot_ms, …): the statistic's conservative bound, as the build judged it. */
  bounds: Record<string, number | null>;
  /** Pooled attainment and its Wilson interval (null without per-request data). */
  attainment: {value: number; low: number; high: number} | null;
  met: boolean;
  /** Why live mode left this level out (absent for a level that ran or failed). */
  not_run?: string;
}

export interface ScenarioCurves {
  scenario: string;
  load_kind: string;
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

function curvePoint(p: LoadPoint, slo: PlanSlo | null): CurvePoint {
  const bounds: Record<string, number | null> = {};
  for (const limit of slo?.limits ?? [])
    bounds[limit.metric] = p.slo?.checks.find((c) => c.column === sloColumn(limit))?.bound ?? null;
  return {
    key: p.key,
    candidate: p.candidate,
    load: p.load,
    n: p.n,
    value: p.throughput?.mean ?? null,
    ci_low: p.throughput?.ci_low ?? null,
    ci_high: p.throughput?.ci_high ?? null,
    interactivity: p.interactivity?.mean ?? null,
    ceiling: p.ceiling,
    realistic: p.realistic,
    bounds,
    attainment: p.slo?.attainment
      ? {value: p.slo.attainment.value, low: p.slo.attainment.low, high: p.slo.attainment.high}
      : null,
    met: p.slo?.met ?? false,
    ...(p.not_run != null ? {not_run: p.not_run} : {})
  };
}

/** The step's curves, or null for a step without a ladder scenario. */
export function stepCurves(report: Report, step: StepReport): StepCurves | null {
  const ladder = report.ladder;
  if (!ladder) return null;
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
        points: points.map((p) => curvePoint(p, slo)),
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
