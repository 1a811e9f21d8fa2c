// The search run against the synthetic engine's surface in memory: each "run" draws the surface with 5 % noise, so the
// tuner, a seeded random search and the greedy path can be compared over many seeds in a second.
import {
  runSearch,
  searchVerdict,
  type Observation,
  type SearchIo,
  type TuneState
} from "../../loaders/analysis/tuner.js";
import {normalDraw, sampleIndexes, seededRandom, type Random} from "../../loaders/stats/seeded-random.js";
import {summarize} from "../../loaders/stats/summary.js";
import {parseStudyPlan} from "../../loaders/study/plan.js";
import {
  configurations,
  configurationKey,
  type Configuration,
  type SearchSpace
} from "../../loaders/study/search-space.js";
import {
  BATCH_TOKENS,
  DEFAULTS,
  NOISE,
  REQUESTS,
  SCHEDULERS,
  surface,
  syntheticTuneYaml,
  trueBest,
  type SyntheticConfig
} from "./synthetic-engine.js";

/** A minimal study around the synthetic engine: one scenario, the greedy steps' shape, the study's repeats. */
export function syntheticPlanYaml(tune: string, repeats = 3): string {
  return `id: synthetic
title: Synthetic engine
model: {name: synthetic-model}
hardware: {gpu: none}
engines:
  synthetic: {version: "1", options: [--max-batch-tokens, --max-requests-per-batch, --scheduler]}
client: {argv: [bench, --model, "{model}"]}
repeats: ${repeats}
scenarios:
  tiny: {dataset: random, input_len: 16, output_len: 4, num_prompts: 6}
steps:
  - id: defaults
    scenarios: [tiny]
    candidates:
      - {id: defaults, engine: synthetic, server: [synthetic-engine]}
${tune}`;
}

export function syntheticSpace(budgetRuns: number, extra = "", repeats = 3): SearchSpace {
  return parseStudyPlan(syntheticPlanYaml(syntheticTuneYaml(budgetRuns, extra), repeats), "study.yaml", "/tmp/none")
    .search_space!;
}

const asSynthetic = (c: Configuration): SyntheticConfig => ({
  max_batch_tokens: c.max_batch_tokens as number,
  max_requests_per_batch: c.max_requests_per_batch as number,
  scheduler: c.scheduler as string
});

/** One noisy measurement: null where the configuration crashes. */
function measureOnce(config: SyntheticConfig, random: Random): number | null {
  const value = surface(config);
  return value == null ? null : value * (1 + NOISE * normalDraw(random));
}

/** Runs of a simulated study: each configuration's measured values, drawn as the search asks for them. */
class SimulatedRuns {
  readonly values = new Map<string, (number | null)[]>();
  constructor(readonly random: Random) {}
  measure(id: string, config: SyntheticConfig, repeats: number): void {
    const list = this.values.get(id) ?? [];
    while (list.length < repeats) list.push(measureOnce(config, this.random));
    this.values.set(id, list);
  }
  observation(id: string, config: Configuration): Observation {
    const list = this.values.get(id) ?? [];
    const ok = list.filter((v): v is number => v != null);
    return {
      id,
      config,
      status: ok.length ? "ok" : "failed",
      summary: summarize(ok, 0.95),
      runs: list.length,
      seconds: list.length,
      error: ok.length ? null : "server died while loading: out of memory"
    };
  }
}

export interface SimulatedOutcome {
  winner: SyntheticConfig;
  /** 1 − surface(winner) / surface(true best), from the known surface. */
  regret: number;
  runs: number;
  configurations: number;
  crashed: number;
  verdict: string;
  /** The true best was among the configurations tried. */
  tried_best: boolean;
}

const regretOf = (config: SyntheticConfig): number => 1 - (surface(config) ?? 0) / trueBest().value;

/** The greedy path as a study runs it: one knob per step from the defaults, each value with the study's repeats, the
 * best so far kept unless a candidate beats it beyond noise (Welch's interval above zero). */
export function simulateGreedy(seed: number, repeats = 3): SimulatedOutcome & {path: SyntheticConfig[]} {
  const runs = new SimulatedRuns(seededRandom(1_000_003 * (seed + 1)));
  let incumbent: SyntheticConfig = {...DEFAULTS};
  const key = (c: SyntheticConfig) => `${c.max_batch_tokens}/${c.max_requests_per_batch}/${c.scheduler}`;
  const summary = (c: SyntheticConfig) => {
    runs.measure(key(c), c, repeats);
    return runs.observation(key(c), c as unknown as Configuration).summary;
  };
  const path: SyntheticConfig[] = [];
  const steps: [keyof SyntheticConfig, readonly (number | string)[]][] = [
    ["max_batch_tokens", BATCH_TOKENS],
    ["max_requests_per_batch", REQUESTS],
    ["scheduler", SCHEDULERS]
  ];
  for (const [knob, values] of steps) {
    const candidates = values.map((v) => ({...incumbent, [knob]: v}) as SyntheticConfig);
    const measured = candidates.map((c) => ({id: key(c), summary: summary(c)}));
    const verdict = searchVerdict(measured, key(incumbent), 0.95);
    incumbent = candidates.find((c) => key(c) === verdict.winner) ?? incumbent;
    path.push(incumbent);
  }
  return {
    winner: incumbent,
    regret: regretOf(incumbent),
    runs: runs.values.size * repeats,
    configurations: runs.values.size,
    crashed: [...runs.values.values()].filter((v) => v.every((x) => x == null)).length,
    verdict: "greedy",
    tried_best: false,
    path
  };
}

/** The search as `tps-report tune` runs it, on the simulated engine. */
export async function simulateTuner(
  space: SearchSpace,
  seed: number,
  greedy: SyntheticConfig | null
): Promise<SimulatedOutcome> {
  const runs = new SimulatedRuns(seededRandom(7 * seed + 11));
  const feasible = configurations(
    space,
    space.constraints.map((c) => c.tree)
  );
  const state: TuneState = {candidates: [], confirm: null};
  const io: SearchIo = {
    commit: () => {},
    measure: async (s) => {
      for (const c of s.candidates) runs.measure(c.id, asSynthetic(c.values), c.repeats);
      return true;
    },
    observe: async (s) => new Map(s.candidates.map((c) => [c.id, runs.observation(c.id, c.values)]))
  };
  const greedyConfig = greedy ? (greedy as unknown as Configuration) : null;
  await runSearch({...space, seed}, feasible, greedyConfig, state, io);
  return outcome(space, state, runs, greedyConfig);
}

function outcome(
  space: SearchSpace,
  state: TuneState,
  runs: SimulatedRuns,
  greedy: Configuration | null
): SimulatedOutcome {
  const confirmed = state.confirm!.candidates.map((id) => {
    const c = state.candidates.find((x) => x.id === id)!;
    return {id, summary: runs.observation(id, c.values).summary};
  });
  const incumbent = greedy
    ? (state.candidates.find((c) => configurationKey(space, c.values) === configurationKey(space, greedy))?.id ?? null)
    : null;
  const verdict = searchVerdict(confirmed, incumbent, 0.95);
  const winner = asSynthetic(state.candidates.find((c) => c.id === verdict.winner)!.values);
  const all = [...runs.values.values()];
  return {
    winner,
    regret: regretOf(winner),
    runs: all.reduce((n, v) => n + v.length, 0),
    configurations: state.candidates.length,
    crashed: all.filter((v) => v.every((x) => x == null)).length,
    verdict: verdict.kind,
    tried_best: state.candidates.some((c) => regretOf(asSynthetic(c.values)) === 0)
  };
}

/** A seeded random search with the same budget: the greedy path's configuration and uniform draws from the feasible
 * space, then the same re-measuring and noise rule. */
export async function simulateRandom(
  space: SearchSpace,
  seed: number,
  greedy: SyntheticConfig | null
): Promise<SimulatedOutcome> {
  const runs = new SimulatedRuns(seededRandom(7 * seed + 11));
  const random = seededRandom(31 * seed + 5);
  const feasible = configurations(
    space,
    space.constraints.map((c) => c.tree)
  );
  const budget = (space.budget as {runs: number}).runs - (space.top + 1) * (space.repeats - 1);
  const greedyConfig = greedy ? (greedy as unknown as Configuration) : null;
  const picks = sampleIndexes(feasible.length, feasible.length, random).map((i) => feasible[i]);
  const chosen = greedyConfig
    ? [greedyConfig, ...picks.filter((c) => configurationKey(space, c) !== configurationKey(space, greedyConfig))]
    : picks;
  const state: TuneState = {
    candidates: chosen
      .slice(0, budget)
      .map((values, i) => ({id: `r${i}`, values, phase: "start", reason: "random", repeats: 1})),
    confirm: null
  };
  for (const c of state.candidates) runs.measure(c.id, asSynthetic(c.values), 1);
  const ranked = state.candidates
    .map((c) => ({id: c.id, obs: runs.observation(c.id, c.values)}))
    .filter((o) => o.obs.summary)
    .sort((a, b) => b.obs.summary!.mean - a.obs.summary!.mean)
    .slice(0, space.top)
    .map((o) => o.id);
  const incumbent = greedyConfig ? state.candidates[0].id : null;
  const confirm = [...new Set([...ranked, ...(incumbent ? [incumbent] : [])])];
  for (const id of confirm) {
    const c = state.candidates.find((x) => x.id === id)!;
    c.repeats = space.repeats;
    runs.measure(id, asSynthetic(c.values), space.repeats);
  }
  state.confirm = {repeats: space.repeats, candidates: confirm, reasons: {}};
  return outcome(space, state, runs, greedyConfig);
}

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
