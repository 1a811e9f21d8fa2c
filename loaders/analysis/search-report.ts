// What the tune page shows: every configuration the search tried, in order, with its result and interval; the best so
// far against the runs spent; the recommendation by the study's noise rule against the greedy path's configuration;
// and, where the study holds the grid of the same space, the regret against the grid's best and a random search's.
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import {sampleIndexes, seededRandom} from "../stats/seeded-random.js";
import {studyConfidence} from "../study/repeats.js";
import {WITHIN_SLO, WITHIN_SLO_METRIC, type PlanStep, type StudyPlan} from "../study/plan.js";
import type {SearchRecord} from "../study/search-file.js";
import {configurationKey, type Configuration, type SearchSpace} from "../study/search-space.js";
import {missingRuns, searchObservations} from "./search-runs.js";
import {shownCommand} from "./shown-command.js";
import {searchVerdict, spent, type Observation, type SearchVerdict} from "./tuner.js";

export interface SearchConfiguration {
  /** 1 for the first configuration tried. */
  order: number;
  id: string;
  label: string;
  values: Configuration;
  phase: "start" | "search";
  reason: string;
  /** pending: not run yet. */
  status: Observation["status"] | "pending";
  error: string | null;
  value: number | null;
  ci_low: number | null;
  ci_high: number | null;
  /** Successful runs behind the value. */
  n: number;
  /** The throughput its successful runs measured, for a configuration outside the SLO (which has no value). */
  measured: number | null;
  runs: string[];
  /** Measured again with the study's repeats. */
  confirmed: boolean;
  greedy: boolean;
}

export interface GridComparison {
  configurations: number;
  /** Runs the grid took (recorded). */
  runs: number;
  /** Every run of the grid is recorded. */
  complete: boolean;
  /** Configurations of the grid with no run recorded. */
  not_run: string[];
  best: {id: string; label: string; value: number} | null;
  /** The search's recommendation as the grid measured it. */
  winner_value: number | null;
  /** 1 − winner_value / best, percent. */
  regret_percent: number | null;
  /** Runs the search took (recorded). */
  search_runs: number;
  /** A seeded random search of as many configurations, played out on the grid's own results (each pick judged by
   * the grid's value, so it pays no noise: a bound in its favour). */
  random: {configurations: number; draws: number; median_regret_percent: number} | null;
  versus_random: "beats" | "ties" | "does-not-beat" | null;
}

export interface TuneReport {
  /** searching: the search phase is under way; measuring-again: the leaders' repeats are missing; done. */
  state: "searching" | "measuring-again" | "done";
  objective: string;
  scenario: string;
  strategy: SearchRecord["strategy"];
  budget: SearchRecord["budget"];
  spent: {runs: number; seconds: number};
  space: {size: number; knobs: {name: string; values: string[]}[]} | null;
  confidence: number;
  repeats: number;
  configurations: SearchConfiguration[];
  /** After each configuration's runs (in the order they ran): the runs spent and the best mean so far. */
  progress: {runs: number; best: number | null; id: string | null}[];
  verdict: SearchVerdict | null;
  /** The re-measured configuration ahead by mean (the verdict's leader), which may not be the winner. */
  leader: {id: string; label: string} | null;
  winner: {
    id: string;
    label: string;
    server_command: string;
    value: number | null;
    ci_low: number | null;
    ci_high: number | null;
    n: number;
  } | null;
  /** The greedy path's winner, and its configuration among the search's (null where it is not in the space). */
  greedy: {step: string; candidate: string; label: string; server_command: string; configuration: string | null} | null;
  grid: GridComparison | null;
}

function observationsOf(
  plan: StudyPlan,
  step: PlanStep,
  record: SearchRecord,
  rows: readonly RunRow[],
  runs: readonly RunRecord[]
) {
  const values = new Map(record.candidates.map((c) => [c.id, c.values as Configuration]));
  return searchObservations(plan, step, record.objective, (id) => values.get(id) ?? {}, rows, runs);
}

/** The best mean after each configuration, in the order their first runs started. */
function progressCurve(
  plan: StudyPlan,
  step: PlanStep,
  record: SearchRecord,
  rows: readonly RunRow[],
  runs: readonly RunRecord[]
): TuneReport["progress"] {
  const started = new Map(runs.filter((r) => r.meta.step === step.id).map((r) => [r.meta.id, r.meta.started_at ?? ""]));
  const own = rows
    .filter((r) => r.step === step.id && r.failed_phase !== "not-run")
    .sort((a, b) => (started.get(a.run) ?? "").localeCompare(started.get(b.run) ?? "") || a.run.localeCompare(b.run));
  const points: TuneReport["progress"] = [];
  // A point where the next run belongs to another configuration, and at the end.
  for (let k = 1; k <= own.length; k++) {
    if (k < own.length && own[k].candidate === own[k - 1].candidate) continue;
    const observed = observationsOf(plan, step, record, own.slice(0, k), runs);
    let best: Observation | null = null;
    for (const o of observed.values())
      if (o.status === "ok" && o.summary && (!best || o.summary.mean > best.summary!.mean)) best = o;
    points.push({runs: k, best: best?.summary?.mean ?? null, id: best?.id ?? null});
  }
  return points;
}

/** The mean throughput of a configuration's successful runs, whatever the SLO said of them. */
function measuredMean(rows: readonly RunRow[], step: string, candidate: string, plan: StudyPlan): number | null {
  const metric = plan.within_slo || plan.search_space?.objective === WITHIN_SLO ? WITHIN_SLO_METRIC : plan.objective;
  const values = rows
    .filter((r) => r.step === step && r.candidate === candidate && r.status === "ok" && typeof r[metric] === "number")
    .map((r) => r[metric] as number);
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
}

/** The median regret of `draws` seeded random searches of `k` configurations over the grid's results. */
function randomSearch(values: readonly (number | null)[], k: number, best: number, draws = 2000): number {
  const random = seededRandom(k);
  const regrets: number[] = [];
  for (let d = 0; d < draws; d++) {
    let top = 0;
    for (const i of sampleIndexes(values.length, k, random)) top = Math.max(top, values[i] ?? 0);
    regrets.push(1 - top / best);
  }
  regrets.sort((a, b) => a - b);
  const m = Math.floor(draws / 2);
  return draws % 2 ? regrets[m] : (regrets[m - 1] + regrets[m]) / 2;
}

function gridComparison(
  plan: StudyPlan,
  space: Pick<SearchSpace, "knobs">,
  rows: readonly RunRow[],
  runs: readonly RunRecord[],
  winnerConfig: Configuration | null,
  tried: number,
  searchRuns: number
): GridComparison | null {
  const record = plan.grid_record;
  const step = plan.grid;
  if (!record || !step) return null;
  const observed = observationsOf(plan, step, record, rows, runs);
  const recorded = new Set(rows.filter((r) => r.step === step.id).map((r) => r.run));
  const byKey = new Map(record.candidates.map((c) => [configurationKey(space, c.values), c]));
  let best: GridComparison["best"] = null;
  for (const c of record.candidates) {
    const o = observed.get(c.id);
    if (o?.status === "ok" && o.summary && (!best || o.summary.mean > best.value))
      best = {id: c.id, label: c.label ?? c.id, value: o.summary.mean};
  }
  const at = winnerConfig ? byKey.get(configurationKey(space, winnerConfig)) : undefined;
  const winnerObs = at ? observed.get(at.id) : undefined;
  const winnerValue = winnerObs?.status === "ok" ? (winnerObs.summary?.mean ?? null) : at ? 0 : null;
  const regret = best && winnerValue != null ? (1 - winnerValue / best.value) * 100 : null;
  const values = record.candidates.map((c) => {
    const o = observed.get(c.id);
    return o?.status === "ok" ? (o.summary?.mean ?? null) : null;
  });
  const k = Math.min(tried, values.length);
  const median = best && k > 0 ? randomSearch(values, k, best.value) * 100 : null;
  return {
    configurations: record.candidates.length,
    runs: [...recorded].length,
    complete: missingRuns(plan, step.id, recorded).length === 0,
    not_run: record.candidates
      .filter((c) => !rows.some((r) => r.step === step.id && r.candidate === c.id))
      .map((c) => c.id),
    best,
    winner_value: winnerValue,
    regret_percent: regret,
    search_runs: searchRuns,
    random: median != null ? {configurations: k, draws: 2000, median_regret_percent: median} : null,
    versus_random:
      regret == null || median == null
        ? null
        : Math.abs(regret - median) < 1e-9
          ? "ties"
          : regret < median
            ? "beats"
            : "does-not-beat"
  };
}

/** The search's page data; null when the study has run no search. */
export function tuneReport(plan: StudyPlan, rows: readonly RunRow[], runs: readonly RunRecord[]): TuneReport | null {
  const record = plan.tune_record;
  const step = plan.tune;
  if (!record || !step) return null;
  const confidence = studyConfidence(plan);
  const observed = observationsOf(plan, step, record, rows, runs);
  const recorded = new Set(rows.filter((r) => r.step === step.id).map((r) => r.run));
  const missing = missingRuns(plan, step.id, recorded);
  const confirmed = new Set(record.confirm?.candidates ?? []);
  const greedyId = record.greedy?.configuration ?? null;
  const space = plan.search_space ?? null;
  const configurations: SearchConfiguration[] = record.candidates.map((c, i) => {
    const o = observed.get(c.id);
    return {
      order: i + 1,
      id: c.id,
      label: c.label ?? c.id,
      values: c.values,
      phase: c.phase === "grid" ? "start" : c.phase,
      reason: c.reason,
      status: o?.status ?? "pending",
      error: o?.error ?? null,
      value: o?.summary?.mean ?? null,
      ci_low: o?.summary?.ci_low ?? null,
      ci_high: o?.summary?.ci_high ?? null,
      n: o?.summary?.n ?? 0,
      runs: rows.filter((r) => r.step === step.id && r.candidate === c.id).map((r) => r.run),
      measured: o?.status === "outside-slo" ? measuredMean(rows, step.id, c.id, plan) : null,
      confirmed: confirmed.has(c.id),
      greedy: c.id === greedyId
    };
  });
  const state = !record.confirm ? "searching" : missing.length ? "measuring-again" : "done";
  const verdict =
    state === "done"
      ? searchVerdict(
          [...confirmed].map((id) => ({id, summary: observed.get(id)?.summary ?? null})),
          greedyId,
          confidence
        )
      : null;
  const chosen = verdict?.winner ? configurations.find((c) => c.id === verdict.winner) : undefined;
  const leader = verdict?.leader ? configurations.find((c) => c.id === verdict.leader) : undefined;
  const candidate = (id: string) => step.candidates.find((c) => c.id === id)!;
  const greedyCandidate = record.greedy
    ? plan.steps.find((s) => s.id === record.greedy!.step)?.candidates.find((c) => c.id === record.greedy!.candidate)
    : undefined;
  const used = spent(observed);
  return {
    state,
    objective: record.objective,
    scenario: record.scenario,
    strategy: record.strategy,
    budget: record.budget,
    spent: used,
    space: space && {
      size: space.size,
      knobs: space.knobs.map((k) => ({name: k.name, values: k.values.map(String)}))
    },
    confidence,
    repeats: record.confirm?.repeats ?? 1,
    configurations,
    progress: progressCurve(plan, step, record, rows, runs),
    verdict,
    leader: leader ? {id: leader.id, label: leader.label} : null,
    winner: chosen
      ? {
          id: chosen.id,
          label: chosen.label,
          server_command: shownCommand(plan, candidate(chosen.id).server, candidate(chosen.id).model),
          value: chosen.value,
          ci_low: chosen.ci_low,
          ci_high: chosen.ci_high,
          n: chosen.n
        }
      : null,
    greedy:
      record.greedy && greedyCandidate
        ? {
            step: record.greedy.step,
            candidate: record.greedy.candidate,
            label: greedyCandidate.label,
            server_command: shownCommand(plan, greedyCandidate.server, greedyCandidate.model),
            configuration: greedyId
          }
        : null,
    grid: space
      ? gridComparison(plan, space, rows, runs, chosen ? chosen.values : null, record.candidates.length, recorded.size)
      : null
  };
}
