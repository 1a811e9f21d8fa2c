// A step page's load-curve section: per ladder scenario, the curves and the SLO explorer, with the rule stated.
import type {ScenarioCurves} from "../../loaders/pages/load-curves.js";
import type {StepPage} from "../../loaders/pages/step.js";
import {fill, t, type Lang, type StringKey} from "./i18n.js";
import {curvesDefinitions, loadCurvesSpec} from "./loadCurvesChart.js";
import {recordedReason} from "./libraryText.js";
import {ttftAxis} from "./ttftAxis.js";
import {sloExplorer} from "./sloExplorer.js";
import {textElement} from "./table.js";
import {scenarioName} from "./verdict.js";
import {vegaChart} from "./vegaChart.js";

/** Why a searched scenario's levels ran once each (the plan refuses repeats for it). */
function searchNote(search: {tolerance: number; max_probes: number}, lang: Lang): string {
  return fill("curvesSearchNote", lang, {tolerance: search.tolerance, probes: search.max_probes});
}

// A load kind the table has no words for is named as the plan spells it.
const NOT_RUN_LEVELS = new Map<string, StringKey>([
  ["concurrency", "curvesNotRunConcurrency"],
  ["request_rate", "curvesNotRunRate"]
]);

/** "Not run (…): concurrency 8, 16 (reason)." per candidate and reason; null when every level ran. */
export function notRunText(scenario: ScenarioCurves, labels: Record<string, string>, lang: Lang): string | null {
  const groups = new Map<string, {candidate: string; reason: string; loads: number[]}>();
  for (const p of scenario.points) {
    if (p.not_run == null) continue;
    const key = `${p.candidate}\0${p.not_run}`;
    const group = groups.get(key) ?? {candidate: p.candidate, reason: p.not_run, loads: []};
    group.loads.push(p.load);
    groups.set(key, group);
  }
  if (!groups.size) return null;
  const several = new Set(scenario.points.map((p) => p.candidate)).size > 1;
  const levels = (loads: string) => {
    const key = NOT_RUN_LEVELS.get(scenario.load_kind);
    return key ? fill(key, lang, {loads}) : `${scenario.load_kind} ${loads}`;
  };
  const parts = [...groups.values()].map(
    (g) =>
      `${several ? `${labels[g.candidate] ?? g.candidate}, ` : ""}${levels(g.loads.join(", "))} (${recordedReason(g.reason, lang)})`
  );
  return fill("curvesNotRun", lang, {levels: parts.join("; ")});
}

export async function loadCurvesSection(
  page: StepPage,
  {lang, width, dark}: {lang: Lang; width: number; dark: boolean}
): Promise<HTMLElement> {
  const root = document.createElement("div");
  const curves = page.curves;
  if (!curves) return root;
  const title = document.createElement("h2");
  title.id = "load-curves";
  title.textContent = t("curvesTitle", lang);
  root.append(title);
  const labels = Object.fromEntries(page.step.candidates.map((c) => [c.id, c.label]));
  const rule = document.createElement("p");
  rule.className = "slo-rule";
  rule.textContent = t(curves.within_slo ? "curvesRuleWithin" : "curvesRuleFlood", lang);
  root.append(rule);
  for (const scenario of curves.scenarios) {
    const heading = document.createElement("h3");
    heading.textContent = scenarioName(page, scenario.scenario, lang);
    const spec = loadCurvesSpec(curves, scenario, labels, {lang, width, gpus: page.study.hardware.count});
    root.append(heading, await vegaChart(spec, {dark, name: `load-curves-${scenario.scenario}`, lang}));
    root.append(textElement("p", curvesDefinitions(scenario, lang), "chart-caption curves-definitions"));
    const search = page.study.scenarios.find((s) => s.id === scenario.scenario)?.search;
    if (search) root.append(textElement("p", searchNote(search, lang), "note search-note"));
    const notRun = notRunText(scenario, labels, lang);
    if (notRun) root.append(textElement("p", notRun, "note not-run-levels"));
    if (curves.within_slo) root.append(sloExplorer(curves, scenario, labels, lang, ttftAxis(scenario, curves, width)));
  }
  return root;
}
