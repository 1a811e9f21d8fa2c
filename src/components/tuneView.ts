// The tune page's parts: what the search did, its recommendation and the command that serves it, how it compares with
// the greedy path's winner under the noise rule, its regret against a grid, the progress curve and every
// configuration it tried, in order.
import type {TopLevelSpec} from "vega-lite";
import type {SearchConfiguration, TuneReport} from "../../loaders/analysis/search-report.js";
import type {TunePage} from "../../loaders/pages/tune.js";
import {DASH, formatCount, formatFixed} from "./format.js";
import {confidenceText, formatGain} from "./intervals.js";
import {fill, t, type Lang, type StringKey} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {metricTitle} from "./metricLabels.js";
import {recordedReason} from "./libraryText.js";
import {commandBlock} from "./setupTables.js";
import {dataTable, textElement, type Column} from "./table.js";
import {chartConfig} from "./vegaChart.js";

/** "1 run", "3 runs": a count with its noun, the entry for one or for many. */
const counted = (n: number, one: StringKey, many: StringKey, lang: Lang) =>
  fill(n === 1 ? one : many, lang, {n: formatCount(n)});

function budgetText(tune: TuneReport, lang: Lang): string {
  const b = tune.budget;
  if (!b) return DASH;
  if ("runs" in b) return counted(b.runs, "tuneRun", "tuneRuns", lang);
  return fill("tuneBudgetSeconds", lang, {seconds: formatCount(b.seconds)});
}

// The plan's objective that takes each configuration's total token throughput within the SLO (loaders/study/plan.ts).
const WITHIN_SLO = "max_throughput_within_slo";
const WITHIN_SLO_METRIC = "total_token_throughput";

/** What the search maximizes, as the pages name it: a metric's title, or that throughput within the study's SLO. */
function searchObjective(objective: string, lang: Lang): string {
  return objective === WITHIN_SLO
    ? fill("tuneWithinSlo", lang, {metric: metricTitle(WITHIN_SLO_METRIC, lang)})
    : metricTitle(objective, lang);
}

/** One paragraph: what the search spent and how it went about it; while it runs, that it is not done. */
export function tuneIntro(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune) return t("tuneNoSearch", lang);
  const start = tune.configurations.filter((c) => c.phase === "start").length;
  const searched = tune.configurations.filter((c) => c.phase === "search").length;
  const confirmed = tune.configurations.filter((c) => c.confirmed).length;
  const failed = tune.configurations.filter((c) => c.status === "failed").length;
  const space = tune.space ? tune.space.knobs.map((k) => `${k.name} (${k.values.length})`).join(", ") : "";
  const how =
    tune.strategy === "halving"
      ? t("tuneHowHalving", lang)
      : fill("tuneHowModel", lang, {
          searched: counted(searched, "tuneConfigurationWas", "tuneConfigurationsWere", lang)
        });
  const state = tune.state === "done" ? "" : t("tuneNotFinished", lang);
  return fill("tuneIntro", lang, {
    tried: counted(tune.configurations.length, "tuneConfiguration", "tuneConfigurations", lang),
    triedCount: formatCount(tune.configurations.length),
    size: formatCount(tune.space?.size ?? 0),
    space,
    objective: searchObjective(tune.objective, lang),
    scenario: tune.scenario,
    spent: counted(tune.spent.runs, "tuneRun", "tuneRuns", lang),
    seconds: formatCount(tune.spent.seconds),
    budget: budgetText(tune, lang),
    start: counted(start, "tuneConfiguration", "tuneConfigurations", lang),
    startCount: formatCount(start),
    how,
    confirmed: counted(confirmed, "tuneLeaderWas", "tuneLeadersWere", lang),
    repeats: counted(tune.repeats, "tuneRepeat", "tuneRepeats", lang),
    repeatsCount: formatCount(tune.repeats),
    failed: failed
      ? fill("tuneFailed", lang, {failed: counted(failed, "tuneConfiguration", "tuneConfigurations", lang)})
      : t("tuneNoneFailed", lang),
    state
  });
}

function valueWithInterval(value: number | null, low: number | null, high: number | null): string {
  if (value == null) return DASH;
  return low != null && high != null
    ? `${formatFixed(value)} [${formatFixed(low)}, ${formatFixed(high)}]`
    : formatFixed(value);
}

/** The recommendation with its mean and interval, and the command that serves it. */
export function tuneWinner(page: TunePage, context: PageContext): HTMLElement | string {
  const {lang} = context;
  const tune = page.tune;
  const box = document.createElement("div");
  box.className = "tune-winner";
  if (!tune?.winner) {
    box.append(
      textElement(
        "p",
        !tune ? DASH : t(tune.state !== "done" ? "tuneNoRecommendationYet" : "tuneNoRecommendation", lang)
      )
    );
    return box;
  }
  const w = tune.winner;
  box.append(
    textElement(
      "p",
      fill("tuneWinner", lang, {
        label: w.label,
        objective: searchObjective(tune.objective, lang),
        value: valueWithInterval(w.value, w.ci_low, w.ci_high),
        runs: counted(w.n, "tuneRun", "tuneRuns", lang)
      })
    ),
    commandBlock(w.server_command, lang)
  );
  return box;
}

/** How the recommendation compares with the greedy path's winner, and whether the difference survives the noise rule. */
export function tuneGreedyText(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune) return "";
  const g = tune.greedy;
  if (!g) return t("tuneGreedyNotRun", lang);
  const greedy = {label: g.label, step: g.step};
  if (!g.configuration) return fill("tuneGreedyOutside", lang, greedy);
  const v = tune.verdict;
  if (!v) return fill("tuneGreedyWaiting", lang, {...greedy, configuration: g.configuration});
  if (v.kind === "nothing-measured") return fill("tuneGreedyNothing", lang, greedy);
  const gi = v.gain_interval;
  const gain = formatGain(v.gain_percent, gi);
  const level = gi ? confidenceText(gi) : "";
  if (v.kind === "improved")
    return fill(gi ? "tuneGreedyImproved" : "tuneGreedyImprovedSingle", lang, {...greedy, gain, level});
  // The recommendation shown above is the greedy configuration: the gain is the leader's, so the sentence names it.
  if (v.kind === "within-noise")
    return fill("tuneGreedyWithinNoise", lang, {...greedy, leader: tune.leader?.label ?? "", gain, level});
  const dropped = tune.configurations.filter((c) => c.confirmed && !c.greedy && c.status !== "ok");
  const why = dropped.length
    ? fill("tuneDropped", lang, {
        dropped: dropped
          .map((c) =>
            c.status === "outside-slo"
              ? fill("tuneDroppedOutside", lang, {label: c.label, measured: formatFixed(c.measured)})
              : fill("tuneDroppedFailed", lang, {label: c.label})
          )
          .join("; ")
      })
    : "";
  return fill("tuneGreedyStays", lang, {...greedy, dropped: why});
}

// Keyed by the grid's verdicts, so a new verdict fails to compile instead of printing nothing.
const VERSUS_RANDOM: Record<NonNullable<NonNullable<TuneReport["grid"]>["versus_random"]>, StringKey> = {
  beats: "tuneRandomBeats",
  ties: "tuneRandomTies",
  "does-not-beat": "tuneRandomDoesNotBeat"
};

/** The regret against the grid of the same space, the runs each needed, and a random search's on the same grid. */
export function tuneRegretText(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune) return "";
  const g = tune.grid;
  if (!g) return t("tuneNoGrid", lang);
  const configurations = counted(g.configurations, "tuneConfiguration", "tuneConfigurations", lang);
  const runs = counted(g.runs, "tuneRun", "tuneRuns", lang);
  if (!g.best || g.regret_percent == null)
    return fill(g.complete ? "tuneGridNoSuccess" : "tuneGridIncomplete", lang, {configurations, runs});
  const random = g.random
    ? fill("tuneRandom", lang, {
        configurations: counted(g.random.configurations, "tuneConfiguration", "tuneConfigurations", lang),
        configurationsCount: formatCount(g.random.configurations),
        draws: formatCount(g.random.draws),
        regret: g.random.median_regret_percent.toFixed(1),
        verdict: t(VERSUS_RANDOM[g.versus_random ?? "does-not-beat"], lang)
      })
    : "";
  return fill("tuneRegret", lang, {
    configurations,
    runs,
    incomplete: g.complete
      ? ""
      : fill("tuneGridNotComplete", lang, {
          notRun: counted(g.not_run.length, "tuneConfiguration", "tuneConfigurations", lang)
        }),
    best: g.best.label,
    bestValue: formatFixed(g.best.value),
    winnerValue: formatFixed(g.winner_value),
    regret: g.regret_percent.toFixed(1),
    searchRuns: counted(g.search_runs, "tuneRun", "tuneRuns", lang),
    gridRuns: formatCount(g.runs),
    random
  });
}

export interface TuneChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

/** The progress curve: the best mean so far against the runs spent (a step line), with the grid's best as a rule. */
export function tuneProgressSpec(page: TunePage, options: TuneChartOptions): TopLevelSpec {
  const {lang, width, dark = false} = options;
  const tune = page.tune!;
  const label = (id: string | null) => tune.configurations.find((c) => c.id === id)?.label ?? "";
  const values = tune.progress
    .filter((p) => p.best != null)
    .map((p) => ({
      runs: p.runs,
      best: p.best,
      text: fill("tuneProgressPoint", lang, {runs: p.runs, best: formatFixed(p.best), label: label(p.id)})
    }));
  const grid = tune.grid?.best ?? null;
  const x = {
    field: "runs",
    type: "quantitative" as const,
    title: t("tuneRunsSpent", lang),
    axis: {tickMinStep: 1, format: "d"}
  };
  const y = {
    field: "best",
    type: "quantitative" as const,
    // Two short lines, so the title fits the chart's height.
    title:
      tune.objective === WITHIN_SLO
        ? [t("tuneBestSoFarWithinSlo", lang), metricTitle(WITHIN_SLO_METRIC, lang)]
        : [t("tuneBestSoFar", lang), metricTitle(tune.objective, lang)]
  };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width: width - 80,
    height: 240,
    config: chartConfig(dark),
    layer: [
      {
        data: {values},
        mark: {type: "line", interpolate: "step-after", point: {filled: true, size: 40}},
        encoding: {x, y, tooltip: {field: "text"}, description: {field: "text"}}
      },
      ...(grid
        ? [
            {
              data: {
                values: [
                  {
                    best: grid.value,
                    text: fill("tuneGridBestValue", lang, {value: formatFixed(grid.value), label: grid.label})
                  }
                ]
              },
              mark: {type: "rule" as const, strokeDash: [4, 4]},
              encoding: {y, description: {field: "text"}}
            },
            {
              data: {values: [{best: grid.value, text: t("tuneGridBest", lang)}]},
              mark: {type: "text" as const, align: "left" as const, dx: 4, dy: -6, x: 0},
              encoding: {y, text: {field: "text"}}
            }
          ]
        : [])
    ]
  } as TopLevelSpec;
}

const STATUS: Record<SearchConfiguration["status"], StringKey> = {
  ok: "ok",
  failed: "failed",
  "outside-slo": "tuneOutsideSlo",
  pending: "tuneNotRunYet"
};

/** Every configuration the search tried, in order, with its result and interval. */
export function tuneTable(page: TunePage, context: PageContext): HTMLElement | string {
  const tune = page.tune;
  if (!tune) return "";
  const {lang} = context;
  const winner = tune.verdict?.winner ?? null;
  // The greedy path's mark is left out where the reason already names it.
  const why = (c: SearchConfiguration) => {
    const reason = c.error ?? recordedReason(c.reason, lang);
    const marks = [
      c.id === winner ? t("tuneMarkRecommended", lang) : null,
      c.greedy && reason !== t("reason_greedyStart", lang) ? t("tuneMarkGreedy", lang) : null,
      c.confirmed ? t("tuneMarkConfirmed", lang) : null
    ].filter(Boolean);
    return marks.length ? `${marks.join(", ")}; ${reason}` : reason;
  };
  const columns: Column<SearchConfiguration>[] = [
    {label: "#", value: (c) => String(c.order), numeric: true},
    {
      label: t("configuration", lang),
      value: (c) => (c.runs.length ? link(runHref(c.runs[0], context), c.label) : c.label),
      className: "wide-text"
    },
    {
      label: t("tunePhase", lang),
      value: (c) => t(c.phase === "start" ? "tunePhaseStart" : "tunePhaseSearch", lang)
    },
    {label: t("status", lang), value: (c) => t(STATUS[c.status], lang)},
    {
      label: fill("tuneMeanOf", lang, {objective: searchObjective(tune.objective, lang)}),
      value: (c) =>
        c.value == null && c.measured != null
          ? fill("tuneMeasuredOutside", lang, {value: formatFixed(c.measured)})
          : formatFixed(c.value),
      numeric: true
    },
    {
      label: fill("tuneInterval", lang, {percent: Math.round(tune.confidence * 100)}),
      value: (c) =>
        c.ci_low != null && c.ci_high != null ? `[${formatFixed(c.ci_low)}, ${formatFixed(c.ci_high)}]` : DASH,
      numeric: true
    },
    {label: t("tuneRunsColumn", lang), value: (c) => formatCount(c.runs.length), numeric: true},
    {
      label: t("tuneWhy", lang),
      value: why,
      className: "wide-text"
    }
  ];
  return dataTable(tune.configurations, columns, {
    className: "tune-table",
    rowClass: (c) =>
      [c.status === "failed" ? "failed" : null, c.id === winner ? "recommended" : null].filter(Boolean).join(" ") ||
      null,
    rowId: (c) => `tune-${c.id}`
  });
}
