// The headline table: per scenario, the baseline against the recommended configuration, with both relative changes.
import type {GainInterval, HeadlineRow} from "../../loaders/analysis/derive.js";
import type {HomePage} from "../../loaders/pages/home.js";
import {formatFixed} from "./format.js";
import {changeKind, formatGain} from "./intervals.js";
import {t} from "./i18n.js";
import {metricTitle} from "./metricLabels.js";
import {link, runHref, type PageContext} from "./links.js";
import {dataTable, fragment, textElement, type Column} from "./table.js";
import {scenarioName, type ScenarioNames} from "./verdict.js";

/** Throughput went up but mean TPOT went up by more, relatively: the gain is bought with latency. */
export function latencyCostExceedsGain(row: HeadlineRow): boolean {
  return row.change_percent > 0 && row.tpot_change_percent != null && row.tpot_change_percent > row.change_percent;
}

function changeBadge(value: number | null, higherIsBetter: boolean, interval: GainInterval | null = null): HTMLElement {
  // With an interval, only a change on one side of zero is marked better or worse.
  const kind = changeKind(value, interval);
  const better = (kind === "up" && higherIsBetter) || (kind === "down" && !higherIsBetter);
  const worse = (kind === "up" && !higherIsBetter) || (kind === "down" && higherIsBetter);
  return textElement("span", formatGain(value, interval), better ? "change better" : worse ? "change worse" : "change");
}

/** No scenario has a baseline and a recommendation apart: the study measured one candidate, or none in common. */
export function nothingToCompare(
  report: Pick<HomePage, "headline"> & {origin?: Pick<HomePage["origin"], "single_candidate">}
): boolean {
  return !report.headline.length || report.origin?.single_candidate === true;
}

/** The baseline against the recommendation per scenario; nothing (the sentence below says why) with nothing to compare. */
export function headlineTable(
  report: Pick<HomePage, "headline" | "recommended" | "origin"> & ScenarioNames & {study: {objective: string}},
  context: PageContext
): HTMLElement | "" {
  if (nothingToCompare(report)) return "";
  const {lang} = context;
  const throughput = metricTitle(report.study.objective, lang);
  const columns: Column<HeadlineRow>[] = [
    {label: t("scenario", lang), value: (row) => scenarioName(report, row.scenario, lang)},
    {
      label: throughput,
      numeric: true,
      value: (row) => link(runHref(row.baseline_run, context), formatFixed(row.baseline_tps))
    },
    {label: metricTitle("mean_tpot_ms", lang), numeric: true, value: (row) => formatFixed(row.baseline_tpot_ms)},
    {
      label: throughput,
      numeric: true,
      value: (row) => link(runHref(row.recommended_run, context), formatFixed(row.recommended_tps))
    },
    {
      label: t("throughputChange", lang),
      numeric: true,
      value: (row) => changeBadge(row.change_percent, true, row.change_interval)
    },
    {label: metricTitle("mean_tpot_ms", lang), numeric: true, value: (row) => formatFixed(row.recommended_tpot_ms)},
    {
      label: t("tpotChange", lang),
      numeric: true,
      value: (row) =>
        fragment(
          changeBadge(row.tpot_change_percent, false),
          latencyCostExceedsGain(row) ? textElement("span", `⚠ ${t("latencyWarning", lang)}`, "latency-warning") : null
        )
    }
  ];
  return dataTable(report.headline, columns, {
    className: "headline",
    groups: [
      {label: "", span: 1},
      {label: t("baselineLong", lang), span: 2},
      {label: `${t("recommended", lang)}: ${report.recommended.label}`, span: 4}
    ],
    rowClass: (row) => (latencyCostExceedsGain(row) ? "tradeoff-warning" : null)
  });
}
