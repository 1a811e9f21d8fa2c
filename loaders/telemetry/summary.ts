// Summaries of a run's server scrapes over its measured window: gauges as mean/max of the scrapes inside it, counters
// and histogram buckets as their increase across it (interpolated at its edges, resets counted as restarts from 0).
import {CANONICAL, resolveName, type CanonicalMetric, type CanonicalName} from "./aliases.js";
import type {Sample} from "./exposition.js";

export interface Scrape {
  /** Epoch milliseconds when the scrape answered. */
  t: number;
  samples: Sample[];
}

export interface Window {
  start: number;
  end: number;
}

/** KV use at or above this, with a request waiting, counts as the KV cache being full. */
export const KV_NEAR_FULL = 0.95;

/** A run whose scrapes show the KV cache full while requests waited at least this often was bound by KV capacity. */
export const KV_BOUND_SHARE = 0.2;

export function measuredKvBound(share: number | null | undefined): boolean | null {
  return typeof share === "number" ? share >= KV_BOUND_SHARE : null;
}

export const SERVER_COLUMNS = [
  "kv_cache_usage_mean",
  "kv_cache_usage_max",
  "requests_running_mean",
  "requests_running_max",
  "requests_waiting_mean",
  "requests_waiting_max",
  "kv_full_waiting_share",
  "kv_capacity_bound",
  "preemptions",
  "prefix_cache_hit_rate",
  "server_ttft_p50_ms",
  "server_ttft_p90_ms",
  "server_ttft_p99_ms",
  "server_itl_p50_ms",
  "server_itl_p90_ms",
  "server_itl_p99_ms"
] as const;

export type ServerColumn = (typeof SERVER_COLUMNS)[number];

export interface TimelinePoint {
  /** Seconds from the window's start. */
  s: number;
  kv_cache_usage: number | null;
  requests_running: number | null;
  requests_waiting: number | null;
  /** Output tokens per second the server counted since the scrape before (its generation-tokens counter). */
  output_tokens_per_s: number | null;
}

export interface ServerSummary {
  columns: Record<ServerColumn, number | null>;
  /** The exposition name each canonical metric was read from (absent: not served). */
  sources: Partial<Record<CanonicalName, string>>;
  timeline: TimelinePoint[];
}

const seriesKey = (labels: Record<string, string>): string =>
  JSON.stringify(
    Object.keys(labels)
      .filter((k) => k !== "le")
      .sort()
      .map((k) => [k, labels[k]])
  );

/** One value per scrape that has the metric: its series combined. */
function gaugeAt(scrape: Scrape, name: string, combine: "sum" | "mean"): number | null {
  let total = 0;
  let n = 0;
  for (const s of scrape.samples)
    if (s.name === name && Number.isFinite(s.value)) {
      total += s.value;
      n++;
    }
  if (n === 0) return null;
  return combine === "sum" ? total : total / n;
}

/** A counter's value along the scrapes with every drop below the previous value taken as a restart from 0. */
function adjusted(points: {t: number; v: number}[]): {t: number; v: number}[] {
  const out: {t: number; v: number}[] = [];
  let offset = 0;
  for (let i = 0; i < points.length; i++) {
    if (i > 0 && points[i].v < points[i - 1].v) offset += points[i - 1].v;
    out.push({t: points[i].t, v: points[i].v + offset});
  }
  return out;
}

function valueAt(points: {t: number; v: number}[], t: number): number {
  if (t <= points[0].t) return points[0].v;
  const last = points[points.length - 1];
  if (t >= last.t) return last.v;
  let i = 1;
  while (points[i].t < t) i++;
  const a = points[i - 1];
  const b = points[i];
  return a.v + ((b.v - a.v) * (t - a.t)) / (b.t - a.t);
}

/** Increase of every series matching `accept` across the window, added up; null when no scrape has one. */
function increase(scrapes: Scrape[], accept: (s: Sample) => boolean, window: Window): number | null {
  const series = new Map<string, {t: number; v: number}[]>();
  for (const scrape of scrapes)
    for (const s of scrape.samples) {
      if (!accept(s) || !Number.isFinite(s.value)) continue;
      const key = seriesKey(s.labels);
      const points = series.get(key) ?? [];
      points.push({t: scrape.t, v: s.value});
      series.set(key, points);
    }
  if (series.size === 0) return null;
  let total = 0;
  for (const points of series.values()) {
    const adj = adjusted(points);
    total += valueAt(adj, window.end) - valueAt(adj, window.start);
  }
  return total;
}

/** Quantile q of a histogram's increase over the window, interpolated inside its bucket as Prometheus does. */
export function histogramQuantile(buckets: {le: number; count: number}[], q: number): number | null {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  // Cumulative counts never fall; interpolation at the edges can make a later one a hair lower.
  for (let i = 1; i < sorted.length; i++) sorted[i].count = Math.max(sorted[i].count, sorted[i - 1].count);
  const total = sorted.at(-1)?.count ?? 0;
  if (sorted.length < 2 || sorted.at(-1)!.le !== Infinity || total <= 0) return null;
  const rank = q * total;
  const i = sorted.findIndex((b) => b.count >= rank);
  // In the +Inf bucket: the highest finite bound is all that can be said.
  if (sorted[i].le === Infinity) return sorted[i - 1].le;
  const lower = i === 0 ? Math.min(0, sorted[0].le) : sorted[i - 1].le;
  const below = i === 0 ? 0 : sorted[i - 1].count;
  const inBucket = sorted[i].count - below;
  return inBucket <= 0 ? sorted[i].le : lower + ((sorted[i].le - lower) * (rank - below)) / inBucket;
}

function histogramIncrease(scrapes: Scrape[], family: string, window: Window): {le: number; count: number}[] {
  const bucket = `${family}_bucket`;
  const bounds = new Set<string>();
  for (const scrape of scrapes) for (const s of scrape.samples) if (s.name === bucket) bounds.add(s.labels.le);
  const out: {le: number; count: number}[] = [];
  for (const le of bounds) {
    const bound = le === "+Inf" ? Infinity : Number(le);
    if (Number.isNaN(bound)) continue;
    const count = increase(scrapes, (s) => s.name === bucket && s.labels.le === le, window);
    if (count !== null) out.push({le: bound, count});
  }
  return out;
}

const mean = (values: number[]): number | null =>
  values.length ? values.reduce((a, b) => a + b, 0) / values.length : null;
const max = (values: number[]): number | null => (values.length ? Math.max(...values) : null);
const round = (value: number | null, digits = 6): number | null =>
  value === null ? null : Number(value.toFixed(digits));

export function summarizeScrapes(scrapes: Scrape[], window: Window): ServerSummary {
  const present = new Set(scrapes.flatMap((s) => s.samples.map((x) => x.name)));
  const sources: ServerSummary["sources"] = {};
  const name = (metric: CanonicalName): string | null => {
    const found = resolveName(metric, present);
    if (found) sources[metric] = found;
    return found;
  };
  const inside = scrapes.filter((s) => s.t >= window.start && s.t <= window.end);
  const gauge = (metric: CanonicalName): (number | null)[] => {
    const n = name(metric);
    const {combine} = CANONICAL[metric] as CanonicalMetric;
    return inside.map((s) => (n ? gaugeAt(s, n, combine) : null));
  };
  const kv = gauge("kv_cache_usage");
  const running = gauge("requests_running");
  const waiting = gauge("requests_waiting");
  const values = (list: (number | null)[]): number[] => list.filter((v): v is number => v !== null);
  const both = kv.flatMap((k, i) => (k !== null && waiting[i] !== null ? [[k, waiting[i]!]] : []));

  const counter = (metric: CanonicalName): number | null => {
    const n = name(metric);
    return n ? increase(scrapes, (s) => s.name === n, window) : null;
  };
  const preemptions = counter("preemptions");
  const hits = counter("prefix_cache_hits");
  const queries = counter("prefix_cache_queries") ?? sumOrNull(hits, counter("prefix_cache_misses"));
  const hitGauge = values(gauge("prefix_cache_hit_rate"));
  const hitRate = hits !== null && queries !== null && queries > 0 ? hits / queries : mean(hitGauge);

  const quantiles = (metric: CanonicalName): (number | null)[] => {
    const n = name(metric);
    const buckets = n ? histogramIncrease(scrapes, n, window) : [];
    return [0.5, 0.9, 0.99].map((q) => {
      const seconds = histogramQuantile(buckets, q);
      return seconds === null ? null : seconds * 1000;
    });
  };
  const [ttft50, ttft90, ttft99] = quantiles("ttft_seconds");
  const [itl50, itl90, itl99] = quantiles("itl_seconds");

  const columns: Record<ServerColumn, number | null> = {
    kv_cache_usage_mean: round(mean(values(kv))),
    kv_cache_usage_max: round(max(values(kv))),
    requests_running_mean: round(mean(values(running)), 3),
    requests_running_max: max(values(running)),
    requests_waiting_mean: round(mean(values(waiting)), 3),
    requests_waiting_max: max(values(waiting)),
    kv_full_waiting_share: both.length
      ? round(both.filter(([k, w]) => k >= KV_NEAR_FULL && w >= 1).length / both.length, 4)
      : null,
    kv_capacity_bound: null,
    preemptions: round(preemptions, 3),
    prefix_cache_hit_rate: round(hitRate),
    server_ttft_p50_ms: round(ttft50, 3),
    server_ttft_p90_ms: round(ttft90, 3),
    server_ttft_p99_ms: round(ttft99, 3),
    server_itl_p50_ms: round(itl50, 3),
    server_itl_p90_ms: round(itl90, 3),
    server_itl_p99_ms: round(itl99, 3)
  };
  const rates = counterRates(scrapes, name("generation_tokens"));
  const bound = measuredKvBound(columns.kv_full_waiting_share);
  columns.kv_capacity_bound = bound === null ? null : bound ? 1 : 0;
  const timeline = inside.map((s, i) => ({
    s: round((s.t - window.start) / 1000, 3)!,
    kv_cache_usage: kv[i],
    requests_running: running[i],
    requests_waiting: waiting[i],
    output_tokens_per_s: round(rates.get(s) ?? null, 1)
  }));
  return {columns, sources, timeline};
}

/** Per scrape: the counter's increase per second since an earlier scrape at least half the usual interval before
 * (two scrapes a few ms apart, as the last regular one and the "after" one can be, would make noise of a rate). */
function counterRates(scrapes: Scrape[], name: string | null): Map<Scrape, number> {
  const rates = new Map<Scrape, number>();
  if (!name) return rates;
  const found = scrapes.flatMap((s) => {
    const v = gaugeAt(s, name, "sum");
    return v === null ? [] : [{scrape: s, t: s.t, v}];
  });
  const points = adjusted(found).map((p, i) => ({...p, scrape: found[i].scrape}));
  const gaps = points
    .slice(1)
    .map((p, i) => p.t - points[i].t)
    .sort((a, b) => a - b);
  const minGap = gaps.length ? gaps[Math.floor(gaps.length / 2)] / 2 : 0;
  for (let i = 1, j = 0; i < points.length; i++) {
    while (j + 1 < i && points[i].t - points[j + 1].t >= minGap) j++;
    const dt = points[i].t - points[j].t;
    if (dt > 0 && dt >= minGap) rates.set(points[i].scrape, ((points[i].v - points[j].v) * 1000) / dt);
  }
  return rates;
}

function sumOrNull(a: number | null, b: number | null): number | null {
  return a === null || b === null ? null : a + b;
}
