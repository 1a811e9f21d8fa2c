// The search's configurations as the runner knows them: each configuration as a candidate with its server command,
// the greedy path's winner read back as a configuration, and each candidate's result read from its run folders with
// the same derivation every step gets (load ladders and the SLO included).
import {createHash} from "node:crypto";
import {argvMeaning} from "../command/argv-meaning.js";
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import {
  plannedRuns,
  WITHIN_SLO,
  WITHIN_SLO_METRIC,
  type PlanCandidate,
  type PlanStep,
  type StudyPlan
} from "../study/plan.js";
import type {SearchCandidate, SearchRecord} from "../study/search-file.js";
import {
  applies,
  engineOf,
  ENGINE_KNOB,
  QUANTIZATION_KNOB,
  type Configuration,
  type KnobValue,
  type SearchSpace
} from "../study/search-space.js";
import {meets} from "../study/constraint.js";
import {derive} from "./derive.js";
import {setOption} from "./second-look.js";
import {configurationLabel, type Observation, type TuneState} from "./tuner.js";

/** The configuration as a candidate: the engine's server command with each knob's option set (`on` gives the option
 * alone, `off` and `default` leave it out), the quantization's model in place of `{model}`. */
export function searchCandidate(
  space: SearchSpace,
  config: Configuration,
  studyModel: string,
  id: string,
  phase: SearchCandidate["phase"],
  reason: string
): SearchCandidate {
  const engine = engineOf(space, config);
  const quantization = config[QUANTIZATION_KNOB];
  const knob = space.knobs.find((k) => k.name === QUANTIZATION_KNOB);
  const model = (quantization != null && knob?.models?.[String(quantization)]) || studyModel;
  let server = space.server[engine].map((arg) => arg.replaceAll("{model}", model));
  for (const k of space.knobs) {
    const value = config[k.name];
    if (!k.flag || value == null || !applies(k, engine)) continue;
    const text = String(value);
    server = setOption(server, k.flag, text === "off" || text === "default" ? null : text);
  }
  return {
    id,
    label: configurationLabel(space, config) || id,
    engine,
    model,
    quantization: quantization != null ? String(quantization) : "bf16",
    server,
    values: config,
    phase,
    reason
  };
}

const dashed = (flag: string): string => "--" + flag.replace(/^-+/, "").replace(/_/g, "-");

/** A candidate's command read as a configuration of the space; a reason where it is not one (an option's value that
 * is not among the knob's, an engine outside the search, a configuration the constraints refuse). */
export function candidateConfiguration(
  space: SearchSpace,
  candidate: Pick<PlanCandidate, "engine" | "quantization" | "server">
): {config: Configuration} | {reason: string} {
  if (!space.engines.includes(candidate.engine))
    return {reason: `its engine '${candidate.engine}' is not one the search uses`};
  const options = argvMeaning(candidate.server).options;
  const config: Configuration = {};
  for (const k of space.knobs) {
    if (k.name === ENGINE_KNOB) {
      config[k.name] = candidate.engine;
      continue;
    }
    if (!applies(k, candidate.engine)) {
      config[k.name] = null;
      continue;
    }
    let value: KnobValue | null;
    if (k.name === QUANTIZATION_KNOB) value = candidate.quantization;
    else {
      const given = options.get(dashed(k.flag!));
      const text = given === undefined ? null : given.join(" ") || "on";
      value =
        text == null
          ? (k.default ?? (k.values.includes("off") ? "off" : k.values.includes("default") ? "default" : null))
          : k.numeric && /^-?\d+(\.\d+)?$/.test(text)
            ? Number(text)
            : text;
      if (value == null) return {reason: `it leaves ${k.flag} out and knob '${k.name}' says no default`};
    }
    if (!k.values.map(String).includes(String(value)))
      return {reason: `${k.flag ?? k.name} ${value} is not a value of knob '${k.name}'`};
    config[k.name] = k.values.find((v) => String(v) === String(value))!;
  }
  const refused = space.constraints.find((c) => !meets(c.tree, config));
  if (refused) return {reason: `the constraint '${refused.text}' refuses it`};
  return {config};
}

/** The plan as one step of it alone sees it: that step, deciding by the search's objective. */
export function searchPlan(plan: StudyPlan, step: PlanStep, objective: string): StudyPlan {
  const withinSlo = objective === WITHIN_SLO;
  return {
    ...plan,
    steps: [step],
    baseline: {step: step.id, candidate: step.candidates[0].id},
    objective: withinSlo ? WITHIN_SLO_METRIC : objective,
    within_slo: withinSlo || undefined,
    second_look: undefined,
    tune: undefined,
    grid: undefined
  };
}

const seconds = (meta: RunRecord["meta"]): number => {
  const start = Date.parse(meta.started_at ?? "");
  const end = Date.parse(meta.ended_at ?? "");
  return Number.isFinite(start) && Number.isFinite(end) ? Math.max(0, (end - start) / 1000) : 0;
};

/** Each candidate of a search step, as its run folders say: its objective over its successful runs, or why none. */
export function searchObservations(
  plan: StudyPlan,
  step: PlanStep,
  objective: string,
  values: (id: string) => Configuration,
  rows: readonly RunRow[],
  runs: readonly RunRecord[]
): Map<string, Observation> {
  const own = rows.filter((r) => r.step === step.id);
  const derived = derive(searchPlan(plan, step, objective), own);
  const scenario = step.scenarios[0];
  const standings = derived.steps[0].standings[scenario] ?? [];
  const records = new Map(runs.filter((r) => r.meta.step === step.id).map((r) => [r.meta.id, r.meta]));
  const out = new Map<string, Observation>();
  for (const c of step.candidates) {
    const mine = own.filter((r) => r.candidate === c.id && r.failed_phase !== "not-run");
    if (!mine.length) continue;
    const standing = standings.find((s) => s.candidate === c.id);
    const summary = standing?.value != null ? derived.objectiveOf(standing.run) : null;
    const choice = derived.choices.find((ch) => ch.candidate === c.id);
    const ran = mine.some((r) => r.status === "ok");
    const status: Observation["status"] = summary
      ? "ok"
      : ran && choice?.rule === "never-within-slo"
        ? "outside-slo"
        : "failed";
    const metas = mine.map((r) => records.get(r.run)).filter((m): m is RunRecord["meta"] => m != null);
    const ready = metas.reduce(
      (s, m) => s + (typeof m.origin?.server_ready_s === "number" ? m.origin.server_ready_s : 0),
      0
    );
    out.set(c.id, {
      id: c.id,
      config: values(c.id),
      status,
      summary,
      runs: mine.length,
      seconds: metas.reduce((s, m) => s + seconds(m), 0) + (metas.length ? ready / metas.length : 0),
      // A failed configuration's own reason (its server's crash), not the derivation's "never within the SLO".
      error:
        status === "ok"
          ? null
          : status === "failed"
            ? (mine.find((r) => r.error)?.error ?? standing?.error ?? null)
            : (standing?.error ?? null)
    });
  }
  return out;
}

/** Run ids of a search step that are planned and not yet recorded. */
export function missingRuns(plan: StudyPlan, stepId: string, recorded: ReadonlySet<string>): string[] {
  return plannedRuns(plan)
    .filter((p) => p.step.id === stepId && !recorded.has(p.run))
    .map((p) => p.run);
}

/** The space as a search record's hash sees it: everything but the budget, which `--budget` may change. */
export function spaceHash(space: SearchSpace): string {
  return createHash("sha256")
    .update(JSON.stringify({...space, budget: null}))
    .digest("hex")
    .slice(0, 16);
}

/** The search's state as the record holds it. */
export function searchState(record: SearchRecord): TuneState {
  return {
    candidates: record.candidates.map((c) => ({
      id: c.id,
      values: c.values as Configuration,
      phase: c.phase === "grid" ? "start" : c.phase,
      reason: c.reason,
      repeats: typeof c.repeats === "number" ? c.repeats : 1
    })),
    confirm: record.confirm
  };
}

/** The record of a search's state: each configuration as the candidate that runs it. */
export function searchRecordOf(base: SearchRecord, state: TuneState, space: SearchSpace, model: string): SearchRecord {
  return {
    ...base,
    candidates: state.candidates.map((c) => ({
      ...searchCandidate(space, c.values, model, c.id, c.phase, c.reason),
      ...(c.repeats > 1 ? {repeats: c.repeats} : {})
    })),
    confirm: state.confirm
  };
}
