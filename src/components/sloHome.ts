// The home page's SLO explorer: each step decided within the SLO, decided again in the browser as the reader moves the
// TTFT and TPOT targets (the step pages' explorer, without the curves: they stay on the step pages).
import type {HomeExplorer} from "../../loaders/pages/home.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {pick, t} from "./i18n.js";
import {link, stepHref, type PageContext} from "./links.js";
import {sloExplorer} from "./sloExplorer.js";
import {textElement} from "./table.js";
import {scenarioName} from "./verdict.js";

export function homeSloExplorers(
  explorers: readonly HomeExplorer[] | undefined,
  report: {study: Pick<StudyInfo, "scenarios">},
  context: PageContext
): HTMLElement | "" {
  if (!explorers?.length) return "";
  const {lang} = context;
  const root = document.createElement("section");
  root.className = "home-slo-explorer";
  root.append(textElement("h2", t("sloHomeHeading", lang)), textElement("p", t("sloHomeIntro", lang)));
  for (const explorer of explorers) {
    const heading = document.createElement("h3");
    const href = `${stepHref(explorer.step, context)}#load-curves`;
    heading.append(pick(explorer.title, lang), " (", link(href, t("sloHomeCurves", lang)), ")");
    root.append(heading);
    const several = explorer.curves.scenarios.length > 1;
    for (const scenario of explorer.curves.scenarios) {
      if (several) root.append(textElement("h4", scenarioName(report, scenario.scenario, lang)));
      root.append(sloExplorer(explorer.curves, scenario, explorer.labels, lang));
    }
  }
  return root;
}
