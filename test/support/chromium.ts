// Which Chromium the browser tests drive: $CHROMIUM_PATH when set, else the build that the @sparticuz/chromium npm
// package ships (so `npm ci` brings the browser), unpacked once per version under node_modules/.cache.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join, resolve} from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const CACHE = join(ROOT, "node_modules/.cache/tps-report");

/** The version of @sparticuz/chromium (its package.json is not exported, so found by walking up from its entry). */
function packageVersion(): string {
  let dir = dirname(createRequire(join(ROOT, "package.json")).resolve("@sparticuz/chromium"));
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, "package.json");
    if (!existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8"));
    if (manifest.name === "@sparticuz/chromium") return manifest.version;
  }
  throw new Error("no package.json");
}

/** Unpacks the npm package's Chromium into `dir`: the package unpacks into $TMPDIR, here a folder of our own. */
function unpack(dir: string): void {
  mkdirSync(CACHE, {recursive: true});
  const staging = mkdtempSync(join(CACHE, ".unpack-"));
  try {
    const script = `const {default: c} = await import("@sparticuz/chromium"); process.stdout.write(await c.executablePath());`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: ROOT,
      env: {...process.env, TMPDIR: staging},
      encoding: "utf8"
    });
    if (run.status !== 0 || run.stdout !== join(staging, "chromium"))
      throw new Error(`could not unpack @sparticuz/chromium: ${(run.stderr || run.stdout).trim().split("\n")[0]}`);
    // A rename, so a run stopped half-way never leaves a partial browser behind; a parallel unpack may win the race.
    try {
      renameSync(staging, dir);
    } catch (error) {
      if (!existsSync(join(dir, "chromium"))) throw error;
    }
  } finally {
    rmSync(staging, {recursive: true, force: true});
  }
}

/** The Chromium executable for the browser tests; throws one line saying how to get one when there is none. */
export function chromiumPath(): string {
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) {
    if (!existsSync(chosen)) throw new Error(`CHROMIUM_PATH=${chosen} does not exist`);
    return chosen;
  }
  let version: string;
  try {
    version = packageVersion();
  } catch {
    throw new Error("no Chromium for the browser tests: @sparticuz/chromium is not installed (run npm ci)");
  }
  const dir = join(CACHE, `chromium-${version}`);
  if (!existsSync(join(dir, "chromium"))) unpack(dir);
  return join(dir, "chromium");
}
