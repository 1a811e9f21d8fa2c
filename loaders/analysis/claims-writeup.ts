// Audits of the claims an imported write-up adds to the classic ones: a comparison table's values and speed-ups, a
// change of one run against another, a success rate, and rankings by a metric where lower is better (latency). Each
// says confirmed, contradicted with the recomputed value and, where one fits, the arithmetic behind the published
// figure, or unverifiable with why.
import type {Derived, HeadlineRow} from "./derive.js";
import type {RunRow} from "../runs/rows.js";
import type {PlanClaim, StudyPlan} from "../study/plan.js";
import {fillForm, type Text} from "../text.js";
import {CLAIM_DETAILS, joinDetails} from "./claim-details.js";

export type Verdict = "confirmed" | "contradicted" | "unverifiable";

export interface WriteupCheck {
  subject: Text;
  published: string;
  recomputed: string;
  status: Verdict;
  detail: string | null;
}

/** Decimals a published figure was printed with. */
function decimals(value: number): number {
  const text = String(value);
  return text.includes(".") ? text.split(".")[1].length : 0;
}

/** Equal at the precision the figure was printed with. */
export function agreesAt(published: number, recomputed: number, places = decimals(published)): boolean {
  return Math.abs(published - recomputed) <= 0.5 * 10 ** -places + 1e-9;
}

/** How far a latency (ms) may lie from its figure: half of 0.01 s where it was printed in seconds (a whole number of
 * 10 ms), else half of 0.01 ms. */
const halfStepMs = (ms: number): number => (Math.abs(ms / 10 - Math.round(ms / 10)) < 1e-6 ? 5 : 0.005);

/** Whether a published ratio of two latencies holds for some values the printed figures stand for (`over / under`, each
 * anywhere within half a printed step), and what says so where the ratio of the figures themselves rounds otherwise. */
function ratioCheck(
  published: number,
  over: number,
  under: number,
  places: number
): {ok: boolean; detail: string | null} {
  const [eo, eu] = [halfStepMs(over), halfStepMs(under)];
  const [low, high] = [(over - eo) / (under + eu), (over + eo) / (under - eu)];
  const half = 0.5 * 10 ** -places + 1e-9;
  const ok = published + half >= low && published - half <= high;
  const rounded = ok && !agreesAt(published, over / under, places);
  const range = {low: low.toFixed(places + 1), high: high.toFixed(places + 1)};
  return {ok, detail: rounded ? fillForm(CLAIM_DETAILS.ratioRounded, range) : null};
}

const signed = (x: number, places: number) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toFixed(places)}`;

/** Mean end-to-end latency as vLLM's figures imply it, for blocks that print none: TTFT + TPOT × (tokens − 1). */
export function latencyEstimateMs(row: RunRow | undefined): number | null {
  if (!row) return null;
  const ttft = row.mean_ttft_ms;
  const tpot = row.mean_tpot_ms;
  const out = row.total_output_tokens;
  const done = row.completed;
  if (
    typeof ttft !== "number" ||
    typeof tpot !== "number" ||
    typeof out !== "number" ||
    typeof done !== "number" ||
    !done
  )
    return null;
  return ttft + tpot * (out / done - 1);
}

/** A metric in its published unit: milliseconds shown as seconds where the write-up printed seconds. */
const inUnit = (value: number, unit: unknown) => (unit === "s" ? value / 1000 : value);

/**
 * The arithmetic behind a published gain that is not the objective's gain, where one fits: the faster mean latency
 * (as vLLM's figures imply it, exactly or rounded to 0.01 s as write-ups print it). Null when none fits.
 */
export function explainGain(published: number, before: RunRow | undefined, after: RunRow | undefined): string | null {
  const [a, b] = [latencyEstimateMs(before), latencyEstimateMs(after)];
  if (a == null || b == null) return null;
  for (const [x, y, form, digits] of [
    [a / 1000, b / 1000, CLAIM_DETAILS.latencySpeedup, 3],
    [Math.round(a / 10) / 100, Math.round(b / 10) / 100, CLAIM_DETAILS.latencySpeedupRounded, 2]
  ] as const) {
    const gain = (x / y - 1) * 100;
    if (agreesAt(published, gain))
      return fillForm(form, {
        before: x.toFixed(digits),
        after: y.toFixed(digits),
        gain: signed(gain, Math.max(1, decimals(published)))
      });
  }
  return null;
}

/** The runs a page's headline figure for a scenario is checked against: the baseline against the page's own recommended
 * configuration where that is not the selection's winner, which the detail says; else the headline's pair. */
export function headlinePair(derived: Derived, scenario: unknown): {row: HeadlineRow; detail: string | null} | null {
  const page = derived.page_headline.find((h) => h.scenario === scenario);
  if (page) return {row: page, detail: fillForm(CLAIM_DETAILS.pageRecommended, {run: page.recommended_run})};
  const row = derived.headline.find((h) => h.scenario === scenario);
  return row ? {row, detail: null} : null;
}

export function checkWriteupClaim(
  claim: PlanClaim,
  plan: StudyPlan,
  derived: Derived,
  rows: RunRow[]
): WriteupCheck | null {
  const byRun = new Map(rows.map((r) => [r.run, r]));
  // A figure printed with trailing zeros (2715.90) keeps its precision in `decimals`.
  const places = (value: number) => (typeof claim.decimals === "number" ? claim.decimals : decimals(value));
  const metricOf = (run: string, metric: string): number | null => {
    const row = byRun.get(run);
    const v = row?.status === "ok" ? row[metric] : null;
    return typeof v === "number" ? v : null;
  };
  const scenarioName = (id: unknown): Text =>
    plan.scenarios.find((s) => s.id === id)?.name ?? {en: String(id), tr: String(id)};
  const result = (
    subject: Text,
    published: string,
    recomputed: string,
    ok: boolean | null,
    detail: string | null = null
  ): WriteupCheck => ({
    subject,
    published,
    recomputed,
    status: ok == null ? "unverifiable" : ok ? "confirmed" : "contradicted",
    detail
  });
  /** Why a run's metric cannot be had, and the estimate that may explain the figure, for latency. */
  const missing = (run: string, metric: string, unit: unknown): string => {
    const row = byRun.get(run);
    if (!row) return fillForm(CLAIM_DETAILS.noRun, {run});
    if (row.status !== "ok") return fillForm(CLAIM_DETAILS.runFailed, {run, error: row.error ?? "no error recorded"});
    if (metric === "mean_e2el_ms") {
      const e = latencyEstimateMs(row);
      const estimate =
        e != null
          ? fillForm(CLAIM_DETAILS.latencyEstimate, {
              value: inUnit(e, unit).toFixed(unit === "s" ? 3 : 1),
              unit: unit === "s" ? "s" : "ms"
            })
          : null;
      return joinDetails(CLAIM_DETAILS.runNoLatency, estimate)!;
    }
    return fillForm(CLAIM_DETAILS.runNotPrinted, {metric});
  };

  switch (claim.kind) {
    case "headline-value": {
      const metric = String(claim.metric);
      const side = claim.side === "baseline" ? "baseline" : "recommended";
      const name = scenarioName(claim.scenario);
      const subject = {
        en: `${metric} of the ${side === "baseline" ? "baseline" : "recommended configuration"}, ${name.en}`,
        tr: `${side === "baseline" ? "temel yapılandırmanın" : "önerilen yapılandırmanın"} ${metric} değeri, ${name.tr}`
      };
      const published = Number(claim.value);
      const shown = `${published.toFixed(places(published))}${claim.unit === "s" ? " s" : ""}`;
      const pair = headlinePair(derived, claim.scenario);
      if (!pair) return result(subject, shown, "—", null, CLAIM_DETAILS.noPairForWorkload);
      const run = side === "baseline" ? pair.row.baseline_run : pair.row.recommended_run;
      // The baseline's figure is the baseline's run either way; only the other side's run needs saying.
      const whose = side === "baseline" ? null : pair.detail;
      const v = metricOf(run, metric);
      if (v == null) return result(subject, shown, "—", null, joinDetails(whose, missing(run, metric, claim.unit)));
      const mine = inUnit(v, claim.unit);
      return result(
        subject,
        shown,
        `${mine.toFixed(places(published))}${claim.unit === "s" ? " s" : ""}`,
        agreesAt(published, mine, places(published)),
        whose
      );
    }
    case "headline-speedup": {
      const metric = String(claim.metric);
      const name = scenarioName(claim.scenario);
      const subject = {en: `Speed-up, ${name.en}`, tr: `Hızlanma, ${name.tr}`};
      const factor = Number(claim.factor);
      const shown = `${factor.toFixed(places(factor))}×`;
      const pair = headlinePair(derived, claim.scenario);
      if (!pair) return result(subject, shown, "—", null, CLAIM_DETAILS.noPairForWorkload);
      const row = pair.row;
      const [a, b] = [metricOf(row.baseline_run, metric), metricOf(row.recommended_run, metric)];
      if (a == null || b == null) {
        const [ea, eb] = [
          latencyEstimateMs(byRun.get(row.baseline_run)),
          latencyEstimateMs(byRun.get(row.recommended_run))
        ];
        const estimate =
          metric === "mean_e2el_ms" && ea != null && eb != null
            ? fillForm(CLAIM_DETAILS.latencyEstimates, {
                baseline: (ea / 1000).toFixed(3),
                recommended: (eb / 1000).toFixed(3),
                factor: (ea / eb).toFixed(places(factor))
              })
            : null;
        return result(subject, shown, "—", null, joinDetails(pair.detail, CLAIM_DETAILS.noLatency, estimate));
      }
      const check = ratioCheck(factor, a, b, places(factor));
      return result(
        subject,
        shown,
        `${(a / b).toFixed(places(factor))}×`,
        check.ok,
        joinDetails(pair.detail, check.detail)
      );
    }
    case "change": {
      const metric = String(claim.metric);
      const [run, against] = [String(claim.run), String(claim.against)];
      const subject = {
        en: `Change of ${metric}, ${run} against ${against}`,
        tr: `${metric} değişimi, ${run} / ${against}`
      };
      const percent = Number(claim.percent);
      const shownPlaces = Math.max(1, places(percent));
      const shown = `${signed(percent, places(percent))}%${claim.delta != null ? ` (${signed(Number(claim.delta), decimals(Number(claim.delta)))})` : ""}`;
      const [a, b] = [metricOf(run, metric), metricOf(against, metric)];
      if (a == null || b == null)
        return result(subject, shown, "—", null, missing(a == null ? run : against, metric, null));
      const mine = ((a - b) / b) * 100;
      const delta = a - b;
      // The figures are printed rounded (to 0.01): the change of two of them is known only within what that allows,
      // and a figure computed before rounding holds when it lies in that range.
      const e = 0.005;
      const [low, high] = [((a - e - (b + e)) / (b + e)) * 100, ((a + e - (b - e)) / (b - e)) * 100];
      const inRange = (published: number, lo: number, hi: number, p: number) =>
        published + 0.5 * 10 ** -p + 1e-9 >= lo && published - 0.5 * 10 ** -p - 1e-9 <= hi;
      const deltaOk =
        claim.delta == null ||
        inRange(Number(claim.delta), delta - 2 * e, delta + 2 * e, decimals(Number(claim.delta)));
      const ok = inRange(percent, Math.min(low, high), Math.max(low, high), places(percent)) && deltaOk;
      const inverse = ((a - b) / a) * 100;
      const detail =
        !ok && agreesAt(percent, inverse)
          ? fillForm(CLAIM_DETAILS.inverseOf, {
              inverse: `${signed(inverse, shownPlaces)}%`,
              against,
              change: `${signed(mine, shownPlaces)}%`
            })
          : !deltaOk
            ? fillForm(CLAIM_DETAILS.differenceOff, {delta: signed(delta, 2), published: String(claim.delta)})
            : null;
      return result(
        subject,
        shown,
        `${signed(mine, shownPlaces)}%${claim.delta != null ? ` (${signed(delta, 2)})` : ""}`,
        ok,
        detail
      );
    }
    case "speedup": {
      // A latency's "1.09x faster" is against / run; "1.03x slower" run / against.
      const metric = String(claim.metric);
      const [run, against] = [String(claim.run), String(claim.against)];
      const slower = claim.slower === true;
      const factor = Number(claim.factor);
      const subject = {
        en: `${slower ? "Slow-down" : "Speed-up"} of ${run} against ${against}`,
        tr: `${run} / ${against} ${slower ? "yavaşlama" : "hızlanma"}`
      };
      const times = (x: number) =>
        fillForm(slower ? CLAIM_DETAILS.slower : CLAIM_DETAILS.faster, {factor: x.toFixed(places(factor))});
      const shown = times(factor);
      const [a, b] = [metricOf(run, metric), metricOf(against, metric)];
      if (a == null || b == null)
        return result(subject, shown, "—", null, missing(a == null ? run : against, metric, null));
      const [over, under] = slower ? [a, b] : [b, a];
      const check = ratioCheck(factor, over, under, places(factor));
      return result(subject, shown, times(over / under), check.ok, check.detail);
    }
    case "success-rate": {
      const run = String(claim.run);
      const subject = {en: `Success rate of ${run}`, tr: `${run} başarı oranı`};
      const percent = Number(claim.percent);
      const row = byRun.get(run);
      const scenario = plan.scenarios.find((s) => s.id === row?.scenario);
      const completed = row?.completed;
      if (!row || typeof completed !== "number" || !scenario?.num_prompts)
        return result(
          subject,
          `${percent.toFixed(places(percent))}%`,
          "—",
          null,
          row ? CLAIM_DETAILS.noRequestCount : fillForm(CLAIM_DETAILS.noRun, {run})
        );
      const mine = (completed / scenario.num_prompts) * 100;
      return result(
        subject,
        `${percent.toFixed(places(percent))}%`,
        `${mine.toFixed(places(percent))}%`,
        agreesAt(percent, mine, places(percent)),
        fillForm(CLAIM_DETAILS.requestsShare, {completed, planned: scenario.num_prompts})
      );
    }
    case "ranking":
    case "winner": {
      if (claim.metric == null) return null;
      const metric = String(claim.metric);
      const lower = claim.lower_is_better === true;
      const step = derived.steps.find((s) => s.id === claim.step);
      const title = plan.steps.find((s) => s.id === claim.step)?.title ?? {
        en: String(claim.step),
        tr: String(claim.step)
      };
      const label = (id: string) =>
        plan.steps.find((s) => s.id === claim.step)?.candidates.find((c) => c.id === id)?.label ?? id;
      const subject =
        claim.kind === "ranking"
          ? {en: `Ranking in ${title.en} by ${metric}`, tr: `${title.tr} sıralaması (${metric})`}
          : {en: `Winner of ${title.en} by ${metric}`, tr: `${title.tr} kazananı (${metric})`};
      const order = claim.kind === "ranking" ? ((claim.order as string[]) ?? []) : [String(claim.candidate)];
      const shown = order.map(label).join(claim.kind === "ranking" ? (lower ? " < " : " > ") : "");
      if (!step) return result(subject, shown, "step not in the study", null);
      const scenario = step.scenarios[0];
      const runs = step.standings[scenario].map((s) => ({candidate: s.candidate, run: s.run}));
      const values = runs.map((r) => ({...r, value: metricOf(r.run, metric)}));
      if (values.some((v) => v.value == null)) {
        const estimates = runs.map((r) => ({
          ...r,
          value: metric === "mean_e2el_ms" ? latencyEstimateMs(byRun.get(r.run)) : null
        }));
        const known = estimates.every((e) => e.value != null);
        const sorted = known ? [...estimates].sort((a, b) => (lower ? a.value! - b.value! : b.value! - a.value!)) : [];
        const detail = known
          ? joinDetails(
              CLAIM_DETAILS.noLatency,
              fillForm(CLAIM_DETAILS.latencyOrder, {
                order: sorted
                  .map((e) => `${label(e.candidate)} (${(e.value! / 1000).toFixed(3)} s)`)
                  .join(lower ? " < " : " > ")
              })
            )
          : fillForm(CLAIM_DETAILS.notPrinted, {metric});
        return result(subject, shown, "—", null, detail);
      }
      const sorted = [...values].sort((a, b) => (lower ? a.value! - b.value! : b.value! - a.value!));
      if (claim.kind === "winner")
        return result(subject, shown, label(sorted[0].candidate), sorted[0].candidate === order[0]);
      const mine = sorted.filter((s) => order.includes(s.candidate)).map((s) => s.candidate);
      return result(subject, shown, mine.map(label).join(lower ? " < " : " > "), mine.join() === order.join());
    }
    case "value": {
      if (claim.unit !== "s") return null;
      const metric = String(claim.metric);
      const run = String(claim.run);
      const subject = {en: `${metric} of ${run}`, tr: `${run} için ${metric}`};
      const published = Number(claim.value);
      const v = metricOf(run, metric);
      if (v == null)
        return result(subject, `${published.toFixed(places(published))} s`, "—", null, missing(run, metric, "s"));
      return result(
        subject,
        `${published.toFixed(places(published))} s`,
        `${(v / 1000).toFixed(places(published))} s`,
        agreesAt(published, v / 1000, places(published))
      );
    }
    default:
      return null;
  }
}
