// `npm run build:site`: every study under data/studies (or those TPS_REPORT_STUDIES names) built into one site: each
// study by Framework under studies/<folder>/, then the index, the declared comparisons and the trends above them.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, renameSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {loadStudy} from "../loaders/analysis/report.js";
import {PlanError} from "../loaders/study/plan.js";
import {writeFileAtomic} from "../loaders/files/write-atomic.js";
import {writeRunDetails} from "../src/render/run-details.js";
import {SPLICE_ENV, spliceBuiltPages} from "../src/render/fragment-splice.js";
import {pinFileDates} from "./pin-dates.js";
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
} from "../loaders/pages/site.js";
import {comparisonHtml, indexHtml, notFoundHtml, trendHtml} from "../loaders/pages/site-html.js";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CACHE = join(REPO, "src", ".observablehq", "cache");

export interface SiteBuildOptions {
  studies: string[];
  output: string;
  /** Where the site is served from (TPS_REPORT_BASE), for the 404 pages. */
  base?: string;
  siteFile?: string;
  log?: (line: string) => void;
  /** Seconds: each study's loader outputs are dated so and its pages drawn again from them (build:reproducible). */
  epoch?: number;
}

export interface SiteBuildResult {
  studies: string[];
  comparisons: string[];
  trends: string[];
  /** Seconds each study's Framework build took, by study id. */
  seconds: Record<string, number>;
}

function observableBuild(env: Record<string, string>): Promise<{code: number | null; log: string}> {
  return new Promise((resolveBuild, reject) => {
    let log = "";
    const child = spawn(process.execPath, [join(REPO, "node_modules", ".bin", "observable"), "build"], {
      cwd: REPO,
      env: {...process.env, OBSERVABLE_TELEMETRY_DISABLE: "true", ...env},
      stdio: ["ignore", "pipe", "pipe"]
    });
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolveBuild({code, log}));
  });
}

/** Builds the site into a sibling folder and swaps it in at the end: a failed build leaves the old site whole. */
export async function buildStudiesSite(options: SiteBuildOptions): Promise<SiteBuildResult> {
  const base = options.base ?? "/";
  const log = options.log ?? (() => {});
  const output = resolve(options.output);
  const staging = `${output}.partial-${process.pid}`;
  rmSync(staging, {recursive: true, force: true});
  const studies: SiteStudy[] = [];
  const seconds: Record<string, number> = {};
  try {
    for (const dir of options.studies) {
      const id = siteStudyId(dir);
      studies.push({id, dir, data: await loadStudy(dir)});
    }
    const ids = studies.map((s) => s.id);
    const declared = declaredComparisons(studies, options.siteFile ?? SITE_FILE);
    for (const study of studies) {
      const started = performance.now();
      // Framework's loader cache is not keyed by study: each study starts from an empty one.
      rmSync(CACHE, {recursive: true, force: true});
      const into = join(staging, "studies", study.id);
      const build = async () => {
        // Framework clears only an output inside the working directory; a second build must not find the first's.
        rmSync(into, {recursive: true, force: true});
        // The large drawn blocks go in after Framework's build, as tools/build.ts puts them (fragment-splice.ts).
        const drawn = mkdtempSync(join(tmpdir(), "tps-report-pages-"));
        try {
          const {code, log: text} = await observableBuild({
            TPS_REPORT_STUDY: resolve(study.dir),
            TPS_REPORT_OUTPUT: into,
            TPS_REPORT_BASE: `${base}studies/${study.id}/`,
            TPS_REPORT_SITE_INDEX: "1",
            [SPLICE_ENV]: join(drawn, "pages.jsonl")
          });
          if (code !== 0 || !existsSync(join(into, "index.html")))
            throw new SiteError(`${study.dir}: observable build failed (exit ${code}): ${lastLine(text)}`);
          spliceBuiltPages(join(drawn, "pages.jsonl"), into);
        } finally {
          rmSync(drawn, {recursive: true, force: true});
        }
      };
      await build();
      if (options.epoch != null) {
        // Framework embeds each loader output's date: dated alike, the pages drawn again from them are the same bytes.
        pinFileDates(CACHE, options.epoch);
        await build();
      }
      await writeRunDetails(resolve(study.dir), into);
      seconds[study.id] = (performance.now() - started) / 1000;
      log(`built ${study.dir} into studies/${study.id}/ in ${seconds[study.id].toFixed(1)} s`);
    }
    rmSync(CACHE, {recursive: true, force: true});
    const byId = new Map(studies.map((s) => [s.id, s]));
    const comparisons = declared.map((c) => comparisonPage(byId.get(c.base)!, byId.get(c.new)!, c.threshold));
    const trends = trendPages(studies);
    const rows = studies.map(studyIndexRow);
    const write = (path: string, html: string) => {
      mkdirSync(dirname(join(staging, path)), {recursive: true});
      writeFileAtomic(join(staging, path), html);
    };
    write("index.html", indexHtml("en", rows, comparisons, trends));
    write("tr/index.html", indexHtml("tr", rows, comparisons, trends));
    for (const c of comparisons) {
      write(`compare/${c.id}.html`, comparisonHtml("en", c));
      write(`tr/compare/${c.id}.html`, comparisonHtml("tr", c));
    }
    for (const t of trends) {
      write(`trend/${t.id}.html`, trendHtml("en", t));
      write(`tr/trend/${t.id}.html`, trendHtml("tr", t));
    }
    write("404.html", notFoundHtml(base));
    const old = `${output}.old-${process.pid}`;
    if (existsSync(output)) renameSync(output, old);
    renameSync(staging, output);
    rmSync(old, {recursive: true, force: true});
    return {studies: ids, comparisons: comparisons.map((c) => c.id), trends: trends.map((t) => t.id), seconds};
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}

function lastLine(text: string): string {
  const lines = text.trim().split("\n");
  return lines.find((l) => /error/i.test(l)) ?? lines.at(-1) ?? "";
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
    process.stderr.write(
      `${name}: ${result.studies.length} studies, ${result.comparisons.length} comparisons, ${result.trends.length} trends in ${output}/\n`
    );
    return 0;
  } catch (error) {
    if (!(error instanceof SiteError || error instanceof PlanError)) throw error;
    process.stderr.write(`${name}: ${error.message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let studies: string[];
  try {
    studies = siteStudyDirs();
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    process.stderr.write(`build:site: ${error.message}\n`);
    process.exit(1);
  }
  process.exit(await buildSiteFromEnv(studies, "build:site"));
}
