// `npm run build:reproducible` (after `npm run clean`): `npm run build` whose pages are drawn from loader outputs
// dated SOURCE_DATE_EPOCH (else the last commit of data/, loaders/ and src/), so one commit builds to the same bytes.
// One study: built, its outputs' dates pinned, built again from them. A site (TPS_REPORT_STUDIES): each study so.
import {join, resolve} from "node:path";
import {buildTarget, SiteError} from "../loaders/pages/site.js";
import {buildReport} from "./build.js";
import {pinFileDates, SourceDateError, sourceDateEpoch} from "./pin-dates.js";

const CACHE = join(resolve(import.meta.dirname, ".."), "src", ".observablehq", "cache");
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
  if (target.kind === "site") {
    const {buildSiteFromEnv} = await import("./build-site.js");
    return buildSiteFromEnv(target.studies, NAME, epoch);
  }
  const args = process.argv.slice(2);
  const first = await buildReport(args);
  if (first !== 0) return first;
  pinFileDates(CACHE, epoch);
  return buildReport(args);
}

process.exit(await main());
