// Writes a whole synthetic study folder (study.yaml + runs/), optionally splitting the runs over worker processes.
import {fork} from "node:child_process";
import {existsSync, mkdirSync, readFileSync, rmSync} from "node:fs";
import {join} from "node:path";
import {writeFileAtomic} from "../../../loaders/files/write-atomic.js";
import {parseStudyPlan} from "../../../loaders/study/plan.js";
import {planYaml} from "./plan-yaml.js";
import {synthPlan} from "./study-plan.js";
import {plannedSynthRuns, writeSynthRun} from "./write-run.js";

/** Bumped whenever the generator's output changes, so cached archives are regenerated. */
export const GENERATOR_VERSION = 2;

export interface ArchiveManifest {
  generator: number;
  scale: number;
  seed: string;
  runs: number;
  detailed_runs: number;
  bytes: number;
  seconds: number;
}

export const MANIFEST = "synth.json";

/** The manifest of a complete archive at `dir` made with these settings, or null. */
export function currentManifest(dir: string, scale: number, seed: string): ArchiveManifest | null {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, "utf8")) as ArchiveManifest;
  return manifest.generator === GENERATOR_VERSION && manifest.scale === scale && manifest.seed === seed
    ? manifest
    : null;
}

/** Writes runs number `worker`, `worker + jobs`, … of the plan; returns the bytes written. */
export function writeRunsShare(dir: string, scale: number, seed: string, worker: number, jobs: number): number {
  const plan = synthPlan(scale, seed);
  const yamlFile = join(dir, "study.yaml");
  const studyPlan = parseStudyPlan(readFileSync(yamlFile, "utf8"), yamlFile, dir);
  const runsDir = join(dir, "runs");
  let bytes = 0;
  for (const run of plannedSynthRuns(plan))
    if (run.index % jobs === worker) bytes += writeSynthRun(plan, studyPlan, runsDir, run);
  return bytes;
}

export async function writeArchive(
  dir: string,
  options: {scale: number; seed: string; jobs: number; entry: string; log?: (line: string) => void}
): Promise<ArchiveManifest> {
  const {scale, seed, jobs} = options;
  const started = performance.now();
  const plan = synthPlan(scale, seed);
  const runs = plannedSynthRuns(plan);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(join(dir, "runs"), {recursive: true});
  const yaml = planYaml(plan);
  writeFileAtomic(join(dir, "study.yaml"), yaml);
  options.log?.(`${dir}: ${runs.length} runs in ${plan.steps.length} steps, ${jobs} worker(s)`);
  const shares = await Promise.all(
    Array.from({length: jobs}, (_, worker) =>
      jobs === 1
        ? Promise.resolve(writeRunsShare(dir, scale, seed, 0, 1))
        : runWorker(options.entry, [dir, String(scale), seed, String(worker), String(jobs)])
    )
  );
  const manifest: ArchiveManifest = {
    generator: GENERATOR_VERSION,
    scale,
    seed,
    runs: runs.length,
    detailed_runs: runs.filter((r) => r.candidate.detailed && !r.candidate.fails).length,
    bytes: Buffer.byteLength(yaml) + shares.reduce((a, b) => a + b, 0),
    seconds: (performance.now() - started) / 1000
  };
  writeFileAtomic(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/** Runs one share in a child process (the same entry script with --worker); resolves to its byte count. */
function runWorker(entry: string, args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = fork(entry, ["--worker", ...args], {stdio: ["ignore", "inherit", "inherit", "ipc"]});
    let bytes: number | null = null;
    child.on("message", (message) => (bytes = Number((message as {bytes: number}).bytes)));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 && bytes != null
        ? resolve(bytes)
        : reject(new Error(`generator worker ${args[3]} exited with ${code}`))
    );
  });
}
