// Load ladders: every (candidate, scenario) of a ladder scenario is a curve of load points; the step decides on one
// point per curve, the highest throughput within the SLO (or, without an SLO objective, the highest throughput).
import type {RunRow} from "../runs/rows.js";
import type {Summary} from "../stats/summary.js";
import {welch} from "../stats/welch.js";
import type {PlanSlo, StudyPlan} from "../study/plan.js";
import {aggregatePoints, pointKey, type Point} from "./points.js";
import {pointSlo, sloColumn, sloEvidence, sloStaircase, type PointSlo, type RequestGrid} from "./slo.js";
import {notRunReason} from "../runs/not-run.js";
import {fillForm} from "../text.js";

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
  /** 1000 / p90 TPOT (MLPerf Endpoints' interactivity) over the point's repeats; null without it. */
  interactivity_p90: Summary | null;
  /** The explorer's table of the SLO rule's answers at moved targets (sloStaircase), and the point's requests by the
   * steps at which they meet the limits (for the attainment it shows); only where asked for. */
  staircase?: [number, number | null][];
  grid?: RequestGrid;
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
      "interactivity_p90",
      "ceiling_tps",
      "realistic_tps",
      ...(plan.slo?.limits.map(sloColumn) ?? [])
    ])
  ];
}

function isLadder(plan: StudyPlan, scenario: string): boolean {
  return plan.scenarios.some((s) => s.id === scenario && s.loads);
}

/** Every load point of the study's ladder scenarios, in plan order, lowest load first within a curve; with
 * `staircase`, each with the explorer's table of the SLO rule's answers (it needs the rows' per-request grids). */
export function loadPoints(
  plan: StudyPlan,
  rows: readonly RunRow[],
  confidence: number,
  {staircase = false}: {staircase?: boolean} = {}
): LoadPoint[] {
  const ladderRows = rows.filter((r) => isLadder(plan, r.scenario) && typeof r.load === "number");
  return aggregatePoints(ladderRows, ladderMetrics(plan), confidence, plan.warmup_repeats ?? 0)
    .map((p) => loadPoint(p, plan, confidence, staircase))
    .sort((a, b) => curveOrder(a, b) || a.load - b.load);
}

function curveOrder(a: LoadPoint, b: LoadPoint): number {
  return a.step.localeCompare(b.step) || a.scenario.localeCompare(b.scenario) || a.candidate.localeCompare(b.candidate);
}

function loadPoint(point: Point, plan: StudyPlan, confidence: number, staircase: boolean): LoadPoint {
  const first = point.rows[0];
  const notRun = point.rows.every((r) => notRunReason(r) != null) ? notRunReason(first) : null;
  const slo = plan.slo ? pointSlo(point, plan.slo, confidence) : null;
  // A level live mode left out has no failed run: it was not run, and says why.
  if (slo && notRun != null) slo.outside = `not run (${notRun})`;
  const evidence = staircase && plan.slo ? sloEvidence(point.rows, plan.slo, point.warmups) : null;
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
    interactivity_p90: point.metrics.interactivity_p90 ?? null,
    ceiling: point.metrics.ceiling_tps?.mean ?? null,
    realistic: point.metrics.realistic_tps?.mean ?? null,
    slo,
    not_run: notRun,
    ...(evidence?.movable ? {staircase: sloStaircase(evidence, plan.slo!)} : {}),
    ...(evidence?.movable && evidence.grid ? {grid: evidence.grid} : {})
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

/** The column a curve's lowest-load rows carry when no point of the curve meets the SLO: why, in words. Those rows keep
 * their status (their runs ran) and rank with no value. */
export const OUTSIDE_SLO = "outside_slo";

/** The rows derive ranks: ladder scenarios keep only each curve's chosen point (a curve with none keeps its lowest
 * load's runs, marked OUTSIDE_SLO with the reason); other scenarios keep every row. */
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
  const never = new Map<string, string>();
  const choices: CurveChoice[] = [];
  for (const curve of curves.values()) {
    const chosen = choosePoint(curve, withinSlo);
    const {step, candidate, scenario} = curve[0];
    if (chosen) keep.add(chosen.key);
    else if (withinSlo) never.set(curve[0].key, neverWithinSlo(plan.slo!, curve));
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
    const why = never.get(key);
    if (why != null) return [{...row, [OUTSIDE_SLO]: why}];
    return [];
  });
  return {rows: kept, choices};
}

/** "p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 30 ms" */
export function sloLimitsText(slo: PlanSlo): string {
  return slo.limits
    .map((l) => `${l.statistic} ${l.metric.replace(/_ms$/, "").toUpperCase()} ≤ ${l.limit} ms`)
    .join(", ");
}

/** Why a curve is never within the SLO, each form as a row's outside_slo holds it. The pages read it back by its form
 * (src/components/libraryText.ts), so a new one gets a form here and its words there. */
export const SLO_REASONS = {
  neverWithinConcurrency: "never within the SLO ({limits}) at any measured load (concurrency {why})",
  neverWithinRate: "never within the SLO ({limits}) at any measured load (requests/s {why})"
} as const;
/** Its type, for the components, which take only types from the library. */
export type SloReasons = typeof SLO_REASONS;

/** "never within the SLO (p99 TTFT ≤ 2000 ms, p99 TPOT ≤ 100 ms) at any measured load (concurrency 1: …; 4: …)" */
function neverWithinSlo(slo: PlanSlo, curve: readonly LoadPoint[]): string {
  const measured = curve.filter((c) => c.not_run == null);
  const why = measured.map((c) => `${c.load}: ${c.slo?.outside ?? "outside"}`).join("; ");
  const form = measured[0]?.load_kind === "request_rate" ? "neverWithinRate" : "neverWithinConcurrency";
  return fillForm(SLO_REASONS[form], {limits: sloLimitsText(slo), why});
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
