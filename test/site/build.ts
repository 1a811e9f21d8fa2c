// Builds the site for the browser tests, one build at a time: builds share Framework's loader cache.
import {spawn} from "node:child_process";
import {existsSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {withDirLock} from "../support/dir-lock.js";

const LOCK = "test/.tmp/site-build.lock";
const LOCK_WAIT_MS = 12 * 60_000;
const STALE_LOCK_MS = 20 * 60_000;

export interface BuildOptions {
  /** Study folder (TPS_REPORT_STUDY); the seed study when absent. */
  study?: string;
  /** Output folder (TPS_REPORT_OUTPUT). */
  output: string;
  /** Base path for the 404 page (TPS_REPORT_BASE). */
  base?: string;
  /** More environment for the build (e.g. the run page limit). */
  env?: Record<string, string>;
  /** "framework": every page made by Framework itself, every drawn block through its own page pipeline. */
  command?: "report" | "framework";
  /** Take the output as it is where an earlier build left it whole, with its build's log (a build shared by tests: its
   * folder names the code that built it). */
  reuse?: boolean;
  /** Work before a build that is not reused (writing the study it builds). */
  before?: () => void;
}

/** Holds the site-build lock around any build that uses Framework's loader cache. */
export function withLock<T>(work: () => Promise<T>): Promise<T> {
  return withDirLock(LOCK, work, {waitMs: LOCK_WAIT_MS, staleMs: STALE_LOCK_MS});
}

const CACHE = "src/.observablehq/cache";

/**
 * Runs `npm run build`'s tools/build.ts with a clean loader cache: a cached loader would hide the study being built.
 * The cache is not keyed by study, so after building another study it is cleared again.
 */
export async function buildSite({study, output, base, env, command, reuse, before}: BuildOptions): Promise<string> {
  // A shared build's log is written once its output is whole: one already there is taken without waiting for the lock.
  const logFile = `${output}.log`;
  const built = () => (reuse && existsSync(logFile) ? readFileSync(logFile, "utf8") : null);
  const earlier = built();
  if (earlier !== null) return earlier;
  return withLock(async () => {
    const earlier = built();
    if (earlier !== null) return earlier;
    before?.();
    rmSync(CACHE, {recursive: true, force: true});
    try {
      const log = await runBuild({study, output, base, env, command});
      if (reuse) writeFileSync(logFile, log);
      return log;
    } finally {
      if (study || env) rmSync(CACHE, {recursive: true, force: true});
    }
  });
}

async function runBuild({study, output, base, env: extra, command}: BuildOptions): Promise<string> {
  rmSync(output, {recursive: true, force: true});
  const env = {
    ...process.env,
    ...extra,
    OBSERVABLE_TELEMETRY_DISABLE: "true",
    TPS_REPORT_OUTPUT: output,
    ...(study ? {TPS_REPORT_STUDY: study} : {}),
    ...(base ? {TPS_REPORT_BASE: base} : {})
  };
  let log = "";
  const code = await new Promise<number | null>((resolve, reject) => {
    const args = ["--import", "tsx", "tools/build.ts", ...(command === "framework" ? ["--framework-pages"] : [])];
    const child = spawn(process.execPath, args, {env, stdio: ["ignore", "pipe", "pipe"]});
    child.stdout.on("data", (chunk) => (log += chunk));
    child.stderr.on("data", (chunk) => (log += chunk));
    child.on("error", reject);
    child.on("close", resolve);
  });
  if (code !== 0 || !existsSync(join(output, "index.html")))
    throw new Error(`observable build failed (exit ${code}):\n${log.slice(-4000)}`);
  return log;
}
