// One scenario's part of the Headroom page: why its resource binds, its chart, what the chart shows, its runs.
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import type {HeadroomPage} from "../../loaders/pages/headroom.js";
import {formatCount, formatFixed} from "./format.js";
import {MAX_CHART_RUNS} from "./headroomChart.js";
import {fill, t} from "./i18n.js";
import {headroomAnchor, type PageContext} from "./links.js";
import {headroomHeadline, realisticBand, type HeadroomRun} from "./headroomRuns.js";
import {headroomColumns, headroomRunsTable} from "./headroomTables.js";
import {bindingName, bindingSentence, ceilingGapSentence} from "./headroomText.js";
import {TABLE_MAX_ROWS, textElement} from "./table.js";
import {scenarioName, type ScenarioNames} from "./verdict.js";

/** What the chart's marks stand for, with the scenario's own ceiling and band, and which runs it draws. */
export function chartNote(scenario: HeadroomScenario, context: PageContext, runs = 0, ladder = false): string {
  const [low, high] = realisticBand(scenario);
  // A ladder's points are set against the ceiling at their own load, drawn as a tick on each bar.
  if (ladder) return t("headroomChartNoteLadder", context.lang);
  const ceiling = formatFixed(scenario.ceiling_tps);
  const band = `${formatFixed(low)}–${formatFixed(high)}`;
  const charted = runs > MAX_CHART_RUNS;
  // Past TABLE_MAX_ROWS the table shows its first rows and names the runs download.
  const cut = runs > TABLE_MAX_ROWS;
  const note = !charted ? "headroomChartNote" : cut ? "headroomChartNoteSomeCut" : "headroomChartNoteSome";
  return fill(note, context.lang, {
    ceiling,
    band,
    drawn: MAX_CHART_RUNS,
    runs: formatCount(runs),
    shown: formatCount(TABLE_MAX_ROWS)
  });
}

/** Which runs the server's own scrapes show bound by KV capacity, beside what the model estimates; "" when none. */
export function measuredSentence(
  scenario: HeadroomScenario,
  runs: readonly HeadroomRun[],
  {lang}: PageContext
): string {
  const recorded = runs.filter((r) => r.measured);
  if (!recorded.length) return "";
  const bound = recorded.filter((r) => r.measured!.kvBound).map((r) => r.label);
  const model = bindingName(scenario.binding, lang);
  if (bound.length) return fill("measuredKvBound", lang, {runs: bound.join(", "), model});
  return fill(recorded.length === 1 ? "measuredOneNotKvBound" : "measuredNoneKvBound", lang, {
    count: recorded.length,
    model
  });
}

export function headroomScenarioSection(
  scenario: HeadroomScenario,
  runs: readonly HeadroomRun[],
  report: Pick<HeadroomPage, "headline" | "headroom"> & ScenarioNames,
  rows: readonly RunCells<"ceiling_ratio">[],
  context: PageContext,
  chart: Node
): HTMLElement {
  const section = document.createElement("section");
  section.className = "headroom-scenario";
  section.dataset.scenario = scenario.scenario;
  const heading = textElement("h2", scenarioName(report, scenario.scenario, context.lang));
  heading.id = headroomAnchor(scenario.scenario);
  section.append(heading);
  section.append(textElement("p", bindingSentence(scenario, context.lang), "verdict headroom-binding"));
  const headline = headroomHeadline(report, rows).find((h) => h.scenario === scenario.scenario);
  const gap = headline ? ceilingGapSentence(headline, context.lang) : "";
  if (gap) section.append(textElement("p", gap, "headroom-gap"));
  if (!runs.length) {
    section.append(textElement("p", t("noArchivedRun", context.lang), "headroom-no-runs"));
    return section;
  }
  const card = document.createElement("div");
  card.className = "card";
  card.append(chart);
  section.append(card);
  section.append(
    textElement(
      "p",
      chartNote(
        scenario,
        context,
        runs.length,
        runs.some((r) => r.load != null)
      ),
      "chart-note"
    )
  );
  const measured = measuredSentence(scenario, runs, context);
  if (measured) section.append(textElement("p", measured, "headroom-measured"));
  section.append(headroomRunsTable(runs, context, `${headroomAnchor(scenario.scenario)}-runs`, headroomColumns(rows)));
  return section;
}
