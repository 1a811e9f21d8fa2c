// Build time of a site of N studies (`npm run build:site`): N small studies of one plan, each built by Framework under
// studies/<id>/, then the index, comparisons and trends. The fit seconds = a + b·N says whether it grows linearly.
import {mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {cpus, loadavg} from "node:os";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {writeRepeatStudy} from "../test/support/repeat-study.js";
import {buildStudiesSite} from "../src/build/site-build.js";
import {spliceSection} from "./report-markdown.js";

export const STUDIES_SECTION = "## Many studies, one site";

export interface StudiesBuildFigures {
  /** Per N: the whole build's seconds and each study's Framework build. */
  sizes: {studies: number; seconds: number; per_study: number[]}[];
  fit: {intercept_s: number; per_study_s: number; r2: number};
  machine: string;
  measured_at: string;
}

/** N dated studies of one plan (3 repeats, 2 % apart), so the site has a trend and every page kind. */
function writeStudies(root: string, n: number): string[] {
  rmSync(root, {recursive: true, force: true});
  const dirs: string[] = [];
  for (let i = 1; i <= n; i++) {
    const dir = join(root, `nightly-${String(i).padStart(3, "0")}`);
    writeRepeatStudy(dir, {base: [1000, 1020, 980], tuned: [1200, 1224, 1176]});
    for (const run of readdirSync(join(dir, "runs"))) {
      const file = join(dir, "runs", run, "run.json");
      const meta = JSON.parse(readFileSync(file, "utf8"));
      meta.started_at = new Date(Date.UTC(2026, 0, i, 2)).toISOString();
      writeFileSync(file, JSON.stringify(meta, null, 2) + "\n");
    }
    dirs.push(dir);
  }
  return dirs;
}

/** Least squares of seconds on N. */
export function linearFit(points: readonly {x: number; y: number}[]): {a: number; b: number; r2: number} {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const b = sxx ? sxy / sxx : 0;
  const a = my - b * mx;
  const ssTot = points.reduce((s, p) => s + (p.y - my) ** 2, 0);
  const ssRes = points.reduce((s, p) => s + (p.y - a - b * p.x) ** 2, 0);
  return {a, b, r2: ssTot ? 1 - ssRes / ssTot : 1};
}

export async function measureStudiesBuild(
  work: string,
  counts: readonly number[],
  log: (line: string) => void
): Promise<StudiesBuildFigures> {
  const sizes: StudiesBuildFigures["sizes"] = [];
  for (const n of counts) {
    const studies = writeStudies(join(work, `studies-${n}`), n);
    const output = join(work, `site-${n}`);
    const started = performance.now();
    const result = await buildStudiesSite({studies, output, siteFile: join(work, "no-site.yaml")});
    const seconds = (performance.now() - started) / 1000;
    sizes.push({studies: n, seconds, per_study: Object.values(result.seconds)});
    log(`${n} studies: ${seconds.toFixed(1)} s`);
    rmSync(output, {recursive: true, force: true});
  }
  const {a, b, r2} = linearFit(sizes.map((s) => ({x: s.studies, y: s.seconds})));
  return {
    sizes,
    fit: {intercept_s: a, per_study_s: b, r2},
    machine: `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load ${loadavg()[0].toFixed(1)} at the end`,
    measured_at: new Date().toISOString()
  };
}

export function renderStudiesSection(f: StudiesBuildFigures): string {
  const rows = f.sizes.map(
    (s) =>
      `| ${s.studies} | ${s.seconds.toFixed(1)} | ${(s.seconds / s.studies).toFixed(1)} | ${Math.min(...s.per_study).toFixed(1)}–${Math.max(...s.per_study).toFixed(1)} |`
  );
  return [
    STUDIES_SECTION,
    "",
    "`npm run build:site` over N studies of one small plan (2 points, 3 repeats each): each study is one Framework " +
      "build under `studies/<id>/`, one after another (they share Framework's loader cache), then the index, " +
      "comparison and trend pages.",
    "",
    "| studies | build s | s per study | one study's Framework build, s |",
    "| ---: | ---: | ---: | ---: |",
    ...rows,
    "",
    `Least-squares fit: ${f.fit.intercept_s.toFixed(1)} s + ${f.fit.per_study_s.toFixed(1)} s × N (R² ${f.fit.r2.toFixed(3)}). ` +
      `Measured ${f.measured_at.slice(0, 10)} on ${f.machine}.`,
    ""
  ].join("\n");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const {values} = parseArgs({
    options: {counts: {type: "string", default: "1,2,4"}, out: {type: "string"}, work: {type: "string"}}
  });
  const counts = values.counts!.split(",").map(Number);
  const work = resolve(values.work ?? ".bench/studies");
  mkdirSync(work, {recursive: true});
  const figures = await measureStudiesBuild(work, counts, (line) => console.error(`[bench] ${line}`));
  const section = renderStudiesSection(figures);
  if (values.out) spliceSection(values.out, section, "", STUDIES_SECTION);
  writeFileSync(join(work, "results.json"), JSON.stringify(figures, null, 2) + "\n");
  process.stdout.write(section);
}
