// Load ladders: every (candidate, scenario) of a ladder scenario is a curve of load points; the step decides on one
// point per curve, the highest throughput within the SLO (or, without an SLO objective, the highest throughput).
import type {RunRow} from "../runs/rows.js";
import type {Summary} from "../stats/summary.js";
import {welch} from "../stats/welch.js";
import type {PlanSlo, StudyPlan} from "../study/plan.js";
import {aggregatePoints, pointKey, type Point} from "./points.js";
import {pointSlo, sloColumn, type PointSlo} from "./slo.js";
import {notRunReason} from "../runs/not-run.js";

export interface LoadPoint {
  key: string;
  step: string;
  candidate: string;
  scenario: string;
  load_kind: string;
  load: number;
  n: number;
  failed: number;
  /** The objective over the point's successful repeats. */
  throughput: Summary | null;
  interactivity: Summary | null;
  /** The hardware ceiling at the point's load (headroom model, batch = concurrency) and its realistic variant. */
  ceiling: number | null;
  realistic: number | null;
  /** SLO verdict of the point (null without an SLO). */
  slo: PointSlo | null;
  /** Why live mode left the level out, when none of its runs ran (a stopped ladder, a search that did not need it). */
  not_run: string | null;
}

/** What a curve's decision rests on. */
export interface CurveChoice {
  step: string;
  candidate: string;
  scenario: string;
  /** The chosen point's key; null when no point qualifies. */
  point: string | null;
  rule: "within-slo" | "never-within-slo" | "highest-throughput";
}

/** Metrics a ladder point is summarized on: the objective, interactivity and every SLO statistic. */
export function ladderMetrics(plan: StudyPlan): string[] {
  return [
    ...new Set([
      plan.objective,
      "interactivity",
      "ceiling_tps",
      "realistic_tps",
      ...(plan.slo?.limits.map(sloColumn) ?? [])
    ])
  ];
}

function isLadder(plan: StudyPlan, scenario: string): boolean {
  return plan.scenarios.some((s) => s.id === scenario && s.loads);
}

/** Every load point of the study's ladder scenarios, in plan order, lowest load first within a curve. */
export function loadPoints(plan: StudyPlan, rows: readonly RunRow[], confidence: number): LoadPoint[] {
  const ladderRows = rows.filter((r) => isLadder(plan, r.scenario) && typeof r.load === "number");
  return aggregatePoints(ladderRows, ladderMetrics(plan), confidence)
    .map((p) => loadPoint(p, plan, confidence))
    .sort((a, b) => curveOrder(a, b) || a.load - b.load);
}

function curveOrder(a: LoadPoint, b: LoadPoint): number {
  return a.step.localeCompare(b.step) || a.scenario.localeCompare(b.scenario) || a.candidate.localeCompare(b.candidate);
}

function loadPoint(point: Point, plan: StudyPlan, confidence: number): LoadPoint {
  const first = point.rows[0];
  return {
    key: point.key,
    step: point.step,
    candidate: point.candidate,
    scenario: point.scenario,
    load_kind: String(first.load_kind),
    load: first.load as number,
    n: point.n,
    failed: point.failed,
    throughput: point.metrics[plan.objective] ?? null,
    interactivity: point.metrics.interactivity ?? null,
    ceiling: point.metrics.ceiling_tps?.mean ?? null,
    realistic: point.metrics.realistic_tps?.mean ?? null,
    slo: plan.slo ? pointSlo(point, plan.slo, confidence) : null,
    not_run: point.rows.every((r) => notRunReason(r) != null) ? notRunReason(first) : null
  };
}

/** The point a curve is judged by: its highest mean throughput among points within the SLO (no extrapolation, no
 * interpolation: only measured points count), or among all points when the study decides without an SLO. */
export function choosePoint(curve: readonly LoadPoint[], withinSlo: boolean): LoadPoint | null {
  let best: LoadPoint | null = null;
  for (const p of curve) {
    if (p.throughput == null || (withinSlo && !p.slo?.met)) continue;
    if (!best || p.throughput.mean > best.throughput!.mean) best = p;
  }
  return best;
}

/** The rows derive ranks: ladder scenarios keep only each curve's chosen point (a curve with none keeps its lowest
 * load's runs, marked failed with the reason); other scenarios keep every row. */
export function chooseLoadPoints(
  plan: StudyPlan,
  rows: readonly RunRow[],
  confidence: number
): {rows: RunRow[]; choices: CurveChoice[]} {
  const points = loadPoints(plan, rows, confidence);
  if (!points.length) return {rows: [...rows], choices: []};
  const withinSlo = plan.within_slo === true && plan.slo != null;
  const curves = new Map<string, LoadPoint[]>();
  for (const p of points) {
    const key = `${p.step}\0${p.candidate}\0${p.scenario}`;
    const list = curves.get(key);
    if (list) list.push(p);
    else curves.set(key, [p]);
  }
  const keep = new Set<string>();
  const never = new Map<string, LoadPoint>();
  const choices: CurveChoice[] = [];
  for (const curve of curves.values()) {
    const chosen = choosePoint(curve, withinSlo);
    const {step, candidate, scenario} = curve[0];
    if (chosen) keep.add(chosen.key);
    else if (withinSlo) never.set(curve[0].key, curve[0]);
    choices.push({
      step,
      candidate,
      scenario,
      point: chosen?.key ?? null,
      rule: chosen ? (withinSlo ? "within-slo" : "highest-throughput") : "never-within-slo"
    });
  }
  const kept = rows.flatMap((row): RunRow[] => {
    if (!isLadder(plan, row.scenario) || typeof row.load !== "number") return [row];
    const key = pointKey(row);
    if (keep.has(key)) return [row];
    if (never.has(key))
      return [{...row, status: "failed", error: neverWithinSlo(plan.slo!, curvesLoads(curves, never.get(key)!))}];
    return [];
  });
  return {rows: kept, choices};
}

function curvesLoads(curves: Map<string, LoadPoint[]>, p: LoadPoint): string {
  const curve = curves.get(`${p.step}\0${p.candidate}\0${p.scenario}`) ?? [];
  return curve
    .filter((c) => c.not_run == null)
    .map((c) => c.load)
    .join(", ");
}

/** "p99 ttft ≤ 2000 ms, p99 tpot ≤ 30 ms" */
export function sloLimitsText(slo: PlanSlo): string {
  return slo.limits.map((l) => `${l.statistic} ${l.metric.replace(/_ms$/, "")} ≤ ${l.limit} ms`).join(", ");
}

function neverWithinSlo(slo: PlanSlo, loads: string): string {
  return `never within the SLO (${sloLimitsText(slo)}) at any measured load (${loads})`;
}

/** For the reader's SLO explorer: whether point i's throughput is significantly above point j's (Welch at the
 * study's confidence), or for single runs simply higher. One string of 0/1 per point, in `points` order. */
export function significanceRows(points: readonly LoadPoint[], confidence: number): string[] {
  return points.map((a) =>
    points
      .map((b) => {
        if (!a.throughput || !b.throughput || a === b) return "0";
        const c = welch(b.throughput, a.throughput, confidence);
        return (c ? c.significant : a.throughput.mean > b.throughput.mean) ? "1" : "0";
      })
      .join("")
  );
}
