// The settings a study's selection steps varied, read from the candidates' commands: each step's own dimensions
// (engine, quantization, server options), the values each configuration takes on them, and the space they span.
import {argvMeaning} from "../command/argv-meaning.js";
import type {PlanCandidate, PlanStep} from "../study/plan.js";

/** An option a configuration leaves out is at its default. */
export const DEFAULT_VALUE = "default";

/** Dimension → value: `engine`, `quantization`, and each server option (`--max-num-tokens`) by its dashed name. */
export type Configuration = Map<string, string>;

export function configuration(candidate: PlanCandidate): Configuration {
  const config: Configuration = new Map([
    ["engine", candidate.engine],
    ["quantization", candidate.quantization]
  ]);
  for (const [name, values] of argvMeaning(candidate.server).options) config.set(name, values.join(" ") || "on");
  return config;
}

export const valueOf = (config: Configuration, dim: string): string => config.get(dim) ?? DEFAULT_VALUE;

/** The configuration's values on `dims`, as one key. */
export function projection(config: Configuration, dims: readonly string[]): string {
  return dims.map((d) => `${d}=${valueOf(config, d)}`).join("\0");
}

/** What a step varies: the engine when its configurations span several, and, among the configurations of one engine,
 * the quantization and each option whose value differs (options of different engines are not comparable). */
export function stepDimensions(configs: Configuration[]): string[] {
  const dims: string[] = [];
  if (new Set(configs.map((c) => valueOf(c, "engine"))).size > 1) dims.push("engine");
  const byEngine = new Map<string, Configuration[]>();
  for (const c of configs) {
    const engine = valueOf(c, "engine");
    byEngine.set(engine, [...(byEngine.get(engine) ?? []), c]);
  }
  for (const group of byEngine.values()) {
    const names = new Set(group.flatMap((c) => [...c.keys()]));
    for (const name of names)
      if (name !== "engine" && !dims.includes(name) && new Set(group.map((c) => valueOf(c, name))).size > 1)
        dims.push(name);
  }
  return dims;
}

/** Numeric option values: the ones a neighbour can halve or double. */
export function numericValue(value: string): number | null {
  return /^\d+(\.\d+)?$/.test(value) ? Number(value) : null;
}

/** The selection steps in plan order. */
export function selectionSteps(steps: readonly PlanStep[]): PlanStep[] {
  return steps.filter((s) => s.kind === "selection");
}
