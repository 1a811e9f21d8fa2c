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

/** Confidence levels an interval is drawn at: below one half is no confidence, and past 0.9999 the t quantile of
 * 1 − (1 − c) / 2 loses its digits to rounding (1 exactly from 0.9999999999999999). */
export const CONFIDENCE_MIN = 0.5;
export const CONFIDENCE_MAX = 0.9999;
export const CONFIDENCE_RULE = `must be a number from ${CONFIDENCE_MIN} to ${CONFIDENCE_MAX} (0.95 for 95 %)`;

/** What is wrong with a confidence level (completing a sentence that names it), or null when it is fine. */
export function confidenceProblem(value: unknown): string | null {
  return typeof value === "number" && value >= CONFIDENCE_MIN && value <= CONFIDENCE_MAX ? null : CONFIDENCE_RULE;
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

/** The seed rule a live run was given: "level-repeat" now; "repeat" (seed + k − 1 at every ladder level) before. */
export type SeedRule = "repeat" | "level-repeat";

/** A run's place among its scenario's seeds: slot `slot` of `slots` per repeat ({slot: 0, slots: 1} off a ladder). */
export interface SeedLevel {
  slot: number;
  slots: number;
}

interface LadderScenario {
  load?: {value: number};
  loads?: {levels: number[]};
  search?: unknown;
}

/** Where a scenario's level sits among its seeds: its index on a ladder; on a goodput search, its concurrency's place
 * among every one from the first level to the last, since bisection probes levels between the ladder's. */
export function seedLevel(scenario: LadderScenario): SeedLevel {
  const levels = scenario.loads?.levels;
  if (!scenario.load || !levels?.length) return {slot: 0, slots: 1};
  const value = scenario.load.value;
  if (scenario.search) return {slot: value - levels[0], slots: levels[levels.length - 1] - levels[0] + 1};
  const slot = levels.indexOf(value);
  if (slot < 0) throw new Error(`level ${value} is not on the ladder ${levels.join(", ")}`);
  return {slot, slots: levels.length};
}

/** The dataset seed repeat k of a point sends in live mode: the plan's seed (the client's default, 0, when the plan
 * gives none) plus (k − 1) × slots + slot, which is seed + k − 1 off a ladder. Repeats with one seed send the same
 * prompts, so a prefix cache serves repeats 2… from memory and they measure the cache, not the configuration; a seed
 * of its own per repeat works on every engine (not only those with a cache-reset endpoint) and samples the workload,
 * which the repeats' interval is meant to cover. A ladder's levels run one after another on one server, so each
 * (level, repeat) needs its own seed too; the "repeat" rule, which archived ladder runs were given, ignores the level. */
export function repeatSeed(
  base: number | null | undefined,
  repeat: number,
  level: SeedLevel = {slot: 0, slots: 1},
  rule: SeedRule = "level-repeat"
): number {
  const {slot, slots} = rule === "repeat" ? {slot: 0, slots: 1} : level;
  return (base ?? 0) + (repeat - 1) * slots + slot;
}
