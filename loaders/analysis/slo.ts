// Load and latency target: each run's load, interactivity, SLO attainment and goodput; whether a point meets the SLO
// (one rule, `judgeSlo`, for the build, live mode's ladder and the explorer's table of moved targets).
import type {RunRow} from "../runs/rows.js";
import type {RunRecord} from "../runs/read-runs.js";
import {perRequestOf} from "../runs/per-request.js";
import type {PerRequest} from "../requests/request-collector.js";
import {tCritical} from "../stats/summary.js";
import {parseRunId} from "../study/ids.js";
import type {PlanScenario, PlanSlo, SloLimit, StudyPlan} from "../study/plan.js";
import type {Point} from "./points.js";
import {fillForm} from "../text.js";

/** Columns every run gains: its load, interactivity, and (with an SLO and per-request data) attainment and goodput. */
export const LOAD_COLUMNS = [
  "load_kind",
  "load",
  "interactivity",
  "interactivity_p90",
  "attainment",
  "slo_requests",
  "slo_request_goodput",
  "token_goodput"
] as const;

/** What each column means, for the exports' documentation and the pages' axis titles. */
export const LOAD_COLUMN_FORMULAS: Record<(typeof LOAD_COLUMNS)[number], string> = {
  load_kind: "concurrency (--max-concurrency) or request_rate (--request-rate); empty for a flood (rate inf, no limit)",
  load: "the concurrency or the requests per second the run was sent at",
  interactivity: "1000 / median TPOT (ms), output tokens per second each user sees",
  interactivity_p90:
    "1000 / p90 TPOT (ms) over the run's requests (MLPerf Endpoints' figure: 9 users in 10 see at least this); empty without per-request data or a printed p90 TPOT",
  attainment:
    "share of the run's requests meeting every per-request SLO limit (TTFT, TPOT = (E2EL − TTFT) / (output tokens − 1), E2EL); failed requests count as misses",
  slo_requests: "requests the attainment is a share of: every request in the run's per-request arrays, failed ones too",
  slo_request_goodput:
    "requests meeting the SLO ÷ benchmark duration, req/s (vLLM's own request_goodput is its --goodput)",
  token_goodput: "input + output tokens of the requests meeting the SLO ÷ benchmark duration, tok/s"
};

/** The load a run was sent at: its ladder level, else the scenario's own limit; null for a flood. */
export function runLoad(scenario: PlanScenario | undefined, row: RunRow): {kind: string; value: number} | null {
  if (!scenario) return null;
  if (scenario.loads) {
    const load = parseRunId(row.run)?.load;
    return load ? {kind: load.kind, value: load.value} : null;
  }
  if (scenario.max_concurrency != null) return {kind: "concurrency", value: scenario.max_concurrency};
  if (typeof scenario.request_rate === "number") return {kind: "request_rate", value: scenario.request_rate};
  return null;
}

/** The explorer moves the TTFT and TPOT targets in steps of a hundredth of a decade: step k is the plan's limit ×
 * 10^(k / 100), k from −100 (a tenth) to 100 (ten times); step 0 is the plan's limit itself. */
export const TARGET_STEPS = 100;
/** The step index of a request that meets a limit at no step (it failed, or broke a limit the explorer does not move). */
export const NEVER = TARGET_STEPS + 1;
/** The metrics whose targets the explorer moves. */
export const MOVED_METRICS = ["ttft_ms", "tpot_ms"] as const;
export type TargetSteps = {ttft_ms: number; tpot_ms: number};
export const PLAN_TARGETS: TargetSteps = {ttft_ms: 0, tpot_ms: 0};

/** The target at step k: exactly the plan's limit at k = 0. */
export function targetAt(limit: number, k: number): number {
  return k === 0 ? limit : limit * 10 ** (k / TARGET_STEPS);
}

/** The first step at which `value` lies within the moved target (−100 when within it at every step, NEVER at none). */
export function firstStepWithin(value: number, limit: number): number {
  if (!(value > targetAt(limit, -TARGET_STEPS))) return -TARGET_STEPS;
  if (value > targetAt(limit, TARGET_STEPS)) return NEVER;
  let lo = -TARGET_STEPS;
  let hi = TARGET_STEPS;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (value <= targetAt(limit, mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** A run's (or a point's pooled) requests by the first TTFT and TPOT steps at which each meets every per-request limit:
 * `cells` holds [ttft step, tpot step, requests] (NEVER in both for a request that meets them at no step). */
export interface RequestGrid {
  requests: number;
  cells: [number, number, number][];
  /** Input + output tokens of the requests in each cell, for the goodput at the plan's limits. */
  tokens: number[];
}

function perRequestLimits(slo: PlanSlo): {ttft: number; tpot: number; e2el: number} {
  const limit = (metric: SloLimit["metric"]) => slo.limits.find((l) => l.metric === metric)?.limit ?? Infinity;
  return {ttft: limit("ttft_ms"), tpot: limit("tpot_ms"), e2el: limit("e2el_ms")};
}

/** Each request against the SLO's per-request limits, at every step of the moved targets (E2EL stays at the plan's). */
export function requestGrid(requests: PerRequest, slo: PlanSlo): RequestGrid {
  const {ttft, tpot, e2el} = perRequestLimits(slo);
  const cells = new Map<number, {t: number; p: number; n: number; tokens: number}>();
  const n = requests.ok.length;
  for (let i = 0; i < n; i++) {
    let t = NEVER;
    let p = NEVER;
    // A request within the plan's E2EL limit, or of an SLO without one; TTFT and TPOT found by step (none: every step).
    if (requests.ok[i] && (e2el === Infinity || requests.e2el_ms[i] <= e2el)) {
      const ttftMs = requests.ttft_ms[i];
      t = ttft === Infinity ? -TARGET_STEPS : Number.isNaN(ttftMs) ? NEVER : firstStepWithin(ttftMs, ttft);
      const tpotMs = requests.tpot_ms[i];
      // A request of one output token has no TPOT: it meets every TPOT limit.
      p = tpot === Infinity || Number.isNaN(tpotMs) ? -TARGET_STEPS : firstStepWithin(tpotMs, tpot);
      if (t === NEVER || p === NEVER) t = p = NEVER;
    }
    const key = (t + NEVER) * 1024 + (p + NEVER);
    const cell = cells.get(key) ?? {t, p, n: 0, tokens: 0};
    cell.n++;
    if (t !== NEVER) cell.tokens += (requests.input_tokens[i] || 0) + (requests.output_tokens[i] || 0);
    cells.set(key, cell);
  }
  const sorted = [...cells.values()].sort((a, b) => a.t - b.t || a.p - b.p);
  return {requests: n, cells: sorted.map((c) => [c.t, c.p, c.n]), tokens: sorted.map((c) => c.tokens)};
}

/** Requests meeting every per-request limit at the plan's targets: no error, TTFT, TPOT (none for one output token)
 * and E2EL within (the grid at PLAN_TARGETS). */
export function conformance(
  requests: PerRequest,
  slo: PlanSlo
): {requests: number; conforming: number; conforming_tokens: number} {
  const grid = requestGrid(requests, slo);
  const at = conformingAt(grid, PLAN_TARGETS);
  return {requests: grid.requests, conforming: at.requests, conforming_tokens: at.tokens};
}

/** Requests of the grid that meet every per-request limit with the targets at `steps`, and their tokens. */
export function conformingAt(grid: RequestGrid, steps: TargetSteps): {requests: number; tokens: number} {
  let requests = 0;
  let tokens = 0;
  grid.cells.forEach(([t, p, n], i) => {
    if (t !== NEVER && t <= steps.ttft_ms && p <= steps.tpot_ms) {
      requests += n;
      tokens += grid.tokens[i];
    }
  });
  return {requests, tokens};
}

/** The grids of several runs as one. */
export function poolGrids(grids: readonly RequestGrid[]): RequestGrid {
  const cells = new Map<number, {t: number; p: number; n: number; tokens: number}>();
  for (const grid of grids)
    grid.cells.forEach(([t, p, n], i) => {
      const key = (t + NEVER) * 1024 + (p + NEVER);
      const cell = cells.get(key) ?? {t, p, n: 0, tokens: 0};
      cell.n += n;
      cell.tokens += grid.tokens[i];
      cells.set(key, cell);
    });
  const sorted = [...cells.values()].sort((a, b) => a.t - b.t || a.p - b.p);
  return {
    requests: grids.reduce((sum, g) => sum + g.requests, 0),
    cells: sorted.map((c) => [c.t, c.p, c.n]),
    tokens: sorted.map((c) => c.tokens)
  };
}

/** Wilson's score interval of a proportion k / n at the given confidence. */
export function wilson(k: number, n: number, confidence: number): {low: number; high: number} | null {
  if (n === 0) return null;
  const z = tCritical(confidence, 1e9);
  const p = k / n;
  const z2 = z * z;
  const center = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return {low: Math.max(0, center - half), high: Math.min(1, center + half)};
}

/** The 90th percentile of the finite values (vLLM's percentile: linear between the closest ranks). */
function p90(values: Float64Array): number | null {
  const finite = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (!finite.length) return null;
  const at = 0.9 * (finite.length - 1);
  const lo = Math.floor(at);
  return finite[lo] + (finite[Math.min(lo + 1, finite.length - 1)] - finite[lo]) * (at - lo);
}

// Each row's requests against the SLO at every step of the moved targets: beside the row, not a column of the table.
const grids = new WeakMap<RunRow, RequestGrid>();

/** The row's request grid, where its run saved per-request data and the plan sets an SLO. */
export function rowGrid(row: RunRow): RequestGrid | null {
  return grids.get(row) ?? null;
}

/** Adds LOAD_COLUMNS to every row. */
export function addLoadColumns(plan: StudyPlan, records: readonly RunRecord[], rows: RunRow[]): void {
  const scenarios = new Map(plan.scenarios.map((s) => [s.id, s]));
  const byRun = new Map(records.map((r) => [r.meta.id, r]));
  for (const row of rows) {
    const load = runLoad(scenarios.get(row.scenario), row);
    row.load_kind = load?.kind ?? null;
    row.load = load?.value ?? null;
    const tpot = row.median_tpot_ms;
    row.interactivity = typeof tpot === "number" && tpot > 0 ? 1000 / tpot : null;
    const printedP90 = row.p90_tpot_ms;
    row.interactivity_p90 = typeof printedP90 === "number" && printedP90 > 0 ? 1000 / printedP90 : null;
    row.attainment = null;
    row.slo_requests = null;
    row.slo_request_goodput = null;
    row.token_goodput = null;
    const record = byRun.get(row.run);
    // A ladder's per-request data also give the p90 TPOT a client did not print (vLLM prints p99 by default).
    const needed = (plan.slo && row.status === "ok") || (row.interactivity_p90 == null && row.load != null);
    if (!record || !needed) continue;
    const requests = perRequestOf(record);
    if (!requests) continue;
    if (row.interactivity_p90 == null) {
      const tpot90 = p90(requests.tpot_ms.filter((_, i) => requests.ok[i] === 1));
      row.interactivity_p90 = tpot90 != null && tpot90 > 0 ? 1000 / tpot90 : null;
    }
    if (!plan.slo || row.status !== "ok") continue;
    const grid = requestGrid(requests, plan.slo);
    grids.set(row, grid);
    const c = conformingAt(grid, PLAN_TARGETS);
    const duration = row.duration;
    row.attainment = grid.requests ? c.requests / grid.requests : null;
    row.slo_requests = grid.requests;
    if (typeof duration === "number" && duration > 0) {
      row.slo_request_goodput = c.requests / duration;
      row.token_goodput = c.tokens / duration;
    }
  }
}

/** The column that holds an SLO limit's statistic: `p99_ttft_ms`, `median_tpot_ms`. */
export function sloColumn(limit: SloLimit): string {
  return `${limit.statistic}_${limit.metric}`;
}

/** What the SLO is judged on for one point: its counted repeats. */
export interface SloEvidence {
  /** Successful and failed counted repeats. */
  runs: number;
  failed_runs: number;
  /** Each limit's statistic (by column) in every successful repeat; a repeat that printed none is left out. */
  stats: Record<string, number[]>;
  /** Every request of the successful repeats by the steps at which it meets the limits; null unless each successful
   * repeat saved per-request data. */
  grid: RequestGrid | null;
  /** Without a grid: requests completed and sent (completed + failed) over the successful repeats, where printed. */
  completed: {completed: number; sent: number} | null;
  /** False where the grid holds only the plan's targets' counts (rows copied away from their per-request grids). */
  movable: boolean;
}

/** The point's evidence: its counted repeats' statistics and requests. */
export function sloEvidence(rows: readonly RunRow[], slo: PlanSlo, warmups = 0): SloEvidence {
  const counted = rows.filter((r) => r.repeat > warmups);
  const ok = counted.filter((r) => r.status === "ok");
  const stats: Record<string, number[]> = {};
  for (const limit of slo.limits) {
    const column = sloColumn(limit);
    stats[column] = ok.map((r) => r[column]).filter((v): v is number => typeof v === "number");
  }
  const runGrids = ok.map(rowGrid);
  const grid = ok.length && runGrids.every((g) => g) ? poolGrids(runGrids as RequestGrid[]) : null;
  let completed: SloEvidence["completed"] = null;
  // Rows whose attainment was computed elsewhere (a worker without the grids) still carry their counts.
  const columns =
    !grid && ok.length && ok.every((r) => typeof r.attainment === "number" && typeof r.slo_requests === "number");
  if (
    !grid &&
    !columns &&
    ok.length &&
    ok.every((r) => typeof r.completed === "number" && typeof r.failed === "number")
  )
    completed = {
      completed: ok.reduce((sum, r) => sum + (r.completed as number), 0),
      sent: ok.reduce((sum, r) => sum + (r.completed as number) + (r.failed as number), 0)
    };
  const evidence: SloEvidence = {
    runs: ok.length,
    failed_runs: counted.length - ok.length,
    stats,
    grid,
    completed,
    movable: !columns
  };
  if (columns) {
    const requests = ok.reduce((sum, r) => sum + (r.slo_requests as number), 0);
    const met = ok.reduce((sum, r) => sum + Math.round((r.attainment as number) * (r.slo_requests as number)), 0);
    // Only the plan's targets can be judged from the counts: a grid with every request in one cell says so.
    evidence.grid = {
      requests,
      cells: [
        [0, 0, met],
        [NEVER, NEVER, requests - met]
      ],
      tokens: [0, 0]
    };
  }
  return evidence;
}

/** The SLO's verdict on a point, with the figures a reader checks it by. */
export interface SloJudgement {
  met: boolean;
  /** Requests meeting every per-request limit, of all requests of the successful repeats; null without per-request
   * data. */
  conforming: number | null;
  requests: number | null;
  /** Each limit's worst (highest) statistic over the successful repeats, and that moved limit. */
  worst: {column: string; metric: string; value: number | null; limit: number}[];
  /** Why it is outside, in words; null when met. */
  outside: string | null;
}

const limitName = (limit: SloLimit) => `${limit.statistic} ${limit.metric.replace(/_ms$/, "").toUpperCase()}`;

/** Why a point is outside the SLO, each form as its judgement's `outside` holds it, where it is not the limits it
 * exceeds ("p99 TPOT 38 ms > 30 ms"). The pages read it back by its form (src/components/libraryText.ts). */
export const SLO_VERDICTS = {
  sloFailedRuns: "{count} of its runs failed",
  sloNoResult: "no run has a result",
  sloNotPrinted: "{limits} not printed by every repeat",
  sloRequestsWithin: "{share} of {requests} requests within every limit < {attainment} %",
  sloRequestsCompleted: "{completed} of {sent} requests completed < {attainment} %"
} as const;
/** Its type, for the components, which take only types from the library. */
export type SloVerdicts = typeof SLO_VERDICTS;

/**
 * The SLO rule. A point meets the SLO when none of its counted repeats failed, every limit's statistic lies within the
 * limit in each successful repeat (its worst repeat), and the share of its requests, pooled over the repeats, that meet
 * every per-request limit is at least the plan's attainment (failed requests are misses). Without per-request data
 * the share of requests completed stands in for that share (a failed request is a miss; the completed ones are judged
 * by the statistics). `steps` moves the TTFT and TPOT targets as the explorer does; at PLAN_TARGETS it is the plan's.
 */
export function judgeSlo(evidence: SloEvidence, slo: PlanSlo, steps: TargetSteps = PLAN_TARGETS): SloJudgement {
  const moved = (limit: SloLimit) =>
    limit.metric === "ttft_ms" || limit.metric === "tpot_ms" ? targetAt(limit.limit, steps[limit.metric]) : limit.limit;
  const worst = slo.limits.map((limit) => {
    const values = evidence.stats[sloColumn(limit)] ?? [];
    return {
      column: sloColumn(limit),
      metric: limit.metric,
      value: values.length === evidence.runs && values.length ? Math.max(...values) : null,
      limit: moved(limit)
    };
  });
  const conforming = evidence.grid ? conformingAt(evidence.grid, steps).requests : null;
  const requests = evidence.grid?.requests ?? null;
  const verdict = (outside: string | null): SloJudgement => ({
    met: outside == null,
    conforming,
    requests,
    worst,
    outside
  });
  if (evidence.failed_runs > 0) return verdict(fillForm(SLO_VERDICTS.sloFailedRuns, {count: evidence.failed_runs}));
  if (evidence.runs === 0) return verdict(SLO_VERDICTS.sloNoResult);
  const missing = slo.limits.filter((l, i) => worst[i].value == null);
  if (missing.length) return verdict(fillForm(SLO_VERDICTS.sloNotPrinted, {limits: missing.map(limitName).join(", ")}));
  const over = slo.limits.flatMap((limit, i) =>
    worst[i].value! > worst[i].limit
      ? [`${limitName(limit)} ${fmt(worst[i].value!)} ms > ${fmt(worst[i].limit)} ms`]
      : []
  );
  if (over.length) return verdict(over.join(", "));
  if (conforming != null && requests != null) {
    if (requests === 0 || conforming / requests < slo.attainment)
      return verdict(
        fillForm(SLO_VERDICTS.sloRequestsWithin, {
          share: percentText(conforming, requests),
          requests,
          attainment: +(slo.attainment * 100).toFixed(2)
        })
      );
    return verdict(null);
  }
  const done = evidence.completed;
  if (done && (done.sent === 0 || done.completed / done.sent < slo.attainment))
    return verdict(
      fillForm(SLO_VERDICTS.sloRequestsCompleted, {
        completed: done.completed,
        sent: done.sent,
        attainment: +(slo.attainment * 100).toFixed(2)
      })
    );
  return verdict(null);
}

const fmt = (x: number) => String(+x.toFixed(1));
const percentText = (k: number, n: number) => `${n ? +((k / n) * 100).toFixed(1) : 0} %`;

/** For each TTFT step from −100 to 100, the lowest TPOT step at which the point meets the SLO (null: at none), run
 * length encoded as [count, step] pairs: the explorer's table of the rule's answers, made with `judgeSlo`. */
export function sloStaircase(evidence: SloEvidence, slo: PlanSlo): [number, number | null][] {
  if (!evidence.movable) throw new Error("the explorer's table needs each run's per-request grid");
  const moves = (metric: string) => slo.limits.some((l) => l.metric === metric);
  const fits = (t: number, p: number) => judgeSlo(evidence, slo, {ttft_ms: t, tpot_ms: p}).met;
  const runs: [number, number | null][] = [];
  for (let t = -TARGET_STEPS; t <= TARGET_STEPS; t++) {
    let lowest: number | null = null;
    if (!moves("ttft_ms") && t !== -TARGET_STEPS) lowest = runs.at(-1)![1];
    else if (fits(t, TARGET_STEPS)) {
      // Fits are monotone in each target: bisect for the lowest TPOT step.
      let lo = -TARGET_STEPS - 1;
      let hi = TARGET_STEPS;
      if (!moves("tpot_ms") || fits(t, -TARGET_STEPS)) hi = -TARGET_STEPS;
      else
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (fits(t, mid)) hi = mid;
          else lo = mid;
        }
      lowest = hi;
    }
    const last = runs.at(-1);
    if (last && last[1] === lowest) last[0]++;
    else runs.push([1, lowest]);
  }
  return runs;
}

export interface PointSlo extends SloJudgement {
  /** The plan's attainment, which the pooled share must reach. */
  target: number;
  runs: number;
  failed_runs: number;
  /** Each limit: the statistic in each successful repeat and the worst of them, against the plan's limit. */
  checks: {
    column: string;
    metric: string;
    statistic: string;
    limit: number;
    values: number[];
    worst: number | null;
    met: boolean;
  }[];
  /** Pooled attainment over the point's repeats and its Wilson interval; null without per-request data. */
  attainment: {value: number; low: number; high: number; requests: number; conforming: number} | null;
  /** Without per-request data: requests completed of those sent. */
  completed: {completed: number; sent: number} | null;
}

/** Whether a point meets the SLO (judgeSlo at the plan's targets), with every figure the rule used. */
export function pointSlo(point: Pick<Point, "rows" | "warmups">, slo: PlanSlo, confidence: number): PointSlo {
  const evidence = sloEvidence(point.rows, slo, point.warmups);
  const judgement = judgeSlo(evidence, slo);
  const checks = slo.limits.map((limit, i) => {
    const values = evidence.stats[sloColumn(limit)];
    const worst = judgement.worst[i].value;
    return {
      column: sloColumn(limit),
      metric: limit.metric,
      statistic: limit.statistic,
      limit: limit.limit,
      values,
      worst,
      met: worst != null && worst <= limit.limit
    };
  });
  const {conforming, requests} = judgement;
  const interval = conforming != null && requests ? wilson(conforming, requests, confidence) : null;
  return {
    ...judgement,
    target: slo.attainment,
    runs: evidence.runs,
    failed_runs: evidence.failed_runs,
    checks,
    attainment: interval
      ? {value: conforming! / requests!, ...interval, requests: requests!, conforming: conforming!}
      : null,
    completed: evidence.completed
  };
}

/** Attainment pooled over a point's successful repeats (conforming requests over all their requests) with Wilson's
 * interval; null unless every successful repeat has per-request data. */
export function pooledAttainment(
  rows: readonly RunRow[],
  confidence: number
): {value: number; low: number; high: number; requests: number} | null {
  let requests = 0;
  let conforming = 0;
  const ok = rows.filter((r) => r.status === "ok");
  if (!ok.length) return null;
  for (const row of ok) {
    if (typeof row.attainment !== "number" || typeof row.slo_requests !== "number") return null;
    requests += row.slo_requests;
    conforming += Math.round(row.attainment * row.slo_requests);
  }
  const interval = wilson(conforming, requests, confidence);
  return interval ? {value: conforming / requests, ...interval, requests} : null;
}
