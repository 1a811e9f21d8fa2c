// The home page's SLO explorer: each step decided within the SLO, decided again in the browser as the reader moves the
// TTFT and TPOT targets (the step pages' explorer, without the curves: they stay on the step pages).
import type {HomeExplorer} from "../../loaders/pages/home.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import {pick} from "./i18n.js";
import {link, stepHref, type PageContext} from "./links.js";
import {sloExplorer} from "./sloExplorer.js";
import {textElement} from "./table.js";
import {scenarioName} from "./verdict.js";

const TEXT = {
  heading: {en: "Within the latency target", tr: "Gecikme hedefi içinde"},
  intro: {
    en: "The study decides within its SLO: each candidate counts with its highest measured throughput among the load points that meet it (the rule is stated under each step's targets), and the leader replaces the best so far only beyond noise. Move the targets to decide again here, in the browser: each point's answer at every target was worked out by the build with the same rule; at the plan's targets this is the verdict above. Each step is decided on its own points.",
    tr: "Çalışma SLO'su içinde karar verir: her aday, SLO'yu karşılayan yük noktaları arasındaki en yüksek ölçülmüş işlem hacmiyle sayılır (kural her adımın hedeflerinin altında yazılıdır) ve önde olan, şimdiye kadarki en iyinin yerini yalnızca gürültünün ötesinde alır. Yeniden karar vermek için hedefleri burada, tarayıcıda değiştirin: her noktanın her hedefteki cevabını derleme aynı kuralla hesapladı; planın hedeflerinde bu, yukarıdaki karardır. Her adım kendi noktalarıyla karar verir."
  },
  curves: {en: "load curves", tr: "yük eğrileri"}
};

export function homeSloExplorers(
  explorers: readonly HomeExplorer[] | undefined,
  report: {study: Pick<StudyInfo, "scenarios">},
  context: PageContext
): HTMLElement | "" {
  if (!explorers?.length) return "";
  const {lang} = context;
  const root = document.createElement("section");
  root.className = "home-slo-explorer";
  root.append(textElement("h2", TEXT.heading[lang]), textElement("p", TEXT.intro[lang]));
  for (const explorer of explorers) {
    const heading = document.createElement("h3");
    const href = `${stepHref(explorer.step, context)}#load-curves`;
    heading.append(pick(explorer.title, lang), " (", link(href, TEXT.curves[lang]), ")");
    root.append(heading);
    const several = explorer.curves.scenarios.length > 1;
    for (const scenario of explorer.curves.scenarios) {
      if (several) root.append(textElement("h4", scenarioName(report, scenario.scenario, lang)));
      root.append(sloExplorer(explorer.curves, scenario, explorer.labels, lang));
    }
  }
  return root;
}
