// `npm run build` (after `npm run clean`): one study at the root (TPS_REPORT_STUDY, else the seed), or with
// TPS_REPORT_STUDIES the site of the studies it names, as `npm run build:site` builds it. A study's build is
// Framework's, then the pages Framework is not given: in an archive laid out in run sets, each run's own page
// (src/render/run-details.ts), drawn by a second process while Framework builds. Arguments go to `observable build`.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {setPriority, tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {buildTarget, SiteError} from "../loaders/pages/build-target.js";
import {studyDir} from "../loaders/study/study-dir.js";
import {runDetailsLayout} from "../src/render/run-details-layout.js";
import {SPLICE_ENV, spliceBuiltPages} from "../src/render/fragment-splice.js";
import {STAMP_ENV, stampSetPages} from "../src/render/set-pages.js";
import {outputProblem, stagingFor, swapInto} from "./build-output.js";
import {
  forgetRecord,
  keepRecord,
  placeKeptPages,
  placeKeptSetPages,
  readRecord,
  ReuseError,
  reuseDirFor
} from "./build-reuse.js";
import {NEXT_GLOBAL, NEXT_PAGES, NEXT_SEARCH, REUSE_ENV, REUSE_OUTPUT_ENV} from "../src/render/page-reuse.js";
import {PAGE_MEMO_ENV} from "../src/render/page-memo.js";
import {RENDERER_STARTED_ENV, startRenderer} from "../src/render/renderer-start.js";
import {entryArgs} from "../src/render/renderer-bundle.js";
import {wrapRunDetailsAside, type Wrapped} from "../src/render/run-details-aside.js";
import {
  DOWNLOADS,
  DOWNLOADS_DIR,
  DOWNLOADS_ENV,
  LOADER_CACHE_DIR,
  LOADER_CACHE_ENV,
  markDownloadsPending
} from "../loaders/export/downloads-env.js";
import {liveModeRequested} from "../loaders/live/mode.js";

const root = resolve(import.meta.dirname, "..");
const memoDir = (reuse: string) => join(reuse, "memo");
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");
// The run pages are needed only after Framework's build: the page renderer, which Framework waits on, goes first, and
// the run pages take the core Framework's single-threaded tail (search index, writing pages) leaves free.
const RUN_PAGES_PRIORITY = 19;
const RUN_DETAILS = "src/render/draw-run-details.ts";

function run(
  args: string[],
  stdio: "inherit" | "pipe",
  env: NodeJS.ProcessEnv = process.env,
  priority = 0
): Promise<{code: number; stderr: string}> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, {cwd: root, env, stdio: ["ignore", "inherit", stdio]});
    if (priority && child.pid) setPriority(child.pid, priority);
    let stderr = "";
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => done({code: code ?? (signal ? 1 : 0), stderr}));
  });
}

/**
 * `observable build` in the repository root, and the run pages; the exit status of whichever failed. With `keep`
 * (tools/build-incremental.ts), what is unchanged since the last build of the same output is taken from it.
 */
export async function buildReport(args: readonly string[] = [], keep = false): Promise<number> {
  const output = resolve(root, process.env.TPS_REPORT_OUTPUT ?? "dist");
  const problem = outputProblem(output);
  if (problem) {
    process.stderr.write(`build: ${problem}\n`);
    return 1;
  }
  const built = stagingFor(output);
  const dir = resolve(root, studyDir());
  const layout = runDetailsLayout(dir);
  const reuse = keep ? reuseDirFor(output) : null;
  if (reuse) {
    mkdirSync(reuse, {recursive: true});
    for (const name of [NEXT_PAGES, NEXT_SEARCH, NEXT_GLOBAL]) rmSync(join(reuse, name), {force: true});
  } else forgetRecord(output);
  const record = reuse ? readRecord(reuse) : null;
  const previous = record && existsSync(join(output, "_observablehq")) ? output : null;
  // An incremental build keeps the drawn run bodies, so that only the runs that changed are drawn again.
  const staging = !layout.sets
    ? null
    : reuse
      ? join(reuse, "run-bodies")
      : mkdtempSync(join(tmpdir(), "tps-report-run-pages-"));
  // The renderer's pages are kept here, so that the large drawn blocks go into the pages after Framework's build.
  const drawnPages = mkdtempSync(join(tmpdir(), "tps-report-pages-"));
  const pagesFile = join(drawnPages, "pages.jsonl");
  let retry = "";
  const started = performance.now();
  let last = started;
  // TPS_REPORT_BUILD_TIMES=1: each part's seconds on stderr (BENCHMARKS.md's account of where the time goes).
  const phase = (name: string) => {
    const now = performance.now();
    if (process.env.TPS_REPORT_BUILD_TIMES)
      process.stderr.write(`build time: ${name} ${((now - last) / 1000).toFixed(2)} s\n`);
    last = now;
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TPS_REPORT_OUTPUT: built,
    [SPLICE_ENV]: pagesFile,
    [STAMP_ENV]: "1",
    ...(reuse ? {[REUSE_ENV]: reuse, [REUSE_OUTPUT_ENV]: output, [PAGE_MEMO_ENV]: memoDir(reuse)} : {})
  };
  // The renderer starts now, not when Framework has loaded its config; live mode runs the missing runs first (config).
  let renderer: ReturnType<typeof startRenderer> | null = null;
  let succeeded = false;
  let wrapping: Promise<Wrapped> | null = null;
  if (!liveModeRequested()) {
    env[DOWNLOADS_ENV] = resolve(root, DOWNLOADS_DIR);
    env[LOADER_CACHE_ENV] = resolve(root, LOADER_CACHE_DIR);
    markDownloadsPending(env[DOWNLOADS_ENV], env[LOADER_CACHE_ENV], DOWNLOADS);
    env[RENDERER_STARTED_ENV] = "1";
    renderer = startRenderer(root, pagesFile, env);
  }
  const runDetailsArgs = staging ? [dir, staging, ...(reuse ? ["--keep"] : [])] : [];
  try {
    const [build, drawn] = await Promise.all([
      run([framework, "build", ...args], "inherit", env),
      staging
        ? entryArgs(root, RUN_DETAILS).then((entry) =>
            run([...entry, ...runDetailsArgs], "pipe", process.env, RUN_PAGES_PRIORITY)
          )
        : Promise.resolve(null)
    ]);
    if (build.code !== 0) return build.code;
    phase("Framework and the run page drawing");
    if (staging && drawn && drawn.code !== 0) {
      process.stderr.write(`build: the run pages could not be drawn: ${drawn.stderr.trim().split("\n").at(-1)}\n`);
      return 1;
    }
    // The run pages go into their shells on the other core while this thread puts the drawn blocks in.
    wrapping =
      staging && drawn
        ? wrapRunDetailsAside(
            staging,
            built,
            layout,
            previous && record ? {output: previous, shells: record.shells} : null,
            !reuse
          )
        : Promise.resolve({written: 0, kept: 0, shells: {}});
    // Awaited below; until then a failure must not end the build unreported.
    wrapping.catch(() => {});
    const kept = reuse && previous ? placeKeptPages(reuse, previous, built, record) : [];
    phase("kept pages put in");
    const setPages = reuse ? placeKeptSetPages(pagesFile, built, previous, record, layout) : null;
    stampSetPages(built, layout, setPages?.kept);
    phase("set pages written");
    spliceBuiltPages(
      pagesFile,
      built,
      new Set([...kept.map((path) => path.replace(/\/index$/, "/")), ...(setPages?.kept ?? [])]),
      reuse ? memoDir(reuse) : undefined
    );
    phase("drawn blocks put in");
    const {written, kept: keptRuns, shells} = await wrapping;
    phase("run pages written");
    swapInto(built, output);
    phase("output swapped in");
    if (reuse) keepRecord(reuse, output, shells, setPages?.sets, record);
    phase("record kept");
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const sets = setPages?.kept.size ? `${setPages.kept.size} set pages and ` : "";
    const from = kept.length || sets ? `, ${sets}${kept.length} pages kept from the last build` : "";
    const runsFrom = keptRuns ? ` (${keptRuns} of them kept from the last build)` : "";
    if (staging)
      process.stdout.write(
        `${written} run pages written under ${output}/runs/detail${runsFrom} (build done in ${seconds} s${from})\n`
      );
    else if (reuse)
      process.stdout.write(`build done in ${seconds} s (${kept.length} pages kept from the last build)\n`);
    succeeded = true;
    return 0;
  } catch (error) {
    if (error instanceof ReuseError) retry = error.message;
    else {
      process.stderr.write(`build: ${(error as Error).message.split("\n")[0]}\n`);
      return 1;
    }
  } finally {
    // A build that failed before Framework read every page ends the renderer; its file is removed below.
    if (!succeeded) renderer?.stop();
    await renderer?.done;
    // The run page worker writes into the staged output: it ends before that is removed (or built again).
    await wrapping?.catch(() => {});
    if (staging && !reuse) rmSync(staging, {recursive: true, force: true});
    rmSync(drawnPages, {recursive: true, force: true});
    rmSync(built, {recursive: true, force: true});
  }
  // A kept page refers to a file this build did not make: build every page.
  process.stdout.write(`build: nothing kept from the last build (${retry}); building every page\n`);
  forgetRecord(output);
  return buildReport(args, keep);
}

/** What `npm run build` builds, from the environment; a wrong environment is a one-line error and builds nothing. */
async function main(): Promise<number> {
  let target: ReturnType<typeof buildTarget>;
  try {
    target = buildTarget();
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    process.stderr.write(`build: ${error.message}\n`);
    return 1;
  }
  if (target.kind === "site") {
    const {buildSiteFromEnv} = await import("./build-site.js");
    return buildSiteFromEnv(target.studies, "build");
  }
  return buildReport(process.argv.slice(2));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exit(await main());
