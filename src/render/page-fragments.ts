// The build-time parts of every page: what a page's {{name}} placeholders become, drawn by the same components the
// browser would run, so a page shows its tables and charts with scripts off.
import "./dom.js";
import {join} from "node:path";
import type {StudyData} from "../../loaders/analysis/report.js";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {homePage} from "../../loaders/pages/home.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import {runPageLayout, runSetEntries, type RunSet} from "../../loaders/pages/run-pages.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {stepPages} from "../../loaders/pages/step.js";
import {studyPage} from "../../loaders/pages/study.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {tunePage} from "../../loaders/pages/tune.js";
import {runDetail, type RunDetail} from "../../loaders/runs/run-detail.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {columnRows} from "../components/columnRows.js";
import {coverageParagraph, secondLookBlock, stepCoverageList} from "../components/coverageText.js";
import {formatCount} from "../components/format.js";
import {beforeAfterSpec, changeChartSpec} from "../components/headlineCharts.js";
import {adaptationNote, headlineSummary, originText} from "../components/headlineSummary.js";
import {headlineTable, nothingToCompare} from "../components/headlineTable.js";
import {objectiveNote} from "../components/objectiveText.js";
import {headroomChartSpec} from "../components/headroomChart.js";
import {headroomRuns} from "../components/headroomRuns.js";
import {headroomScenarioSection} from "../components/headroomSection.js";
import {bindingList, headroomFacts, headroomHeadlineTable, textList} from "../components/headroomTables.js";
import {headroomUnavailableText} from "../components/headroomText.js";
import type {Lang} from "../components/i18n.js";
import {loadNote, repeatFlags, repeatsNote} from "../components/intervals.js";
import {loadCurvesSection} from "../components/loadCurvesSection.js";
import {notesList, studyCaveat} from "../components/notesList.js";
import {claimCounts, claimsTable, findingsTable} from "../components/qualityTables.js";
import {runSetTable} from "../components/runSetView.js";
import * as runSets from "../components/runSets.js";
import {runsTable} from "../components/runsTable.js";
import {homeSloExplorers} from "../components/sloHome.js";
import {runView} from "../components/runView.js";
import {
  benchCommands,
  clientText,
  commandBlock,
  enginesTable,
  howItRan,
  modelsText,
  scenariosTable,
  serverCommands
} from "../components/setupTables.js";
import {stepChartSpec} from "../components/stepChart.js";
import {candidateCommands, stepRanking, stepTable} from "../components/stepTable.js";
import {stepTelemetryTable} from "../components/stepTelemetryTable.js";
import {summaryTable} from "../components/summaryTable.js";
import {textElement} from "../components/table.js";
import {paretoTable, tradeoffSpec} from "../components/tradeoffChart.js";
import {
  tuneGreedyText,
  tuneIntro,
  tuneProgressSpec,
  tuneRegretText,
  tuneTable,
  tuneWinner
} from "../components/tuneView.js";
import {chartsDrawn, startPage, vegaChart} from "../components/vegaChart.js";
import {decisionText, stepIntroText, verdictText} from "../components/verdict.js";
import {toHtml} from "./dom.js";
import {pageContext} from "./page-context.js";
import type {Fragment, PageFragments} from "./fragment.js";
import type {PageMemo, SerializedFragments} from "./page-memo.js";

/** The width charts are drawn at; the page scales them to its column. */
export const CHART_WIDTH = 820;

const text = (value: string | null | undefined): Fragment => ({text: value ?? ""});

async function html(value: unknown): Promise<Fragment> {
  const resolved = await value;
  await chartsDrawn();
  return {html: toHtml(resolved)};
}

// Page data takes the shape the browser would have fetched: JSON, nothing more.
function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

// A page's data is the same in both languages: made once per study and page, as JSON each language parses afresh, and
// let go by the second (at 1000× the seed the pages' JSON is 200 MB).
const madeData = new WeakMap<StudyData, Map<string, string>>();
function pageData<T>(study: StudyData, page: string, make: () => T): T {
  let made = madeData.get(study);
  if (!made) madeData.set(study, (made = new Map()));
  const json = made.get(page);
  if (json !== undefined) {
    made.delete(page);
    return JSON.parse(json) as T;
  }
  const fresh = JSON.stringify(make());
  made.set(page, fresh);
  return JSON.parse(fresh) as T;
}

export {pageContext};

/** "1 × NVIDIA A100-SXM4-80GB"; an imported study whose files name no GPU says so instead of "1 × not recorded". */
function hardwareText({count, name}: {count: number; name: string}, lang: Lang): string {
  if (name === "not recorded") return lang === "tr" ? "kaydedilmemiş bir GPU" : "a GPU that is not recorded";
  return `${formatCount(count)} × ${name}`;
}

/** A home page chart under its heading, in a card. */
async function chartCard(title: string, chart: Promise<HTMLElement> | HTMLElement): Promise<HTMLElement> {
  const card = document.createElement("div");
  card.className = "card";
  card.append(textElement("h2", title), await chart);
  return card;
}

export async function homeFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "home", () => homePage(study.report, study.rows));
  const context = pageContext(lang, "./");
  const chart = {...context, width: CHART_WIDTH, dark: false};
  return {
    title: text(report.study.title[lang]),
    goal: text(report.study.goal[lang] ? `${lang === "tr" ? "Hedef" : "Goal"}: ${report.study.goal[lang]}` : ""),
    "for-goal": text(report.study.goal[lang] ? (lang === "tr" ? "Bu hedef için " : " for this goal") : ""),
    model: text(report.recommended.model),
    hardware: text(hardwareText(report.study.hardware, lang)),
    recommended: text(report.recommended.label),
    "recommended-command": await html(commandBlock(report.recommended.server_command, lang)),
    "machine-note": await html(
      report.study.machine_note ? textElement("p", report.study.machine_note[lang], "machine-note") : ""
    ),
    origin: text(originText(report, lang)),
    adaptation: await html(adaptationNote(report, lang)),
    "throughput-note": text(objectiveNote(report.study.objective, lang)),
    "headline-table": await html(headlineTable(report, context)),
    "repeats-note": text(repeatsNote(report.study, lang)),
    "load-note": text(loadNote(report.study, lang)),
    "headline-summary": text(headlineSummary(report, lang)),
    "slo-explorer": await html(homeSloExplorers(report.explorers, report, context)),
    "change-chart": await html(
      nothingToCompare(report)
        ? ""
        : chartCard(
            lang === "tr" ? "Temel yapılandırmaya göre değişim" : "Change against the baseline",
            vegaChart(changeChartSpec(report.headline, report, chart), {label: "change-chart"})
          )
    ),
    "before-after-chart": await html(
      nothingToCompare(report)
        ? ""
        : chartCard(
            lang === "tr" ? "Temel ve önerilen yapılandırma yan yana" : "Baseline and recommended, side by side",
            vegaChart(beforeAfterSpec(report.headline, report, chart), {label: "before-after-chart"})
          )
    ),
    headroom: await html(
      report.headroom
        ? headroomHeadlineTable(report, report.rows, context)
        : textElement("p", headroomUnavailableText(report, lang))
    )
  };
}

export async function setupFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "setup", () => setupPage(study.report, study.rows, study.plan, study.runs));
  const context = pageContext(lang, "./");
  return {
    goal: text(
      report.study.goal[lang] ||
        (lang === "tr"
          ? "Çalışma bir hedef belirtmiyor (study.yaml içindeki goal)."
          : "The study states no goal (goal in study.yaml).")
    ),
    objective: text(report.study.objective),
    model: await html(modelsText(report, lang)),
    hardware: text(hardwareText(report.study.hardware, lang)),
    engines: await html(enginesTable(report, context)),
    scenarios: await html(scenariosTable(report, context)),
    "how-it-ran": await html(textList(howItRan(report, lang), "how-it-ran")),
    client: text(clientText(report, lang)),
    "client-command": await html(commandBlock(report.study.client.command, lang)),
    "machine-note": await html(
      report.study.machine_note ? textElement("p", report.study.machine_note[lang], "machine-note") : ""
    ),
    "bench-commands": await html(benchCommands(report, context)),
    "server-commands": await html(serverCommands(report, context))
  };
}

async function summaryFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "summary", () => summaryPage(study.report, study.rows));
  const rows = columnRows(report.columns);
  const context = pageContext(lang, "./");
  return {
    "summary-table": await html(summaryTable(report, context)),
    "repeats-note": text(repeatsNote(report.study, lang)),
    coverage: text(coverageParagraph(report.coverage, report, lang)),
    "second-look": await html(secondLookBlock(report.second_look, report, lang)),
    "tradeoff-chart": await html(
      vegaChart(tradeoffSpec(rows, report, {...context, width: CHART_WIDTH, dark: false}), {label: "tradeoff-chart"})
    ),
    "pareto-table": await html(paretoTable(rows, report, context))
  };
}

async function tuneFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const page = pageData(study, "tune", () => tunePage(study.report));
  const context = pageContext(lang, "./");
  const chart = {...context, width: CHART_WIDTH, dark: false};
  return {
    "tune-intro": text(tuneIntro(page, lang)),
    "tune-winner": await html(tuneWinner(page, context)),
    "tune-greedy": text(tuneGreedyText(page, lang)),
    "tune-regret": text(tuneRegretText(page, lang)),
    "tune-progress-chart": await html(
      page.tune ? vegaChart(tuneProgressSpec(page, chart), {label: "tune-progress-chart"}) : ""
    ),
    "tune-table": await html(tuneTable(page, context))
  };
}

async function headroomFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "headroom", () => headroomPage(study.report, study.rows));
  const rows = columnRows(report.columns);
  const context = pageContext(lang, "./");
  const headroom = report.headroom;
  const missing =
    lang === "tr" ? "Bu çalışma için hesaplanmadı (yukarıya bakın)." : "Not computed for this study (see above).";
  const sections = document.createDocumentFragment();
  for (const scenario of headroom?.scenarios ?? []) {
    const scenarioRuns = headroomRuns(rows, report, scenario.scenario, context);
    const chart = await vegaChart(
      headroomChartSpec(scenario, scenarioRuns, report, {...context, width: CHART_WIDTH, dark: false}),
      {label: "headroom-chart"}
    );
    sections.append(headroomScenarioSection(scenario, scenarioRuns, report, rows, context, chart));
  }
  return {
    unavailable: await html(
      headroom ? "" : textElement("p", headroomUnavailableText(report, lang), "verdict headroom-unavailable")
    ),
    scenarios: await html(sections),
    binding: await html(headroom ? bindingList(headroom, report, context) : textElement("p", missing)),
    "binding-rule": await html(headroom ? textElement("pre", headroom.binding_rule) : textElement("p", missing)),
    facts: await html(headroom ? headroomFacts(headroom, context) : textElement("p", missing)),
    sources: await html(headroom ? textList(headroom.gpu.sources, "sources") : textElement("p", missing)),
    assumptions: await html(
      headroom
        ? textList(
            headroom.assumptions.map((a) => a[lang]),
            "assumptions"
          )
        : textElement("p", missing)
    )
  };
}

async function notesFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "notes", () => studyPage(study.report));
  return {notes: await html(notesList(report, lang)), caveat: text(studyCaveat(report, lang))};
}

async function qualityFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "quality", () => qualityPage(study.report, study.rows));
  const context = pageContext(lang, "./");
  return {
    "claim-counts": text(claimCounts(report, lang)),
    claims: await html(claimsTable(report, context)),
    findings: await html(findingsTable(report, context))
  };
}

export async function runsFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "runs", () => runsPage(study.report, study.rows));
  const runs = {rows: columnRows(report.columns)};
  const context = pageContext(lang, "../");
  return {
    runs: text(formatCount(runs.rows.length)),
    failed: text(formatCount(runs.rows.filter((r) => r.status !== "ok").length)),
    "runs-table": await html(runsTable(runs, report, context)),
    "tradeoff-chart": await html(
      vegaChart(tradeoffSpec(runs.rows, report, {...context, width: CHART_WIDTH, dark: false}), {
        label: "tradeoff-chart"
      })
    )
  };
}

/** One step page's fragments in one language. */
export async function stepFragments(
  page: ReturnType<typeof stepPages> extends Iterable<infer P> ? P : never,
  lang: Lang
) {
  const report = asJson(page);
  const step = report.step;
  const context = pageContext(lang, "../");
  return {
    intro: text(stepIntroText(step, lang)),
    verdict: text(verdictText(step, report, lang)),
    "repeats-note": text(repeatsNote(report.study, lang)),
    "load-note": text(loadNote(report.study, lang)),
    "repeat-flags": await html(repeatFlags(report, lang)),
    decision: text(decisionText(step, report, lang)),
    coverage: await html(stepCoverageList(report.coverage, step.id, report, lang)),
    ranking: await html(stepRanking(step, report, context)),
    "step-table": await html(stepTable(step, report, report, context)),
    "telemetry-table": await html(stepTelemetryTable(report, context)),
    "step-chart": await html(
      vegaChart(stepChartSpec(step, report.rows, report, {...context, width: CHART_WIDTH, dark: false}), {
        label: "step-chart"
      })
    ),
    curves: await html(report.curves ? loadCurvesSection(report, {lang, width: CHART_WIDTH, dark: false}) : ""),
    commands: await html(candidateCommands(step, report, context))
  };
}

async function runFragments(detail: RunDetail, lang: Lang): Promise<PageFragments> {
  return {run: await html(runView(asJson(detail), pageContext(lang, "../")))};
}

async function setFragments(set: RunSet, lang: Lang): Promise<PageFragments> {
  return {
    sets: text(formatCount(set.sets)),
    runs: text(formatCount(set.runs.length)),
    "set-table": await html(runSetTable(set, pageContext(lang, "../../")))
  };
}

/** A page drawn from scratch: its charts' ids do not depend on the pages drawn before it. */
function fresh(make: () => Promise<PageFragments>): Promise<PageFragments> {
  startPage();
  return make();
}

/** Every page's fragments, handed over page by page ("/", "/tr/steps/engine", …): a large study's pages never sit in
 * memory together. */
export async function siteFragments(
  study: StudyData,
  dir: string,
  page: (path: string, fragments: PageFragments) => void
): Promise<void>;
/** With a memo, a page drawn by an earlier build is handed over as it was kept, serialized. */
export async function siteFragments(
  study: StudyData,
  dir: string,
  page: (path: string, fragments: PageFragments | SerializedFragments) => void,
  memo: PageMemo | null
): Promise<void>;
export async function siteFragments(
  study: StudyData,
  dir: string,
  page:
    | ((path: string, fragments: PageFragments) => void)
    | ((path: string, fragments: PageFragments | SerializedFragments) => void),
  memo: PageMemo | null = null
): Promise<void> {
  const emit = page as (path: string, fragments: PageFragments | SerializedFragments) => void;
  const runs = listRunDirs(join(dir, "runs"));
  const layout = runPageLayout(runs, runSets);
  // Links to runs read the set count from the page head, as they would in a built page (runHref).
  const meta = document.createElement("meta");
  meta.setAttribute("name", runSets.RUN_SETS_META);
  meta.setAttribute("content", String(layout.sets));
  document.head.append(meta);
  // A page drawn from `input` alone: an incremental build's memo may hold it already.
  const drawn = (path: string, input: unknown, make: () => Promise<PageFragments>) =>
    memo ? memo.page(path, input, () => fresh(make)) : fresh(make);
  const both = async (path: string, input: unknown, make: (lang: Lang) => Promise<PageFragments>) => {
    emit(path, await drawn(path, input, () => make("en")));
    emit(`/tr${path}`, await drawn(`/tr${path}`, input, () => make("tr")));
  };
  // In the order Framework loads pages (its files by name, English first, then the parameterized ones): it parses each
  // page while the next is drawn.
  const pages: [string, (study: StudyData, lang: Lang) => Promise<PageFragments>][] = [
    ["/headroom", headroomFragments],
    ["/", homeFragments],
    ["/notes", notesFragments],
    ["/quality", qualityFragments],
    ["/setup", setupFragments],
    ["/summary", summaryFragments],
    ["/tune", tuneFragments],
    ["/runs/", runsFragments]
  ];
  for (const lang of ["en", "tr"] as const)
    for (const [path, make] of pages) emit(lang === "tr" ? `/tr${path}` : path, await fresh(() => make(study, lang)));
  const steps = [...stepPages(study.report, study.rows)];
  for (const lang of ["en", "tr"] as const)
    for (const step of steps) {
      const path = `${lang === "tr" ? "/tr" : ""}/steps/${step.step.id}`;
      emit(path, await drawn(path, step, () => stepFragments(step, lang)));
    }
  if (layout.sets === 0) {
    for (const run of runs) {
      const detail = await runDetail(dir, run, study.plan);
      await both(`/runs/${run}`, detail, (lang) => runFragments(detail, lang));
    }
  } else {
    const entries = runSetEntries(study.plan, study.rows, layout);
    for (const [set, runs] of entries.entries()) {
      const input = {set, sets: layout.sets, runs};
      if (runs.length) await both(`/runs/set/${set}`, input, (lang) => setFragments(input, lang));
    }
  }
}
