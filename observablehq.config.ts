// Observable Framework configuration: the sidebar and the [step]/[run] routes come from the study plan and its runs folder.
import {createHash} from "node:crypto";
import {existsSync} from "node:fs";
import {join, resolve} from "node:path";
import {liveModeRequested} from "./loaders/live/mode.js";
import {loadStudyPlan} from "./loaders/study/plan.js";
import {keptPlan} from "./loaders/study/plan-kept.js";
import {studyDir} from "./loaders/study/study-dir.js";
import {runPageLayout, runSetTitle} from "./loaders/pages/run-pages.js";
import {escapeHtml, languageSwitch, studiesIndexLink} from "./loaders/pages/language-switch.js";
import {pageSourceExists} from "./loaders/pages/page-source.js";
import {listRunDirs, readRunMeta, RunMetaError} from "./loaders/runs/read-runs.js";
import * as runSets from "./src/components/runSets.js";
import {renderFragments, staticFragments, type MarkdownIt} from "./src/render/static-fragments.js";
import {darkChartCss} from "./src/components/chartTheme.js";
import {guardBuildWrites} from "./loaders/files/build-error.js";
import {DOWNLOADS_DIR, DOWNLOADS_ENV, markDownloadsPending} from "./loaders/export/downloads-env.js";
import {RENDERER_STARTED_ENV} from "./src/render/renderer-start.js";
import {emptyMarkersWhenWriting, SPLICE_ENV} from "./src/render/fragment-splice.js";
import {isSetPage, SET_PAGE_LINK, STAMP_ENV} from "./src/render/set-pages.js";
import {codeVersion} from "./src/render/code-version.js";
import {PAGE_MEMO_ENV, planKeeping} from "./src/render/page-memo.js";
import {installPageReuse, REUSE_ENV, REUSE_OUTPUT_ENV} from "./src/render/page-reuse.js";
import {ensureNpmCache} from "./tools/npm-cache/fill.js";

interface PageLink {
  name: string;
  path: string;
}

const output = process.env.TPS_REPORT_OUTPUT ?? "dist";
// A build writes its output and Framework's cache: a folder that cannot take files is named before any page is drawn.
if (process.argv[2] === "build")
  guardBuildWrites([
    {
      dir: output,
      what: "the output folder",
      fix: "point TPS_REPORT_OUTPUT at a folder this user can write, then build again"
    },
    {
      dir: join("src", ".observablehq", "cache"),
      what: "Framework's cache folder",
      fix: "build from a writable copy of tps-report"
    }
  ]);

// Notebook pages' `npm:` imports and built-ins (Plot, Inputs, d3, aq, .csv(), …) are served from node_modules, bundled
// once per package-lock.json, never fetched from a CDN (tools/npm-cache/fill.ts).
await ensureNpmCache(process.cwd(), "src");

const study = studyDir();
// Every page's tables and charts, drawn once per build (or dev reload) so the pages need no script to show them. In a
// build the renderer also makes the downloads, which the data loaders (inheriting this environment) hand on; in dev a
// loader makes its own, so an edit never races the renderer.
if (process.argv[2] === "build" && !process.env[RENDERER_STARTED_ENV]) {
  process.env[DOWNLOADS_ENV] = resolve(DOWNLOADS_DIR);
  markDownloadsPending(process.env[DOWNLOADS_ENV]);
}
// Live mode runs the missing runs first, so the pages include them; else the renderer starts at once, as reading the
// plan and listing the runs here take a second at 1000× the seed.
const live = liveModeRequested();
const early = live ? null : renderFragments(process.cwd());
const memo = process.env[PAGE_MEMO_ENV];
// An incremental build or dev keeps the parsed plan beside the renderer's memo (page-memo.ts).
const plan = memo ? keptPlan(study, planKeeping(memo, codeVersion())) : loadStudyPlan(study);
if (live) await (await import("./loaders/live/ensure.js")).ensureLiveRuns(study);
const fragments = early ?? renderFragments(process.cwd());
const runIds = listRunDirs(join(study, "runs"));
// Above the per-run page limit, runs are shown by set pages: the build then grows with sets, not with runs.
const runPages = runPageLayout(runIds, runSets);
const runIdSet = new Set(runIds);
// An incremental build takes the pages whose fragments and title are unchanged from its last output (page-reuse.ts).
const reuse = process.argv[2] === "build" ? process.env[REUSE_ENV] : undefined;
if (reuse) {
  // The first page of each template is always built, so that Framework writes every file the kept pages refer to;
  // so is the 404 page, which has nothing drawn.
  const first = new Set<string>(["/404"]);
  const both = (path: string) => first.add(path).add(`/tr${path}`);
  if (plan.steps.length) both(`/steps/${plan.steps[0].id}`);
  if (runPages.sets === 0 && runIds.length) both(`/runs/${runIds[0]}`);
  const firstSet = runPages.members.findIndex((members) => members.length > 0);
  if (firstSet >= 0) both(`/runs/set/${firstSet}`);
  installPageReuse({
    dir: reuse,
    output: process.env[REUSE_OUTPUT_ENV]!,
    global: createHash("sha256")
      .update(JSON.stringify([codeVersion(), plan, runPages.sets, process.env.TPS_REPORT_BASE ?? "/"]))
      .update(String(process.env.TPS_REPORT_SITE_INDEX ?? ""))
      .digest("hex"),
    pages: fragments,
    title: pageTitle,
    always: (path) => first.has(path)
  });
}
// tools/build.ts puts the large drawn blocks in after Framework's build (Framework's time follows the HTML it parses),
// and writes all set pages but the first from the first's, every fragment of which is then a marker.
const splice = process.argv[2] === "build" && !!process.env[SPLICE_ENV];
const stamped = splice && !!process.env[STAMP_ENV];
if (splice) emptyMarkersWhenWriting();

// Titles of the parameterized pages, known at build time so they reach <title>, the sidebar search and the h1.
function pageTitle(path: string): string | null {
  const set = /^(\/tr)?\/runs\/set\/(\d+)$/.exec(path);
  if (set) return runSetTitle(Number(set[2]), runPages.sets, set[1] ? "tr" : "en");
  const match = /^(\/tr)?\/(steps|runs|runs\/detail)\/([^/]+)$/.exec(path);
  if (!match) return null;
  const lang = match[1] ? "tr" : "en";
  const [, , kind, id] = match;
  if (kind === "steps") {
    const index = plan.steps.findIndex((step) => step.id === id);
    return index < 0 ? null : `${index + 1}. ${plan.steps[index].title[lang]}`;
  }
  if (!runIdSet.has(id)) return null;
  let run: {step: string; candidate: string; scenario: string};
  try {
    run = readRunMeta(join(study, "runs", id, "run.json"), plan);
  } catch (error) {
    // A broken run's page shows it as broken, under its id.
    if (error instanceof RunMetaError) return id;
    throw error;
  }
  const label = plan.steps.find((s) => s.id === run.step)?.candidates.find((c) => c.id === run.candidate)?.label;
  const scenario = plan.scenarios.find((s) => s.id === run.scenario)?.name[lang] ?? run.scenario;
  return `${label ?? run.candidate} — ${scenario}`;
}

// A markdown-it rule: "{{title}}" in a parameterized page's text becomes that page's title.
function parameterizedTitles(md: MarkdownIt): MarkdownIt {
  md.core.ruler.push("parameterized-titles", (state) => {
    const title = state.env.path ? pageTitle(state.env.path) : null;
    if (title == null) return;
    for (const token of state.tokens) {
      if (token.type !== "inline" || !token.content.includes("{{title}}")) continue;
      token.content = token.content.replaceAll("{{title}}", title);
      for (const child of token.children ?? []) child.content = child.content.replaceAll("{{title}}", title);
    }
  });
  return md;
}

// One page list per language; the Turkish one lives in its own section with its own pager.
function pageLinks(lang: "en" | "tr"): PageLink[] {
  const prefix = lang === "tr" ? "/tr" : "";
  const names = {
    setup: {en: "Goal and setup", tr: "Amaç ve kurulum"},
    summary: {en: "Summary of optimization options", tr: "Optimizasyon seçeneklerinin özeti"},
    tune: {en: "Search", tr: "Arama"},
    notes: {en: "Notes and caveats", tr: "Notlar ve uyarılar"},
    quality: {en: "Data quality and claims", tr: "Veri kalitesi ve iddialar"},
    headroom: {en: "Headroom", tr: "İyileştirme payı"},
    runs: {en: "All runs", tr: "Tüm koşular"}
  };
  const links: PageLink[] = [{name: names.setup[lang], path: `${prefix}/setup`}];
  for (const step of plan.steps) links.push({name: step.title[lang], path: `${prefix}/steps/${step.id}`});
  links.push({name: names.summary[lang], path: `${prefix}/summary`});
  // The search's page, once tps-report tune has written tune.json (the page itself is built for every study).
  if (plan.tune) links.push({name: names.tune[lang], path: `${prefix}/tune`});
  links.push({name: names.notes[lang], path: `${prefix}/notes`});
  links.push({name: names.quality[lang], path: `${prefix}/quality`});
  // Slot for the headroom page: listed once the page exists.
  if (existsSync(`src${prefix}/headroom.md`)) links.push({name: names.headroom[lang], path: `${prefix}/headroom`});
  links.push({name: names.runs[lang], path: `${prefix}/runs/`});
  return links;
}

export default {
  root: "src",
  title: "tps-report",
  // Only the 404 page uses base; every other link is relative, so the site works under any sub-path.
  base: process.env.TPS_REPORT_BASE ?? "/",
  output,
  pages: [
    ...pageLinks("en"),
    {name: "Türkçe", path: "/tr/", collapsible: true, open: false, pager: "tr", pages: pageLinks("tr")}
  ],
  // An empty icon: the browser asks for no favicon, so pages load without a 404.
  head: `<link rel="icon" href="data:,"><meta name="${runSets.RUN_SETS_META}" content="${runPages.sets}"><style>${darkChartCss()}</style>`,
  // Built into a site of many studies (npm run build:site), each page links up to the index of studies.
  header: (page: {path: string}) =>
    (process.env.TPS_REPORT_SITE_INDEX ? studiesIndexLink(page) : "") +
    languageSwitch(page, (path) => pageSourceExists("src", path)),
  // No build date: the same data builds the same site.
  footer: `tps-report — ${escapeHtml(plan.title.en)}`,
  globalStylesheets: [],
  style: "style.css",
  search: true,
  // TypeScript loaders through tsx's import hook in one process: the tsx command starts two processes per loader.
  interpreters: {".ts": [process.execPath, "--import", "tsx"]},
  markdownIt: (md: MarkdownIt) =>
    staticFragments(
      parameterizedTitles(md),
      fragments,
      splice ? {all: (path) => stamped && isSetPage(path), unbuilt: stamped ? SET_PAGE_LINK : null} : null
    ),
  // Wide tables and side-by-side charts need the page width more than a table of contents does.
  toc: false,
  async *dynamicPaths() {
    for (const step of plan.steps) {
      yield `/steps/${step.id}`;
      yield `/tr/steps/${step.id}`;
    }
    if (runPages.sets === 0) {
      for (const run of runIds) {
        yield `/runs/${run}`;
        yield `/tr/runs/${run}`;
      }
    }
    for (const [set, members] of runPages.members.entries()) {
      if (!members.length) continue;
      yield `/runs/set/${set}`;
      yield `/tr/runs/set/${set}`;
      // The other set pages are written from this one's (src/render/set-pages.ts).
      if (stamped) break;
    }
  }
};
