// How many times each point of a plan runs, and at which confidence its interval is drawn.

export const DEFAULT_CONFIDENCE = 0.95;

/** What the repeat keys of a plan need from it (every key optional: a plan without them runs each point once). */
export interface RepeatSettings {
  repeats?: number;
  confidence?: number;
  restart_between_repeats?: boolean;
  warmup_repeats?: number;
}

/** A `repeats` value is a whole number from 1; the message says what is wrong, null when it is fine. */
export function repeatsProblem(value: unknown): string | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 1000
    ? null
    : "'repeats' must be a whole number from 1 to 1000";
}

export function confidenceProblem(value: unknown): string | null {
  return typeof value === "number" && value > 0 && value < 1
    ? null
    : "'confidence' must be a number between 0 and 1 (0.95 for 95 %)";
}

/** Runs of one point: the candidate's `repeats` (for the scenario, or all), else the step's, the scenario's, the
 * study's, else 1. */
export function pointRepeats(
  plan: RepeatSettings,
  step: {repeats?: number},
  scenario: {repeats?: number; id: string},
  candidate?: {repeats?: number | Record<string, number>}
): number {
  const own = candidate?.repeats;
  const mine = typeof own === "number" ? own : own?.[scenario.id];
  return mine ?? step.repeats ?? scenario.repeats ?? plan.repeats ?? 1;
}

export function studyConfidence(plan: {confidence?: number}): number {
  return plan.confidence ?? DEFAULT_CONFIDENCE;
}

/** The dataset seed repeat k of a point sends in live mode: the plan's seed (the client's default, 0, when the plan
 * gives none) plus k − 1. Repeats with one seed send the same prompts, so a prefix cache serves repeats 2… from
 * memory and they measure the cache, not the configuration; a seed of its own per repeat works on every engine (not
 * only those with a cache-reset endpoint) and samples the workload, which the repeats' interval is meant to cover. */
export function repeatSeed(base: number | null | undefined, repeat: number): number {
  return (base ?? 0) + (repeat - 1);
}
