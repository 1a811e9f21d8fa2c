// Live mode up a load ladder: a curve stops once its SLO is clearly broken at two consecutive levels, and a
// `search: goodput` scenario doubles concurrency up its ladder, then bisects, instead of running every level.
import {relative} from "node:path";
import {addLoadColumns, judgeSlo, sloEvidence} from "../analysis/slo.js";
import {NOT_RUN_REASONS, notRunError} from "../runs/not-run.js";
import {readRunSync} from "../runs/read-runs.js";
import {fillForm} from "../text.js";
import {runRows} from "../runs/rows.js";
import {runId, scenarioAtLoad, type PlanScenario, type StudyPlan} from "../study/plan.js";
import type {PlannedRun} from "./selection.js";

/** A level's run against the SLO: broken when it failed or a limit's statistic lies above its limit. */
export interface LevelVerdict {
  broken: boolean;
  /** "concurrency 64: p99 ttft 2608 ms > 2000 ms" */
  why: string;
}

export type SearchStop = "within-tolerance" | "met-at-highest-level" | "never-within-slo" | "max-probes" | "unfinished";

export interface SearchOutcome {
  /** `<step>--<candidate>--<scenario>` */
  curve: string;
  /** The highest concurrency whose run met the SLO; null when none did. */
  limit: number | null;
  /** The lowest concurrency whose run broke it; null when none did. */
  broken_at: number | null;
  /** Concurrencies run, in order. */
  probes: number[];
  stop: SearchStop;
  reason: string;
}

interface Curve {
  round: number;
  streak: string[];
  stopAbove: number | null;
  reason: string | null;
}

interface Search {
  lo: number | null;
  hi: number | null;
  probes: number[];
  stop: SearchStop | null;
  reason: string | null;
}

const curveKey = (run: PlannedRun): string => `${run.step.id}--${run.candidate.id}--${run.scenario.id}`;
const levelOf = (run: PlannedRun): number => run.scenario.load?.value ?? 0;
const levelText = (run: PlannedRun, level = levelOf(run)): string =>
  run.scenario.load?.kind === "request_rate" ? `${level} requests/s` : `concurrency ${level}`;

/** Why a level broke the SLO when its run did not run through, as a verdict holds it after its level. The pages read it
 * back by its form (src/components/libraryText.ts). */
export const GUARD_VERDICTS = {
  runFailed: "the run failed",
  // The run's own error (a RUN_ERRORS form, or what the import read), said in turn.
  runFailedWith: "the run failed ({reason})"
} as const;
/** Its type, for the components, which take only types from the library. */
export type GuardVerdicts = typeof GUARD_VERDICTS;

/** Reads the run just written and holds it against the plan's SLO, by the rule the build judges points by (slo.ts
 * judgeSlo, the run as a point of one repeat): its requests that failed count as misses. */
export function judgeRun(plan: StudyPlan, run: PlannedRun, dir: string): LevelVerdict {
  const at = levelText(run);
  const record = readRunSync(dir, process.cwd(), relative(process.cwd(), dir), plan);
  const rows = runRows(plan, [record]);
  const [row] = rows;
  if (!row || row.status !== "ok")
    return {
      broken: true,
      why: `${at}: ${row?.error ? fillForm(GUARD_VERDICTS.runFailedWith, {reason: row.error}) : GUARD_VERDICTS.runFailed}`
    };
  if (!plan.slo) return {broken: false, why: `${at}: the run ran`};
  addLoadColumns(plan, [record], rows);
  const judged = judgeSlo(sloEvidence([row], plan.slo), plan.slo);
  if (!judged.met) return {broken: true, why: `${at}: ${judged.outside}`};
  const share =
    judged.conforming != null && judged.requests
      ? `${+((judged.conforming / judged.requests) * 100).toFixed(1)} % of ${judged.requests} requests within every limit, `
      : "";
  const statistics = plan.slo.limits
    .map(
      (l, i) => `${l.statistic} ${l.metric.replace(/_ms$/, "").toUpperCase()} ${+judged.worst[i].value!.toFixed(1)} ms`
    )
    .join(", ");
  return {broken: false, why: `${at}: within the SLO (${share}${statistics})`};
}

export class LadderGuard {
  private readonly curves = new Map<string, Curve>();
  private readonly searches = new Map<string, Search>();
  /** Run ids of the bisection probes this guard asked for: they run whatever the ladder's levels do. */
  private readonly probes = new Set<string>();

  constructor(
    private readonly plan: StudyPlan,
    runs: readonly PlannedRun[],
    private readonly judge: (run: PlannedRun) => LevelVerdict
  ) {
    for (const run of runs)
      if (run.scenario.search && run.repeat > 1)
        throw new Error(
          `${plan.file}: scenario ${run.scenario.id} searches (search: goodput), which runs each level once; set repeats: 1 for it`
        );
  }

  private guarded(run: PlannedRun): boolean {
    return Boolean(this.plan.slo && run.scenario.loads && run.scenario.load);
  }

  /** Why a planned run is not run (the reason its not-run record keeps); null: run it. */
  skip(run: PlannedRun): string | null {
    if (!this.guarded(run)) return null;
    const search = this.searches.get(curveKey(run));
    if (run.scenario.search) {
      if (!search || this.probes.has(run.run)) return null;
      if (search.stop) return notRunError(search.reason!);
      // Bisecting (its probes come from after()): no ladder level above the one that broke the SLO is needed.
      if (search.hi != null) return notRunError(fillForm(NOT_RUN_REASONS.searchBrokenAt, {hi: search.hi}));
      if (search.probes.length >= run.scenario.search.max_probes) {
        this.stopSearch(search, "max-probes", fillForm(NOT_RUN_REASONS.searchProbes, {probes: search.probes.length}));
        return notRunError(search.reason!);
      }
      return null;
    }
    const curve = this.curves.get(curveKey(run));
    return curve?.stopAbove != null && levelOf(run) > curve.stopAbove ? notRunError(curve.reason!) : null;
  }

  /** After a run of a guarded curve: its verdict, and the runs the search wants next (bisection probes). */
  after(run: PlannedRun): PlannedRun[] {
    if (!this.guarded(run)) return [];
    const verdict = this.judge(run);
    return run.scenario.search ? this.searchStep(run, verdict) : (this.ladderStep(run, verdict), []);
  }

  outcomes(): SearchOutcome[] {
    return [...this.searches].map(([curve, s]) => ({
      curve,
      limit: s.lo,
      broken_at: s.hi,
      probes: s.probes,
      stop: s.stop ?? "unfinished",
      reason: s.reason ?? `the goodput search did not finish (interrupted after ${s.probes.length} probes)`
    }));
  }

  private ladderStep(run: PlannedRun, verdict: LevelVerdict): void {
    const key = curveKey(run);
    let curve = this.curves.get(key);
    if (!curve || curve.round !== run.repeat) {
      curve = {round: run.repeat, streak: [], stopAbove: curve?.stopAbove ?? null, reason: curve?.reason ?? null};
      this.curves.set(key, curve);
    }
    if (!verdict.broken) {
      curve.streak = [];
      return;
    }
    curve.streak.push(verdict.why);
    if (curve.streak.length >= 2 && curve.stopAbove == null) {
      curve.stopAbove = levelOf(run);
      curve.reason = fillForm(NOT_RUN_REASONS.ladderStopped, {why: curve.streak.slice(-2).join("; ")});
    }
  }

  private searchStep(run: PlannedRun, verdict: LevelVerdict): PlannedRun[] {
    const key = curveKey(run);
    const scenario = run.scenario;
    const {tolerance, max_probes} = scenario.search!;
    const levels = scenario.loads!.levels;
    let s = this.searches.get(key);
    if (!s) this.searches.set(key, (s = {lo: null, hi: null, probes: [], stop: null, reason: null}));
    const level = levelOf(run);
    s.probes.push(level);
    if (verdict.broken) s.hi = s.hi == null ? level : Math.min(s.hi, level);
    else s.lo = Math.max(s.lo ?? level, level);
    if (s.hi == null) {
      if (level >= levels[levels.length - 1])
        this.stopSearch(s, "met-at-highest-level", fillForm(NOT_RUN_REASONS.searchMetAtTop, {level}));
      return [];
    }
    if (s.lo == null) {
      this.stopSearch(s, "never-within-slo", fillForm(NOT_RUN_REASONS.searchBrokenAtFirst, {why: verdict.why}));
      return [];
    }
    if (s.hi - s.lo <= Math.max(1, tolerance * s.lo)) {
      this.stopSearch(s, "within-tolerance", fillForm(NOT_RUN_REASONS.searchLimit, {lo: s.lo, hi: s.hi, tolerance}));
      return [];
    }
    if (s.probes.length >= max_probes) {
      this.stopSearch(
        s,
        "max-probes",
        fillForm(NOT_RUN_REASONS.searchProbesBetween, {probes: max_probes, lo: s.lo, hi: s.hi})
      );
      return [];
    }
    return [this.probe(run, Math.floor((s.lo + s.hi) / 2))];
  }

  private stopSearch(s: Search, stop: SearchStop, reason: string): void {
    s.stop = stop;
    s.reason = reason;
  }

  /** The run at concurrency `level` of the search's scenario (between two ladder levels: a point of its own). */
  private probe(run: PlannedRun, level: number): PlannedRun {
    const base: PlanScenario = this.plan.scenarios.find((sc) => sc.id === run.scenario.id)!;
    const scenario = scenarioAtLoad(base, {kind: "concurrency", value: level});
    const id = runId(run.step.id, run.candidate.id, base.id, 1, scenario.load);
    this.probes.add(id);
    return {...run, scenario, run: id};
  }
}
