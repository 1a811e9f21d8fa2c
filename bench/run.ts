// `npm run bench`: generates synthetic archives at 1×, 10×, 100×, 1000× the seed, measures ingestion, builds and
// page weight, and writes the "Performance and scale" section of BENCHMARKS.md.
import {spawnSync} from "node:child_process";
import {existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync} from "node:fs";
import {cpus, loadavg, release, totalmem, type} from "node:os";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {writeFileAtomic} from "../loaders/files/write-atomic.js";
import {loadStudyPlan} from "../loaders/study/plan.js";
import {SEED_RUNS} from "../test/support/synth/study-plan.js";
import {currentManifest} from "../test/support/synth/write-archive.js";
import {timeBuild, type BuildTiming} from "./build-time.js";
import {measureIngestion} from "./ingestion.js";
import {groupPages} from "./page-weight.js";
import {transferWeights} from "./browser-weight.js";
import {sameTrees} from "./same-trees.js";
import {listRunDirs} from "../loaders/runs/read-runs.js";
import {renderSection, spliceSection, type PageKindWeight, type Results, type SizeResult} from "./report-markdown.js";
import {goalSummary} from "./goals.js";
import {measureDevRefresh} from "./dev-refresh.js";
import {prepareSiteTree} from "./site-tree.js";
import {measureStartup, startupGoal} from "./startup.js";
import {IMPORT_SECTION, measureImport, renderImportSection} from "./import-speed.js";
import {measureStudiesBuild, renderStudiesSection, STUDIES_SECTION} from "./studies-build.js";
import {
  LADDER_BENCH,
  LADDER_SECTION,
  ladderRuns,
  measureLadderBuild,
  renderLadderSection,
  type LadderBuildFigures
} from "./ladder-build.js";
import {measureNotebookBuild, NOTEBOOK_SECTION, renderNotebookSection} from "./notebook-build.js";

const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));
const WORK = join(REPO, ".bench");
const RESULTS = join(WORK, "results.json");
const GENERATE = join(REPO, "test", "support", "synth", "generate-archive.ts");
const NOTES = join(REPO, "bench", "notes.md");

const {values} = parseArgs({
  options: {
    sizes: {type: "string", default: "1,10,100,1000"},
    seed: {type: "string", default: "tps-report"},
    reps: {type: "string", default: "2"},
    "skip-build": {type: "boolean", default: false},
    "report-only": {type: "boolean", default: false},
    "build-timeout": {type: "string", default: "1200"},
    "import-files": {type: "string", default: "17000"},
    // A checkout of the version to measure against (with its own node_modules): built and weighed the same way.
    before: {type: "string"},
    "skip-incremental": {type: "boolean", default: false},
    "skip-dev": {type: "boolean", default: false},
    studies: {type: "string", default: "1,2,4,8"},
    // The 1,000-run ladder study (bench/ladder-build.ts): its build time per run and its explorer pages' weight.
    "skip-ladder": {type: "boolean", default: false},
    // The seed built with and without its notebook pages (bench/notebook-build.ts), and their weight.
    "skip-notebooks": {type: "boolean", default: false},
    out: {type: "string", default: join(REPO, "BENCHMARKS.md")}
  }
});
const sizes = values.sizes!.split(",").map(Number);
const seed = values.seed!;
const log = (line: string) => console.error(`[bench] ${line}`);

function ensureArchive(scale: number): {dir: string; seconds: number} {
  const dir = join(WORK, `archive-${scale}x`);
  const existing = currentManifest(dir, scale, seed);
  if (existing) return {dir, seconds: existing.seconds};
  log(`generating ${dir}`);
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, GENERATE, "--scale", String(scale), "--out", dir, "--seed", seed],
    {
      stdio: ["ignore", "inherit", "inherit"]
    }
  );
  if (child.status !== 0) throw new Error(`generating the ${scale}× archive failed`);
  return {dir, seconds: currentManifest(dir, scale, seed)!.seconds};
}

function archiveFigures(dir: string, seconds: number): SizeResult["archive"] {
  const manifest = JSON.parse(readFileSync(join(dir, "synth.json"), "utf8"));
  let files = 1;
  let bytes = statSync(join(dir, "study.yaml")).size;
  let json = 0;
  const runs = join(dir, "runs");
  for (const run of readdirSync(runs))
    for (const name of readdirSync(join(runs, run))) {
      const size = statSync(join(runs, run, name)).size;
      files++;
      bytes += size;
      if (name === "result.json") json += size;
    }
  return {
    runs: manifest.runs,
    steps: loadStudyPlan(dir).steps.length,
    detailed_runs: manifest.detailed_runs,
    files,
    bytes,
    json_bytes: json,
    generate_seconds: seconds
  };
}

/** Takes the study's last run out, builds incrementally, puts it back and builds again: the second build is timed. */
async function measureIncremental(
  tree: string,
  dir: string,
  env: Record<string, string>,
  timeout: number,
  scale: number,
  coldDist: string
): Promise<SizeResult["incremental"]> {
  const run = listRunDirs(join(dir, "runs")).at(-1)!;
  const held = join(WORK, `held-run-${scale}x`);
  rmSync(held, {recursive: true, force: true});
  const output = `dist-${scale}x-incremental`;
  const incEnv = {...env, TPS_REPORT_OUTPUT: output};
  const build = (name: string) =>
    timeBuild(tree, ["npm", "run", "build:incremental"], incEnv, timeout, join(WORK, `build-${scale}x-${name}.log`));
  renameSync(join(dir, "runs", run), held);
  let removed;
  try {
    log(`${scale}×: incremental build without ${run}`);
    removed = await build("run-removed");
  } finally {
    renameSync(held, join(dir, "runs", run));
  }
  log(`${scale}×: incremental build with ${run} added back`);
  const added = await build("run-added");
  const built = !added.timed_out && added.exit_code === 0;
  const differing = built ? sameTrees(coldDist, join(tree, output)) : [`the build failed: see ${added.log}`];
  return {removed, added, identical: differing.length === 0, differing};
}

/** An archive of the ladder study's run count, built cold in this run, where no archive size measured is within a
 * quarter of it: a build's fixed seconds spread over more runs would make a larger archive's seconds per run the lower. */
async function ladderReference(tree: string, archives: LadderBuildFigures["archives"]): Promise<typeof archives> {
  const runs = ladderRuns(LADDER_BENCH);
  if (archives.some((a) => Math.abs(Math.log(a.runs / runs)) < Math.log(1.25))) return [];
  const scale = Math.round(runs / SEED_RUNS);
  const {dir} = ensureArchive(scale);
  const output = `dist-${scale}x-reference`;
  rmSync(join(tree, output), {recursive: true, force: true});
  log(`ladder: cold build of the ${scale}× archive, its reference (timeout ${values["build-timeout"]} s)`);
  const cold = await timeBuild(
    tree,
    ["npm", "run", "build"],
    {TPS_REPORT_STUDY: dir, TPS_REPORT_OUTPUT: output},
    Number(values["build-timeout"]),
    join(WORK, `build-${scale}x-reference.log`)
  );
  return perRun(scale, currentManifest(dir, scale, seed)!.runs, cold);
}

/** An archive's cold build in seconds per run, or none where the build did not finish. */
function perRun(scale: number, runs: number, cold: BuildTiming | null | undefined): LadderBuildFigures["archives"] {
  return cold && !cold.timed_out && cold.exit_code === 0 ? [{scale, runs, seconds_per_run: cold.seconds / runs}] : [];
}

let beforeTree: string | null = null;

async function measureSize(scale: number, tree: string | null): Promise<SizeResult> {
  const {dir, seconds} = ensureArchive(scale);
  const archive = archiveFigures(dir, seconds);
  log(`${scale}×: ingestion (${archive.files} files, ${(archive.bytes / 1e6).toFixed(0)} MB)`);
  const ingestion = measureIngestion(dir, Number(values.reps));
  let build: SizeResult["build"] = null;
  let pages: PageKindWeight[] = [];
  let transfer: SizeResult["transfer"] = [];
  let before: SizeResult["before"] = null;
  let incremental: SizeResult["incremental"] = null;
  let devRefresh: SizeResult["dev_refresh"] = null;
  if (tree) {
    const timeout = Number(values["build-timeout"]);
    const output = `dist-${scale}x`;
    rmSync(join(tree, output), {recursive: true, force: true});
    const env = {TPS_REPORT_STUDY: dir, TPS_REPORT_OUTPUT: output};
    log(`${scale}×: cold build (timeout ${timeout} s)`);
    const cold = await timeBuild(tree, ["npm", "run", "build"], env, timeout, join(WORK, `build-${scale}x-cold.log`));
    let warm = null;
    if (!cold.timed_out && cold.exit_code === 0) {
      log(`${scale}×: warm build`);
      warm = await timeBuild(
        tree,
        ["npx", "tsx", "tools/build.ts"],
        env,
        timeout,
        join(WORK, `build-${scale}x-warm.log`)
      );
      pages = groupPages(join(tree, output));
      log(`${scale}×: page weight in Chromium`);
      transfer = await transferWeights(
        join(tree, output),
        pages.map((p) => p.heaviest.page)
      );
      if (!values["skip-incremental"])
        incremental = await measureIncremental(tree, dir, env, timeout, scale, join(tree, output));
      if (!values["skip-dev"]) {
        log(`${scale}×: npm run dev, one run added`);
        devRefresh = await measureDevRefresh(tree, dir, WORK, Math.min(timeout, 600));
      }
    }
    build = {timeout_seconds: timeout, cold, warm};
    if (beforeTree) {
      const beforeOutput = `dist-${scale}x`;
      rmSync(join(beforeTree, beforeOutput), {recursive: true, force: true});
      log(`${scale}×: cold build of the version before (${values.before})`);
      const beforeCold = await timeBuild(
        beforeTree,
        ["npm", "run", "build"],
        {TPS_REPORT_STUDY: dir, TPS_REPORT_OUTPUT: beforeOutput},
        timeout,
        join(WORK, `build-${scale}x-before.log`)
      );
      const ok = !beforeCold.timed_out && beforeCold.exit_code === 0;
      before = {
        cold: beforeCold,
        version: spawnSync("git", ["-C", values.before!, "log", "-1", "--format=%h"], {encoding: "utf8"}).stdout.trim(),
        transfer:
          ok && transfer.length
            ? await transferWeights(
                join(beforeTree, beforeOutput),
                groupPages(join(beforeTree, beforeOutput)).map((p) => p.heaviest.page)
              )
            : []
      };
    }
  }
  return {
    scale,
    archive,
    ingestion,
    build,
    pages,
    transfer,
    before,
    incremental,
    dev_refresh: devRefresh,
    measured_at: new Date().toISOString()
  };
}

async function main(): Promise<void> {
  const previous: Results | null = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, "utf8")) : null;
  const results: Results = {
    machine: {
      cpu: cpus()[0]?.model ?? "unknown CPU",
      cores: cpus().length,
      memory_gb: totalmem() / 2 ** 30,
      node: process.version,
      os: `${type()} ${release()}`,
      load_average: loadavg()
    },
    date: new Date().toISOString().slice(0, 10),
    sizes: {...(previous?.sizes ?? {})}
  };
  if (values["report-only"]) {
    // Re-render BENCHMARKS.md from the last measurements (.bench/results.json) without measuring again.
    if (!previous) throw new Error(`${RESULTS}: no measurements yet; run without --report-only first`);
    results.machine = previous.machine;
    results.date = previous.date;
  }
  const tree = values["skip-build"] || values["report-only"] ? null : prepareSiteTree(REPO, join(WORK, "site"));
  beforeTree = tree && values.before ? prepareSiteTree(resolve(values.before), join(WORK, "site-before")) : null;
  for (const scale of values["report-only"] ? [] : sizes) {
    const result = await measureSize(scale, tree);
    // Without a build this run, the last measured build of that size is kept.
    if (!result.build && previous?.sizes[scale]?.build) {
      const last = previous.sizes[scale];
      result.build = last.build;
      result.pages = last.pages;
      // The build's weights, the version before and the incremental build are of that build too, so kept with it.
      result.transfer = last.transfer;
      result.before = last.before;
      result.incremental = last.incremental;
      result.dev_refresh = last.dev_refresh;
    }
    results.sizes[scale] = result;
    writeFileAtomic(RESULTS, JSON.stringify(results, null, 2) + "\n");
    log(`${scale}×: done`);
  }
  if (tree && !values["skip-ladder"]) {
    // Today's figure: each archive size's cold build of this run, per run (results.sizes also keeps earlier runs').
    const archives = sizes
      .flatMap((scale) => results.sizes[scale] ?? [])
      .flatMap((s) => perRun(s.scale, s.archive.runs, s.build?.cold));
    archives.push(...(await ladderReference(tree, archives)));
    const ladder = await measureLadderBuild(WORK, tree, Number(values["build-timeout"]), archives, log);
    spliceSection(values.out!, renderLadderSection(ladder), "", LADDER_SECTION);
  }
  if (tree && !values["skip-notebooks"]) {
    const notebooks = await measureNotebookBuild(tree, WORK, Number(values["build-timeout"]), log);
    spliceSection(values.out!, renderNotebookSection(notebooks), "", NOTEBOOK_SECTION);
  }
  // Start-up from the prebuilt bundle: built here so the figure is of the current sources.
  let startup = "";
  if (!values["report-only"]) {
    log("start-up: bundle and export timing");
    const built = spawnSync("npm", ["run", "bundle"], {cwd: REPO, stdio: ["ignore", "inherit", "inherit"]});
    if (built.status !== 0) throw new Error("npm run bundle failed");
    startup = startupGoal(measureStartup());
  }
  const section = renderSection(results) + "\n" + goalSummary(results) + startup + (startup ? "\n" : "");
  const notes = existsSync(NOTES) ? readFileSync(NOTES, "utf8") : "";
  spliceSection(values.out!, section, notes);
  process.stdout.write(section);
  // Importing a sweep of result files (`--import-files 0` skips it; BENCHMARKS.md keeps the last measurement).
  const importFiles = Number(values["import-files"]);
  if (!values["report-only"] && importFiles > 0) {
    const imported = renderImportSection(measureImport(join(WORK, "import"), importFiles, Number(values.reps), log));
    spliceSection(values.out!, imported, "", IMPORT_SECTION);
    process.stdout.write("\n" + imported);
  }
  // A site of N studies (`--studies 0` skips it): the build should grow linearly with N.
  const studyCounts = values
    .studies!.split(",")
    .map(Number)
    .filter((n) => n > 0);
  if (!values["report-only"] && studyCounts.length) {
    const many = renderStudiesSection(await measureStudiesBuild(join(WORK, "studies"), studyCounts, log));
    spliceSection(values.out!, many, "", STUDIES_SECTION);
    process.stdout.write("\n" + many);
  }
}

await main();
