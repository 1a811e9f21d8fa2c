// How the build lays out run pages for an archive: one page per run, or (above the limit) one page per set of runs.
import type {RunDetail} from "../runs/run-detail.js";

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

/** Run pages grouped in sets (above the per-run page limit): one page per set shows any of its runs. */
export interface RunSet {
  set: number;
  sets: number;
  runs: RunDetail[];
}
