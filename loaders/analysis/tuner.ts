// The search itself, apart from how runs are made: a space-filling start that holds the greedy path's configuration,
// then a model-guided (or successive-halving) phase, then the leaders measured again with the study's repeats and
// decided by the study's noise rule. Pure given its inputs, so the same code runs live and in simulation.
import {expectedImprovement, fitGp, predict, type GpFit} from "../stats/gaussian-process.js";
import {sampleIndexes, seededRandom, type Random} from "../stats/seeded-random.js";
import type {Summary} from "../stats/summary.js";
import {
  configurationKey,
  reservedRuns,
  type Configuration,
  type KnobValue,
  type SearchSpace
} from "../study/search-space.js";
import {fillForm} from "../text.js";
import {interval, type GainInterval} from "./gain-interval.js";

/** Why the search tried a configuration, each form as tune.json's candidates hold it. The pages read a reason back by
 * its form (src/components/libraryText.ts), so a new reason gets a form here and its words there. */
export const TUNE_REASONS = {
  greedyStart: "the greedy path's configuration",
  spaceFilling: "space-filling start (Latin hypercube, point {point})",
  farthest: "too few results for a model: farthest from those tried",
  modelPick: "the model's pick: predicted {mean} ± {sd}, expected improvement {gain} % over the best so far ({best})",
  grid: "every configuration of the space"
} as const;
/** Its type, for the components, which take only types from the library. */
export type TuneReasons = typeof TUNE_REASONS;

export interface Observation {
  id: string;
  config: Configuration;
  /** ok: measured; failed: every run crashed or failed its health check; outside-slo: ran, never within the SLO. */
  status: "ok" | "failed" | "outside-slo";
  /** The objective over the configuration's successful runs. */
  summary: Summary | null;
  /** Runs recorded (each repeat and load level; a level live mode left out is not counted). */
  runs: number;
  /** Seconds its runs took (server start and benchmark). */
  seconds: number;
  error: string | null;
}

export interface TuneCandidate {
  id: string;
  values: Configuration;
  phase: "start" | "search";
  reason: string;
  /** Runs of each load level: 1 until successive halving or the re-measuring asks for more. */
  repeats: number;
}

export interface TuneState {
  candidates: TuneCandidate[];
  confirm: {repeats: number; candidates: string[]; reasons: Record<string, string>} | null;
}

export interface Proposal {
  config: Configuration;
  reason: string;
}

/** How a search spends runs: what the runner (or a simulation) provides. */
export interface SearchIo {
  /** Writes the state before its new runs start, so an interruption loses no decision. */
  commit(state: TuneState): void;
  /** Runs every run of the state's candidates that is not recorded yet; false when interrupted. */
  measure(state: TuneState): Promise<boolean>;
  observe(state: TuneState): Promise<Map<string, Observation>>;
  note?(line: string): void;
}

export const candidateId = (index: number): string => `c${String(index + 1).padStart(3, "0")}`;

/** A configuration as a point in [0, 1]^d: a numeric knob by its place among its values (a log range's place is its
 * logarithm), a categorical knob as one coordinate per value, 1/√2 apart, so any two categories are 1 apart. */
export function coordinates(space: Pick<SearchSpace, "knobs">, config: Configuration): number[] {
  const out: number[] = [];
  for (const knob of space.knobs) {
    if (knob.values.length < 2) continue;
    const v = config[knob.name];
    if (knob.numeric) {
      if (v == null) out.push(0);
      else if (knob.scale === "linear") {
        const [min, max] = [knob.values[0] as number, knob.values[knob.values.length - 1] as number];
        out.push(((v as number) - min) / (max - min));
      } else out.push(knob.values.indexOf(v) / (knob.values.length - 1));
    } else for (const value of knob.values) out.push(v === value ? Math.SQRT1_2 : 0);
  }
  return out;
}

function distance(a: number[], b: number[]): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += (a[i] - b[i]) ** 2;
  return Math.sqrt(d);
}

/** Configurations to choose among: every feasible one, or a seeded sample of `cap` of them. */
function pool(feasible: readonly Configuration[], random: Random, cap = 4000): Configuration[] {
  return feasible.length <= cap ? [...feasible] : sampleIndexes(feasible.length, cap, random).map((i) => feasible[i]);
}

/** The configuration farthest from `chosen` among `candidates` (ties: the first in a seeded order). */
function farthest(
  space: Pick<SearchSpace, "knobs">,
  candidates: readonly Configuration[],
  chosen: readonly number[][],
  random: Random
): {config: Configuration; distance: number} | null {
  let best: {config: Configuration; distance: number} | null = null;
  for (const i of sampleIndexes(candidates.length, candidates.length, random)) {
    const x = coordinates(space, candidates[i]);
    const d = chosen.length ? Math.min(...chosen.map((c) => distance(c, x))) : 0;
    if (!best || d > best.distance) best = {config: candidates[i], distance: d};
  }
  return best;
}

/** A Latin hypercube over the knobs: each of `n` points takes its own stratum of every knob (a numeric knob's values
 * cut into n equal strata, a point at a stratum's middle; a categorical knob's values dealt in turn), the strata
 * shuffled per knob. Strata's middles keep the start off the space's corners, where serving knobs are rarely good. */
function latinHypercube(space: Pick<SearchSpace, "knobs">, n: number, random: Random): Configuration[] {
  const columns = space.knobs.map((knob) => {
    const order = sampleIndexes(n, n, random);
    if (knob.numeric)
      return order.map(
        (k) => knob.values[Math.min(knob.values.length - 1, Math.floor(((k + 0.5) / n) * knob.values.length))]
      );
    const offset = Math.floor(random() * knob.values.length);
    return order.map((k) => knob.values[(k + offset) % knob.values.length]);
  });
  return Array.from({length: n}, (_, i) => Object.fromEntries(space.knobs.map((k, j) => [k.name, columns[j][i]])));
}

const minDistance = (points: number[][]): number => {
  let d = Infinity;
  for (let i = 0; i < points.length; i++) for (let j = 0; j < i; j++) d = Math.min(d, distance(points[i], points[j]));
  return d;
};

/** The start: the greedy path's configuration (when it is in the space), then a Latin hypercube of the rest, the one
 * of 64 seeded tries whose points lie farthest apart (maximin); a point the constraints refuse, or taken twice, gives
 * way to the feasible configuration nearest it. */
export function startDesign(
  space: Pick<SearchSpace, "knobs" | "seed">,
  feasible: readonly Configuration[],
  greedy: Configuration | null,
  size: number
): Proposal[] {
  const random = seededRandom(space.seed);
  const candidates = pool(feasible, random);
  const want = Math.min(size, feasible.length);
  const fixed = greedy ? [greedy] : [];
  let best: {configs: Configuration[]; spread: number} | null = null;
  for (let attempt = 0; attempt < 64 && want > fixed.length; attempt++) {
    const taken = new Set(fixed.map((c) => configurationKey(space, c)));
    const configs = [...fixed];
    for (const point of latinHypercube(space, want - fixed.length, random)) {
      const x = coordinates(space, point);
      let nearest: Configuration | null = null;
      let nearestDistance = Infinity;
      for (const c of candidates) {
        if (taken.has(configurationKey(space, c))) continue;
        const d = distance(coordinates(space, c), x);
        if (d < nearestDistance) [nearest, nearestDistance] = [c, d];
      }
      if (!nearest) break;
      taken.add(configurationKey(space, nearest));
      configs.push(nearest);
    }
    const spread = minDistance(configs.map((c) => coordinates(space, c)));
    if (!best || spread > best.spread) best = {configs, spread};
  }
  const configs = best?.configs ?? fixed;
  return configs.map((config, i) => ({
    config,
    reason:
      greedy && i === 0 ? TUNE_REASONS.greedyStart : fillForm(TUNE_REASONS.spaceFilling, {point: i + (greedy ? 0 : 1)})
  }));
}

/** The model of the objective over the measured configurations (its values, not their logarithms: a configuration
 * near zero would stretch a log scale across the whole model); a configuration that ran but never met the SLO counts
 * as half the lowest measured value (it is measured bad; a crash is not, and is left out). */
export function searchModel(space: Pick<SearchSpace, "knobs">, observations: readonly Observation[]): GpFit | null {
  const ok = observations.filter((o) => o.status === "ok" && o.summary);
  if (ok.length < 2) return null;
  const x = ok.map((o) => coordinates(space, o.config));
  const y = ok.map((o) => o.summary!.mean);
  const floor = Math.min(...y) / 2;
  for (const o of observations.filter((o) => o.status === "outside-slo")) {
    x.push(coordinates(space, o.config));
    y.push(floor);
  }
  return fitGp(x, y);
}

/** The guided phase's next configuration: the untried feasible one of highest expected improvement over the best
 * predicted so far; null when every feasible configuration has been tried. */
export function guidedNext(
  space: Pick<SearchSpace, "knobs" | "seed">,
  feasible: readonly Configuration[],
  observations: readonly Observation[],
  step: number
): Proposal | null {
  const random = seededRandom(space.seed * 7919 + step);
  const tried = new Set(observations.map((o) => configurationKey(space, o.config)));
  const untried = pool(
    feasible.filter((c) => !tried.has(configurationKey(space, c))),
    random
  );
  if (untried.length === 0) return null;
  const model = searchModel(space, observations);
  if (!model) {
    const next = farthest(
      space,
      untried,
      observations.map((o) => coordinates(space, o.config)),
      random
    );
    return next && {config: next.config, reason: TUNE_REASONS.farthest};
  }
  const ok = observations.filter((o) => o.status === "ok");
  const incumbent = Math.max(...ok.map((o) => predict(model, coordinates(space, o.config)).mean));
  let best: {config: Configuration; ei: number; mean: number; sd: number} | null = null;
  for (const i of sampleIndexes(untried.length, untried.length, random)) {
    const p = predict(model, coordinates(space, untried[i]));
    const ei = expectedImprovement(p.mean, p.sd, incumbent);
    if (!best || ei > best.ei) best = {config: untried[i], ei, ...p};
  }
  return {
    config: best!.config,
    reason: fillForm(TUNE_REASONS.modelPick, {
      mean: best!.mean.toPrecision(4),
      sd: best!.sd.toPrecision(3),
      gain: ((best!.ei / incumbent) * 100).toFixed(1),
      best: incumbent.toPrecision(4)
    })
  };
}

/** Successive halving over the start's configurations: the better half of each round runs once more; the
 * configuration that needs its next run, or null when one is left. */
export function halvingNext(
  state: TuneState,
  observations: ReadonlyMap<string, Observation>
): {id: string; repeats: number; reason: string} | null {
  let survivors = state.candidates
    .filter((c) => c.phase === "start" && observations.get(c.id)?.status === "ok")
    .sort((a, b) => observations.get(b.id)!.summary!.mean - observations.get(a.id)!.summary!.mean);
  let round = 1;
  while (survivors.length > 1) {
    survivors = survivors.slice(0, Math.ceil(survivors.length / 2));
    round += 1;
    const need = survivors.find((c) => c.repeats < round);
    if (need)
      return {
        id: need.id,
        repeats: round,
        reason: `successive halving: among the best ${survivors.length} after round ${round - 1}`
      };
    survivors.sort((a, b) => observations.get(b.id)!.summary!.mean - observations.get(a.id)!.summary!.mean);
  }
  return null;
}

/** The size of a halving start that a search budget of `runs` carries through every round: n + ⌈n/2⌉ + ⌈n/4⌉ … */
export function halvingStart(runs: number): number {
  const cost = (n: number): number => {
    let total = 0;
    for (let k = n, round = 1; k >= 1; k = k > 1 ? Math.ceil(k / 2) : 0, round++) total += k;
    return total;
  };
  let n = 1;
  while (cost(n + 1) <= runs) n++;
  return n;
}

/** The `k` leaders: by the model's prediction (which weighs each run against its neighbours) when there is one, else
 * by their measured means. */
export function leaders(
  space: Pick<SearchSpace, "knobs" | "strategy">,
  observations: readonly Observation[],
  k: number
): {id: string; score: number}[] {
  const ok = observations.filter((o) => o.status === "ok" && o.summary);
  const model = space.strategy === "guided" ? searchModel(space, observations) : null;
  return ok
    .map((o) => ({id: o.id, score: model ? predict(model, coordinates(space, o.config)).mean : o.summary!.mean}))
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

/** Runs and seconds spent so far. */
export function spent(observations: ReadonlyMap<string, Observation>): {runs: number; seconds: number} {
  let runs = 0;
  let seconds = 0;
  for (const o of observations.values()) {
    runs += o.runs;
    seconds += o.seconds;
  }
  return {runs, seconds};
}

/** Evaluations the search phase may still start before the re-measuring's share of the budget. */
export function searchRunsLeft(
  space: Pick<SearchSpace, "start" | "top" | "repeats" | "runs_per_configuration">,
  budget: SearchSpace["budget"],
  used: {runs: number; seconds: number},
  greedy = true
): number {
  if (!budget) return 0;
  const reserve = reservedRuns(space, greedy).confirm;
  if ("runs" in budget) return Math.floor((budget.runs - reserve - used.runs) / space.runs_per_configuration);
  const perRun = used.runs ? used.seconds / used.runs : Infinity;
  return Math.floor(((budget.seconds - used.seconds) / perRun - reserve) / space.runs_per_configuration);
}

/** Runs the search to its end: start, search, re-measuring. Resumes from `state` as it was committed. */
export async function runSearch(
  space: SearchSpace,
  feasible: readonly Configuration[],
  greedy: Configuration | null,
  state: TuneState,
  io: SearchIo
): Promise<"done" | "interrupted"> {
  const note = io.note ?? (() => {});
  const add = (config: Configuration, phase: TuneCandidate["phase"], reason: string): TuneCandidate => {
    const candidate = {id: candidateId(state.candidates.length), values: config, phase, reason, repeats: 1};
    state.candidates.push(candidate);
    return candidate;
  };
  // Runs an interruption left undone come first: the decisions were committed before them.
  if (!(await io.measure(state))) return "interrupted";
  if (state.candidates.length === 0) {
    const searchRuns = searchRunsLeft(space, space.budget, {runs: 0, seconds: 0}, greedy != null);
    const size =
      space.strategy === "halving" && space.budget && "runs" in space.budget
        ? Math.max(space.start, halvingStart(searchRuns))
        : space.start;
    for (const p of startDesign(space, feasible, greedy, size)) add(p.config, "start", p.reason);
    note(`start: ${state.candidates.length} configurations`);
    io.commit(state);
    if (!(await io.measure(state))) return "interrupted";
  }
  const greedyId = greedy
    ? (state.candidates.find((c) => configurationKey(space, c.values) === configurationKey(space, greedy))?.id ?? null)
    : null;
  if (!state.confirm) {
    for (;;) {
      const observations = await io.observe(state);
      const left = searchRunsLeft(space, space.budget, spent(observations), greedyId != null);
      if (left < 1) break;
      if (space.strategy === "halving") {
        const again = halvingNext(state, observations);
        if (!again) break;
        state.candidates.find((c) => c.id === again.id)!.repeats = again.repeats;
        note(`again: ${again.id} (${again.reason})`);
      } else {
        const next = guidedNext(space, feasible, [...observations.values()], state.candidates.length);
        if (!next) break;
        const c = add(next.config, "search", next.reason);
        note(`search: ${c.id} (${next.reason})`);
      }
      io.commit(state);
      if (!(await io.measure(state))) return "interrupted";
    }
    const observations = [...(await io.observe(state)).values()];
    const top = leaders(space, observations, space.top);
    const reasons: Record<string, string> = {};
    top.forEach((l, i) => (reasons[l.id] = `leader ${i + 1} of ${top.length} (${l.score.toPrecision(4)})`));
    if (greedyId && !reasons[greedyId]) reasons[greedyId] = "the greedy path's configuration, the incumbent";
    else if (greedyId) reasons[greedyId] += "; the greedy path's configuration, the incumbent";
    state.confirm = {repeats: space.repeats, candidates: Object.keys(reasons), reasons};
    for (const id of state.confirm.candidates) {
      const c = state.candidates.find((x) => x.id === id)!;
      c.repeats = Math.max(c.repeats, space.repeats);
    }
    note(`measuring again with ${space.repeats} repeats: ${state.confirm.candidates.join(", ")}`);
    io.commit(state);
  }
  return (await io.measure(state)) ? "done" : "interrupted";
}

export interface SearchVerdict {
  /** improved: a leader beats the incumbent (the greedy path's configuration) beyond noise; within-noise: the best
   * leader is ahead on average but its gain's interval includes zero, so the incumbent stays; no-improvement: the
   * incumbent leads; no-incumbent: the greedy path had not run, the best leader is the recommendation. */
  kind: "improved" | "within-noise" | "no-improvement" | "no-incumbent" | "nothing-measured";
  winner: string | null;
  leader: string | null;
  incumbent: string | null;
  gain_percent: number | null;
  gain_interval: GainInterval | null;
}

/** The study's noise rule over the re-measured configurations: the leader by mean replaces the incumbent only when
 * Welch's interval of its gain lies above zero (with single runs, when its mean is higher). */
export function searchVerdict(
  measured: readonly {id: string; summary: Summary | null}[],
  incumbent: string | null,
  confidence: number
): SearchVerdict {
  const ok = measured.filter((m) => m.summary != null).sort((a, b) => b.summary!.mean - a.summary!.mean);
  const leader = ok[0] ?? null;
  const base = {leader: leader?.id ?? null, incumbent, gain_percent: null, gain_interval: null};
  if (!leader) return {...base, kind: "nothing-measured", winner: null};
  const inc = ok.find((m) => m.id === incumbent);
  if (!incumbent || !inc) return {...base, kind: "no-incumbent", winner: leader.id};
  if (leader === inc) return {...base, kind: "no-improvement", winner: incumbent};
  const gain = ((leader.summary!.mean - inc.summary!.mean) / inc.summary!.mean) * 100;
  const gainInterval = interval(inc.summary, leader.summary, confidence);
  const improved = gainInterval ? gainInterval.low > 0 : true;
  return {
    ...base,
    kind: improved ? "improved" : "within-noise",
    winner: improved ? leader.id : incumbent,
    gain_percent: gain,
    gain_interval: gainInterval
  };
}

/** "max_batch_tokens 8192, scheduler fifo" */
export function configurationLabel(space: Pick<SearchSpace, "knobs">, config: Configuration): string {
  return space.knobs
    .filter((k) => config[k.name] != null && k.values.length > 1)
    .map((k) => `${k.name} ${config[k.name] as KnobValue}`)
    .join(", ");
}
