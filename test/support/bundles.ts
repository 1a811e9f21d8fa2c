// Vitest's global setup. The CLI the tests spawn (bin/tps-report.js) runs dist-cli/ when it is fresh, so it is bundled
// here if it is not; tsx would compile the library again in every command the tests run (BENCHMARKS.md). The fixture
// server and the stand-in bench the live tests start are bundled each run, for the same reason.
import {mkdirSync, readdirSync, renameSync, rmSync} from "node:fs";
import {join, resolve} from "node:path";
import {bundleFresh} from "../../bin/bundle-fresh.js";
import {bundle} from "../../scripts/bundle.js";
import {writeFixtureBundles} from "../live/bundled-fixtures.js";
import {FIXTURE_BUNDLES} from "../live/live-study.js";

export async function setup(): Promise<void> {
  if (!bundleFresh(resolve(import.meta.dirname, "../.."))) await bundle();
  // Each file swapped in whole: a test run beside this one never starts a half-written bundle.
  const staging = `${FIXTURE_BUNDLES}.tmp-${process.pid}`;
  await writeFixtureBundles(staging);
  mkdirSync(FIXTURE_BUNDLES, {recursive: true});
  for (const name of readdirSync(staging)) renameSync(join(staging, name), join(FIXTURE_BUNDLES, name));
  rmSync(staging, {recursive: true, force: true});
}
