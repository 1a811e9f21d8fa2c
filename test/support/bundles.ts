// Vitest's global setup. The CLI the tests spawn (bin/tps-report.js) runs dist-cli/ when it is fresh, so it is bundled
// here if it is not; tsx would compile the library again in every command the tests run (BENCHMARKS.md). The fixture
// server and the stand-in bench the live tests start are bundled each run, for the same reason.
import {resolve} from "node:path";
import {bundleFresh} from "../../bin/bundle-fresh.js";
import {bundle} from "../../scripts/bundle.js";
import {writeFixtureBundles} from "../live/bundled-fixtures.js";
import {FIXTURE_BUNDLES} from "../live/live-study.js";

export async function setup(): Promise<void> {
  if (!bundleFresh(resolve(import.meta.dirname, "../.."))) await bundle();
  await writeFixtureBundles(FIXTURE_BUNDLES);
}
