// Sentences about the headline that the numbers decide: where throughput rose and where latency paid for it.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {HomePage} from "../../loaders/pages/home.js";
import type {Text} from "../../loaders/text.js";
import {formatFixed, formatPercent} from "./format.js";
import {fill, fillParts, listText, pick, t, type Lang} from "./i18n.js";
import {latencyCostExceedsGain} from "./headlineTable.js";
import {loadText, scenarioName} from "./verdict.js";
import {changeKind, confidenceText, formatGain} from "./intervals.js";

type HeadlineData = Pick<HomePage, "headline" | "slo" | "search"> & {
  study: Pick<StudyInfo, "scenarios">;
  origin?: Pick<HomePage["origin"], "single_candidate">;
  recommended?: Pick<HomePage["recommended"], "label">;
};

/** Why a study decided within an SLO has no before and after: its baseline, or every configuration, never meets it. */
export function sloHeadlineText(report: HeadlineData, lang: Lang): string | null {
  const slo = report.slo;
  if (!slo) return null;
  if (slo.none_within) return t("sloNoneWithin", lang);
  const rec = slo.recommended;
  return fill("sloBaselineOutside", lang, {
    baseline: slo.baseline_label,
    name: report.recommended?.label ?? "",
    value: rec ? formatFixed(rec.value) : "—",
    at: loadText(rec?.load, lang)
  });
}

export function headlineSummary(report: HeadlineData, lang: Lang): string {
  const rows = report.headline;
  // One configuration has no before and after: its headline would set each run against itself.
  if (report.origin?.single_candidate)
    return t(report.search ? "headlineSingleCandidateSearched" : "headlineSingleCandidate", lang);
  const slo = sloHeadlineText(report, lang);
  if (!rows.length && slo) return slo;
  if (!rows.length) return t("headlineNoCommonScenario", lang);
  // A change counts only under the study's rule: with repeats, its interval has to lie on one side of zero.
  const kind = (r: (typeof rows)[number]) =>
    changeKind(r.change_percent, r.change_interval, r.baseline_run === r.recommended_run);
  const up = rows.filter((r) => kind(r) === "up");
  const down = rows.filter((r) => kind(r) === "down");
  const noise = rows.filter((r) => kind(r) === "noise");
  const same = rows.filter((r) => kind(r) === "same");
  const weighed = rows.some((r) => r.change_interval != null);
  const costly = up.filter(latencyCostExceedsGain);
  const names = (list: typeof rows, interval = false) =>
    list
      .map(
        (r) =>
          `${scenarioName(report, r.scenario, lang)} (${interval ? formatGain(r.change_percent, r.change_interval) : formatPercent(r.change_percent)})`
      )
      .join(", ");
  const level = noise[0]?.change_interval ? confidenceText(noise[0].change_interval) : "";
  const sameNames = listText(
    same.map((r) => scenarioName(report, r.scenario, lang)),
    lang
  );
  // The recommendation is the baseline in every scenario: there is no gain to count, only that to say.
  const parts: string[] =
    same.length === rows.length
      ? []
      : [fill(weighed ? "headlineRaisesSignificantly" : "headlineRaises", lang, {up: up.length, total: rows.length})];
  if (down.length) parts.push(fill("headlineLoses", lang, {names: names(down, weighed)}));
  if (noise.length)
    parts.push(fill("headlineWithinNoise", lang, {level, percent: level.replace("%", ""), names: names(noise, true)}));
  if (same.length) parts.push(fill("headlineSame", lang, {names: sameNames}));
  for (const r of costly)
    parts.push(
      fill("headlineLatencyCost", lang, {
        scenario: scenarioName(report, r.scenario, lang),
        change: formatPercent(r.change_percent),
        tpot: formatPercent(r.tpot_change_percent)
      })
    );
  return parts.join(" ");
}

export interface RecommendationOrigin {
  /** Title of the last selection step, after which the configuration was settled. */
  lastStep: string;
  /** Title of the step in which the configuration took the lead. */
  wonIn: string;
  /** The command the winner ran with in that step. */
  winnerCommand: string;
  /** Whether the recommended command adds arguments to the winner's command. */
  adapted: boolean;
}

export function recommendationOrigin(home: Pick<HomePage, "origin" | "recommended">, lang: Lang): RecommendationOrigin {
  const {origin, recommended} = home;
  const title = (text: Text | null) => (text ? pick(text, lang) : pick(undefined, lang));
  return {
    lastStep: title(origin.last_step),
    wonIn: title(origin.won_in),
    winnerCommand: origin.winner_command,
    adapted: origin.winner_command !== recommended.server_command
  };
}

/** When the recommended command extends the winner's, say so and show the winner's own command. */
export function adaptationNote(home: Pick<HomePage, "origin" | "recommended">, lang: Lang): HTMLElement | string {
  const origin = recommendationOrigin(home, lang);
  if (!origin.adapted) return "";
  const p = document.createElement("p");
  const code = document.createElement("code");
  code.textContent = origin.winnerCommand;
  p.append(...fillParts("adaptedCommand", lang, {step: origin.wonIn, command: code}));
  return p;
}

/** Where the recommendation comes from, in one paragraph: the step it won in, or that none beat the baseline. */
export function originText(
  home: Pick<HomePage, "origin" | "recommended" | "study" | "slo" | "search">,
  lang: Lang
): string {
  if (home.slo?.none_within) return t("originNoneWithin", lang);
  if (home.origin.single_candidate)
    return home.search
      ? `${t("originStepsSingleCandidate", lang)} ${searchText(home.search, lang)}`
      : t("originSingleCandidate", lang);
  const origin = recommendationOrigin(home, lang);
  const repeats = home.study.repeats.max > 1;
  const percent = `${+(home.study.confidence * 100).toFixed(1)}`;
  // A best so far that never meets the SLO has no score within it: any candidate within the SLO replaces it.
  const outside = home.slo?.baseline_outside
    ? fill("originBaselineOutside", lang, {baseline: home.slo.baseline_label})
    : "";
  const start = fill(repeats ? "originRuleNoise" : "originRule", lang, {level: `${percent}%`, percent, outside});
  const greedy = home.origin.kept_baseline
    ? fill("originKeptBaseline", lang, {start})
    : fill("originWonIn", lang, {start, lastStep: origin.lastStep, wonIn: origin.wonIn});
  return home.search ? `${greedy} ${searchText(home.search, lang)}` : greedy;
}

/** What the search found against the configuration above, which is the greedy path's. */
function searchText(search: NonNullable<HomePage["search"]>, lang: Lang): string {
  const {verdict, configurations} = search;
  const leader = search.leader ?? "";
  const gi = verdict?.gain_interval ?? null;
  const gain = verdict?.gain_percent != null ? formatGain(verdict.gain_percent, gi) : "";
  if (verdict?.kind === "within-noise")
    return fill("originSearchWithinNoise", lang, {configurations, leader, gain, level: gi ? confidenceText(gi) : ""});
  if (verdict?.kind === "improved") return fill("originSearchImproved", lang, {configurations, leader, gain});
  if (verdict?.kind === "no-improvement") return fill("originSearchNoImprovement", lang, {configurations});
  return fill("originSearchOther", lang, {configurations});
}
