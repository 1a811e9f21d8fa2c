// The seed's site as `npm run build` builds it under /tps-report/, built once and shared by the browser tests that only
// read it: kept under a folder named by the code that builds it, so a later run of the same code takes it as it is.
import {join} from "node:path";
import {codeVersion} from "../../src/render/code-version.js";
import {buildSite} from "../site/build.js";

export const SHARED_BASE = "/tps-report/";

/** The built seed's folder and its build log (empty when an earlier run of the same code built it). */
export async function sharedSeedSite(): Promise<{output: string; log: string}> {
  const output = join("test/.tmp/shared", codeVersion().slice(0, 16), "dist");
  return {output, log: await buildSite({output, base: SHARED_BASE, reuse: true})};
}
