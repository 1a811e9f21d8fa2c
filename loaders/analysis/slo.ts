// Load and latency target: each run's load, interactivity, SLO attainment and goodput; whether a point meets the SLO;
// each candidate's best throughput within it.
import type {RunRow} from "../runs/rows.js";
import type {RunRecord} from "../runs/read-runs.js";
import {readResultJson} from "../requests/stream-result-json.js";
import type {PerRequest} from "../requests/request-collector.js";
import {tCritical, type Summary} from "../stats/summary.js";
import {parseRunId} from "../study/ids.js";
import type {PlanScenario, PlanSlo, SloLimit, StudyPlan} from "../study/plan.js";
import type {Point} from "./points.js";

/** Columns every run gains: its load, interactivity, and (with an SLO and per-request data) attainment and goodput. */
export const LOAD_COLUMNS = [
  "load_kind",
  "load",
  "interactivity",
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

/** The per-request limits of an SLO (ITL has no single per-request value: it is judged on its statistic only). */
function perRequestLimits(slo: PlanSlo): {ttft: number; tpot: number; e2el: number} {
  const limit = (metric: SloLimit["metric"]) => slo.limits.find((l) => l.metric === metric)?.limit ?? Infinity;
  return {ttft: limit("ttft_ms"), tpot: limit("tpot_ms"), e2el: limit("e2el_ms")};
}

export interface Conformance {
  requests: number;
  conforming: number;
  conforming_tokens: number;
}

/** Requests meeting every per-request limit: no error, TTFT, TPOT (none for one output token) and E2EL within. */
export function conformance(requests: PerRequest, slo: PlanSlo): Conformance {
  const {ttft, tpot, e2el} = perRequestLimits(slo);
  let conforming = 0;
  let tokens = 0;
  const n = requests.ok.length;
  for (let i = 0; i < n; i++) {
    if (!requests.ok[i]) continue;
    if (!(requests.ttft_ms[i] <= ttft)) continue;
    if (!Number.isNaN(requests.tpot_ms[i]) && !(requests.tpot_ms[i] <= tpot)) continue;
    if (e2el !== Infinity && !(requests.e2el_ms[i] <= e2el)) continue;
    conforming++;
    tokens += (requests.input_tokens[i] || 0) + (requests.output_tokens[i] || 0);
  }
  return {requests: n, conforming, conforming_tokens: tokens};
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

/** The first record with per-request arrays among a run's JSON logs. */
export function perRequestOf(record: RunRecord): PerRequest | null {
  for (const file of record.logs) {
    if (!file.endsWith(".json")) continue;
    try {
      const found = readResultJson(file).find((r) => r.perRequest);
      if (found?.perRequest) return found.perRequest;
    } catch {
      // The parser reports a malformed result file with its line; there is then nothing per request to judge.
    }
  }
  return null;
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
    row.attainment = null;
    row.slo_requests = null;
    row.slo_request_goodput = null;
    row.token_goodput = null;
    const record = byRun.get(row.run);
    if (!plan.slo || row.status !== "ok" || !record) continue;
    const requests = perRequestOf(record);
    if (!requests) continue;
    const c = conformance(requests, plan.slo);
    const duration = row.duration;
    row.attainment = c.requests ? c.conforming / c.requests : null;
    row.slo_requests = c.requests;
    if (typeof duration === "number" && duration > 0) {
      row.slo_request_goodput = c.conforming / duration;
      row.token_goodput = c.conforming_tokens / duration;
    }
  }
}

/** The column that holds an SLO limit's statistic: `p99_ttft_ms`, `median_tpot_ms`. */
export function sloColumn(limit: SloLimit): string {
  return `${limit.statistic}_${limit.metric}`;
}

export interface PointSlo {
  /** Each limit: the point's conservative value (the upper end of its interval with repeats, else its mean). */
  checks: {column: string; limit: number; value: number | null; bound: number | null; met: boolean}[];
  /** Pooled attainment over the point's repeats and its Wilson interval; null without per-request data. */
  attainment: {value: number; low: number; high: number; requests: number} | null;
  met: boolean;
}

/** Whether a point meets the SLO: every limit's statistic, at the upper end of its interval where repeats give one,
 * lies within the limit. Attainment is reported beside it, not decided on (the reader's sliders move the limits, and
 * a point's attainment at another limit needs every request, which the pages do not carry). */
export function pointSlo(point: Point, slo: PlanSlo, confidence: number): PointSlo {
  const checks = slo.limits.map((limit) => {
    const column = sloColumn(limit);
    const summary: Summary | null = point.metrics[column] ?? null;
    const value = summary?.mean ?? null;
    const bound = summary ? (summary.ci_high ?? summary.mean) : null;
    return {column, limit: limit.limit, value, bound, met: bound != null && bound <= limit.limit};
  });
  return {checks, attainment: pooledAttainment(point.rows, confidence), met: point.n > 0 && checks.every((c) => c.met)};
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
