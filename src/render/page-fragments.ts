// The build-time parts of every page: what a page's {{name}} placeholders become, drawn by the same components the
// browser would run, so a page shows its tables and charts with scripts off.
import "./dom.js";
import {createHash} from "node:crypto";
import {join} from "node:path";
import type {StudyPlan} from "../../loaders/study/plan.js";
import type {StudyData} from "../../loaders/analysis/report.js";
import {headroomPage} from "../../loaders/pages/headroom.js";
import {homePage} from "../../loaders/pages/home.js";
import {qualityPage} from "../../loaders/pages/quality.js";
import {runPageLayout, runSetEntries, type RunPageLayout, type RunSet} from "../../loaders/pages/run-pages.js";
import {runsPage} from "../../loaders/pages/runs.js";
import {setupPage} from "../../loaders/pages/setup.js";
import {stepPages} from "../../loaders/pages/step.js";
import {studyPage} from "../../loaders/pages/study.js";
import {summaryPage} from "../../loaders/pages/summary.js";
import {tunePage} from "../../loaders/pages/tune.js";
import {runDetail, type RunDetail} from "../../loaders/runs/run-detail.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {runFolderState} from "../../loaders/runs/run-record-cache.js";
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
import {fill, pick, t, type Lang} from "../components/i18n.js";
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
import {languagePath, languagePrefix} from "../components/links.js";
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
import {decisionText, gpuNote, stepIntroText, verdictText} from "../components/verdict.js";
import {toHtml} from "./dom.js";
import {escapeHtml} from "./html.js";
import {pageContext} from "./page-context.js";
import type {Fragment, PageFragments} from "./fragment.js";

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
// let go by the second (a large study's pages' JSON is hundreds of megabytes).
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
  if (name === "not recorded") return t("gpuNotRecorded", lang);
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
    // The page's title, as its data gives it (the walk below takes it out of the fragments).
    title: text(report.study.title[lang]),
    goal: text(report.study.goal[lang] ? `${t("goal", lang)}: ${report.study.goal[lang]}` : ""),
    // The whole sentence: with a goal it serves "for this goal", which each language puts in its own place.
    serve: {
      html: `<p>${fill(
        report.study.goal[lang] ? "serveForGoal" : "serve",
        lang,
        {
          model: report.recommended.model,
          hardware: hardwareText(report.study.hardware, lang),
          recommended: report.recommended.label
        },
        escapeHtml
      )}</p>`
    },
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
            t("changeChartTitle", lang),
            vegaChart(changeChartSpec(report.headline, report, chart), {name: "change-chart", lang})
          )
    ),
    "before-after-chart": await html(
      nothingToCompare(report)
        ? ""
        : chartCard(
            t("beforeAfterChartTitle", lang),
            vegaChart(beforeAfterSpec(report.headline, report, chart), {name: "before-after-chart", lang})
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
    goal: text(report.study.goal[lang] || t("noGoal", lang)),
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
      vegaChart(tradeoffSpec(rows, report, {...context, width: CHART_WIDTH, dark: false}), {
        name: "tradeoff-chart",
        lang
      })
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
      page.tune ? vegaChart(tuneProgressSpec(page, chart), {name: "tune-progress-chart", lang}) : ""
    ),
    "tune-table": await html(tuneTable(page, context))
  };
}

async function headroomFragments(study: StudyData, lang: Lang): Promise<PageFragments> {
  const report = pageData(study, "headroom", () => headroomPage(study.report, study.rows));
  const rows = columnRows(report.columns);
  const context = pageContext(lang, "./");
  const headroom = report.headroom;
  const missing = t("notComputed", lang);
  const sections = document.createDocumentFragment();
  for (const scenario of headroom?.scenarios ?? []) {
    const scenarioRuns = headroomRuns(rows, report, scenario.scenario, context);
    const chart = await vegaChart(
      headroomChartSpec(scenario, scenarioRuns, report, {...context, width: CHART_WIDTH, dark: false}),
      {name: "headroom-chart", lang}
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
        name: "tradeoff-chart",
        lang
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
    verdict: text([verdictText(step, report, lang), gpuNote(step, report, lang)].filter(Boolean).join(" ")),
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
        name: "step-chart",
        lang
      })
    ),
    curves: await html(report.curves ? loadCurvesSection(report, {lang, width: CHART_WIDTH, dark: false}) : ""),
    commands: await html(candidateCommands(step, report, context))
  };
}

/** A run's page, at `root` from the site's root ("../" for /runs/<run>, "../../" for /runs/detail/<run>). */
async function runFragments(detail: RunDetail, lang: Lang, root: string): Promise<PageFragments> {
  return {run: await html(runView(asJson(detail), pageContext(lang, root)))};
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

/** What the site's walk says of each page beside its fragments: its Markdown source under src/, its title (what its
 * {{title}} reads) and what it is drawn from (a memo's key; a string is used as it is, anything else as JSON). */
export interface PageInfo {
  source: string;
  title: string | null;
  /** Its name in the sidebar, where that is not its title. */
  name?: string;
  /** "plain": its h1 has no self-link. */
  heading?: "plain";
  /** false: built, but in neither the sidebar nor the search index. */
  listed?: false;
  input: unknown;
}

/** Which runs' own pages (in a study of run sets) a drawing takes: all, the first (whose page Framework builds; the
 * others are drawn by a process of their own) or none. */
export interface SiteParts {
  runs: "all" | "first" | "none";
}

/** A page's fragments as kept in the page store (src/render/store.ts), by their digest. */
export class StoredPage {
  constructor(
    readonly digest: string,
    /** Its text for the search index, for a page the sidebar lists. */
    readonly text?: string
  ) {}
}

/** A page drawn now, or kept in the page store. */
export type Drawn = PageFragments | StoredPage;

/** Draws a page with `make`, or takes it as drawn before (a memo, which then sets info.title as it was). */
export type PageDrawer = (path: string, info: PageInfo, make: () => Promise<PageFragments>) => Promise<Drawn>;

const draw: PageDrawer = (_path, _info, make) => make();

/** The title of a run's own page (its h1), as its set's table names it. */
export function runTitle(detail: RunDetail, lang: Lang): string {
  // A run whose run.json cannot be read shows as broken, under its id.
  if (detail.broken) return detail.row.run;
  return `${detail.row.label} — ${pick(detail.names.scenario, lang) || detail.row.scenario}`;
}

/** A set page's title (k counted from 0), which is also its h1. */
export function runSetTitle(set: number, sets: number, lang: Lang): string {
  return fill("runSetTitle", lang, {set: set + 1, sets});
}

/**
 * Every page of the site in order, handed over one by one ("/", "/tr/steps/engine", …), so that a large study's pages
 * never sit in memory together: the pages each language lists, then the steps, then the run sets and runs. With
 * `drawn`, a page may be handed over as the digest of fragments drawn before (an incremental build's memo).
 */
export async function siteFragments(
  study: StudyData,
  dir: string,
  page: (path: string, fragments: PageFragments, info: PageInfo) => unknown
): Promise<void>;
export async function siteFragments(
  study: StudyData,
  dir: string,
  page: (path: string, fragments: Drawn, info: PageInfo) => unknown,
  drawn: PageDrawer,
  options?: SiteParts
): Promise<void>;
export async function siteFragments(
  study: StudyData,
  dir: string,
  page:
    | ((path: string, fragments: Drawn, info: PageInfo) => unknown)
    | ((path: string, fragments: PageFragments, info: PageInfo) => unknown),
  drawn: PageDrawer = draw,
  options: SiteParts = {runs: "all"}
): Promise<void> {
  const hand = page as (path: string, fragments: Drawn, info: PageInfo) => unknown;
  const runs = listRunDirs(join(dir, "runs"));
  const layout = runPageLayout(runs, runSets);
  // Links to runs read the set count from the page head, as they would in a built page (runHref).
  runSets.declareRunSets(layout.sets);
  const emit = async (path: string, info: PageInfo, make: () => Promise<PageFragments>) =>
    hand(path, await drawn(path, info, () => fresh(make)), info);
  // In the order of Framework's own pages (its files by name, English first), which its search index keeps.
  const pages: [string, string, (study: StudyData, lang: Lang) => Promise<PageFragments>][] = [
    ["/headroom", "headroom.md", headroomFragments],
    ["/", "index.md", homeFragments],
    ["/notes", "notes.md", notesFragments],
    ["/quality", "quality.md", qualityFragments],
    ["/setup", "setup.md", setupFragments],
    ["/summary", "summary.md", summaryFragments],
    ["/tune", "tune.md", tuneFragments],
    ["/runs/", "runs/index.md", runsFragments]
  ];
  for (const lang of ["en", "tr"] as const)
    for (const [path, source, make] of pages) {
      // Drawn from the whole study, which a memo would hash for every page: these are drawn every time. A page whose
      // data names its title hands it over as the fragment "title".
      const info: PageInfo = {source: `${languagePrefix(lang)}${source}`, title: null, input: null};
      // The search's page is drawn for every study, and listed once tps-report tune has written tune.json.
      if (path === "/tune" && !study.plan.tune) info.listed = false;
      await emit(languagePath(lang, path), info, async () => {
        const {title, ...fragments} = await make(study, lang);
        if (title && "text" in title) info.title = title.text;
        return fragments;
      });
    }
  const steps = [...stepPages(study.report, study.rows)];
  for (const lang of ["en", "tr"] as const)
    for (const [index, step] of steps.entries()) {
      const title = `${index + 1}. ${step.step.title[lang]}`;
      const source = `${languagePrefix(lang)}steps/[step].md`;
      const info = {source, title, name: step.step.title[lang], input: step};
      await emit(languagePath(lang, `/steps/${step.step.id}`), info, () => stepFragments(step, lang));
    }
  if (layout.sets === 0) {
    for (const run of runs) {
      const detail = await runDetail(dir, run, study.plan);
      for (const lang of ["en", "tr"] as const) {
        const info = {
          source: `${languagePrefix(lang)}runs/[run].md`,
          title: runTitle(detail, lang),
          input: detail
        };
        await emit(languagePath(lang, `/runs/${run}`), info, () => runFragments(detail, lang, "../"));
      }
    }
    return;
  }
  const entries = runSetEntries(study.plan, study.rows, layout);
  for (const [set, members] of entries.entries()) {
    if (!members.length) continue;
    const input = {set, sets: layout.sets, runs: members};
    for (const lang of ["en", "tr"] as const) {
      const info = {
        source: `${languagePrefix(lang)}runs/set/[set].md`,
        title: runSetTitle(set, layout.sets, lang),
        input
      };
      await emit(languagePath(lang, `/runs/set/${set}`), info, () => setFragments(input, lang));
    }
  }
  if (options.runs === "none") return;
  const members = layout.members.flat();
  await runPageFragments(
    dir,
    study.plan,
    layout,
    options.runs === "first" ? members.slice(0, 1) : members,
    hand,
    drawn
  );
}

/** Each run's own page in a study of run sets, drawn from its folder, which is read only when the page is drawn: a
 * process of its own draws them beside the rest of the site (src/render/main.ts). */
export async function runPageFragments(
  dir: string,
  plan: StudyPlan,
  layout: RunPageLayout,
  runs: readonly string[],
  page: (path: string, fragments: Drawn, info: PageInfo) => unknown,
  drawn: PageDrawer = draw
): Promise<void> {
  runSets.declareRunSets(layout.sets);
  const version = createHash("sha256")
    .update(JSON.stringify([plan, layout.sets]))
    .digest("hex");
  for (const run of runs) {
    let detail: Promise<RunDetail> | null = null;
    for (const lang of ["en", "tr"] as const) {
      const info: PageInfo = {
        source: `${languagePrefix(lang)}runs/detail/[run].md`,
        title: null,
        heading: "plain",
        input: `${version}\0${run}\0${runFolderState(join(dir, "runs", run))}`
      };
      const path = languagePath(lang, `/runs/detail/${run}`);
      const fragments = await drawn(path, info, () =>
        fresh(async () => {
          const read = await (detail ??= runDetail(dir, run, plan));
          info.title = runTitle(read, lang);
          return runFragments(read, lang, "../../");
        })
      );
      await page(path, fragments, info);
    }
  }
}
