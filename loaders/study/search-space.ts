// A plan's search space (`tune:`): its knobs as value lists, its constraints, objective and budget, checked when the
// plan is read so a space that cannot be searched is refused with its file and line.
import {constraintKnobs, ConstraintError, meets, parseConstraint, type ConstraintNode} from "./constraint.js";
import {pointRepeats} from "./repeats.js";
import type {KnobData, StudyData, TuneData} from "./schema.js";

export type KnobValue = number | string;
/** Knob name → value; null where the knob does not apply (an option of another engine). */
export type Configuration = Record<string, KnobValue | null>;

export const ENGINE_KNOB = "engine";
export const QUANTIZATION_KNOB = "quantization";
/** The most configurations a space may have: every one is listed when the search picks its next. */
export const MAX_CONFIGURATIONS = 200_000;
export const DEFAULT_TOP = 2;

export interface Knob {
  name: string;
  /** The server option; null for `engine` and `quantization`. */
  flag: string | null;
  values: KnobValue[];
  /** log: the values grow by a factor (a log range); linear: a linear range; list: as the plan lists them. */
  scale: "log" | "linear" | "list";
  /** Numbers are ordered; words are categories. */
  numeric: boolean;
  /** The engines whose servers take the option; null: every engine of the space. */
  engines: string[] | null;
  /** quantization: the model each precision serves. */
  models?: Record<string, string>;
  /** The value meant when a server command leaves the option out. */
  default?: KnobValue;
}

export interface SearchSpace {
  scenario: string;
  /** Engine id → the server command the options are added to (`{model}` for the configuration's model). */
  server: Record<string, string[]>;
  /** The engines configurations may use: the `engine` knob's values, else the one engine. */
  engines: string[];
  knobs: Knob[];
  constraints: {text: string; tree: ConstraintNode}[];
  /** A throughput the runs record, or `max_throughput_within_slo`. */
  objective: string;
  budget: {runs: number} | {seconds: number} | null;
  /** Configurations in the space-filling start. */
  start: number;
  top: number;
  strategy: "guided" | "halving";
  seed: number;
  /** Runs one evaluation of a configuration takes: the scenario's load levels. */
  runs_per_configuration: number;
  /** Repeats each leader gets when it is measured again: the study's for the scenario. */
  repeats: number;
  /** Configurations meeting every constraint. */
  size: number;
}

/** The values a knob takes, in order. */
export function knobValues(knob: KnobData): KnobValue[] {
  if (knob.values) return knob.values;
  const {min, max, scale, step, factor} = knob.range!;
  const values: number[] = [];
  if (scale === "log") {
    if (min <= 0) return [];
    const f = factor ?? 2;
    for (let v = min; v <= max * (1 + 1e-9) && values.length < MAX_CONFIGURATIONS; v *= f) {
      const rounded = Math.round(v);
      if (values[values.length - 1] !== rounded && rounded <= max) values.push(rounded);
    }
    return values;
  }
  for (let v = min; v <= max && values.length < MAX_CONFIGURATIONS; v += step ?? 1) values.push(v);
  return values;
}

/** Whether a knob applies to a configuration on `engine`. */
export function applies(knob: Knob, engine: string): boolean {
  return knob.engines == null || knob.engines.includes(engine);
}

/** The engine of a configuration. */
export function engineOf(space: Pick<SearchSpace, "engines">, config: Configuration): string {
  return typeof config[ENGINE_KNOB] === "string" ? (config[ENGINE_KNOB] as string) : space.engines[0];
}

/** One key per configuration: its values in knob order. */
export function configurationKey(space: Pick<SearchSpace, "knobs">, config: Configuration): string {
  return space.knobs.map((k) => `${k.name}=${config[k.name] ?? "-"}`).join(",");
}

/** Every combination of the knobs' values that meets `constraints` (each knob that does not apply to a combination's
 * engine is null there); stops at `limit`. */
export function configurations(
  space: Pick<SearchSpace, "knobs" | "engines">,
  constraints: readonly ConstraintNode[],
  limit = MAX_CONFIGURATIONS
): Configuration[] {
  const out: Configuration[] = [];
  const engineKnob = space.knobs.find((k) => k.name === ENGINE_KNOB);
  for (const engine of engineKnob ? (engineKnob.values as string[]) : space.engines) {
    const knobs = space.knobs.filter((k) => k.name !== ENGINE_KNOB && applies(k, engine));
    const config: Configuration = Object.fromEntries(space.knobs.map((k) => [k.name, null]));
    if (engineKnob) config[ENGINE_KNOB] = engine;
    const walk = (i: number): void => {
      if (out.length >= limit) return;
      if (i === knobs.length) {
        if (constraints.every((c) => meets(c, config))) out.push({...config});
        return;
      }
      for (const v of knobs[i].values) {
        config[knobs[i].name] = v;
        walk(i + 1);
      }
    };
    walk(0);
  }
  return out;
}

/** How many configurations the knobs make before any constraint. */
function spaceSize(space: Pick<SearchSpace, "knobs" | "engines">): number {
  const engineKnob = space.knobs.find((k) => k.name === ENGINE_KNOB);
  let total = 0;
  for (const engine of engineKnob ? (engineKnob.values as string[]) : space.engines)
    total += space.knobs
      .filter((k) => k.name !== ENGINE_KNOB && applies(k, engine))
      .reduce((n, k) => n * k.values.length, 1);
  return total;
}

const dashed = (flag: string): string => flag.replace(/^-+/, "").replace(/_/g, "-");

/** Throughputs the search may maximize besides `max_throughput_within_slo`. */
export const TUNE_OBJECTIVES = [
  "total_token_throughput",
  "output_throughput",
  "request_throughput",
  "request_goodput",
  "token_goodput",
  "slo_request_goodput"
] as const;

type At = (path: PropertyKey[], message: string) => void;

/** The plan's search space, or null where the plan has none or `at` was told why it cannot be searched. */
export function searchSpace(data: StudyData, at: At, withinSlo: string): SearchSpace | null {
  const tune: TuneData | undefined = data.tune;
  if (!tune) return null;
  const issues = {count: 0};
  const fail: At = (path, message) => {
    issues.count++;
    at(["tune", ...path], message);
  };
  const engineIds = Object.keys(data.engines);
  const scenario = data.scenarios[tune.scenario];
  if (!scenario) fail(["scenario"], `unknown scenario '${tune.scenario}'`);

  if (tune.knobs.length === 0) fail(["knobs"], "the search space is empty: give at least one knob");
  const names = new Set<string>();
  const knobs: Knob[] = [];
  tune.knobs.forEach((k, i) => {
    if (names.has(k.name)) fail(["knobs", i, "name"], `duplicate knob '${k.name}'`);
    names.add(k.name);
    const values = knobValues(k);
    if (k.range && values.length === 0)
      fail(
        ["knobs", i, "range"],
        k.range.min > k.range.max
          ? `an empty knob: the range's min ${k.range.min} is above its max ${k.range.max}`
          : `an empty knob: a log range needs a min above 0`
      );
    if (new Set(values.map(String)).size !== values.length) fail(["knobs", i, "values"], "a value is listed twice");
    const special = k.name === ENGINE_KNOB || k.name === QUANTIZATION_KNOB;
    if (special && k.flag) fail(["knobs", i, "flag"], `the '${k.name}' knob sets no server option: leave 'flag' out`);
    if (!special && !k.flag) fail(["knobs", i], `knob '${k.name}' needs 'flag': the server option it sets`);
    if (k.name === ENGINE_KNOB)
      values.forEach((v) => {
        if (!engineIds.includes(String(v))) fail(["knobs", i, "values"], `engine '${v}' is not listed under 'engines'`);
      });
    if (k.models && k.name !== QUANTIZATION_KNOB)
      fail(["knobs", i, "models"], "only the 'quantization' knob has models");
    for (const key of Object.keys(k.models ?? {}))
      if (!values.map(String).includes(key)) fail(["knobs", i, "models"], `'${key}' is not a value of the knob`);
    knobs.push({
      name: k.name,
      flag: k.flag ?? null,
      values,
      scale: k.range ? (k.range.scale === "log" ? "log" : "linear") : "list",
      numeric: values.every((v) => typeof v === "number"),
      engines: k.engines ?? null,
      ...(k.models ? {models: k.models} : {}),
      ...(k.default != null ? {default: k.default} : {})
    });
  });

  const engineKnob = knobs.find((k) => k.name === ENGINE_KNOB);
  if (engineKnob && tune.engine) fail(["engine"], "'engine' is a knob of this space: leave 'engine' out");
  const engine = tune.engine ?? (engineIds.length === 1 ? engineIds[0] : null);
  if (!engineKnob && !engine)
    fail(
      ["engine"],
      `the study has ${engineIds.length} engines: say which the search uses ('engine' or an engine knob)`
    );
  if (tune.engine && !engineIds.includes(tune.engine))
    fail(["engine"], `engine '${tune.engine}' is not listed under 'engines'`);
  const engines = engineKnob ? engineKnob.values.map(String) : engine ? [engine] : [];

  // The base command of each engine.
  const server: Record<string, string[]> = {};
  if (Array.isArray(tune.server)) {
    if (engines.length > 1)
      fail(["server"], `'engine' is a knob: give a server command for each engine (${engines.join(", ")})`);
    for (const e of engines) server[e] = tune.server.map(String);
  } else {
    for (const e of engines) {
      if (!tune.server[e]) fail(["server"], `no server command for engine '${e}'`);
      else server[e] = tune.server[e].map(String);
    }
    for (const e of Object.keys(tune.server))
      if (!engines.includes(e)) fail(["server", e], `engine '${e}' is not an engine of the search`);
  }
  tune.knobs.forEach((k, i) => {
    for (const e of k.engines ?? [])
      if (!engines.includes(e)) fail(["knobs", i, "engines"], `engine '${e}' is not an engine of the search`);
  });

  // A knob the engine does not take: its server would refuse to start, each time, for nothing.
  knobs.forEach((k, i) => {
    if (!k.flag) return;
    for (const e of engines) {
      const options = data.engines[e]?.options;
      if (!options || !applies(k, e)) continue;
      if (!options.some((o) => dashed(o) === dashed(k.flag!)))
        fail(
          ["knobs", i, "flag"],
          `engine '${e}' does not take ${k.flag} (its options under engines.${e}.options: ${options.join(", ")})`
        );
    }
  });

  const objective = tune.objective ?? data.objective;
  if (objective === withinSlo) {
    if (!data.slo) fail(["objective"], `'${withinSlo}' needs the study's 'slo'`);
    if (scenario && !scenario.loads)
      fail(
        ["scenario"],
        `'${withinSlo}' judges each configuration's load points against the SLO: give scenario '${tune.scenario}' 'loads' (one level is enough)`
      );
  } else if (!(TUNE_OBJECTIVES as readonly string[]).includes(objective))
    fail(
      tune.objective ? ["objective"] : [],
      `the search maximizes a throughput; '${objective}' is not one (${[...TUNE_OBJECTIVES, withinSlo].join(", ")})`
    );

  const constraints: {text: string; tree: ConstraintNode}[] = [];
  tune.constraints.forEach((text, i) => {
    try {
      const tree = parseConstraint(text);
      const unknown = constraintKnobs(tree).find((name) => !names.has(name));
      if (unknown)
        fail(
          ["constraints", i],
          `unknown knob '${unknown}' (knobs: ${[...names].join(", ")}; quote a word: '${unknown}')`
        );
      else constraints.push({text, tree});
    } catch (error) {
      if (!(error instanceof ConstraintError)) throw error;
      fail(["constraints", i], `not a constraint: ${error.message}`);
    }
  });
  if (issues.count) return null;

  const total = spaceSize({knobs, engines});
  if (total > MAX_CONFIGURATIONS) {
    fail(["knobs"], `the space has ${total} configurations, more than ${MAX_CONFIGURATIONS}: narrow a knob`);
    return null;
  }
  // The first constraint after which nothing is left is the one no configuration meets.
  let left = total;
  for (let i = 0; i < constraints.length; i++) {
    const now = configurations(
      {knobs, engines},
      constraints.slice(0, i + 1).map((c) => c.tree)
    ).length;
    if (now === 0) {
      fail(
        ["constraints", tune.constraints.indexOf(constraints[i].text)],
        `no configuration meets this constraint${i ? " together with the ones before it" : ""} (${left} of the space's ${total} were left before it)`
      );
      return null;
    }
    left = now;
  }

  const levels = scenario?.loads ? (scenario.loads.concurrency ?? scenario.loads.request_rate ?? [1]).length : 1;
  const start = Math.min(tune.start ?? 2 * knobs.length + 1, left);
  const top = tune.top ?? DEFAULT_TOP;
  const repeats = scenario ? pointRepeats(data, {}, {...scenario, id: tune.scenario}) : 1;
  const runs = tune.budget?.runs;
  const seconds = tune.budget?.seconds;
  const budget = runs != null ? {runs} : seconds != null ? {seconds} : null;
  if (runs != null) {
    const problem = budgetProblem(runs, {start, top, repeats, runs_per_configuration: levels});
    if (problem) fail(["budget", "runs"], problem);
  }
  if (issues.count) return null;
  return {
    scenario: tune.scenario,
    server,
    engines,
    knobs,
    constraints,
    objective,
    budget,
    start,
    top,
    strategy: tune.strategy ?? "guided",
    seed: tune.seed ?? 0,
    runs_per_configuration: levels,
    repeats,
    size: left
  };
}

/** Runs the start and the re-measuring of the leaders take: the top few and, where the search holds it, the greedy
 * path's configuration (counted unless `greedy` is false: the plan alone does not know whether it will). */
export function reservedRuns(
  space: Pick<SearchSpace, "start" | "top" | "repeats" | "runs_per_configuration">,
  greedy = true
): {start: number; confirm: number; leaders: number} {
  const leaders = space.top + (greedy ? 1 : 0);
  return {
    start: space.start * space.runs_per_configuration,
    confirm: leaders * (space.repeats - 1) * space.runs_per_configuration,
    leaders
  };
}

/** Why a budget of `runs` cannot pay for the start batch and the leaders' repeats; null when it can. */
export function budgetProblem(
  runs: number,
  space: Pick<SearchSpace, "start" | "top" | "repeats" | "runs_per_configuration">
): string | null {
  const {start, confirm} = reservedRuns(space);
  if (runs >= start + confirm) return null;
  return `a budget of ${runs} run${runs === 1 ? "" : "s"} is below the start batch (${space.start} configuration${space.start === 1 ? "" : "s"}, ${start} run${start === 1 ? "" : "s"})${confirm ? ` plus measuring the ${space.top + 1} leaders again with ${space.repeats} repeats (${confirm} runs)` : ""}: give at least ${start + confirm}`;
}
