// A selection step's decision rule: one deciding scenario, or the geometric mean of each candidate's per-scenario
// ratio to the incumbent (each value a point's mean over its repeats, from points.ts).
import type {PlanCandidate, PlanStep} from "../study/plan.js";
import type {Decision} from "../study/schema.js";

export interface CandidateScore {
  candidate: string;
  /** Geometric mean of the per-scenario ratios; null when a ratio is missing. */
  score: number | null;
  ratios: Record<string, number | null>;
}

/** Geometric mean of each candidate's ratio to the incumbent over the step's scenarios. */
export function geometricMeanScores(
  step: PlanStep,
  value: (candidate: PlanCandidate, scenario: string) => number | null,
  incumbent: (scenario: string) => number | null
): CandidateScore[] {
  return step.candidates.map((c) => {
    const ratios: Record<string, number | null> = {};
    for (const s of step.scenarios) {
      const v = value(c, s);
      const base = incumbent(s);
      ratios[s] = v != null && base != null && base > 0 ? v / base : null;
    }
    const list = Object.values(ratios);
    const known = list.filter((r): r is number => r != null && r > 0);
    const score =
      known.length === list.length ? Math.exp(known.reduce((sum, r) => sum + Math.log(r), 0) / known.length) : null;
    return {candidate: c.id, score, ratios};
  });
}

/** The scenario whose standings decide, when the rule is a deciding scenario. */
export function decidingScenario(step: PlanStep): string | null {
  const decision: Decision | undefined = step.decision;
  if (decision == null) return step.scenarios[0];
  return typeof decision === "object" ? decision.scenario : null;
}
