// Vitest's global setup: the CLI the tests spawn (bin/tps-report.js) runs dist-cli/ when it is fresh, so it is bundled
// once here if it is not; tsx would compile the library again in every command the tests run (BENCHMARKS.md).
import {resolve} from "node:path";
import {bundleFresh} from "../../bin/bundle-fresh.js";
import {bundle} from "../../scripts/bundle.js";

export async function setup(): Promise<void> {
  if (!bundleFresh(resolve(import.meta.dirname, "../.."))) await bundle();
}
