// One scenario's part of the Headroom page: why its resource binds, its chart, what the chart shows, its runs.
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import type {HeadroomPage} from "../../loaders/pages/headroom.js";
import {formatCount, formatFixed} from "./format.js";
import {MAX_CHART_RUNS} from "./headroomChart.js";
import {headroomAnchor, type PageContext} from "./links.js";
import {headroomHeadline, realisticBand, type HeadroomRun} from "./headroomRuns.js";
import {headroomRunsTable} from "./headroomTables.js";
import {bindingName, bindingSentence, ceilingGapSentence} from "./headroomText.js";
import {TABLE_MAX_ROWS, textElement} from "./table.js";
import {scenarioName, type ScenarioNames} from "./verdict.js";

/** What the chart's marks stand for, with the scenario's own ceiling and band, and which runs it draws. */
export function chartNote(scenario: HeadroomScenario, context: PageContext, runs = 0, ladder = false): string {
  const [low, high] = realisticBand(scenario);
  // A ladder's points are set against the ceiling at their own load, drawn as a tick on each bar.
  if (ladder)
    return context.lang === "tr"
      ? "Her çubuk bir yük noktasıdır (aday · yük); üzerindeki çentik, o yükteki sert tavandır (parti = eşzamanlılık). Çubuk etiketleri: her noktanın kendi tavanına oranı; kalın adlar temel ve önerilen yapılandırma."
      : "Each bar is one load point (candidate · load); the tick on it is the hard ceiling at that load (batch = concurrency). Bar labels: each point's share of its own ceiling; names in bold: the baseline and the recommended configuration.";
  const ceiling = formatFixed(scenario.ceiling_tps);
  const band = `${formatFixed(low)}–${formatFixed(high)}`;
  const charted = runs > MAX_CHART_RUNS;
  // Past TABLE_MAX_ROWS the table shows its first rows and names the runs download.
  const cut = runs > TABLE_MAX_ROWS;
  const shown = formatCount(TABLE_MAX_ROWS);
  return context.lang === "tr"
    ? `Çizgi: sert tavan, ${ceiling} tok/s. Gölgeli alan: gerçekçi aralık, ${band} tok/s. Çubuk etiketleri: her koşunun kendi sert tavanına oranı; kalın adlar temel ve önerilen yapılandırma.` +
        (charted
          ? ` Grafik ${formatCount(runs)} koşudan ${MAX_CHART_RUNS} tanesini çiziyor: temel, önerilen ve kalanların en hızlıları; ${cut ? `aşağıdaki tablo ilk ${shown} tanesini gösteriyor, runs.csv hepsini veriyor.` : "aşağıdaki tablo hepsini listeliyor."}`
          : "")
    : `Line: hard ceiling, ${ceiling} tok/s. Shaded: realistic band, ${band} tok/s. Bar labels: each run's share of its own hard ceiling; names in bold: the baseline and the recommended configuration.` +
        (charted
          ? ` The chart draws ${MAX_CHART_RUNS} of the ${formatCount(runs)} runs: the baseline, the recommendation and the fastest of the rest; ${cut ? `the table below shows the first ${shown}, and runs.csv has them all.` : "the table below lists them all."}`
          : "");
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
  if (lang === "tr")
    return bound.length
      ? `Sunucu ölçümlerine göre KV kapasitesiyle sınırlı koşular (KV önbellek doluyken istekler bekledi): ${bound.join(", ")}. Modelin tahmini: ${model}.`
      : `Sunucu ölçümü olan ${recorded.length} koşunun hiçbiri KV kapasitesiyle sınırlı değildi. Modelin tahmini: ${model}.`;
  return bound.length
    ? `Measured by the server, bound by KV capacity (the KV cache full while requests waited): ${bound.join(", ")}. The model's estimate: ${model}.`
    : `${recorded.length === 1 ? "The one run with server measurements was not" : `None of the ${recorded.length} runs with server measurements was`} bound by KV capacity. The model's estimate: ${model}.`;
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
    const none =
      context.lang === "tr" ? "Bu senaryonun arşivlenmiş koşusu yok." : "No run of this scenario is archived.";
    section.append(textElement("p", none, "headroom-no-runs"));
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
  section.append(headroomRunsTable(runs, context, `${headroomAnchor(scenario.scenario)}-runs`));
  return section;
}
