// The persistence rule over a series of studies of one point: a regression is called only when the last two studies
// both show it.
//
// Rule, for a metric with a known better direction, threshold t and confidence c, the series ordered by date:
// - Trend: each study's ratio to the first study, with Welch's interval on the log ratio (as `compare`). A study falls
//   beyond the threshold when that ratio is more than t worse (better) and its interval excludes no change.
// - regression: with the studies before the last two as the baseline window (their repeats pooled), the last two
//   studies' ratios to the window are both more than t worse, their intervals agree (overlap: one shift measured
//   twice, not two unrelated excursions), and the interval of the two studies' repeats pooled against the window lies
//   wholly beyond the threshold on the bad side, as `compare` asks of one pair. One study alone would rarely do: with 3
//   repeats at 2 % noise its interval against one earlier study is about ±4.5 % wide, so an 8 % drop lies wholly beyond
//   5 % in about a quarter of such studies (51 of 200 in test/analysis/history.test.ts), the pooled pair in 171 of 200.
//   improvement: likewise on the good side.
// - A failed study (every run of the point failed, no value) falls beyond the threshold on the bad side: a point that
//   stops running is worse than any slowdown. So the last two failed is a regression; one of them failed and the other
//   wholly beyond the threshold against the window (its own interval, as `compare` asks of one pair) is one too.
// - suspicious: otherwise, three or more studies in a row fall beyond the threshold on the bad side (trend), failed ones
//   included.
// - failed in the last study: otherwise, the last study failed (one trailing violation: not yet a regression).
// - insufficient data: fewer than three studies (a baseline and two).
// - failed in every study: no study of the series has a value (before any other state: there is nothing to compare).
// - within noise: otherwise.
//
// Promised false-alarm rate: with normal noise that does not vary from study to study, a regression needs the pooled
// interval to lie wholly below ×(1 − t) (above ×(1 + t)): the one-sided Welch test of "no worse than the threshold" at
// level (1 − c) / 2 rejecting. So when nothing changed, or the change is no larger than the threshold,
// P(regression) ≤ (1 − c) / 2, 2.5 % at c = 0.95, whatever the noise level; the two-study condition only lowers it.
// Noise between studies (another machine, a driver) that the repeats do not see breaks the assumption. A series with
// single runs has no interval: the ratios alone decide, and no rate is promised for it.
import {summarize, type Summary} from "../stats/summary.js";
import {comparabilityKey, metricDirection, ratioInterval, type ComparedStudy, type Direction} from "./compare.js";
import {aggregatePoints} from "./points.js";
import {naturalOrder} from "../natural-order.js";
import {sharedResults, type SharedRun} from "./shared-results.js";

export interface HistoryStudy {
  id: string;
  /** ISO date (or date-time) the study was run; the series is ordered by it, then by id. */
  date: string;
  /** The point's metric in each successful repeat. */
  values: readonly number[];
}

export interface HistoryOptions {
  direction: Direction;
  /** Relative threshold, 0.05 for 5 %. */
  threshold: number;
  confidence: number;
}

export type HistoryStatus =
  | "regression"
  | "improvement"
  | "suspicious"
  | "failed in the last study"
  | "insufficient data"
  | "within noise"
  | "failed in every study";

export interface HistoryEntry {
  id: string;
  date: string;
  n: number;
  mean: number | null;
  /** mean / the baseline's mean, and its interval (null: a side has a single run, or no values). */
  ratio: number | null;
  low: number | null;
  high: number | null;
  /** Beyond the threshold and, where there is an interval, excluding no change, on that side; "failed": no value (every
   * run failed), beyond it on the bad side; null: neither. */
  violation: "bad" | "good" | "failed" | null;
}

export interface HistoryVerdict {
  status: HistoryStatus;
  /** The studies by date; the first is the trend's baseline (its ratio is 1). */
  entries: HistoryEntry[];
  /** The last two studies' repeats pooled against the window before them (null below three studies). */
  trailing: {window: string[]; ratio: number | null; low: number | null; high: number | null} | null;
  /** The rule and the threshold in words. */
  rule: string;
  /** Upper bound of P(regression) when nothing changed: (1 − c) / 2; null for a series without intervals. */
  false_alarm_bound: number | null;
}

export function historyRule(options: Pick<HistoryOptions, "threshold" | "confidence">): string {
  const t = +(options.threshold * 100).toFixed(2);
  const c = +(options.confidence * 100).toFixed(2);
  return (
    `Each study is shown against the first of the series; it falls beyond the threshold when it is more than ${t} % ` +
    `worse (better) and its ${c} % interval excludes no change. Regression: the last two studies are both more than ` +
    `${t} % worse than the studies before them, with intervals that overlap, and their pooled repeats' interval lies ` +
    `wholly beyond ${t} %. A study in which every run of the point failed falls beyond the threshold on the bad side: ` +
    `the last two both failed is a regression, and so is one failed with the other's interval wholly beyond ${t} % ` +
    `against the studies before them. Suspicious: three or more studies in a row fell beyond the threshold, failed ` +
    `ones included; failed in the last study: only the last study failed (not yet a regression); insufficient data: ` +
    `fewer than three studies; failed in every study: no study has a value to compare. With no change, or one no ` +
    `larger than the threshold, a regression is called at most ` +
    `${+(((1 - options.confidence) / 2) * 100).toFixed(2)} % of the time. That bound is about noise; a failed ` +
    `study is not noise and counts as said above.`
  );
}

function beyond(
  direction: Direction,
  ratio: number,
  low: number | null,
  high: number | null,
  threshold: number
): "bad" | "good" | null {
  const down = ratio < 1 - threshold && (high == null || high < 1);
  const up = ratio > 1 + threshold && (low == null || low > 1);
  if (direction === "higher") return down ? "bad" : up ? "good" : null;
  return up ? "bad" : down ? "good" : null;
}

type Interval = {ratio: number | null; low: number | null; high: number | null};

const overlap = (a: Interval, b: Interval) =>
  a.low == null || b.low == null || Math.max(a.low, b.low) <= Math.min(a.high!, b.high!);

export function historyVerdict(series: readonly HistoryStudy[], options: HistoryOptions): HistoryVerdict {
  const ordered = [...series].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const {confidence, threshold, direction} = options;
  const summaries = ordered.map((s) => summarize(s.values, confidence));
  const against = (base: Summary | null, s: Summary | null): Interval =>
    base && s ? ratioInterval(base, s, confidence) : {ratio: null, low: null, high: null};
  const entries = ordered.map((study, i): HistoryEntry => {
    const s = summaries[i];
    const entry = {id: study.id, date: study.date, n: s?.n ?? 0, mean: s?.mean ?? null};
    if (!s) return {...entry, ratio: null, low: null, high: null, violation: i === 0 ? null : "failed"};
    if (i === 0) return {...entry, ratio: 1, low: null, high: null, violation: null};
    const {ratio, low, high} = against(summaries[0], s);
    return {
      ...entry,
      ratio,
      low,
      high,
      violation: ratio == null ? null : beyond(direction, ratio, low, high, threshold)
    };
  });
  const rule = historyRule(options);
  // No study gave a value: there is no ratio to hold to the threshold, and calling it noise would hide the failure.
  // With nothing that ran, a failure is beyond nothing: no entry is marked.
  if (entries.every((e) => e.mean == null))
    return {
      status: "failed in every study",
      entries: entries.map((e) => ({...e, violation: null})),
      trailing: null,
      rule,
      false_alarm_bound: null
    };
  const n = ordered.length;
  if (n < 3) return {status: "insufficient data", entries, trailing: null, rule, false_alarm_bound: null};
  const window = summarize(
    ordered.slice(0, -2).flatMap((s) => s.values),
    confidence
  );
  const last = [against(window, summaries[n - 2]), against(window, summaries[n - 1])];
  const pooled = against(window, summarize([...ordered[n - 2].values, ...ordered[n - 1].values], confidence));
  const trailing = {window: ordered.slice(0, -2).map((s) => s.id), ...pooled};
  const intervals = last.every((x) => x.low != null);
  const false_alarm_bound = intervals ? (1 - confidence) / 2 : null;
  const verdict = (status: HistoryStatus): HistoryVerdict => ({status, entries, trailing, rule, false_alarm_bound});
  for (const side of ["bad", "good"] as const) {
    const worse = (r: number | null) =>
      r != null && ((side === "bad") === (direction === "higher") ? r < 1 - threshold : r > 1 + threshold);
    // With intervals, the pooled one must lie wholly beyond the threshold; without, the pooled ratio must.
    const wholly =
      (side === "bad") === (direction === "higher")
        ? (pooled.high ?? pooled.ratio ?? 1) < 1 - threshold
        : (pooled.low ?? pooled.ratio ?? 1) > 1 + threshold;
    if (worse(last[0].ratio) && worse(last[1].ratio) && overlap(last[0], last[1]) && wholly)
      return verdict(side === "bad" ? "regression" : "improvement");
  }
  // Failures among the last two (a window with values to fail against): each is a violation on the bad side.
  const failed = [summaries[n - 2] == null, summaries[n - 1] == null];
  if (window && failed.some((f) => f)) {
    const other = failed[0] ? last[1] : last[0];
    const otherWholly =
      direction === "higher"
        ? (other.high ?? other.ratio ?? 1) < 1 - threshold
        : (other.low ?? other.ratio ?? 1) > 1 + threshold;
    if (failed.every((f) => f) || otherWholly) return verdict("regression");
  }
  let run = 0;
  for (const e of entries) {
    run = e.violation === "bad" || e.violation === "failed" ? run + 1 : 0;
    if (run >= 3) return verdict("suspicious");
  }
  return verdict(failed[1] ? "failed in the last study" : "within noise");
}

/** A study of a series: its plan and runs, and the date it was run (null: none recorded). */
export interface DatedStudy extends ComparedStudy {
  date: string | null;
}

export interface PointHistory {
  /** The point's id in the last study that has it. */
  point: string;
  metric: string;
  verdict: HistoryVerdict;
}

/** When a study was run: its earliest recorded run start, null when no run recorded one. */
export function studyDate(runs: ComparedStudy["runs"]): string | null {
  const starts = runs.map((r) => r.meta.started_at).filter((s): s is string => !!s);
  return starts.length ? starts.reduce((a, b) => (a < b ? a : b)) : null;
}

/** Every point's history over the studies, for each named metric: points matched on the comparability key. A study
 * without a date is ordered as given (all studies then are). */
export function studyHistory(
  studies: readonly DatedStudy[],
  metrics: readonly string[],
  options: Pick<HistoryOptions, "threshold" | "confidence">
): {ordered_by: "date" | "order given"; points: PointHistory[]; same_results: SharedRun[][]} {
  const dated = studies.every((s) => s.date);
  const series = new Map<string, {point: string; studies: Map<string, HistoryStudy[]>}>();
  studies.forEach((study, i) => {
    const argv = new Map(study.runs.map((r) => [r.meta.id, r.meta.server_argv]));
    const date = dated ? study.date! : `#${String(i).padStart(6, "0")}`;
    for (const point of aggregatePoints(study.rows, metrics, options.confidence)) {
      const key = JSON.stringify(comparabilityKey(study.plan, point.rows[0], argv.get(point.rows[0].run) ?? []));
      const entry = series.get(key) ?? {point: point.key, studies: new Map()};
      entry.point = point.key;
      for (const metric of metrics) {
        const values = point.rows
          .filter((r) => r.status === "ok" && typeof r[metric] === "number")
          .map((r) => r[metric] as number);
        const list: HistoryStudy[] = entry.studies.get(metric) ?? [];
        // The same configuration measured in two steps of one study (a baseline run again) is one entry: its repeats
        // pooled, not the study listed twice.
        const same = list.find((e) => e.id === study.dir && e.date === date);
        if (same) list[list.indexOf(same)] = {...same, values: [...same.values, ...values]};
        else list.push({id: study.dir, date, values});
        entry.studies.set(metric, list);
      }
      series.set(key, entry);
    }
  });
  const points: PointHistory[] = [];
  const ordered = [...series.values()].sort((x, y) => naturalOrder(x.point, y.point));
  for (const {point, studies: byMetric} of ordered)
    for (const metric of metrics) {
      const direction = metricDirection(metric);
      const list = byMetric.get(metric);
      if (!direction || !list) continue;
      points.push({point, metric, verdict: historyVerdict(list, {...options, direction})});
    }
  return {
    ordered_by: dated ? "date" : "order given",
    points,
    // Results more than one study holds figure for figure: not measured again.
    same_results: sharedResults(studies.map((s) => ({id: s.dir, rows: s.rows})))
  };
}
