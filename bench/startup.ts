// Start-up time of a command: `tps-report export` of a study against the floor, a bare Node process that reads and
// JSON.parse-s the same study's files. Measured for the prebuilt bundle (dist-cli/) and for the TypeScript sources.
import {spawnSync} from "node:child_process";
import {existsSync} from "node:fs";
import {join, resolve} from "node:path";
import {fileURLToPath} from "node:url";

const REPO = resolve(fileURLToPath(new URL("..", import.meta.url)));

export interface StartupResult {
  study: string;
  repeats: number;
  floor_s: number;
  bundle_s: number | null;
  source_s: number;
  bundle_ratio: number | null;
  source_ratio: number;
}

// Every file of the study read, JSON files parsed: what any export has to do at the least.
const FLOOR = `const fs=require("node:fs"),p=require("node:path");(function walk(d){for(const e of fs.readdirSync(d,{withFileTypes:true})){const f=p.join(d,e.name);if(e.isDirectory())walk(f);else{const t=fs.readFileSync(f,"utf8");if(f.endsWith(".json"))JSON.parse(t);}}})(process.argv[1]);`;

function seconds(argv: string[], env: NodeJS.ProcessEnv = {}): number {
  const start = process.hrtime.bigint();
  const done = spawnSync(argv[0], argv.slice(1), {
    cwd: REPO,
    env: {...process.env, ...env},
    stdio: ["ignore", "ignore", "pipe"]
  });
  if (done.status !== 0) throw new Error(`${argv.join(" ")} failed: ${done.stderr}`);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function measureStartup(study = "data/studies/qwen3-32b-a100", repeats = 7): StartupResult {
  const node = process.execPath;
  const bundle = join(REPO, "dist-cli", "tps-report.mjs");
  const exportArgs = ["export", "--format", "csv", "--study", study];
  const run = (argv: string[], env?: NodeJS.ProcessEnv) => {
    seconds(argv, env); // one unmeasured run: the file cache, as a second command finds it
    return median(Array.from({length: repeats}, () => seconds(argv, env)));
  };
  const floor = run([node, "-e", FLOOR, study]);
  const source = run([node, "bin/tps-report.js", ...exportArgs], {TPS_REPORT_FROM_SOURCE: "1"});
  // bin/tps-report.js as a user runs it: it takes the bundle when the bundle is newer than the sources.
  const built = existsSync(bundle) ? run([node, "bin/tps-report.js", ...exportArgs]) : null;
  return {
    study,
    repeats,
    floor_s: floor,
    bundle_s: built,
    source_s: source,
    bundle_ratio: built === null ? null : built / floor,
    source_ratio: source / floor
  };
}

/** The goal line: the command at most 4× the floor. */
export function startupGoal(s: StartupResult): string {
  const ok = s.bundle_ratio !== null && s.bundle_ratio <= 4;
  const bundle =
    s.bundle_s === null
      ? "no bundle built"
      : `${s.bundle_s.toFixed(3)} s through bin/tps-report.js from dist-cli (${s.bundle_ratio!.toFixed(1)}×)`;
  return `- Start-up: \`tps-report export\` of ${s.study} ≤ 4 × the floor: ${ok ? "met" : "NOT met"} (floor ${s.floor_s.toFixed(3)} s; ${bundle}; ${s.source_s.toFixed(3)} s from the TypeScript sources (${s.source_ratio.toFixed(1)}×); medians of ${s.repeats}).`;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(fileURLToPath(import.meta.url))) {
  const result = measureStartup();
  process.stdout.write(JSON.stringify(result, null, 2) + "\n" + startupGoal(result) + "\n");
}
