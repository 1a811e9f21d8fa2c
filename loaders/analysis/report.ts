// A study read, then analysed: reading its files (readStudy) kept apart from the analysis, named phases each a pure
// function of the ones before (analyse), as a compiler names its phases.
import {FINDING_FORMS, type Finding} from "../finding.js";
import type {RunRow} from "../runs/rows.js";
import {checkClaims} from "./claims.js";
import {derive} from "./derive.js";
import {machineNote, shownCommand} from "./shown-command.js";
import {addHeadroom, headroomContext, headroomReport} from "./headroom.js";
import {loadStudyPlan, type PlanLoads, type PlanSearch, type PlanSlo, type StudyPlan} from "../study/plan.js";
import {aggregatePoints} from "./points.js";
import {DEFAULT_CONFIDENCE, studyConfidence} from "../study/repeats.js";
import {runRows, shellCommand} from "../runs/rows.js";
import {readRuns, type RunRecord} from "../runs/read-runs.js";
import {planBesideRecords, type RunRecordCache} from "../runs/run-record-cache.js";
import {keptPlan} from "../study/plan-kept.js";
import {shownPath} from "../files/naming-base.js";
import {validate} from "./validate.js";
import {addLoadColumns} from "./slo.js";
import {addEnergyColumns} from "./energy.js";
import {loadPoints, type CurveChoice, type LoadPoint} from "./ladder.js";
import type {ClaimCheck} from "./claims.js";
import type {Derived, HeadlineRow, StepReport, SummaryRow} from "./derive.js";
import type {HeadroomReport} from "./headroom.js";
import {fillForm, NOT_RECORDED, type Text} from "../text.js";
import {isPlaceholder} from "../study/schema.js";
import {levelSeeds, repeatFindings} from "./repeat-checks.js";
import {interferenceFindings} from "./interference.js";
import {coverage, type Coverage} from "./coverage.js";
import {secondLookReport, type SecondLookReport} from "./second-look.js";
import {tuneReport, type TuneReport} from "./search-report.js";

export interface StudyData {
  plan: StudyPlan;
  runs: RunRecord[];
  rows: RunRow[];
  report: Report;
}

const SEVERITY_ORDER = {error: 0, warning: 1, info: 2};

/** Fewest and most successful repeats over the points that have any. */
function repeatRange(rows: readonly RunRow[], warmups: number): {min: number; max: number} {
  const counts = aggregatePoints(rows, [], DEFAULT_CONFIDENCE, warmups)
    .map((p) => p.n)
    .filter((n) => n > 0);
  return counts.length ? {min: Math.min(...counts), max: Math.max(...counts)} : {min: 0, max: 0};
}

/** A plan value the pages print in prose: a `TODO: …` left open reads "not recorded" there (check lists it). */
function recorded(value: string): string {
  return isPlaceholder(value) ? NOT_RECORDED : value;
}

/** What a study's files give, before any analysis: the plan, the runs as read (and what reading them found), and the
 * hardware model's tables for the ceilings. */
export interface StudyFiles {
  plan: StudyPlan;
  runs: RunRecord[];
  readFindings: Finding[];
  headroom: ReturnType<typeof headroomContext>;
}

/** The study's plan, its file named relative to `cwd` where it lies below it; with `cache`, parsed again only when
 * study.yaml or the code changed. */
export function readPlan(dir: string, cwd = process.cwd(), cache?: RunRecordCache): StudyPlan {
  const shown = shownPath(cwd, dir);
  return cache ? keptPlan(dir, planBesideRecords(cache), shown) : loadStudyPlan(dir, shown);
}

/** Reading: the study's files, and nothing else, each named relative to `cwd` where it lies below it. With `cache` (an
 * incremental build's, or `npm run dev`'s), run folders unchanged since the last read are not read again. */
export async function readStudy(dir: string, cwd = process.cwd(), cache?: RunRecordCache): Promise<StudyFiles> {
  const plan = readPlan(dir, cwd, cache);
  const {runs, findings: readFindings} = await readRuns(plan, cwd, cache);
  return {plan, runs, readFindings, headroom: headroomContext(plan)};
}

/** Phase 1, tabulate: a row per run, with its load and energy columns. */
export function tabulate(plan: StudyPlan, runs: RunRecord[]): RunRow[] {
  const rows = runRows(plan, runs);
  addLoadColumns(plan, runs, rows);
  addEnergyColumns(plan, runs, rows);
  return rows;
}

/** Phase 6, findings: every problem found on the way, errors first, then by run. */
export function collectFindings(
  files: StudyFiles,
  rows: RunRow[],
  derived: Derived,
  ceilingFindings: Finding[]
): Finding[] {
  const {plan, runs, readFindings, headroom} = files;
  const planFindings: Finding[] = plan.warnings.map((w) => ({
    severity: "warning",
    code: w.code ?? "plan-warning",
    message: w.path ? fillForm(FINDING_FORMS.atPath, {path: w.path, message: w.message}) : w.message,
    run: null,
    file: w.file,
    line: w.line
  }));
  return [
    ...planFindings,
    ...readFindings,
    ...validate(plan, runs, rows),
    ...derived.findings,
    ...repeatFindings(rows, plan.objective, plan.warmup_repeats ?? 0),
    ...interferenceFindings(plan, runs, rows),
    ...ceilingFindings,
    ...("severity" in headroom ? [headroom] : headroom.findings)
  ].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.run ?? "").localeCompare(b.run ?? ""));
}

/** Phase 7, report: the study's facts and every phase's result, as the pages and report.json take them. */
export function assembleReport(
  files: StudyFiles,
  rows: RunRow[],
  derived: Derived,
  secondLook: SecondLookReport | null,
  tune: TuneReport | null,
  findings: Finding[]
): Report {
  const {plan, headroom} = files;
  return {
    study: {
      id: plan.id,
      title: plan.title,
      // A goal left open (`TODO: …`) is no goal the pages can state: none shown, as for a plan without one.
      goal: isPlaceholder(plan.goal.en) || isPlaceholder(plan.goal.tr) ? {en: "", tr: ""} : plan.goal,
      objective: plan.objective,
      model: recorded(plan.model.name),
      hardware: {...plan.hardware, gpu: recorded(plan.hardware.gpu), name: recorded(plan.hardware.name)},
      engines: Object.entries(plan.engines).map(([id, e]) => ({
        id,
        ...e,
        name: recorded(e.name),
        version: recorded(e.version)
      })),
      client: {
        name: recorded(plan.client.name),
        command: plan.client.argv.some(isPlaceholder) ? NOT_RECORDED : shownCommand(plan, plan.client.argv)
      },
      machine_note: machineNote(plan),
      scenarios: plan.scenarios.map((s) => ({...s, dataset: recorded(s.dataset)})),
      notes: plan.notes,
      source: plan.source,
      confidence: studyConfidence(plan),
      repeats: repeatRange(rows, plan.warmup_repeats ?? 0),
      ...(plan.warmup_repeats ? {warmup_repeats: plan.warmup_repeats} : {}),
      ...(levelSeeds(rows) ? {level_seeds: true} : {}),
      load_regime: loadRegime(plan),
      // Every step tried one candidate: nothing was compared, so pages state no rule for keeping one.
      ...(derived.steps.every((s) => s.candidates.length <= 1) ? {single_candidate: true} : {}),
      ...(plan.slo ? {slo: plan.slo} : {}),
      ...(plan.within_slo ? {within_slo: true} : {})
    },
    steps: derived.steps,
    baseline: derived.baseline,
    recommended: derived.recommended,
    headline: derived.headline,
    summary: derived.summary,
    claims: checkClaims(plan, derived, rows),
    findings,
    headroom: headroomReport(plan, headroom, rows),
    ...(derived.choices.length
      ? {
          ladder: {
            points: loadPoints(plan, rows, studyConfidence(plan), {staircase: true}),
            choices: derived.choices
          }
        }
      : {}),
    coverage: coverage(plan, derived),
    ...(secondLook ? {second_look: secondLook} : {}),
    ...(tune ? {tune} : {})
  };
}

/**
 * The analysis of what the files gave, as named phases (each pure, each a function of the ones before): tabulate the
 * runs, set each against its ceiling, derive the steps' decisions, take the second look, report the search, collect the findings,
 * assemble the report.
 */
export function analyse(files: StudyFiles): StudyData {
  const {plan, runs, headroom} = files;
  const rows = tabulate(plan, runs);
  // Phase 2, ceilings: each run's share of its hardware ceiling (the rows take it on).
  const ceilingFindings = addHeadroom(headroom, rows);
  // Phase 3, decide: each step's candidates compared, the winner kept or not, the headline and summary.
  const derived = derive(plan, rows);
  // Phase 4, second look: the set around the recommendation, where it ran.
  const secondLook = secondLookReport(plan, rows, derived);
  // Phase 5, search: what the tuner tried, and its regret where a grid ran beside it.
  const tune = tuneReport(plan, rows, runs);
  const findings = collectFindings(files, rows, derived, ceilingFindings);
  return {plan, runs, rows, report: assembleReport(files, rows, derived, secondLook, tune, findings)};
}

/** A study read and analysed. With `cache`, run folders unchanged since the last read are not read again. */
export async function loadStudy(dir: string, cwd = process.cwd(), cache?: RunRecordCache): Promise<StudyData> {
  return analyse(await readStudy(dir, cwd, cache));
}

/** How the study loads its servers: all at once (latency then measures the queue), at fixed loads, or up ladders. */
export function loadRegime(plan: StudyPlan): "flood" | "fixed" | "ladder" {
  if (plan.scenarios.some((s) => s.loads)) return "ladder";
  const flood = plan.scenarios.every((s) => s.max_concurrency == null && (s.request_rate ?? "inf") === "inf");
  return flood ? "flood" : "fixed";
}

export {studyDir} from "../study/study-dir.js";

export interface ScenarioInfo {
  id: string;
  name: Text;
  dataset: "random" | "sharegpt" | string;
  dataset_path: string | null;
  input_len: number | null;
  output_len: number | null;
  num_prompts: number;
  seed: number | null;
  /** Live mode's goodput search up the scenario's concurrency ladder (each level run once). */
  search?: PlanSearch;
  /** The scenario's load ladder, where it has one. */
  loads?: PlanLoads;
}
export interface Report {
  study: {
    id: string;
    title: Text;
    goal: Text;
    objective: string;
    model: string;
    hardware: {gpu: string; name: string; count: number; price_per_hour?: number};
    engines: {id: string; name: string; version: string}[];
    client: {name: string; command: string};
    /** Which values in the shown commands depend on the machine (port, host); null when none do. */
    machine_note: Text | null;
    scenarios: ScenarioInfo[];
    notes: Text[];
    source: string | null;
    /** Confidence level of every interval (the plan's `confidence`, 0.95 unless set). */
    confidence: number;
    /** Fewest and most successful repeats of a point that ran (1 and 1 for a study of single runs). */
    repeats: {min: number; max: number};
    /** Leading repeats of each point run as warm-ups (the plan's warmup_repeats): listed, in no mean or interval. */
    warmup_repeats?: number;
    /** A ladder's runs had a seed per (level, repeat) (absent where they had seed + k − 1 at every level, or no ladder). */
    level_seeds?: true;
    /** flood: every request at once (rate inf, no concurrency limit), so latency measures the queue. */
    load_regime: "flood" | "fixed" | "ladder";
    /** Every step tried one candidate (absent otherwise). */
    single_candidate?: true;
    slo?: PlanSlo;
    /** Steps decide by each candidate's best throughput within the SLO. */
    within_slo?: boolean;
  };
  steps: StepReport[];
  baseline: Derived["baseline"];
  /** `model`: the one the recommended configuration serves (a study may hold candidates of several models). */
  recommended: Derived["recommended"];
  headline: HeadlineRow[];
  summary: SummaryRow[];
  claims: ClaimCheck[];
  findings: Finding[];
  /** null when the study names no model config or its GPU is not in the table (a finding says which). */
  headroom: HeadroomReport | null;
  /** Load ladders: every load point and each curve's chosen point (absent for a study without ladders). */
  ladder?: {points: LoadPoint[]; choices: CurveChoice[]};
  /** What the greedy path left unmeasured, and how much of the steps' space the recommendation rests on. */
  coverage: Coverage;
  /** The second look's outcome (absent until `tps-report run STUDY --second-look` froze its set). */
  second_look?: SecondLookReport;
  /** The search (`tps-report tune`): absent until it froze its first configurations. */
  tune?: TuneReport;
}
/** The study's own facts, shown across pages: title, goal, objective, model, hardware, engines, scenarios, notes. */
export type StudyInfo = Report["study"];
