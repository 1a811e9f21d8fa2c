// Child process of the benchmark: ingests a study folder, then prints bytes read, seconds and peak memory as JSON.
//   floor: read every file and JSON.parse the JSON ones, nothing else (the same machine's bare floor).
//   ours:  the loaders' work — loadStudy (plans, run.json, logs parsed, validation, derivation) and every
//          --save-detailed result reduced to its request distributions.
//   plan:  study.yaml alone, read and checked (the part of ours the `yaml` package takes).
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join} from "node:path";
import {readResultJson} from "../loaders/requests/stream-result-json.js";
import {loadStudy} from "../loaders/analysis/report.js";
import {loadStudyPlan} from "../loaders/study/plan.js";

export interface IngestResult {
  mode: "floor" | "ours" | "plan";
  files: number;
  bytes: number;
  seconds: number;
  max_rss_mb: number;
  runs: number;
}

function studyFiles(dir: string): string[] {
  const files = [join(dir, "study.yaml")];
  const runsDir = join(dir, "runs");
  for (const run of readdirSync(runsDir).sort()) {
    if (run.startsWith(".")) continue;
    for (const name of readdirSync(join(runsDir, run)).sort()) files.push(join(runsDir, run, name));
  }
  return files;
}

async function main(mode: string, dir: string): Promise<IngestResult> {
  const files = studyFiles(dir);
  const bytes = files.reduce((n, f) => n + statSync(f).size, 0);
  const started = performance.now();
  let runs = 0;
  if (mode === "floor") {
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      if (file.endsWith(".json")) JSON.parse(text);
    }
    runs = files.filter((f) => f.endsWith("run.json")).length;
  } else if (mode === "ours") {
    // The report loaders hold the study; the run loaders then stream results without it, as in a build.
    runs = (await loadStudy(dir)).runs.length;
    for (const file of files) if (file.endsWith("result.json")) readResultJson(file);
  } else if (mode === "plan") {
    loadStudyPlan(dir);
  } else throw new Error(`mode must be floor, ours or plan, not ${mode}`);
  const seconds = (performance.now() - started) / 1000;
  return {
    mode,
    files: files.length,
    bytes,
    seconds,
    max_rss_mb: process.resourceUsage().maxRSS / 1024,
    runs
  };
}

const [mode, dir] = process.argv.slice(2);
process.stdout.write(JSON.stringify(await main(mode, dir)) + "\n");
