// A selection step's decision rule: one deciding scenario, or the geometric mean of each candidate's per-scenario
// ratio to the incumbent (each value a point's mean over its repeats, from points.ts).
import type {PlanCandidate, PlanStep} from "../study/plan.js";
import type {Decision} from "../study/schema.js";
import {conservativeScore} from "../stats/conservative.js";

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
  return typeof decision === "object" ? (decision.scenario ?? step.scenarios[0]) : null;
}

export const CONSERVATIVE_DEFAULTS = {min_repeats: 3, mad_cap: 0.05, tie_margin: 1, allow_failed_requests: false};
export type ConservativeRule = typeof CONSERVATIVE_DEFAULTS;

/** The conservative rule's settings of a step: the plan's, each defaulted. */
export function conservativeRule(step: PlanStep): ConservativeRule | null {
  const d = step.decision;
  if (d == null || typeof d !== "object" || !("rule" in d)) return null;
  return {
    min_repeats: d.min_repeats ?? CONSERVATIVE_DEFAULTS.min_repeats,
    mad_cap: d.mad_cap ?? CONSERVATIVE_DEFAULTS.mad_cap,
    tie_margin: d.tie_margin ?? CONSERVATIVE_DEFAULTS.tie_margin,
    allow_failed_requests: d.allow_failed_requests ?? CONSERVATIVE_DEFAULTS.allow_failed_requests
  };
}

/** One configuration in a conservative decision: the step's candidates and the best configuration so far. */
export interface Contender {
  /** The step the configuration's point belongs to (the incumbent's may be an earlier step's). */
  step: string;
  candidate: string;
  /** The best configuration so far (ties go to it). */
  incumbent: boolean;
  /** The objective of each successful counted repeat. */
  values: number[];
  failed_runs: number;
  failed_requests: number;
  /** Server arguments: fewer is simpler. */
  server_args: number;
}

export type Refusal = "too-few-repeats" | "too-noisy" | "failed-requests" | "failed-runs";

export interface ConservativeEntry {
  step: string;
  candidate: string;
  incumbent: boolean;
  n: number;
  median: number | null;
  mad: number | null;
  score: number | null;
  relative_mad: number | null;
  server_args: number;
  failed_requests: number;
  refused: Refusal | null;
}

export interface ConservativeChoice {
  scores: ConservativeEntry[];
  /** The highest score among the candidates not refused (candidate ids below). */
  top: string | null;
  /** Those that tie with the top: within the margin, or within noise (`noiseTie`). */
  tied: string[];
  winner: string | null;
  winner_step: string | null;
  winner_reason: "best" | "incumbent-tie" | "simpler-tie" | "none";
}

/** Scores, refusals and the winner; `noiseTie(top, other)`: true when top's gain over other is within noise. */
export function conservativeChoice(
  contenders: Contender[],
  rule: ConservativeRule,
  noiseTie: (top: ConservativeEntry, other: ConservativeEntry) => boolean
): ConservativeChoice {
  const scores: ConservativeEntry[] = contenders.map((c) => {
    const s = c.values.length ? conservativeScore(c.values) : null;
    const refused: Refusal | null =
      c.failed_runs > 0
        ? "failed-runs"
        : c.failed_requests > 0 && !rule.allow_failed_requests
          ? "failed-requests"
          : c.values.length < rule.min_repeats
            ? "too-few-repeats"
            : s!.relative_mad > rule.mad_cap
              ? "too-noisy"
              : null;
    return {
      step: c.step,
      candidate: c.candidate,
      incumbent: c.incumbent,
      n: c.values.length,
      median: s?.median ?? null,
      mad: s?.mad ?? null,
      score: s?.score ?? null,
      relative_mad: s?.relative_mad ?? null,
      server_args: c.server_args,
      failed_requests: c.failed_requests,
      refused
    };
  });
  // The configuration so far stays the reference even when refused as a candidate: a challenger has to outscore it.
  const accepted = scores
    .filter((s) => s.refused == null || (s.incumbent && s.score != null && s.refused !== "failed-runs"))
    .sort((a, b) => b.score! - a.score!);
  const top = accepted[0] ?? null;
  if (!top) {
    const incumbent = scores.find((s) => s.incumbent);
    return {
      scores,
      top: null,
      tied: [],
      winner: incumbent?.candidate ?? null,
      winner_step: incumbent?.step ?? null,
      winner_reason: "none"
    };
  }
  const floor = top.score! * (1 - rule.tie_margin / 100);
  const tied = accepted.filter((s) => s === top || s.score! >= floor || noiseTie(top, s));
  const incumbent = tied.find((s) => s.incumbent);
  if (incumbent)
    return {
      scores,
      top: top.candidate,
      tied: tied.map((s) => s.candidate),
      winner: incumbent.candidate,
      winner_step: incumbent.step,
      winner_reason: incumbent === top ? "best" : "incumbent-tie"
    };
  const simplest = [...tied].sort((a, b) => a.server_args - b.server_args || b.score! - a.score!)[0];
  return {
    scores,
    top: top.candidate,
    tied: tied.map((s) => s.candidate),
    winner: simplest.candidate,
    winner_step: simplest.step,
    winner_reason: simplest === top ? "best" : "simpler-tie"
  };
}
