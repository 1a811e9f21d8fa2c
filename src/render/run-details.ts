// Above the per-run page limit, each run's own page (its commands, figures with their log lines, raw log) is written
// after Framework's build, into the shell of its set's built page: thousands of runs through Framework's page
// pipeline (JSDOM, twice a page) took most of a 17,000-run build.
import "./dom.js";
import {mkdirSync, readFileSync, renameSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {escapeHtml} from "../../loaders/pages/language-switch.js";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import {loadStudyPlanCached} from "../../loaders/study/plan-cache.js";
import type {Lang} from "../components/i18n.js";
import {runDetailHref} from "../components/links.js";
import {runHeading} from "../components/runSetView.js";
import * as runSets from "../components/runSets.js";
import {runView} from "../components/runView.js";
import {chartsDrawn} from "../components/vegaChart.js";
import {toHtml} from "./dom.js";
import {pageContext} from "./page-fragments.js";

const LANGS: Lang[] = ["en", "tr"];

/** A built set page cut around its <main>, so a run's page keeps the site's head, sidebar, header and footer. */
interface Shell {
  before: string;
  after: string;
  title: RegExp;
}

function shellOf(file: string): Shell {
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
  return {before: page.slice(0, start), after: page.slice(end), title: /<title>[^<]*<\/title>/};
}

function languageSwitchTo(before: string, href: string): string {
  return before.replace(/(<nav class="language-switch"[^>]*><a href=")[^"]*"/, `$1${escapeHtml(href)}"`);
}

/** Writes runs/detail/<run>.html and tr/runs/detail/<run>.html for every run of an archive laid out in sets; returns
 * how many pages it wrote (0 when every run has a Framework page of its own). */
export async function writeRunDetails(dir: string, output: string): Promise<number> {
  const runs = listRunDirs(join(dir, "runs"));
  const layout = runPageLayout(runs, runSets);
  if (layout.sets === 0) return 0;
  // Links from a run's page to other runs find their set as built pages do (runHref reads this).
  const meta = document.createElement("meta");
  meta.setAttribute("name", runSets.RUN_SETS_META);
  meta.setAttribute("content", String(layout.sets));
  document.head.append(meta);
  const first = layout.members.findIndex((members) => members.length > 0);
  const shells = new Map(
    LANGS.map((lang) => [lang, shellOf(join(output, lang === "tr" ? "tr" : "", "runs/set", `${first}.html`))])
  );
  for (const lang of LANGS) mkdirSync(join(output, lang === "tr" ? "tr" : "", "runs/detail"), {recursive: true});
  const plan = loadStudyPlanCached(dir);
  let written = 0;
  for (const run of runs) {
    const detail = await runDetail(dir, run, plan);
    for (const lang of LANGS) {
      const context = pageContext(lang, "../../");
      const shell = shells.get(lang)!;
      const heading = runHeading(detail, context);
      const other: Lang = lang === "tr" ? "en" : "tr";
      const before = languageSwitchTo(shell.before, runDetailHref(run, {lang: other, root: context.root})).replace(
        shell.title,
        `<title>${escapeHtml(heading.textContent ?? run)} | tps-report</title>`
      );
      const view = runView(detail, context);
      await chartsDrawn();
      const file = join(output, lang === "tr" ? "tr" : "", "runs/detail", `${run}.html`);
      writeFileSync(`${file}.tmp`, before + toHtml(heading) + toHtml(view) + shell.after);
      renameSync(`${file}.tmp`, file);
      written++;
    }
  }
  return written;
}
