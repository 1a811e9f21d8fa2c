// Reads a study plan (study.yaml) into typed data, rejecting anything malformed with the file and line.
import {RefusedFile, readStudyFile} from "../files/regular-files.js";
import {join} from "node:path";
import {LineCounter, parseDocument} from "yaml";
import type {z} from "zod";
import {pointRepeats, type RepeatSettings} from "./repeats.js";
import {FINDING_FORMS} from "../finding.js";
import {fillForm, type Text} from "../text.js";
import {idProblem, loadPart, type Load, type LoadKind} from "./ids.js";
import {gpuNeed} from "./gpu-need.js";
import {takesPlanFlags} from "./clients.js";
import {
  readSecondLook,
  SECOND_LOOK_FILE,
  SECOND_LOOK_STEP,
  SecondLookFileError,
  type SecondLookData
} from "./second-look-file.js";
import {readSearchRecord, SEARCH_FILES, SearchFileError, type SearchRecord, type SearchStepId} from "./search-file.js";
import {searchSpace, type SearchSpace} from "./search-space.js";
import {
  isPlaceholder,
  SLO_METRICS,
  SLO_STATISTICS,
  StudySchema,
  type Decision,
  type ServeData,
  type SloData,
  type StudyData,
  type TextInput
} from "./schema.js";
import {
  formatIssue,
  lineOf,
  nodeAt,
  pathText,
  placeholderIssues,
  schemaIssues,
  type FileIssue
} from "./schema-issues.js";

export interface PlanScenario {
  id: string;
  name: Text;
  dataset: string;
  dataset_path: string | null;
  input_len: number | null;
  output_len: number | null;
  num_prompts: number;
  seed: number | null;
  /** Overrides the study's `repeats` for this scenario (a step's own `repeats` wins). */
  repeats?: number;
  request_rate?: number | "inf";
  max_concurrency?: number;
  bench_args?: string[];
  /** The scenario's load ladder: each level is a point of its own. */
  loads?: PlanLoads;
  /** Live mode's goodput search up the concurrency ladder instead of every level. */
  search?: PlanSearch;
  /** Set on a scenario taken at one level of its ladder (scenarioAtLoad): the level its runs use. */
  load?: Load;
}

export interface PlanLoads {
  kind: LoadKind;
  /** Increasing levels: concurrencies or request rates per second. */
  levels: number[];
  /** Requests per level: max(num_prompts, prompts_per_load × level). */
  prompts_per_load: number;
  /** Requests at each level, in the levels' order, where the plan lists them (then prompts_per_load is 0). */
  prompts?: number[];
  /** mlperf-endpoints: the curve MLPerf Endpoints draws (interactivity = 1000 / p90 TPOT, a step-function frontier). */
  preset?: "mlperf-endpoints";
}

/** The mlperf-endpoints preset's levels when the plan gives none: 8 fixed-concurrency points (MLPerf asks 7 to 32). */
export const MLPERF_ENDPOINTS_LEVELS = [1, 2, 4, 8, 16, 32, 64, 128];

export interface PlanSearch {
  kind: "goodput";
  /** Bisection stops once hi − lo ≤ max(1, tolerance × lo). */
  tolerance: number;
  max_probes: number;
}

export const DEFAULT_SEARCH_TOLERANCE = 0.1;
export const DEFAULT_SEARCH_PROBES = 16;

/** One latency limit of an SLO: `p99` of `ttft_ms` at most `limit` milliseconds. */
export interface SloLimit {
  metric: (typeof SLO_METRICS)[number];
  statistic: (typeof SLO_STATISTICS)[number];
  limit: number;
}

export interface PlanSlo {
  limits: SloLimit[];
  /** Share of requests that must meet every per-request limit. */
  attainment: number;
}

export const DEFAULT_ATTAINMENT = 0.95;
/** The objective name that decides by throughput within the SLO; the throughput it maximizes. */
export const WITHIN_SLO = "max_throughput_within_slo";
export const WITHIN_SLO_METRIC = "total_token_throughput";

export interface PlanCandidate {
  id: string;
  label: string;
  engine: string;
  model: string;
  quantization: string;
  role: "baseline" | "recommended" | null;
  server: string[];
  /** Extra benchmark client arguments for this candidate only. */
  bench_args: string[];
  /** config.json of the candidate's model, when it is not the study's and not shipped under data/models/. */
  config: string | null;
  /** Runs of this candidate's points: for every scenario, or per scenario id (wins over the step's and scenario's). */
  repeats?: number | Record<string, number>;
  /** GPUs one server uses, or the GPU indices it is pinned to, where the plan says (see study/gpu-need.ts). */
  gpus?: number | number[];
  /** An interference candidate: the configuration it copies. */
  copy_of?: {step: string; candidate: string};
}

export interface PlanStep {
  id: string;
  kind: "selection" | "generalization";
  title: Text;
  scenarios: string[];
  /** How a selection step picks its winner; always set for selection steps (the default applied). */
  decision?: Decision;
  /** True when the plan left the decision to the default. */
  decision_default?: boolean;
  candidates: PlanCandidate[];
  /** Overrides the study's and the scenarios' `repeats` for this step's runs. */
  repeats?: number;
}

export interface PlanClaim {
  id: string;
  kind: string;
  [key: string]: unknown;
}

/** Optional live-mode settings (`tps-report run`): where servers listen and how long to wait for them. */
export type PlanServe = ServeData;

export interface StudyPlan extends RepeatSettings {
  /** Folder holding study.yaml and runs/. */
  dir: string;
  file: string;
  id: string;
  title: Text;
  goal: Text;
  objective: string;
  source: string | null;
  model: {name: string; config: string | null};
  /** price_per_hour: dollars per GPU-hour, when the plan sets one (tokens per dollar). */
  hardware: {gpu: string; name: string; count: number; price_per_hour?: number};
  /** version_argv (optional): a command printing the installed version, asked when the server does not say. */
  engines: Record<string, {name: string; version: string; version_argv?: string[]}>;
  /** kind (optional): "vllm" runs argv as written; "native" runs `tps-report bench` with argv's flags instead. */
  client: {name: string; argv: string[]; kind?: "vllm" | "native"};
  serve?: PlanServe;
  scenarios: PlanScenario[];
  steps: PlanStep[];
  baseline: {step: string; candidate: string};
  claims: PlanClaim[];
  /** Comparison pages of a site of many studies: this study against each base (a study folder's name). */
  comparisons: {base: string; threshold: number; line: number}[];
  notes: Text[];
  /** Problems that do not stop the report: placeholders left to fill in, a decision left to the default. */
  warnings: FileIssue[];
  /** The latency target, when the plan sets one. */
  slo?: PlanSlo;
  /** `objective: max_throughput_within_slo`: steps decide by each candidate's best throughput within the SLO (then
   * `objective` is the throughput it maximizes). */
  within_slo?: boolean;
  /** Percent: a decision closer than this (or within noise) is close (coverage, second look). Default: 5. */
  margin?: number;
  /** The second look's runs (`tps-report run STUDY --second-look` wrote second-look.json): one more selection step,
   * run after the greedy steps and decided against their winner; never part of the greedy path. */
  second_look?: PlanStep;
  /** Why each second-look candidate is in the set, as second-look.json records it. */
  second_look_reasons?: Record<string, string>;
  /** The greedy winner the second look was derived around. */
  second_look_winner?: {step: string; candidate: string};
  /** The plan's search space (`tune:`), for `tps-report tune`. */
  search_space?: SearchSpace;
  /** The grid of the search space (`tps-report tune --grid` wrote grid.json): every configuration, as one more step
   * outside the greedy path, the ground truth a search's regret is measured against. */
  grid?: PlanStep;
  grid_record?: SearchRecord;
  /** The search's configurations so far (tune.json), as one more step outside the greedy path. */
  tune?: PlanStep;
  tune_record?: SearchRecord;
  /** The plan's `interference`: one more step whose candidates copy configurations to run alone and side by side. */
  interference?: PlanInterference;
}

/** Configurations measured alone and side by side (`interference` in study.yaml), as the step that runs them. */
export interface PlanInterference {
  step: PlanStep;
  pairs: InterferencePair[];
}

export interface InterferencePair {
  /** The configuration measured: `<step>--<candidate>`. */
  key: string;
  step: string;
  candidate: string;
  scenarios: string[];
  /** Candidate ids in the interference step: the one run alone, and the two copies run side by side. */
  alone: string;
  pair: [string, string];
}

export const INTERFERENCE_STEP = "interference";
export const DEFAULT_INTERFERENCE_REPEATS = 3;

export class PlanError extends Error {
  readonly file: string;
  readonly line: number;
  /** Every problem found in the plan, in line order; the first also gives file and line. */
  readonly issues: FileIssue[];
  constructor(file: string, line: number, message: string, issues?: FileIssue[]) {
    const all = issues?.length ? issues : [{file, line, path: "", message}];
    super(all.map(formatIssue).join("\n"));
    this.file = all[0].file;
    this.line = all[0].line;
    this.issues = all;
  }
}

/** The plan's steps and, when the study has one, the second look (its runs are read like any step's). */
export function allSteps(
  plan: Pick<StudyPlan, "steps" | "second_look" | "grid" | "tune" | "interference">
): PlanStep[] {
  const extra = [plan.second_look, plan.grid, plan.tune, plan.interference?.step].filter(
    (s): s is PlanStep => s != null
  );
  return extra.length ? [...plan.steps, ...extra] : plan.steps;
}

/** Run id of a candidate on a scenario (repeat k ≥ 2 adds `--r<k>`); the run folder has this name. */
export function runId(step: string, candidate: string, scenario: string, repeat = 1, load?: Load | null): string {
  const point = load ? `${step}--${candidate}--${scenario}--${loadPart(load)}` : `${step}--${candidate}--${scenario}`;
  return repeat > 1 ? `${point}--r${repeat}` : point;
}

function planSlo(data: SloData): PlanSlo {
  const limits: SloLimit[] = [];
  for (const metric of SLO_METRICS) {
    const limit = data[metric];
    if (!limit) continue;
    const statistic = SLO_STATISTICS.find((s) => limit[s] != null)!;
    limits.push({metric, statistic, limit: limit[statistic]!});
  }
  return {limits, attainment: data.attainment ?? DEFAULT_ATTAINMENT};
}

/** The scenario at one level of its ladder: that concurrency or rate, and the level's number of requests. */
export function scenarioAtLoad(scenario: PlanScenario, load: Load): PlanScenario {
  const perLoad = scenario.loads?.prompts_per_load ?? 0;
  const listed = scenario.loads?.prompts?.[scenario.loads.levels.indexOf(load.value)];
  return {
    ...scenario,
    load,
    num_prompts: listed ?? Math.max(scenario.num_prompts, Math.ceil(perLoad * load.value)),
    ...(load.kind === "concurrency" ? {max_concurrency: load.value} : {request_rate: load.value})
  };
}

/** The scenario as each of its points runs it: once per ladder level, or as it is. */
export function scenarioLoads(scenario: PlanScenario): PlanScenario[] {
  const loads = scenario.loads;
  return loads ? loads.levels.map((value) => scenarioAtLoad(scenario, {kind: loads.kind, value})) : [scenario];
}

/** Warm-up requests a ladder level needs at least: max(2, its concurrency); 0 outside a concurrency ladder. */
export function ladderWarmups(scenario: PlanScenario): number {
  return scenario.load?.kind === "concurrency" ? Math.max(2, scenario.load.value) : 0;
}

/** The plan of the study in `dir`, its file named on pages and in findings as it lies in `shown` (the folder, named
 * from the base the caller names paths from). */
export function loadStudyPlan(dir: string, shown = dir): StudyPlan {
  return withStepsBeside(parseStudyPlan(readPlanText(join(dir, "study.yaml")), join(shown, "study.yaml"), dir));
}

/** The plan with the steps frozen beside study.yaml: the second look, the grid and the search. */
export function withStepsBeside(plan: StudyPlan): StudyPlan {
  return withSearches(withSecondLook(plan));
}

/** The plan step of a search record: its candidates run once, except the leaders measured again (and a grid's, which
 * run the grid's repeats). */
export function searchStep(record: SearchRecord, title: Text): PlanStep {
  const confirmed = new Set(record.confirm?.candidates ?? []);
  return {
    id: record.step,
    kind: "selection",
    title,
    scenarios: [record.scenario],
    decision: {scenario: record.scenario},
    candidates: record.candidates.map((c) => ({
      id: c.id,
      label: c.label ?? c.id,
      engine: c.engine,
      model: c.model,
      quantization: c.quantization,
      role: null,
      server: c.server,
      bench_args: (c.bench_args ?? []).map(String),
      config: c.config ?? null,
      repeats: confirmed.has(c.id)
        ? record.confirm!.repeats
        : typeof c.repeats === "number"
          ? c.repeats
          : record.repeats
    }))
  };
}

/** The title of the step each search writes into the plan. */
export const SEARCH_TITLES: Record<SearchStepId, Text> = {
  tune: {en: "Search", tr: "Arama"},
  grid: {en: "Grid", tr: "Izgara"}
};

/** The plan with the grid and the search that `tps-report tune` froze beside it, where there are. */
export function withSearches(plan: StudyPlan): StudyPlan {
  let out = plan;
  for (const id of ["grid", "tune"] as const) {
    let record: SearchRecord | null;
    try {
      record = readSearchRecord(plan.dir, id);
    } catch (error) {
      if (error instanceof SearchFileError) throw new PlanError(error.file, error.line, error.detail);
      throw error;
    }
    if (!record) continue;
    const where = join(plan.dir, SEARCH_FILES[id]);
    const step = searchStep(record, SEARCH_TITLES[id]);
    const unknownEngine = step.candidates.find((c) => !(c.engine in plan.engines))?.engine;
    const problem = plan.steps.some((s) => s.id === id)
      ? `the plan has a step '${id}' of its own`
      : !plan.scenarios.some((s) => s.id === record.scenario)
        ? `unknown scenario '${record.scenario}'`
        : unknownEngine
          ? `engine '${unknownEngine}' is not listed under 'engines' in ${plan.file}`
          : null;
    if (problem) throw new PlanError(where, 1, problem);
    out = id === "grid" ? {...out, grid: step, grid_record: record} : {...out, tune: step, tune_record: record};
  }
  return out;
}

/** study.yaml's text: a regular file of bounded size (a link is followed: the user names the study and its plan). */
export function readPlanText(file: string): string {
  try {
    return readStudyFile(file, {followLink: true});
  } catch (error) {
    if (error instanceof RefusedFile) throw new PlanError(file, error.line ?? 1, error.problem);
    throw error;
  }
}

/** The plan step of a second-look file's data. */
export function secondLookStep(data: SecondLookData): PlanStep {
  const candidates: PlanCandidate[] = data.candidates.map((c) => ({
    id: c.id,
    label: c.label ?? c.id,
    engine: c.engine,
    model: c.model,
    quantization: c.quantization,
    role: null,
    server: c.server,
    bench_args: (c.bench_args ?? []).map(String),
    config: c.config ?? null
  }));
  return {
    id: SECOND_LOOK_STEP,
    kind: "selection",
    title: {en: "Second look", tr: "İkinci bakış"},
    scenarios: data.scenarios,
    ...(data.decision ? {decision: data.decision} : {decision: {scenario: data.scenarios[0]}}),
    candidates,
    repeats: data.repeats
  };
}

/** The line of a top-level key in the second-look file, as `run --second-look` writes it (one key a line); 1 if none. */
function keyLine(file: string, key: string): number {
  const at = readStudyFile(file)
    .split("\n")
    .findIndex((line: string) => line.trimStart().startsWith(`"${key}"`));
  return at + 1 || 1;
}

/** The plan with the second look that `tps-report run --second-look` froze beside it, when there is one. */
export function withSecondLook(plan: StudyPlan): StudyPlan {
  const {dir, file} = plan;
  let data: SecondLookData | null;
  try {
    data = readSecondLook(dir);
  } catch (error) {
    if (error instanceof SecondLookFileError) throw new PlanError(error.file, error.line, error.detail);
    throw error;
  }
  if (!data) return plan;
  const step = secondLookStep(data);
  const where = join(dir, SECOND_LOOK_FILE);
  const unknownScenario = step.scenarios.find((id) => !plan.scenarios.some((s) => s.id === id));
  const unknownEngine = step.candidates.find((c) => !(c.engine in plan.engines))?.engine;
  // The deciding scenario and the greedy winner the set was derived around must be the plan's: else the verdict
  // would be taken on nothing, or against a configuration no step ran.
  const decision = data.decision;
  const deciding = decision && typeof decision === "object" && "scenario" in decision ? decision.scenario : null;
  const winnerStep = plan.steps.find((s) => s.id === data.winner.step);
  const [problem, key] = plan.steps.some((s) => s.id === SECOND_LOOK_STEP)
    ? [`the plan has a step '${SECOND_LOOK_STEP}' of its own`, null]
    : unknownScenario
      ? [`unknown scenario '${unknownScenario}'`, "scenarios"]
      : unknownEngine
        ? [`engine '${unknownEngine}' is not listed under 'engines' in ${file}`, "candidates"]
        : deciding != null && !step.scenarios.includes(deciding)
          ? [
              `decision: scenario '${deciding}' is not one of the second look's scenarios (${step.scenarios.join(", ")})`,
              "decision"
            ]
          : !winnerStep
            ? [`winner: the plan has no step '${data.winner.step}'`, "winner"]
            : !winnerStep.candidates.some((c) => c.id === data.winner.candidate)
              ? [`winner: step '${winnerStep.id}' has no candidate '${data.winner.candidate}'`, "winner"]
              : [null, null];
  if (problem) throw new PlanError(where, key ? keyLine(where, key) : 1, problem);
  return {
    ...plan,
    second_look: step,
    second_look_reasons: data.reasons,
    second_look_winner: data.winner
  };
}

export function parseStudyPlan(source: string, file: string, dir: string): StudyPlan {
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, {lineCounter, prettyErrors: false});
  if (doc.errors.length)
    throw new PlanError(
      file,
      1,
      "",
      doc.errors.map((e) => ({
        file,
        line: lineCounter.linePos(e.pos[0]).line,
        path: "",
        message: e.message.split("\n")[0]
      }))
    );
  // Aliases are resolved with the yaml package's alias count limit, which stops alias bombs.
  let data: unknown;
  try {
    data = doc.toJS({maxAliasCount: MAX_ALIAS_COUNT});
  } catch (error) {
    throw new PlanError(file, 1, (error as Error).message.split("\n")[0]);
  }
  return planFromYaml(doc.contents, data, lineCounter, file, dir);
}

const MAX_ALIAS_COUNT = 100;

/** A text field as both languages: a plain string is both, a missing language falls back to the other. */
export function toText(text: TextInput | undefined, fallback: string): Text {
  if (text == null) return {en: fallback, tr: fallback};
  if (typeof text === "string") return {en: text, tr: text};
  const en = text.en ?? text.tr ?? fallback;
  return {en, tr: text.tr ?? en};
}

function planFromYaml(root: unknown, raw: unknown, lineCounter: LineCounter, file: string, dir: string): StudyPlan {
  const parsed = StudySchema.safeParse(raw ?? {});
  const issues: FileIssue[] = parsed.success ? [] : schemaIssues(parsed.error as z.ZodError, root, lineCounter, file);
  const at = (path: PropertyKey[], message: string) =>
    issues.push({file, line: lineOf(nodeAt(root, path), lineCounter), path: pathText(path), message});
  if (!parsed.success) throw new PlanError(file, 1, "", sortIssues(issues));
  const data: StudyData = parsed.data;

  // What the schema cannot say on its own: references between parts of the plan.
  const engines: StudyPlan["engines"] = {};
  for (const [key, e] of Object.entries(data.engines))
    engines[key] = {name: e.name ?? key, version: e.version, ...(e.version_argv ? {version_argv: e.version_argv} : {})};
  const scenarios: PlanScenario[] = Object.entries(data.scenarios).map(([sid, s]) => {
    if (s.dataset === "random" && (s.input_len == null || s.output_len == null))
      at(["scenarios", sid], "a random-dataset scenario needs 'input_len' and 'output_len'");
    if (s.loads?.concurrency && s.max_concurrency != null)
      at(
        ["scenarios", sid, "max_concurrency"],
        "a concurrency ladder sets the concurrency: leave 'max_concurrency' out"
      );
    if (s.loads?.request_rate && s.request_rate != null)
      at(["scenarios", sid, "request_rate"], "a request-rate ladder sets the rate: leave 'request_rate' out");
    if (s.search && !s.loads?.concurrency)
      at(
        ["scenarios", sid, "search"],
        "a goodput search walks a concurrency ladder: give 'loads: {concurrency: [...]}'"
      );
    if (s.search && !data.slo) at(["scenarios", sid, "search"], "a goodput search needs the study's 'slo'");
    return {
      id: sid,
      name: toText(s.name, sid),
      dataset: s.dataset,
      dataset_path: s.dataset_path ?? null,
      input_len: s.input_len ?? null,
      output_len: s.output_len ?? null,
      num_prompts: s.num_prompts,
      seed: s.seed ?? null,
      ...(s.request_rate != null ? {request_rate: s.request_rate} : {}),
      ...(s.max_concurrency != null ? {max_concurrency: s.max_concurrency} : {}),
      ...(s.bench_args?.length ? {bench_args: s.bench_args.map(String)} : {}),
      ...(s.repeats != null ? {repeats: s.repeats} : {}),
      ...(s.loads
        ? {
            loads: {
              kind: s.loads.request_rate ? ("request_rate" as const) : ("concurrency" as const),
              levels: s.loads.concurrency ?? s.loads.request_rate ?? MLPERF_ENDPOINTS_LEVELS,
              prompts_per_load: s.loads.prompts_per_load ?? 0,
              ...(s.loads.prompts ? {prompts: s.loads.prompts} : {}),
              ...(s.loads.preset ? {preset: s.loads.preset} : {})
            }
          }
        : {}),
      ...(s.search
        ? {
            search: {
              kind: s.search.kind,
              tolerance: s.search.tolerance ?? DEFAULT_SEARCH_TOLERANCE,
              max_probes: s.search.max_probes ?? DEFAULT_SEARCH_PROBES
            }
          }
        : {})
    };
  });
  const scenarioIds = new Set(scenarios.map((s) => s.id));
  const warnings: FileIssue[] = placeholderIssues(raw, root, lineCounter, file);
  const stepIds = new Set<string>();
  const steps: PlanStep[] = data.steps.map((s, si) => {
    if (stepIds.has(s.id)) at(["steps", si, "id"], `duplicate step id '${s.id}'`);
    stepIds.add(s.id);
    s.scenarios.forEach((sc, i) => {
      if (!scenarioIds.has(sc)) at(["steps", si, "scenarios", i], `unknown scenario '${sc}'`);
    });
    const candidateIds = new Set<string>();
    const candidates: PlanCandidate[] = s.candidates.map((c, ci) => {
      if (candidateIds.has(c.id)) at(["steps", si, "candidates", ci, "id"], `duplicate candidate id '${c.id}'`);
      candidateIds.add(c.id);
      if (!(c.engine in engines))
        at(["steps", si, "candidates", ci, "engine"], `engine '${c.engine}' is not listed under 'engines'`);
      return {
        id: c.id,
        label: c.label ?? c.id,
        engine: c.engine,
        model: c.model ?? data.model.name,
        quantization: c.quantization ?? "bf16",
        role: c.role ?? null,
        server: c.server.map(String),
        bench_args: (c.bench_args ?? []).map(String),
        config: c.config ?? null,
        ...(c.repeats != null ? {repeats: c.repeats} : {}),
        ...(c.gpus != null ? {gpus: c.gpus} : {})
      };
    });
    let decision = s.decision;
    if (
      decision &&
      typeof decision === "object" &&
      decision.scenario != null &&
      !s.scenarios.includes(decision.scenario)
    )
      at(
        ["steps", si, "decision", "scenario"],
        `the deciding scenario '${decision.scenario}' is not one of the step's scenarios`
      );
    // The conservative score is one scenario's: with several, the plan has to say which.
    if (decision && typeof decision === "object" && "rule" in decision && decision.scenario == null) {
      if (s.scenarios.length > 1)
        at(["steps", si, "decision"], `the conservative rule needs a 'scenario' when the step has several`);
      else decision = {...decision, scenario: s.scenarios[0]};
    }
    const defaulted = s.kind === "selection" && decision == null;
    if (defaulted) decision = s.scenarios.length === 1 ? {scenario: s.scenarios[0]} : "geometric-mean";
    if (defaulted && s.scenarios.length > 1)
      warnings.push({
        file,
        line: lineOf(nodeAt(root, ["steps", si]), lineCounter),
        path: pathText(["steps", si]),
        message: fillForm(FINDING_FORMS.decisionDefault, {step: s.id, count: s.scenarios.length}),
        code: "decision-default"
      });
    return {
      id: s.id,
      kind: s.kind,
      title: toText(s.title, s.id),
      scenarios: s.scenarios,
      ...(decision ? {decision} : {}),
      ...(defaulted ? {decision_default: true} : {}),
      candidates,
      ...(s.repeats != null ? {repeats: s.repeats} : {})
    };
  });

  const baseline = data.baseline ?? {step: steps[0].id, candidate: steps[0].candidates[0].id};
  if (!steps.find((s) => s.id === baseline.step)?.candidates.some((c) => c.id === baseline.candidate))
    at(["baseline"], `no candidate '${baseline.candidate}' in step '${baseline.step}'`);
  const withinSlo = data.objective === WITHIN_SLO;
  if (withinSlo && !data.slo) at(["objective"], `'${WITHIN_SLO}' needs an 'slo'`);
  // Said here, not only by run, so check and the build refuse the plan too.
  for (const step of steps)
    for (const sid of step.scenarios) {
      const scenario = scenarios.find((s) => s.id === sid);
      if (!scenario?.search) continue;
      const most = Math.max(...step.candidates.map((c) => pointRepeats(data, step, scenario, c)));
      if (most > 1)
        at(
          ["scenarios", sid, "search"],
          `a goodput search runs each level once (step '${step.id}' asks for ${most} repeats): it picks its next level from the last one's verdict, so a level's repeats would run back to back instead of in rounds; set 'repeats: 1' on the scenario or its step`
        );
    }
  const space = searchSpace(data, at, WITHIN_SLO);
  // A `gpus` the candidate's own flags contradict; malformed flags are the live runner's to report (run never reads
  // them otherwise).
  steps.forEach((step, si) =>
    step.candidates.forEach((c, ci) => {
      const need = gpuNeed(c, data.hardware.count);
      if ("problem" in need && need.at === "gpus") at(["steps", si, "candidates", ci, "gpus"], need.problem);
    })
  );
  const interference = data.interference?.length
    ? planInterference(data.interference, steps, scenarioIds, data.hardware.count, at)
    : undefined;
  if (issues.length) throw new PlanError(file, 1, "", sortIssues(issues));

  return {
    dir,
    file,
    id: data.id,
    title: toText(data.title, data.id),
    goal: toText(data.goal, ""),
    objective: withinSlo ? WITHIN_SLO_METRIC : data.objective,
    source: data.source ?? null,
    model: {name: data.model.name, config: data.model.config ?? null},
    hardware: {
      gpu: data.hardware.gpu,
      name: data.hardware.name ?? data.hardware.gpu,
      count: data.hardware.count,
      ...(data.hardware.price_per_hour != null ? {price_per_hour: data.hardware.price_per_hour} : {})
    },
    engines,
    client: {
      name: data.client.name,
      argv: data.client.argv.map(String),
      ...(data.client.kind ? {kind: data.client.kind} : {})
    },
    ...(data.serve ? {serve: data.serve} : {}),
    scenarios,
    steps,
    baseline,
    // A claim's server line is an argv like a candidate's: YAML numbers in it are the arguments they spell.
    claims: data.claims.map((c, ci) => ({
      ...c,
      ...(Array.isArray(c.server) ? {server: c.server.map(String)} : {}),
      line: lineOf(nodeAt(root, ["claims", ci]), lineCounter)
    })),
    comparisons: data.comparisons.map((c, ci) => ({
      ...c,
      line: lineOf(nodeAt(root, ["comparisons", ci]), lineCounter)
    })),
    notes: data.notes.map((n) => toText(n, "")),
    warnings,
    ...(data.slo ? {slo: planSlo(data.slo)} : {}),
    ...(withinSlo ? {within_slo: true} : {}),
    ...(data.repeats != null ? {repeats: data.repeats} : {}),
    ...(data.confidence != null ? {confidence: data.confidence} : {}),
    ...(data.restart_between_repeats != null ? {restart_between_repeats: data.restart_between_repeats} : {}),
    ...(data.warmup_repeats ? {warmup_repeats: data.warmup_repeats} : {}),
    ...(data.margin != null ? {margin: data.margin} : {}),
    ...(space ? {search_space: space} : {}),
    ...(interference ? {interference} : {})
  };
}

/** The interference step: for each configuration named, a copy run alone and two copies run side by side. */
function planInterference(
  entries: NonNullable<StudyData["interference"]>,
  steps: PlanStep[],
  scenarioIds: Set<string>,
  hardwareCount: number,
  at: (path: PropertyKey[], message: string) => void
): PlanInterference | undefined {
  if (steps.some((s) => s.id === INTERFERENCE_STEP))
    at(["steps"], `a step may not be called '${INTERFERENCE_STEP}' when the plan has 'interference'`);
  const pairs: InterferencePair[] = [];
  const candidates: PlanCandidate[] = [];
  const scenarios = new Set<string>();
  const repeats: Record<string, number> = {};
  entries.forEach((entry, i) => {
    const step = steps.find((s) => s.id === entry.step);
    const original = step?.candidates.find((c) => c.id === entry.candidate);
    if (!step || !original) {
      at(["interference", i], `no candidate '${entry.candidate}' in step '${entry.step}'`);
      return;
    }
    const key = `${entry.step}--${entry.candidate}`;
    if (pairs.some((p) => p.key === key)) {
      at(["interference", i], `${key} is named twice`);
      return;
    }
    const wanted = entry.scenarios ?? step.scenarios;
    wanted.forEach((sc, j) => {
      if (!scenarioIds.has(sc)) at(["interference", i, "scenarios", j], `unknown scenario '${sc}'`);
    });
    const need = gpuNeed(original, hardwareCount);
    if (!("problem" in need) && need.pinnedBy !== undefined && need.pinnedBy !== "plan")
      at(
        ["interference", i],
        `${key} is pinned to GPUs by its command (${original.server[need.pinnedBy]}); two copies side by side need two placements`
      );
    const base = `${entry.step}.${entry.candidate}`;
    const ids = [`${base}.alone`, `${base}.pair-1`, `${base}.pair-2`];
    for (const id of ids) {
      const problem = idProblem(id);
      if (problem) at(["interference", i], problem);
    }
    // Copies go where there is room: a pin would put both copies of the pair on the same GPUs.
    const gpus = "problem" in need ? undefined : need.count;
    for (const id of ids) {
      candidates.push({
        ...original,
        id,
        label: `${original.label} (${id.slice(base.length + 1).replace("-", " ")})`,
        role: null,
        repeats: entry.repeats ?? DEFAULT_INTERFERENCE_REPEATS,
        ...(gpus != null ? {gpus} : {}),
        copy_of: {step: entry.step, candidate: entry.candidate}
      });
      repeats[id] = entry.repeats ?? DEFAULT_INTERFERENCE_REPEATS;
    }
    for (const sc of wanted) scenarios.add(sc);
    pairs.push({
      key,
      step: entry.step,
      candidate: entry.candidate,
      scenarios: wanted,
      alone: ids[0],
      pair: [ids[1], ids[2]]
    });
  });
  if (!pairs.length) return undefined;
  // Each copy runs only its own configuration's scenarios.
  const allScenarios = [...scenarios];
  for (const c of candidates) {
    const pair = pairs.find((p) => c.id === p.alone || p.pair.includes(c.id))!;
    const r = repeats[c.id];
    c.repeats = Object.fromEntries(allScenarios.map((sc) => [sc, pair.scenarios.includes(sc) ? r : 0]));
  }
  return {
    step: {
      id: INTERFERENCE_STEP,
      kind: "generalization",
      title: {en: "Interference", tr: "Girişim"},
      scenarios: allScenarios,
      candidates
    },
    pairs
  };
}

function sortIssues(issues: FileIssue[]): FileIssue[] {
  return issues.sort((a, b) => a.line - b.line);
}

/** Every run the plan asks for, in plan order; a candidate's repeats in rounds (each scenario once, then again). */
export function plannedRuns(
  plan: StudyPlan
): {run: string; step: PlanStep; candidate: PlanCandidate; scenario: PlanScenario; repeat: number}[] {
  return allSteps(plan).flatMap((step) => {
    const scenarios = step.scenarios.flatMap((sid) => scenarioLoads(plan.scenarios.find((s) => s.id === sid)!));
    return step.candidates.flatMap((candidate) => {
      const rounds = Math.max(0, ...scenarios.map((scenario) => pointRepeats(plan, step, scenario, candidate)));
      return Array.from({length: rounds}, (_, i) => i + 1).flatMap((repeat) =>
        scenarios
          .filter((scenario) => repeat <= pointRepeats(plan, step, scenario, candidate))
          .map((scenario) => ({
            run: runId(step.id, candidate.id, scenario.id, repeat, scenario.load),
            step,
            candidate,
            scenario,
            repeat
          }))
      );
    });
  });
}

/**
 * The benchmark command a run of `client` ran, rebuilt from the plan; null where the plan's command is not one that
 * client ran (another tool, or one whose options differ): an imported run's command is then not recorded.
 */
export function rebuiltBenchArgv(
  plan: StudyPlan,
  candidate: PlanCandidate,
  scenario: PlanScenario,
  client: string | null
): string[] | null {
  // A client whose command the plan leaves open (`TODO: …`) rebuilds none: the runs' command is not recorded.
  if (plan.client.argv.some((arg) => isPlaceholder(String(arg)))) return null;
  return takesPlanFlags(client, plan.client.name) ? benchArgv(plan, candidate, scenario) : null;
}

/** Benchmark client argv for one planned run (the study's client plus the scenario's dataset flags). */
export function benchArgv(plan: StudyPlan, candidate: PlanCandidate, scenario: PlanScenario): string[] {
  const argv = plan.client.argv.map((arg) => arg.replaceAll("{model}", candidate.model));
  argv.push("--dataset-name", scenario.dataset);
  if (scenario.dataset_path) argv.push("--dataset-path", scenario.dataset_path);
  if (scenario.dataset === "random")
    argv.push("--random-input-len", String(scenario.input_len), "--random-output-len", String(scenario.output_len));
  argv.push("--num-prompts", String(scenario.num_prompts));
  if (scenario.seed != null) argv.push("--seed", String(scenario.seed));
  if (scenario.request_rate != null) argv.push("--request-rate", String(scenario.request_rate));
  if (scenario.max_concurrency != null) argv.push("--max-concurrency", String(scenario.max_concurrency));
  return [...argv, ...(scenario.bench_args ?? []), ...candidate.bench_args];
}
