// A step page's load-curve section: per ladder scenario, the curves and the SLO explorer, with the rule stated.
import type {ScenarioCurves} from "../../loaders/pages/load-curves.js";
import type {StepPage} from "../../loaders/pages/step.js";
import type {Lang} from "./i18n.js";
import {loadCurvesSpec} from "./loadCurvesChart.js";
import {ttftAxis} from "./ttftAxis.js";
import {sloExplorer} from "./sloExplorer.js";
import {textElement} from "./table.js";
import {scenarioName} from "./verdict.js";
import {vegaChart} from "./vegaChart.js";

const RULE = {
  within: {
    en: "Each candidate is judged by its highest measured throughput among the load points that meet the SLO (the rule, in one sentence with the targets, is under the charts). Nothing is extrapolated or interpolated, and the frontier is drawn as a staircase: at an interactivity it holds the throughput of the next measured point at or above it. The leader replaces the best so far only when its throughput is higher beyond noise. On the charts a filled point is within the targets, a hollow one outside them, and a ringed one is its candidate's best within them; each point names its load. Move the targets to decide again, and the points follow; the other limits stay as the plan sets them.",
    tr: "Her aday, SLO'yu karşılayan yük noktaları arasındaki en yüksek ölçülmüş işlem hacmiyle değerlendirilir (kural, hedeflerle birlikte tek cümlede, grafiklerin altındadır). Dış ya da ara değer kestirimi yapılmaz; Pareto sınırı merdiven olarak çizilir: bir etkileşim düzeyinde, o düzeydeki ya da üstündeki bir sonraki ölçülmüş noktanın işlem hacmini tutar. Önde olan, şimdiye kadarki en iyinin yerini yalnızca işlem hacmi gürültünün ötesinde yüksekse alır. Grafiklerde dolu nokta hedeflerin içinde, içi boş nokta dışındadır; halkalı nokta, adayının hedefler içindeki en iyisidir; her nokta yükünü gösterir. Yeniden karar vermek için hedefleri değiştirin, noktalar da değişir; diğer sınırlar planda olduğu gibi kalır."
  },
  flood: {
    en: "Without an SLO objective each candidate is judged by its highest throughput over the ladder.",
    tr: "SLO hedefi olmadan her aday merdiven boyunca en yüksek işlem hacmiyle değerlendirilir."
  }
};

/** Why a searched scenario's levels ran once each (the plan refuses repeats for it). */
function searchNote(search: {tolerance: number; max_probes: number}, lang: Lang): string {
  return lang === "tr"
    ? `Bu seviyeleri bir goodput araması seçti (önce ikiye katlama, sonra ikiye bölme; tolerans ${search.tolerance}, en çok ${search.max_probes} deneme) ve her birini bir kez koştu: bir sonraki seviyeyi son seviyenin sonucundan seçer, bu yüzden bir seviyenin tekrarları, canlı modun tekrarları koştuğu ve kaymayı her noktaya yayan turlar yerine art arda koşmak zorunda kalırdı. Her seviyenin sonucu tek bir koşuya dayanır, aralığı yoktur.`
    : `A goodput search chose these levels (doubling, then bisection; tolerance ${search.tolerance}, at most ${search.max_probes} probes) and ran each once: it picks its next level from the last one's verdict, so a level's repeats would have to run back to back, not in rounds that spread drift over every point as live mode runs repeats. Each level's verdict rests on one run, with no interval.`;
}

const NOT_RUN = {
  en: "Not run (left out by live mode, not failures)",
  tr: "Koşulmadı (canlı mod atladı, başarısızlık değil)"
};
const LOAD_WORD: Record<string, Record<Lang, string>> = {
  concurrency: {en: "concurrency", tr: "eşzamanlılık"},
  request_rate: {en: "requests/s", tr: "istek/s"}
};

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
  const word = LOAD_WORD[scenario.load_kind]?.[lang] ?? scenario.load_kind;
  const parts = [...groups.values()].map(
    (g) => `${several ? `${labels[g.candidate] ?? g.candidate}, ` : ""}${word} ${g.loads.join(", ")} (${g.reason})`
  );
  return `${NOT_RUN[lang]}: ${parts.join("; ")}.`;
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
  title.textContent = lang === "tr" ? "Yük eğrileri" : "Load curves";
  root.append(title);
  const labels = Object.fromEntries(page.step.candidates.map((c) => [c.id, c.label]));
  const rule = document.createElement("p");
  rule.className = "slo-rule";
  rule.textContent = curves.within_slo ? RULE.within[lang] : RULE.flood[lang];
  root.append(rule);
  for (const scenario of curves.scenarios) {
    const heading = document.createElement("h3");
    heading.textContent = scenarioName(page, scenario.scenario, lang);
    const spec = loadCurvesSpec(curves, scenario, labels, {lang, width, gpus: page.study.hardware.count});
    root.append(heading, await vegaChart(spec, {dark, label: `load-curves-${scenario.scenario}`}));
    const search = page.study.scenarios.find((s) => s.id === scenario.scenario)?.search;
    if (search) root.append(textElement("p", searchNote(search, lang), "note search-note"));
    const notRun = notRunText(scenario, labels, lang);
    if (notRun) root.append(textElement("p", notRun, "note not-run-levels"));
    if (curves.within_slo) root.append(sloExplorer(curves, scenario, labels, lang, ttftAxis(scenario, curves, width)));
  }
  return root;
}
