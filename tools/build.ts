// `npm run build` (after `npm run clean`): one study at the root (TPS_REPORT_STUDY, else the seed), or with
// TPS_REPORT_STUDIES the site of the studies it names, as `npm run build:site` builds it. A study's build is
// Framework's, then the pages Framework is not given: in an archive laid out in run sets, each run's own page
// (src/render/run-details.ts), drawn by a second process while Framework builds. Arguments go to `observable build`.
import {spawn} from "node:child_process";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {buildTarget, SiteError} from "../loaders/pages/build-target.js";
import {studyDir} from "../loaders/study/study-dir.js";
import {runDetailsLayout} from "../src/render/run-details-layout.js";
import {SPLICE_ENV, spliceBuiltPages} from "../src/render/fragment-splice.js";
import {STAMP_ENV, stampSetPages} from "../src/render/set-pages.js";
import {outputProblem, stagingFor, swapInto} from "./build-output.js";

const root = resolve(import.meta.dirname, "..");
const framework = join(root, "node_modules/@observablehq/framework/dist/bin/observable.js");

function run(
  args: string[],
  stdio: "inherit" | "pipe",
  env: NodeJS.ProcessEnv = process.env
): Promise<{code: number; stderr: string}> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, args, {cwd: root, env, stdio: ["ignore", "inherit", stdio]});
    let stderr = "";
    child.stderr?.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => done({code: code ?? (signal ? 1 : 0), stderr}));
  });
}

/** `observable build` in the repository root, and the run pages; the exit status of whichever failed. */
export async function buildReport(args: readonly string[] = []): Promise<number> {
  const output = resolve(root, process.env.TPS_REPORT_OUTPUT ?? "dist");
  const problem = outputProblem(output);
  if (problem) {
    process.stderr.write(`build: ${problem}\n`);
    return 1;
  }
  const built = stagingFor(output);
  const dir = resolve(root, studyDir());
  const layout = runDetailsLayout(dir);
  const staging = layout.sets ? mkdtempSync(join(tmpdir(), "tps-report-run-pages-")) : null;
  // The renderer's pages are kept here, so that the large drawn blocks go into the pages after Framework's build.
  const drawnPages = mkdtempSync(join(tmpdir(), "tps-report-pages-"));
  const pagesFile = join(drawnPages, "pages.jsonl");
  try {
    const started = performance.now();
    const [build, drawn] = await Promise.all([
      run([framework, "build", ...args], "inherit", {
        ...process.env,
        TPS_REPORT_OUTPUT: built,
        [SPLICE_ENV]: pagesFile,
        [STAMP_ENV]: "1"
      }),
      staging
        ? run(["--import", "tsx", join(root, "src/render/draw-run-details.ts"), dir, staging], "pipe")
        : Promise.resolve(null)
    ]);
    if (build.code !== 0) return build.code;
    stampSetPages(built, layout);
    spliceBuiltPages(pagesFile, built);
    if (!staging || !drawn) {
      swapInto(built, output);
      return 0;
    }
    if (drawn.code !== 0) {
      process.stderr.write(`build: the run pages could not be drawn: ${drawn.stderr.trim().split("\n").at(-1)}\n`);
      return 1;
    }
    const {wrapRunDetails} = await import("../src/render/run-details.js");
    const written = wrapRunDetails(staging, built, layout);
    swapInto(built, output);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${written} run pages written under ${output}/runs/detail (build done in ${seconds} s)\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`build: ${(error as Error).message.split("\n")[0]}\n`);
    return 1;
  } finally {
    if (staging) rmSync(staging, {recursive: true, force: true});
    rmSync(drawnPages, {recursive: true, force: true});
    rmSync(built, {recursive: true, force: true});
  }
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
