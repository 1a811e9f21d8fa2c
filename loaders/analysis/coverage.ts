// What the greedy path left unmeasured: earlier runners-up never combined with a later step's settings, decisions
// within noise or closer than the margin, dimensions never re-tested, and how much of the space the steps spanned the
// recommendation rests on.
import type {PlanCandidate, PlanStep, StudyPlan} from "../study/plan.js";
import type {Derived} from "./derive.js";
import {decidingScenario} from "./decision.js";
import {interval, type GainInterval} from "./gain-interval.js";
import {studyConfidence} from "../study/repeats.js";
import {isPlaceholder} from "../study/schema.js";
import {
  configuration,
  projection,
  selectionSteps,
  stepDimensions,
  valueOf,
  type Configuration
} from "./settings-space.js";

export const DEFAULT_MARGIN = 5;

export interface ConfigRef {
  step: string;
  candidate: string;
  label: string;
}
export interface Setting {
  dim: string;
  value: string;
  /** False where the value is the plan's placeholder (a quantization no imported file stated): no value to print. */
  recorded?: false;
}
export interface UntriedCombination {
  runner_up: ConfigRef;
  /** This step's setting the runner-up was never run with. */
  setting: Setting[];
  /** The step whose candidates carry the setting (the first that does). */
  from: ConfigRef;
}
export interface StepCoverage {
  step: string;
  /** Dimensions this step was the first to vary. */
  dims: string[];
  /** Engines its candidates ran on (any outcome). */
  engines: string[];
  untried: UntriedCombination[];
}
export interface CloseDecision {
  step: string;
  chosen: ConfigRef;
  runner_up: ConfigRef;
  scenario: string;
  /** How much the leader's mean beat the other's, percent: the chosen configuration's, unless runner_up_leads. */
  gap_percent: number;
  gap_interval: GainInterval | null;
  within_noise: boolean;
  /** The runner-up's mean is the higher (its lead within noise or under the margin, or its result partial). */
  runner_up_leads?: true;
}
export interface DimensionRetest {
  dim: string;
  decided_at: string;
  /** The last selection step whose candidates spanned two values of it. */
  last_varied_at: string;
  /** Later steps where two of its values ran successfully with the same values of that step's settings. */
  retested_at: string[];
}
export interface Coverage {
  margin: number;
  dims: {dim: string; values: string[]}[];
  /** Combinations of the dimensions' values. */
  space: number;
  /** Distinct configurations (projected on the dimensions) with a successful run in a selection step. */
  measured: number;
  /** Distinct configurations whose every run failed. */
  failed: number;
  /** Of the measured ones, those never within the SLO at any load (absent when none). */
  outside_slo?: number;
  steps: StepCoverage[];
  untried: number;
  close: CloseDecision[];
  retests: DimensionRetest[];
  /** Selection steps after the first whose candidates all ran on one engine, in a study of several. */
  single_engine: {step: string; engine: string}[];
}

// A configuration's values on dimensions always listed in the same order: their names need not be in the key.
const valuesKey = (config: Configuration, dims: readonly string[]): string =>
  dims.map((d) => valueOf(config, d)).join("\0");

interface Entry {
  step: PlanStep;
  candidate: PlanCandidate;
  config: Configuration;
  ok: boolean;
  ran: boolean;
  /** Ran, but no load point of its curve meets the SLO: measured, and not a runner-up. */
  outside: boolean;
}

export function coverage(
  plan: StudyPlan,
  derived: Pick<Derived, "steps" | "objectiveOf">,
  margin = plan.margin ?? DEFAULT_MARGIN
): Coverage {
  const reports = new Map(derived.steps.map((s) => [s.id, s]));
  const selection = selectionSteps(plan.steps).filter((s) => reports.get(s.id)?.verdict.winner != null);
  const candidateOf = (step: string, id: string): PlanCandidate | undefined =>
    plan.steps.find((s) => s.id === step)?.candidates.find((c) => c.id === id);
  const labelOf = (step: string, id: string): string => candidateOf(step, id)?.label ?? id;
  const ref = (step: string, candidate: string): ConfigRef => ({step, candidate, label: labelOf(step, candidate)});
  // Each candidate of every step with whether it ran and whether it succeeded on some scenario.
  const entries: Entry[] = plan.steps.flatMap((step) => {
    const report = reports.get(step.id);
    return step.candidates.map((candidate) => {
      const standings = Object.values(report?.standings ?? {}).flatMap((list) =>
        list.filter((s) => s.candidate === candidate.id)
      );
      return {
        step,
        candidate,
        config: configuration(candidate),
        ok: standings.some((s) => s.value != null),
        ran: standings.some((s) => s.runs.length > 0),
        outside: standings.some((s) => s.status === "outside-slo")
      };
    });
  });
  // Entries by step: the loops below visit steps × earlier steps, so a scan of all entries there is steps² × candidates.
  const byStep = new Map<string, Entry[]>();
  for (const e of entries) {
    const list = byStep.get(e.step.id);
    if (list) list.push(e);
    else byStep.set(e.step.id, [e]);
  }
  const stepEntries = (step: PlanStep): Entry[] => byStep.get(step.id) ?? [];
  const entryOf = (step: string, candidate: string): Entry | undefined =>
    byStep.get(step)?.find((e) => e.candidate.id === candidate);

  // Each selection step's dimensions: what its candidates and the configuration it started from vary.
  const seen = new Set<string>();
  const own = new Map<string, string[]>();
  const all = new Map<string, string[]>();
  for (const step of selection) {
    const incumbent = reports.get(step.id)!.verdict.incumbent;
    const start = incumbent ? candidateOf(incumbent.step, incumbent.candidate) : undefined;
    const configs = [...step.candidates, ...(start ? [start] : [])].map(configuration);
    const dims = stepDimensions(configs);
    all.set(step.id, dims);
    own.set(
      step.id,
      dims.filter((d) => !seen.has(d))
    );
    for (const d of dims) seen.add(d);
  }
  const dimList = [...seen];
  const dims = dimList.map((dim) => ({
    dim,
    values: [
      ...new Set(
        selection.flatMap((s) => {
          const incumbent = reports.get(s.id)!.verdict.incumbent;
          const start = incumbent ? entryOf(incumbent.step, incumbent.candidate) : undefined;
          return [...stepEntries(s), ...(start ? [start] : [])].map((e) => valueOf(e.config, dim));
        })
      )
    ]
  }));
  const selectionEntries = selection.flatMap(stepEntries);
  const measured = new Set(selectionEntries.filter((e) => e.ok || e.outside).map((e) => projection(e.config, dimList)));
  const outsideSlo = new Set(
    selectionEntries
      .filter((e) => e.outside && !e.ok)
      .map((e) => projection(e.config, dimList))
      .filter((key) => !selectionEntries.some((e) => e.ok && projection(e.config, dimList) === key))
  );
  const failed = new Set(
    selectionEntries
      .filter((e) => e.ran && !e.ok)
      .map((e) => projection(e.config, dimList))
      .filter((key) => !measured.has(key))
  );

  // Runners-up: a selection step's candidates that ran successfully, other than the configuration kept after it.
  const winnerAfter = (step: PlanStep): ConfigRef => {
    const w = reports.get(step.id)!.verdict.winner!;
    return ref(w.step, w.candidate);
  };
  const runnersUpOf = new Map<string, Entry[]>();
  const runnersUp = (step: PlanStep): Entry[] => {
    let list = runnersUpOf.get(step.id);
    if (!list) {
      const w = winnerAfter(step);
      list = stepEntries(step).filter((e) => e.ok && !(e.step.id === w.step && e.candidate.id === w.candidate));
      runnersUpOf.set(step.id, list);
    }
    return list;
  };
  const ran = entries.filter((e) => e.ran);

  const steps: StepCoverage[] = selection.map((step, i) => {
    const dimsHere = own.get(step.id)!;
    const settings = new Map<string, {setting: Setting[]; from: Entry}>();
    for (const e of stepEntries(step)) {
      const setting: Setting[] = dimsHere.map((dim) => {
        const value = valueOf(e.config, dim);
        return isPlaceholder(value) ? {dim, value, recorded: false} : {dim, value};
      });
      const key = JSON.stringify(setting);
      if (!settings.has(key)) settings.set(key, {setting, from: e});
    }
    const untried: UntriedCombination[] = [];
    // A step that adds no dimension offers no setting to combine: the tried keys (one per candidate run) are not built.
    if (dimsHere.length) {
      const upTo = dimList.filter((d) => selection.slice(0, i + 1).some((s) => own.get(s.id)!.includes(d)));
      // A combination is a runner-up's values on the earlier dimensions with this step's setting on its own: the tried
      // configurations are keyed the same two ways, so each runner-up's key is made once, not once per setting (a key
      // per combination was much of a large study's peak memory, BENCHMARKS.md).
      const earlierDims = upTo.filter((d) => !dimsHere.includes(d));
      const tried = new Map<string, Set<string>>();
      for (const e of ran) {
        const key = valuesKey(e.config, earlierDims);
        tried.set(key, (tried.get(key) ?? new Set()).add(valuesKey(e.config, dimsHere)));
      }
      const combos = [...settings.values()].map(({setting, from}) => ({
        setting,
        from,
        key: valuesKey(new Map(setting.map((s) => [s.dim, s.value])), dimsHere)
      }));
      for (const earlier of selection.slice(0, i))
        for (const r of runnersUp(earlier)) {
          const triedWith = tried.get(valuesKey(r.config, earlierDims));
          for (const {setting, from, key} of combos) {
            if (setting.every((s) => valueOf(r.config, s.dim) === s.value)) continue;
            if (!triedWith?.has(key))
              untried.push({
                runner_up: ref(r.step.id, r.candidate.id),
                setting,
                from: ref(from.step.id, from.candidate.id)
              });
          }
        }
    }
    return {
      step: step.id,
      dims: dimsHere,
      engines: [...new Set(step.candidates.map((c) => c.engine))],
      untried
    };
  });

  const confidence = studyConfidence(plan);
  const close: CloseDecision[] = selection.flatMap((step) => {
    const report = reports.get(step.id)!;
    const scenario = decidingScenario(step) ?? step.scenarios[0];
    const w = report.verdict.winner!;
    // The chosen one as measured in this scenario, in whichever step it ran: a best-so-far carried from a step of other
    // scenarios has no figure here to set against the runners-up.
    const chosenRun = reports.get(w.step)?.standings[scenario]?.find((s) => s.candidate === w.candidate)?.run;
    const chosen = chosenRun ? derived.objectiveOf(chosenRun) : null;
    if (!chosen) return [];
    return runnersUp(step).flatMap((r) => {
      const standing = report.standings[scenario]?.find((s) => s.candidate === r.candidate.id);
      const other = standing ? derived.objectiveOf(standing.run) : null;
      if (!other) return [];
      // The gap is the leader's gain: the chosen one's, or the runner-up's where it stayed ahead (a partial result, or a
      // lead within noise, is not kept), so a lead beyond the margin and beyond noise is never a close call.
      const leads = other.mean > chosen.mean;
      const [low, high] = leads ? [chosen, other] : [other, chosen];
      const gap = ((high.mean - low.mean) / low.mean) * 100;
      const gapInterval = interval(low, high, confidence);
      const withinNoise = gapInterval != null && gapInterval.low <= 0;
      if (!withinNoise && gap >= margin) return [];
      return [
        {
          step: step.id,
          chosen: ref(w.step, w.candidate),
          runner_up: ref(step.id, r.candidate.id),
          scenario,
          gap_percent: gap,
          gap_interval: gapInterval,
          within_noise: withinNoise,
          ...(leads ? {runner_up_leads: true as const} : {})
        }
      ];
    });
  });

  const retests: DimensionRetest[] = dimList.flatMap((dim) => {
    const at = selection.findIndex((s) => own.get(s.id)!.includes(dim));
    if (at < 0) return [];
    let lastVaried = selection[at].id;
    const retested: string[] = [];
    for (const step of selection.slice(at + 1)) {
      const list = stepEntries(step);
      if (new Set(list.map((e) => valueOf(e.config, dim))).size > 1) lastVaried = step.id;
      // A re-test: two values of the dimension measured with the same values of the step's other settings.
      const others = all.get(step.id)!.filter((d) => d !== dim);
      const groups = new Map<string, Set<string>>();
      for (const e of list.filter((e) => e.ok)) {
        const key = projection(e.config, others);
        groups.set(key, (groups.get(key) ?? new Set()).add(valueOf(e.config, dim)));
      }
      if ([...groups.values()].some((values) => values.size > 1)) retested.push(step.id);
    }
    return [{dim, decided_at: selection[at].id, last_varied_at: lastVaried, retested_at: retested}];
  });

  const engines = new Set(selection.flatMap((s) => s.candidates.map((c) => c.engine)));
  const singleEngine =
    engines.size > 1
      ? selection.slice(1).flatMap((s) => {
          const used = [...new Set(s.candidates.map((c) => c.engine))];
          return used.length === 1 ? [{step: s.id, engine: used[0]}] : [];
        })
      : [];

  return {
    margin,
    dims,
    space: dims.reduce((n, d) => n * d.values.length, 1),
    measured: measured.size,
    failed: failed.size,
    ...(outsideSlo.size ? {outside_slo: outsideSlo.size} : {}),
    steps,
    untried: steps.reduce((n, s) => n + s.untried.length, 0),
    close,
    retests,
    single_engine: singleEngine
  };
}
