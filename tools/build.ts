// `npm run build`: one study at the root (TPS_REPORT_STUDY, else the seed), or with TPS_REPORT_STUDIES the site of the
// studies it names, as `npm run build:site` builds it (src/build/). Arguments go to `observable build`.
import {resolve} from "node:path";
import {buildTarget, SiteError} from "../loaders/pages/build-target.js";
import {studyDir} from "../loaders/study/study-dir.js";
import {BuildError, buildStudy} from "../src/build/build.js";
import {FrameworkContractError} from "../src/build/framework.js";

/** What `npm run build` builds, from the environment; a wrong environment is a one-line error and builds nothing. */
export async function main(incremental = false): Promise<number> {
  let target: ReturnType<typeof buildTarget>;
  try {
    target = buildTarget();
  } catch (error) {
    if (!(error instanceof SiteError)) throw error;
    process.stderr.write(`build: ${error.message}\n`);
    return 1;
  }
  if (target.kind === "site") {
    const {buildSiteFromEnv} = await import("../src/build/site-build.js");
    return buildSiteFromEnv(target.studies, "build");
  }
  const started = performance.now();
  try {
    const {written, linked} = await buildStudy({
      study: studyDir(),
      output: process.env.TPS_REPORT_OUTPUT || "dist",
      base: process.env.TPS_REPORT_BASE,
      incremental,
      // --framework-pages: every page made by Framework itself (slower; what the stamp is checked against).
      pages: process.argv.includes("--framework-pages") ? "framework" : "stamp",
      args: process.argv.slice(2).filter((arg) => arg !== "--framework-pages")
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const kept = linked ? `, ${linked} pages linked from the last build` : "";
    process.stdout.write(`build done in ${seconds} s: ${written} pages written${kept}\n`);
    return 0;
  } catch (error) {
    // A Framework that writes its pages otherwise than src/build/framework.ts knows: one line, naming the page.
    if (error instanceof FrameworkContractError) error.message = `build: ${error.message}`;
    else if (!(error instanceof BuildError)) throw error;
    if (error.message) process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) process.exit(await main());
