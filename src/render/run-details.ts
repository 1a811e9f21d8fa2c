// Above the per-run page limit, each run's own page (its commands, figures with their log lines, raw log) is written
// outside Framework: thousands of runs through Framework's page pipeline (JSDOM, twice a page) took most of a
// 17,000-run build. The runs' views are drawn into a staging folder (while Framework builds, by tools/build.ts), then
// put into the shell of their set's built page, so a run's page keeps the site's head, sidebar, header and footer.
import "./dom.js";
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import type {RunPageLayout} from "../../loaders/pages/run-pages.js";
import {runDetail, type RunDetail} from "../../loaders/runs/run-detail.js";
import {loadStudyPlanCached} from "../../loaders/study/plan-cache.js";
import type {Lang} from "../components/i18n.js";
import {runDetailHref} from "../components/links.js";
import {runHeading} from "../components/runSetView.js";
import * as runSets from "../components/runSets.js";
import {runView} from "../components/runView.js";
import {chartsDrawn} from "../components/vegaChart.js";
import {runDetailsLayout} from "./run-details-layout.js";
import {toHtml} from "./dom.js";
import {pageContext} from "./page-fragments.js";
import type {PageFragments} from "./fragment.js";

const LANGS: Lang[] = ["en", "tr"];
const prefix = (lang: Lang) => (lang === "tr" ? "tr" : "");

/** Links from a run's page to other runs find their set as built pages do (runHref reads this). */
function declareRunSets(sets: number): void {
  const meta = document.createElement("meta");
  meta.setAttribute("name", runSets.RUN_SETS_META);
  meta.setAttribute("content", String(sets));
  document.head.append(meta);
}

/** A run's page body in one language: its title, its heading and its view, drawn. */
async function runPageBody(detail: RunDetail, lang: Lang): Promise<{title: string; heading: string; view: string}> {
  const context = pageContext(lang, "../../");
  const heading = runHeading(detail, context);
  const view = runView(detail, context);
  await chartsDrawn();
  return {
    title: (heading.textContent ?? detail.row.run).replace(/\s+/g, " "),
    heading: toHtml(heading),
    view: toHtml(view)
  };
}

/** Draws every run's page body into staging/<lang>/<run>.html: its title on the first line, then its HTML. */
export async function drawRunDetails(dir: string, staging: string): Promise<number> {
  const layout = runDetailsLayout(dir);
  if (layout.sets === 0) return 0;
  declareRunSets(layout.sets);
  for (const lang of LANGS) mkdirSync(join(staging, lang), {recursive: true});
  const plan = loadStudyPlanCached(dir);
  let drawn = 0;
  for (const run of layout.members.flat()) {
    const detail = await runDetail(dir, run, plan);
    for (const lang of LANGS) {
      const {title, heading, view} = await runPageBody(detail, lang);
      writeFileSync(join(staging, lang, `${run}.html`), `${title}\n${heading}${view}`);
      drawn++;
    }
  }
  return drawn;
}

/** One run's page as `npm run dev` serves it (src/runs/detail/[run].md): its view, the page's {{run}}. */
export async function drawRunPage(dir: string, run: string, lang: Lang): Promise<PageFragments> {
  declareRunSets(runDetailsLayout(dir).sets);
  const {view} = await runPageBody(await runDetail(dir, run, loadStudyPlanCached(dir)), lang);
  return {run: {html: view}};
}

/** A built set page cut around its <main>. */
function shellOf(file: string): {before: string; after: string} {
  let page: string;
  try {
    page = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `${file}: the built set page a run's page is written into is missing (${(error as Error).message})`
    );
  }
  const open = page.indexOf("<main");
  const start = page.indexOf(">", open) + 1;
  const end = page.indexOf("</main>");
  if (open < 0 || end < start) throw new Error(`${file}: no <main> element to write a run's page into`);
  return {before: withoutSidebar(page.slice(0, start)), after: page.slice(end)};
}

/** The shell without Framework's sidebar (its toggle, its list of every page, and the script that restores it): at
 * 17,000 runs the list was 83 % of each run's page and 2.3 GB of the site. Framework draws a page without a sidebar
 * the same way. Left as it is when the shell is not laid out as expected. */
export function withoutSidebar(shell: string): string {
  const from = shell.indexOf('<input id="observablehq-sidebar-toggle"');
  const nav = shell.indexOf('<nav id="observablehq-sidebar"');
  const navEnd = shell.indexOf("</nav>", nav);
  const script = shell.indexOf("<script>", navEnd);
  const scriptEnd = shell.indexOf("</script>", script);
  if (from < 0 || nav < from || navEnd < 0 || script < 0 || scriptEnd < 0) return shell;
  const between = shell.slice(navEnd + "</nav>".length, script);
  if (between.trim() !== "" || !shell.slice(script, scriptEnd).includes("#observablehq-sidebar")) return shell;
  return shell.slice(0, from) + shell.slice(scriptEnd + "</script>".length);
}

/** Puts each drawn run page into its set page's shell: output/runs/detail/<run>.html and tr/runs/detail/<run>.html. */
export function wrapRunDetails(staging: string, output: string, layout: RunPageLayout): number {
  const first = layout.members.findIndex((members) => members.length > 0);
  let written = 0;
  for (const lang of LANGS) {
    const shell = shellOf(join(output, prefix(lang), "runs/set", `${first}.html`));
    const other: Lang = lang === "tr" ? "en" : "tr";
    const root = pageContext(lang, "../../").root;
    const folder = join(output, prefix(lang), "runs/detail");
    mkdirSync(folder, {recursive: true});
    for (const name of readdirSync(join(staging, lang))) {
      const run = name.slice(0, -".html".length);
      const drawn = readFileSync(join(staging, lang, name), "utf8");
      const cut = drawn.indexOf("\n");
      const before = shell.before
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(drawn.slice(0, cut))} | tps-report</title>`)
        .replace(
          /(<nav class="language-switch"[^>]*><a href=")[^"]*"/,
          `$1${escapeHtml(runDetailHref(run, {lang: other, root}))}"`
        );
      const file = join(folder, name);
      writeFileSync(`${file}.tmp`, before + drawn.slice(cut + 1) + shell.after);
      renameSync(`${file}.tmp`, file);
      written++;
    }
  }
  return written;
}

/** Draws and writes every run's page after a build (0 when every run has a Framework page of its own). */
export async function writeRunDetails(dir: string, output: string): Promise<number> {
  const layout = runDetailsLayout(dir);
  if (layout.sets === 0) return 0;
  const staging = mkdtempSync(join(tmpdir(), "tps-report-run-pages-"));
  try {
    await drawRunDetails(dir, staging);
    return wrapRunDetails(staging, output, layout);
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}
