// `npm run build:reproducible`: `npm run build` whose pages read loader outputs dated SOURCE_DATE_EPOCH (else the last
// commit of data/, loaders/ and src/), so one commit builds to the same bytes (buildDated in src/build/build.ts). A site
// (TPS_REPORT_STUDIES): each study so.
import {buildTarget, SiteError} from "../loaders/pages/build-target.js";
import {studyDir} from "../loaders/study/study-dir.js";
import {BuildError, buildDated} from "../src/build/build.js";
import {SourceDateError, sourceDateEpoch} from "../src/build/pin-dates.js";
import {buildSiteFromEnv} from "../src/build/site-build.js";

const NAME = "build:reproducible";

async function main(): Promise<number> {
  let target: ReturnType<typeof buildTarget>;
  let epoch: number;
  try {
    target = buildTarget();
    epoch = sourceDateEpoch();
  } catch (error) {
    if (!(error instanceof SiteError || error instanceof SourceDateError)) throw error;
    process.stderr.write(`${NAME}: ${(error as Error).message}\n`);
    return 1;
  }
  if (target.kind === "site") return buildSiteFromEnv(target.studies, NAME, epoch);
  try {
    await buildDated(
      {
        study: studyDir(),
        output: process.env.TPS_REPORT_OUTPUT || "dist",
        base: process.env.TPS_REPORT_BASE,
        args: process.argv.slice(2)
      },
      epoch
    );
    return 0;
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    if (error.message) process.stderr.write(`${error.message}\n`);
    return 1;
  }
}

process.exit(await main());
