// What a winner or gain claim means under `objective: max_throughput_within_slo`: the points the verdict rests on, and
// the figure the same runs give without the SLO (each curve's highest throughput at any load), which a claim may quote.
import type {RunRow} from "../runs/rows.js";
import type {StudyPlan} from "../study/plan.js";
import {fillForm} from "../text.js";
import {CLAIM_DETAILS, joinDetails} from "./claim-details.js";
import type {StepReport} from "./derive.js";
import {choosePoint, loadPoints, sloLimitsText, type LoadPoint} from "./ladder.js";

export interface SloClaimContext {
  /** "p99 ttft ≤ 2000 ms, p99 tpot ≤ 30 ms" */
  limits: string;
  /** A run the verdict names, as the claims' details say it: its candidate and its load ("concurrency 16"). */
  at(run: string, candidate: string): {candidate: string; load: string};
  /** Candidates of the step never within the SLO. */
  never: Set<string>;
  /** The step's winner and gain over the incumbent without the SLO; null when they cannot be told. */
  flood: {candidate: string; point: LoadPoint; incumbent: LoadPoint; gain_percent: number} | null;
}

/** "concurrency 16", "2 requests/s": as the site's words table says a load (cellConcurrency, cellRequestRate). */
export function loadText(kind: string, load: unknown): string {
  return kind === "request_rate" ? `${load} requests/s` : `concurrency ${load}`;
}

/** The step's SLO context; null unless the study decides within an SLO and the step has exactly one ladder scenario
 * (a step deciding over several by geometric mean has no single point to name). */
export function sloClaimContext(
  plan: StudyPlan,
  step: StepReport,
  rows: readonly RunRow[],
  confidence: number
): SloClaimContext | null {
  if (!plan.within_slo || !plan.slo) return null;
  const ladders = step.scenarios.filter((id) => plan.scenarios.find((s) => s.id === id)?.loads);
  if (ladders.length !== 1) return null;
  const byRun = new Map(rows.map((r) => [r.run, r]));
  const points = loadPoints(plan, rows, confidence).filter((p) => p.scenario === ladders[0]);
  const curve = (stepId: string, candidate: string): LoadPoint[] =>
    points.filter((p) => p.step === stepId && p.candidate === candidate);
  const candidates = [...new Set(points.filter((p) => p.step === step.id).map((p) => p.candidate))];
  const never = new Set(candidates.filter((c) => !choosePoint(curve(step.id, c), true)));
  let flood: SloClaimContext["flood"] = null;
  const tops = candidates
    .map((c) => choosePoint(curve(step.id, c), false))
    .filter((p): p is LoadPoint => p?.throughput != null)
    .sort((a, b) => b.throughput!.mean - a.throughput!.mean);
  const incumbent = step.verdict.incumbent;
  const incumbentTop = incumbent ? choosePoint(curve(incumbent.step, incumbent.candidate), false) : null;
  if (tops.length && incumbentTop?.throughput)
    flood = {
      candidate: tops[0].candidate,
      point: tops[0],
      incumbent: incumbentTop,
      gain_percent: (tops[0].throughput!.mean / incumbentTop.throughput.mean - 1) * 100
    };
  return {
    limits: sloLimitsText(plan.slo),
    at: (run, candidate) => {
      const row = byRun.get(run);
      return {candidate, load: loadText(String(row?.load_kind), row?.load)};
    },
    never,
    flood
  };
}

/** The winner claim's detail: the SLO's winner and its point, whether the claimed one ever fits, the flood's winner. */
export function winnerDetail(
  ctx: SloClaimContext,
  step: StepReport,
  claimed: string,
  label: (candidate: string) => string
): string | null {
  const best = step.verdict.best;
  if (!best) return null;
  const flood = ctx.flood;
  return joinDetails(
    fillForm(CLAIM_DETAILS.sloDecided, {limits: ctx.limits, ...ctx.at(best.run, label(best.candidate))}),
    claimed !== best.candidate && ctx.never.has(claimed)
      ? fillForm(CLAIM_DETAILS.sloNever, {candidate: label(claimed)})
      : null,
    !flood
      ? null
      : flood.candidate === best.candidate
        ? CLAIM_DETAILS.sloWinsToo
        : fillForm(CLAIM_DETAILS.sloFloodWinner, {
            candidate: label(flood.candidate),
            load: loadText(flood.point.load_kind, flood.point.load)
          })
  );
}
