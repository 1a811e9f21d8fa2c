// How the build lays out run pages for an archive: one page per run, or (above the limit) one page per set of runs.
import type {RunRow} from "../runs/rows.js";
import {allSteps, type StudyPlan} from "../study/plan.js";
import type {Text} from "../text.js";

/** Where a run's page is, as the pages compute it in the browser: the build is handed src/components/runSets.ts. */
export interface RunSetRule {
  DEFAULT_RUN_PAGE_LIMIT: number;
  DEFAULT_RUNS_PER_SET: number;
  runSetCount(runs: number, limit: number, perSet: number): number;
  runSetOf(run: string, sets: number): number;
}

export interface RunPageLayout {
  /** 0 when every run has its own page. */
  sets: number;
  /** Run ids of each set, in the order given (empty when sets is 0). */
  members: string[][];
}

function positiveInteger(name: string, fallback: number): number {
  const text = process.env[name];
  if (text == null || text === "") return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not "${text}"`);
  return value;
}

/** TPS_REPORT_RUN_PAGE_LIMIT and TPS_REPORT_RUNS_PER_SET override the defaults (tests use small values). */
export function runPageLayout(runIds: readonly string[], rule: RunSetRule): RunPageLayout {
  const limit = positiveInteger("TPS_REPORT_RUN_PAGE_LIMIT", rule.DEFAULT_RUN_PAGE_LIMIT);
  const perSet = positiveInteger("TPS_REPORT_RUNS_PER_SET", rule.DEFAULT_RUNS_PER_SET);
  const sets = rule.runSetCount(runIds.length, limit, perSet);
  if (sets === 0) return {sets, members: []};
  const members: string[][] = Array.from({length: sets}, () => []);
  for (const run of runIds) members[rule.runSetOf(run, sets)].push(run);
  return {sets, members};
}

/** A run as its set's table lists it: its row and the plan's names for its step and scenario. */
export interface RunSetEntry {
  row: RunRow;
  names: {step: Text; scenario: Text};
}

/** Runs grouped in sets (above the per-run page limit): one page per set lists its runs, each with its own page. */
export interface RunSet {
  set: number;
  sets: number;
  runs: RunSetEntry[];
}

/** Each set's entries, in the layout's order: a run folder the study has no row for is an error, never a gap. */
export function runSetEntries(plan: StudyPlan, rows: readonly RunRow[], layout: RunPageLayout): RunSetEntry[][] {
  const byRun = new Map(rows.map((row) => [row.run, row]));
  const steps = new Map(allSteps(plan).map((step) => [step.id, step.title]));
  const scenarios = new Map(plan.scenarios.map((scenario) => [scenario.id, scenario.name]));
  return layout.members.map((members) =>
    members.map((run) => {
      const row = byRun.get(run);
      if (!row) throw new Error(`runs/${run}: a run folder the study read no row for`);
      const names = {
        step: steps.get(row.step) ?? {en: row.step, tr: row.step},
        scenario: scenarios.get(row.scenario) ?? {en: row.scenario, tr: row.scenario}
      };
      return {row, names};
    })
  );
}
