// `npm run build` of one study: the page renderer draws every page (src/render), Framework builds the first page of each
// Markdown source, the stamp writes every page of the study from those, and the site goes in place of the last one
// whole. A build that fails or is interrupted leaves the last site as it was; one killed outright leaves a staging
// folder that the next build removes, saying so.
import {spawn, type ChildProcess} from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync
} from "node:fs";
import {DOWNLOADS} from "../../loaders/export/downloads.js";
import {basename, dirname, join, resolve} from "node:path";
import {pathBelow} from "../../loaders/files/path-below.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {unwritableFolder} from "../../loaders/files/writable-folder.js";
import {ReuseError} from "../render/memo.js";
import {namedFiles, PageStore, stateFolder, STATE_ENV} from "../render/store.js";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import * as runSets from "../components/runSets.js";
import {FRAMEWORK_CACHE_OWN, frameworkErrorLine, loaderCache} from "./framework.js";
import {forgetLoaderOutputs} from "./loader-outputs.js";
import {pinFileDates} from "./pin-dates.js";
import {SiteView} from "./site-view.js";
import {stampSite, type LastBuild, type StampRecord} from "./stamp.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SOURCES = join(ROOT, "src");
const FRAMEWORK = join(ROOT, "node_modules/@observablehq/framework/dist/bin/observable.js");
const RENDERER = join(ROOT, "src/render/main.ts");
// The renderer makes short-lived DOM and chart objects by the million: a larger young generation (BENCHMARKS.md).
const RENDERER_NODE_OPTIONS = ["--max-semi-space-size=128"];
/** What a build of an output folder left for the next: the stamp's record. */
const RECORD = "built.json";

/** Why a build stopped, in one line. */
export class BuildError extends Error {}

export interface StudyBuild {
  /** The study folder. */
  study: string;
  /** The output folder. */
  output: string;
  /** Where the site is served from (TPS_REPORT_BASE). */
  base?: string;
  /** Take from the last build of this output what has not changed (npm run build:incremental). */
  incremental?: boolean;
  /** A study of a site of many: its pages link up to the site's index. */
  siteIndex?: boolean;
  /** Leave Framework's cached loader outputs as they are (buildDated's second build, with their dates pinned);
   * otherwise the loaders run again and hand on this build's downloads. */
  keepLoaderOutput?: boolean;
  /** Seconds: the loader outputs in Framework's cache are dated so before it builds (buildDated). */
  epoch?: number;
  /** "framework": Framework makes every page itself, each placeholder filled, and nothing is stamped: slower, and
   * what the stamp's output is checked against (test/build/stamp-site.test.ts). */
  pages?: "stamp" | "framework";
  /** More arguments for `observable build`. */
  args?: readonly string[];
  log?: (line: string) => void;
}

/** Why `output` cannot take a build (unwritable, or holding other things than an earlier build), or null. */
export function outputProblem(output: string): string | null {
  const unwritable = unwritableFolder(
    output,
    "the output folder",
    "point TPS_REPORT_OUTPUT at a folder this user can write, then build again"
  );
  if (unwritable) return unwritable;
  const names = readdirSync(output);
  if (names.length === 0 || names.includes("_observablehq")) return null;
  return `${output} is not empty and holds no earlier build (no _observablehq folder): name an empty folder or an earlier build's`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes what builds of `output` that were killed left beside it (output.partial-<pid>, output.earlier-<pid>). */
export function removeLeftovers(output: string, log: (line: string) => void): void {
  const parent = dirname(output);
  const pattern = new RegExp(`^${basename(output).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.(partial|earlier)-(\\d+)$`);
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    const match = pattern.exec(name);
    if (!match || Number(match[2]) === process.pid || alive(Number(match[2]))) continue;
    rmSync(join(parent, name), {recursive: true, force: true});
    log(`build: removed ${join(parent, name)}, left by an interrupted build (process ${match[2]})`);
  }
}

/** Puts the finished build in place of the output folder, then removes the earlier build. */
export function swapInto(staging: string, output: string): void {
  const earlier = `${output}.earlier-${process.pid}`;
  const had = existsSync(output);
  if (had) renameSync(output, earlier);
  renameSync(staging, output);
  if (had) rmSync(earlier, {recursive: true, force: true});
}

// The children of this build, ended with it when it is interrupted, and what it removes then.
const children = new Set<ChildProcess>();
const cleanups = new Set<() => void>();
let guarded = false;

/** Removes `folder` if the build is interrupted before the returned function is called. */
export function removedOnInterrupt(folder: string): () => void {
  guardSignals();
  const cleanup = () => rmSync(folder, {recursive: true, force: true});
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** An interrupted build ends its children, removes its staging folder and exits as the signal asks. */
function guardSignals(): void {
  if (guarded) return;
  guarded = true;
  let interrupted = false;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129]
  ] as const)
    process.on(signal, () => {
      if (interrupted) return;
      interrupted = true;
      const running = [...children].map((child) => new Promise((done) => child.once("close", done)));
      for (const child of children) child.kill("SIGTERM");
      void Promise.all(running).then(() => {
        for (const cleanup of cleanups) cleanup();
        process.exit(code);
      });
    });
}

/** Runs `args` in Node from the repository root; its exit status and what it wrote to stderr (also shown, unless
 * `quiet`). */
function node(args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<{code: number; stderr: string}> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, {cwd: ROOT, env, stdio: ["ignore", "inherit", "pipe"]});
    children.add(child);
    let stderr = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr += chunk;
      if (!quiet) process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code, signal) => {
      children.delete(child);
      done({code: code ?? (signal ? 1 : 0), stderr});
    });
  });
}

/** The last build of this output, for an incremental build; null when there is none to take from. */
function lastBuild(state: string, output: string): LastBuild | null {
  const file = join(state, RECORD);
  if (!existsSync(file) || !existsSync(join(output, "_observablehq"))) return null;
  let record: StampRecord;
  try {
    record = JSON.parse(readFileSync(file, "utf8")) as StampRecord;
    if (typeof record !== "object" || record === null) throw new Error("not a record");
    const memo = join(state, "memo.json");
    if (existsSync(memo)) JSON.parse(readFileSync(memo, "utf8"));
  } catch (error) {
    throw new ReuseError(`${file} or the memo beside it is unreadable (${(error as Error).message.split("\n")[0]})`);
  }
  return {output, record};
}

/** Empties Framework's cache of every loader's output and puts the files this build's renderer made in
 * it (the downloads and the study files a page names), each dated as its loader: Framework takes such an output as
 * fresh, and writes its date into the pages that attach it (and into its hashed name), so two builds of the same
 * study and code are the same bytes. */
export function handDownloads(state: string): void {
  forgetLoaderOutputs(ROOT);
  const cache = loaderCache(SOURCES, "data");
  rmSync(cache, {recursive: true, force: true});
  mkdirSync(cache, {recursive: true});
  const made = readdirSync(join(state, "downloads"));
  for (const name of DOWNLOADS)
    if (!made.includes(name)) throw new Error(`${join(state, "downloads", name)}: not made`);
  for (const name of made) {
    copyFileSync(join(state, "downloads", name), join(cache, name));
    const loader = statSync(join(SOURCES, "data", `${name}.ts`), {throwIfNoEntry: false});
    if (loader) utimesSync(join(cache, name), loader.atime, loader.mtime);
  }
}

/** Dates every cached loader output `epoch` (seconds), so that pages naming their dates read the same each build; the
 * number of outputs it dated. */
function pinLoaderOutputDates(epoch: number): number {
  return pinFileDates(loaderCache(SOURCES, ""), epoch, FRAMEWORK_CACHE_OWN);
}

/** Builds a study whose pages read every loader output dated `epoch` (seconds), so that one commit builds to the same
 * bytes whenever it is built (build:reproducible). The outputs the build hands Framework are dated so before it
 * builds; where a loader of the user's printed an output in that build, it is dated so and the study built again. */
export async function buildDated(options: StudyBuild, epoch: number): Promise<{written: number; linked: number}> {
  const built = await buildStudy({...options, epoch});
  if (!pinLoaderOutputDates(epoch)) return built;
  return buildStudy({...options, epoch, keepLoaderOutput: true});
}

/** A study folder as the build's processes name it (they run in the repository): relative where it lies inside it, so
 * what the pages say of the study's files does not depend on where the repository is checked out. */
export function studyPath(dir: string): string {
  return pathBelow(ROOT, dir);
}

/** Builds one study into `output`; throws BuildError with the line to print. */
export async function buildStudy(options: StudyBuild): Promise<{written: number; linked: number}> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  guardSignals();
  const output = resolve(options.output);
  const problem = outputProblem(output);
  if (problem) throw new BuildError(`build: ${problem}`);
  removeLeftovers(output, log);
  const state = stateFolder(ROOT, output);
  let last: LastBuild | null = null;
  let keep = !!options.incremental;
  if (keep)
    try {
      last = lastBuild(state, output);
    } catch (error) {
      if (!(error instanceof ReuseError)) throw error;
      log(`build: nothing kept from the last build (${error.message}); building every page`);
      keep = false;
    }
  // `npm run build` reads nothing its last build left: it starts from an empty state folder.
  if (!keep) rmSync(state, {recursive: true, force: true});
  const staging = `${output}.partial-${process.pid}`;
  rmSync(staging, {recursive: true, force: true});
  const cleanup = () => rmSync(staging, {recursive: true, force: true});
  // TPS_REPORT_BUILD_TIMES=1: each part's seconds on stderr (BENCHMARKS.md's account of where the time goes).
  let clock = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    if (process.env.TPS_REPORT_BUILD_TIMES) log(`build time: ${name} ${((now - clock) / 1000).toFixed(2)} s`);
    clock = now;
  };
  cleanups.add(cleanup);
  try {
    const env = {...process.env, TPS_REPORT_STUDY: options.study, [STATE_ENV]: state};
    // In a study of run sets the runs' own pages are drawn by a second process, beside the rest and Framework.
    const split =
      options.pages !== "framework" && runPageLayout(listRunDirs(join(options.study, "runs")), runSets).sets > 0;
    const renderer = (part: string) =>
      node(
        [
          ...RENDERER_NODE_OPTIONS,
          ...["--import", "tsx", RENDERER, "--state", state, "--part", part, "--output", staging],
          ...["--mode", options.pages === "framework" ? "fill" : "stamp"],
          ...(keep ? ["--keep"] : []),
          ...(options.siteIndex ? ["--site-index"] : []),
          ...(options.base ? ["--base", options.base] : [])
        ],
        env
      );
    const runPages = split ? renderer("runs") : Promise.resolve({code: 0, stderr: ""});
    // Awaited below; until then a failure must not end the build unreported.
    runPages.catch(() => {});
    const render = await renderer(split ? "site" : "all");
    // The renderer has said why in one line (or, for a bug, shown its stack).
    if (render.code !== 0) throw new BuildError("");
    phase("pages drawn");
    const view = new SiteView(state, SOURCES);
    if (keep)
      try {
        view.verifyTexts();
      } catch (error) {
        if (!(error instanceof ReuseError)) throw error;
        log(`build: nothing kept from the last build (${error.message}); building every page`);
        return buildStudy({...options, incremental: false, log});
      }
    // A build takes a loader's cached output as it is: the loaders' outputs go, and this build's downloads are put in
    // their place, so Framework runs no loader for them (a user's loader runs afresh).
    if (!options.keepLoaderOutput) handDownloads(state);
    if (options.epoch != null) pinLoaderOutputDates(options.epoch);
    const built = await node([FRAMEWORK, "build", ...(options.args ?? [])], env, true);
    if (built.code !== 0) {
      const line = frameworkErrorLine(built.stderr, [
        {dir: staging, what: "the output folder"},
        {dir: loaderCache(SOURCES, ""), what: "Framework's cache folder"}
      ]);
      if (line === null) process.stderr.write(built.stderr);
      throw new BuildError(
        line === "" ? "" : line ? `tps-report build: ${line}` : `build: Framework's build failed (exit ${built.code})`
      );
    }
    process.stderr.write(built.stderr);
    phase("Framework");
    if (options.pages === "framework") {
      swapInto(staging, output);
      return {written: 0, linked: 0};
    }
    if ((await runPages).code !== 0) throw new BuildError("");
    phase("run pages drawn");
    let stamped;
    try {
      stamped = stampSite(split ? new SiteView(state, SOURCES, true) : view, staging, last);
    } catch (error) {
      if (!keep || !(error instanceof ReuseError)) throw error;
      // A page file of the last build changed since it was written: this build takes nothing from it.
      log(`build: nothing kept from the last build (${(error as Error).message.split("\n")[0]}); building every page`);
      return buildStudy({...options, incremental: false, log});
    }
    phase(`stamp (${stamped.written} written, ${stamped.linked} linked)`);
    swapInto(staging, output);
    writeFileAtomic(join(state, RECORD), JSON.stringify(stamped.record));
    new PageStore(state).prune(namedFiles(state));
    phase("swapped in");
    return {written: stamped.written, linked: stamped.linked};
  } finally {
    // A renderer still drawing when the build failed is ended with it.
    for (const child of children) child.kill("SIGTERM");
    cleanup();
    cleanups.delete(cleanup);
  }
}
