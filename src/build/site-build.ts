// `npm run build:site`: every study under data/studies (or those TPS_REPORT_STUDIES names) built into one site: each
// study by Framework under studies/<folder>/, then the index, the declared comparisons and the trends above them.
import {existsSync, mkdirSync, renameSync, rmSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {loadStudy} from "../../loaders/analysis/report.js";
import {sharedResults} from "../../loaders/analysis/shared-results.js";
import {namingBase} from "../../loaders/files/naming-base.js";
import {PlanError} from "../../loaders/study/plan.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {
  comparisonPage,
  declaredComparisons,
  SITE_FILE,
  SiteError,
  siteStudyDirs,
  siteStudyId,
  studyIndexRow,
  trendPages,
  type SiteStudy
} from "../../loaders/pages/site.js";
import {
  BuildError,
  buildDated,
  buildStudy,
  removedOnInterrupt,
  removeLeftovers,
  studyPath,
  type StudyBuild
} from "./build.js";
import {comparisonHtml, indexHtml, notFoundHtml, trendHtml} from "./site-html.js";
import {FrameworkContractError} from "./framework.js";

export interface SiteBuildOptions {
  studies: string[];
  output: string;
  /** Where the site is served from (TPS_REPORT_BASE), for the 404 pages. */
  base?: string;
  siteFile?: string;
  log?: (line: string) => void;
  /** Seconds: each study is built with its loader outputs dated so (build:reproducible). */
  epoch?: number;
}

export interface SiteBuildResult {
  studies: string[];
  comparisons: string[];
  trends: string[];
  /** Seconds each study's Framework build took, by study id. */
  seconds: Record<string, number>;
}

/** Builds the site into a sibling folder and swaps it in at the end: a failed build leaves the old site whole. Each
 * study is built as `npm run build` builds one (src/build/build.ts), under studies/<folder>/. */
export async function buildStudiesSite(options: SiteBuildOptions): Promise<SiteBuildResult> {
  const base = options.base ?? "/";
  const log = options.log ?? (() => {});
  const output = resolve(options.output);
  removeLeftovers(output, log);
  const staging = `${output}.partial-${process.pid}`;
  rmSync(staging, {recursive: true, force: true});
  const kept = removedOnInterrupt(staging);
  const studies: SiteStudy[] = [];
  const seconds: Record<string, number> = {};
  try {
    for (const dir of options.studies) {
      const id = siteStudyId(dir);
      studies.push({id, dir, data: await loadStudy(dir, namingBase(dir))});
    }
    const ids = studies.map((s) => s.id);
    const declared = declaredComparisons(studies, options.siteFile ?? SITE_FILE);
    for (const study of studies) {
      const started = performance.now();
      const build: StudyBuild = {
        study: studyPath(study.dir),
        output: join(staging, "studies", study.id),
        base: `${base}studies/${study.id}/`,
        siteIndex: true,
        log
      };
      try {
        await (options.epoch == null ? buildStudy(build) : buildDated(build, options.epoch));
      } catch (error) {
        if (!(error instanceof BuildError || error instanceof FrameworkContractError)) throw error;
        throw new SiteError(`${study.dir}: the study's build failed${error.message ? `: ${error.message}` : ""}`);
      }
      seconds[study.id] = (performance.now() - started) / 1000;
      log(`built ${study.dir} into studies/${study.id}/ in ${seconds[study.id].toFixed(1)} s`);
    }
    const byId = new Map(studies.map((s) => [s.id, s]));
    const comparisons = declared.map((c) => comparisonPage(byId.get(c.base)!, byId.get(c.new)!, c.threshold));
    const trends = trendPages(studies);
    const rows = studies.map(studyIndexRow);
    const shared = sharedResults(studies.map((s) => ({id: s.id, rows: s.data.rows})));
    const write = (path: string, html: string) => {
      mkdirSync(dirname(join(staging, path)), {recursive: true});
      writeFileAtomic(join(staging, path), html);
    };
    write("index.html", indexHtml("en", rows, comparisons, trends, shared));
    write("tr/index.html", indexHtml("tr", rows, comparisons, trends, shared));
    for (const c of comparisons) {
      write(`compare/${c.id}.html`, comparisonHtml("en", c));
      write(`tr/compare/${c.id}.html`, comparisonHtml("tr", c));
    }
    for (const t of trends) {
      write(`trend/${t.id}.html`, trendHtml("en", t));
      write(`tr/trend/${t.id}.html`, trendHtml("tr", t));
    }
    write("404.html", notFoundHtml(base));
    const old = `${output}.earlier-${process.pid}`;
    if (existsSync(output)) renameSync(output, old);
    renameSync(staging, output);
    rmSync(old, {recursive: true, force: true});
    return {studies: ids, comparisons: comparisons.map((c) => c.id), trends: trends.map((t) => t.id), seconds};
  } finally {
    kept();
    rmSync(staging, {recursive: true, force: true});
  }
}

/** Builds the named studies into one site where TPS_REPORT_OUTPUT (else dist) says; the exit status. */
export async function buildSiteFromEnv(studies: string[], name: string, epoch?: number): Promise<number> {
  try {
    const output = process.env.TPS_REPORT_OUTPUT ?? "dist";
    const result = await buildStudiesSite({
      studies,
      output,
      base: process.env.TPS_REPORT_BASE ?? "/",
      siteFile: process.env.TPS_REPORT_SITE ?? SITE_FILE,
      log: (line) => process.stderr.write(`${name}: ${line}\n`),
      epoch
    });
    const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
    process.stderr.write(
      `${name}: ${count(result.studies.length, "study", "studies")}, ${count(result.comparisons.length, "comparison", "comparisons")}, ${count(result.trends.length, "trend", "trends")} in ${output}/\n`
    );
    return 0;
  } catch (error) {
    if (!(error instanceof SiteError || error instanceof PlanError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    return 1;
  }
}

/** `npm run build:site`: every study under data/studies, or those TPS_REPORT_STUDIES names. */
export async function siteMain(): Promise<number> {
  let studies: string[];
  try {
    studies = siteStudyDirs();
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    process.stderr.write(`build:site: ${error.message}\n`);
    return 1;
  }
  return buildSiteFromEnv(studies, "build:site");
}
