// A selection step's decision rule: one deciding scenario, or the geometric mean of each candidate's per-scenario
// ratio to the incumbent. Also one value per candidate and scenario from its repeats (issue 16 may replace the mean).
import type {RunRow, Standing} from "../report-types.js";
import {parseRunId} from "./ids.js";
import {runId, type PlanCandidate, type PlanStep} from "./plan.js";
import type {Decision} from "./schema.js";

/** A candidate's result on one scenario: its repeats' mean objective (ok repeats only), or why there is none. */
export interface CandidateResult {
  candidate: string;
  /** Run id of repeat 1, the candidate's run on this scenario. */
  run: string;
  value: number | null;
  repeats: number;
  error: string | null;
  /** A result behind the value is partial (cut off or incomplete). */
  partial: boolean;
}

/** Rows grouped by the run they repeat (`<step>--<candidate>--<scenario>`). */
export function rowsByPlannedRun(rows: readonly RunRow[]): Map<string, RunRow[]> {
  const groups = new Map<string, RunRow[]>();
  for (const row of rows) {
    const parts = parseRunId(row.run);
    const key = parts ? runId(parts.step, parts.candidate, parts.scenario) : row.run;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

export function candidateResult(
  groups: Map<string, RunRow[]>,
  run: string,
  candidate: string,
  objective: string
): CandidateResult {
  const rows = groups.get(run) ?? [];
  const valued = rows.filter((r) => r.status === "ok" && typeof r[objective] === "number");
  const values = valued.map((r) => r[objective] as number);
  const value = values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
  const failed = rows.find((r) => r.status === "failed");
  const error =
    value != null
      ? null
      : !rows.length
        ? "no run in the archive"
        : failed
          ? (failed.error ?? "failed")
          : `no ${objective} in the result`;
  return {candidate, run, value, repeats: rows.length, error, partial: valued.some((r) => r.partial != null)};
}

/** Standings of a step's candidates on one scenario: best first, candidates without a value last, in plan order. */
export function scenarioStandings(
  groups: Map<string, RunRow[]>,
  step: PlanStep,
  scenario: string,
  objective: string
): Standing[] {
  const results = step.candidates.map((c) => ({
    c,
    r: candidateResult(groups, runId(step.id, c.id, scenario), c.id, objective)
  }));
  // Complete results best first, then partial ones, then failed, then candidates with no run (plan order); ties and
  // failures in run-id order.
  const byRun = (a: {r: CandidateResult}, b: {r: CandidateResult}) =>
    a.r.run < b.r.run ? -1 : a.r.run > b.r.run ? 1 : 0;
  const ranked = [
    ...results
      .filter(({r}) => r.value != null)
      .sort((a, b) => Number(a.r.partial) - Number(b.r.partial) || b.r.value! - a.r.value! || byRun(a, b)),
    ...results.filter(({r}) => r.value == null && r.repeats > 0).sort(byRun),
    ...results.filter(({r}) => r.repeats === 0)
  ];
  return ranked.map(({c, r}) => {
    const rows = groups.get(r.run) ?? [];
    return {
      candidate: c.id,
      run: r.run,
      label: c.label,
      status: r.value != null ? "ok" : "failed",
      value: r.value,
      error: r.error,
      partial: r.partial,
      ...(rows.length > 1 ? {repeats: rows.length} : {})
    };
  });
}

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
