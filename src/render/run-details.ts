// Above the per-run page limit, each run's own page (its commands, figures with their log lines, raw log) is written
// outside Framework: thousands of runs through Framework's page pipeline (JSDOM, twice a page) took most of a
// 17,000-run build. The runs' views are drawn into a staging folder (while Framework builds, by tools/build.ts), then
// put into the shell of their set's built page (run-details-wrap.ts), so a run's page keeps the site's head, header
// and footer.
import "./dom.js";
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {runDetail, type RunDetail} from "../../loaders/runs/run-detail.js";
import {loadStudyPlanCached} from "../../loaders/study/plan-cache.js";
import {runFolderState} from "../../loaders/runs/run-record-cache.js";
import type {Lang} from "../components/i18n.js";
import {runHeading} from "../components/runSetView.js";
import * as runSets from "../components/runSets.js";
import {runView} from "../components/runView.js";
import {chartsDrawn, startPage} from "../components/vegaChart.js";
import {runDetailsLayout} from "./run-details-layout.js";
import {DRAWN, wrapRunDetails} from "./run-details-wrap.js";
import {codeVersion} from "./code-version.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {toHtml} from "./dom.js";
import {pageContext} from "./page-context.js";
import type {PageFragments} from "./fragment.js";

const LANGS: Lang[] = ["en", "tr"];

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
  startPage();
  const heading = runHeading(detail, context);
  const view = runView(detail, context);
  await chartsDrawn();
  return {
    title: (heading.textContent ?? detail.row.run).replace(/\s+/g, " "),
    heading: toHtml(heading),
    view: toHtml(view)
  };
}

/** Kept beside the drawn bodies of an incremental build: what each run's body was drawn from. */
const KEYS = "keys.json";

/**
 * Draws every run's page body into staging/<lang>/<run>.html: its title on the first line, then its HTML. With
 * `keep`, staging holds the bodies of an earlier drawing and a run is drawn again only when its folder, the plan,
 * the set count or the code changed.
 */
export async function drawRunDetails(dir: string, staging: string, keep = false): Promise<number> {
  const layout = runDetailsLayout(dir);
  if (layout.sets === 0) return 0;
  declareRunSets(layout.sets);
  for (const lang of LANGS) mkdirSync(join(staging, lang), {recursive: true});
  const plan = loadStudyPlanCached(dir);
  const keysFile = join(staging, KEYS);
  const earlier: Record<string, string> =
    keep && existsSync(keysFile) ? JSON.parse(readFileSync(keysFile, "utf8")) : {};
  // Taken away while bodies change: a drawing cut short leaves none, so the next draws every run again.
  rmSync(keysFile, {force: true});
  const base = keep
    ? createHash("sha256")
        .update(JSON.stringify([codeVersion(), plan, layout.sets]))
        .digest("hex")
    : "";
  const keys: Record<string, string> = {};
  const runs = layout.members.flat();
  const present = new Set(runs.map((run) => `${run}.html`));
  for (const lang of LANGS)
    for (const name of readdirSync(join(staging, lang))) if (!present.has(name)) rmSync(join(staging, lang, name));
  const redrawn: string[] = [];
  let drawn = 0;
  for (const run of runs) {
    if (keep) {
      keys[run] = createHash("sha256")
        .update(`${base}\0${run}\0`)
        .update(runFolderState(join(dir, "runs", run)))
        .digest("hex");
      if (earlier[run] === keys[run] && LANGS.every((lang) => existsSync(join(staging, lang, `${run}.html`)))) continue;
    }
    redrawn.push(run);
    const detail = await runDetail(dir, run, plan);
    for (const lang of LANGS) {
      const {title, heading, view} = await runPageBody(detail, lang);
      writeFileSync(join(staging, lang, `${run}.html`), `${title}\n${heading}${view}`);
      drawn++;
    }
  }
  writeFileAtomic(join(staging, DRAWN), JSON.stringify(redrawn));
  if (keep) writeFileAtomic(keysFile, JSON.stringify(keys));
  return drawn;
}

/** One run's page as `npm run dev` serves it (src/runs/detail/[run].md): its view, the page's {{run}}. */
export async function drawRunPage(dir: string, run: string, lang: Lang): Promise<PageFragments> {
  declareRunSets(runDetailsLayout(dir).sets);
  const {view} = await runPageBody(await runDetail(dir, run, loadStudyPlanCached(dir)), lang);
  return {run: {html: view}};
}

/** Draws and writes every run's page after a build (0 when every run has a Framework page of its own). */
export async function writeRunDetails(dir: string, output: string): Promise<number> {
  const layout = runDetailsLayout(dir);
  if (layout.sets === 0) return 0;
  const staging = mkdtempSync(join(tmpdir(), "tps-report-run-pages-"));
  try {
    await drawRunDetails(dir, staging);
    return wrapRunDetails(staging, output, layout).written;
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}
