// Sites built once and shared by the browser tests that only read them: each kept under a folder named by the code that
// builds it, so a later run of the same code takes it as it is.
import {createHash} from "node:crypto";
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {codeVersion} from "../../src/render/code-version.js";
import {buildSite} from "../site/build.js";
import {writeLadderStudy} from "./ladder-study.js";

export const SHARED_BASE = "/tps-report/";

/** Run sets: the seed laid out as a large study is, its set pages and each run's own page written by the stamp. */
export const RUN_SETS = {TPS_REPORT_RUN_PAGE_LIMIT: "5", TPS_REPORT_RUNS_PER_SET: "6"};

/** A shared build: its output, its build's log, and the study it built (the seed when absent). */
export interface SharedSite {
  output: string;
  log: string;
  study?: string;
}

const LADDER_TARGETS = {ttft: 2000, tpot: 30};

function sharedFolder(name: string, ...parts: string[]): string {
  const hash = createHash("sha256").update(codeVersion());
  for (const part of parts) hash.update("\0").update(part);
  return join("test/.tmp/shared", hash.digest("hex").slice(0, 16), name);
}

/** The built seed's folder and its build log (empty when an earlier run of the same code built it). */
export async function sharedSeedSite(): Promise<SharedSite> {
  const output = join(sharedFolder("seed"), "dist");
  return {output, log: await buildSite({output, base: SHARED_BASE, reuse: true})};
}

/** The seed in run sets (RUN_SETS), as `npm run build` builds it at the root. */
export async function sharedRunSetsSite(): Promise<SharedSite> {
  const output = join(sharedFolder("run-sets"), "dist");
  return {output, log: await buildSite({output, env: RUN_SETS, reuse: true})};
}

/** A ladder study with the SLO explorer (test/support/ladder-study.ts, TTFT 2000 ms and TPOT 30 ms), and its site. */
export async function sharedLadderSite(): Promise<SharedSite & {study: string}> {
  const writer = readFileSync(join(import.meta.dirname, "ladder-study.ts"), "utf8");
  const folder = sharedFolder("ladder", writer, JSON.stringify(LADDER_TARGETS));
  const study = join(folder, "study");
  const output = join(folder, "dist");
  const log = await buildSite({output, reuse: true, study, before: () => writeLadderStudy(study, LADDER_TARGETS)});
  return {study, output, log};
}
