// A 1,000-run ladder study for `npm run bench` (issue 22): candidates × a doubling concurrency ladder × repeats from a
// known queueing model, decided within an SLO. Its cold build's seconds per run are set against the archive sizes'
// of the same bench run, and its pages with the SLO explorer (home, a step) are weighed in Chromium (goal ≤ 250 KB).
import {mkdirSync, rmSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {ladderPlan, writeLadderRun} from "../test/support/ladder-study.js";
import {timeBuild, type BuildTiming} from "./build-time.js";
import {transferWeights, type TransferWeight} from "./browser-weight.js";

export const LADDER_SECTION = "## Ladder study";

export interface LadderShape {
  candidates: number;
  /** Concurrency levels 1, 2, 4, … 2^(levels − 1). */
  levels: number;
  repeats: number;
}

/** The bench's study: 10 candidates × concurrency 1…512 × 10 repeats = 1,000 runs. */
export const LADDER_BENCH: LadderShape = {candidates: 10, levels: 10, repeats: 10};

const INPUT = 1000;
const OUTPUT = 200;
export const LADDER_SLO = {ttft: 2000, tpot: 50};

export const ladderRuns = (shape: LadderShape): number => shape.candidates * shape.levels * shape.repeats;

/** Candidate i serves c users with TTFT = (80 + 10i) + (30 − 2.5i)·c ms and TPOT = (12 + i) + (0.5 − 0.045i)·c ms:
 * later candidates start slower but degrade less, so they stay within the SLO to higher loads (c0 to 32, c9 to 128)
 * and the last one wins, as a real batch-size sweep might. */
export function ladderModel(i: number, c: number): {ttft: number; tpot: number; throughput: number} {
  const ttft = 80 + 10 * i + (30 - 2.5 * i) * c;
  const tpot = 12 + i + (0.5 - 0.045 * i) * c;
  return {ttft, tpot, throughput: (c * (INPUT + OUTPUT)) / ((ttft + (OUTPUT - 1) * tpot) / 1000)};
}

/** Repeat k's throughput factor: evenly from 0.99 to 1.01 (mean 1), latency by 2 − factor. */
export function repeatFactor(k: number, repeats: number): number {
  return repeats === 1 ? 1 : 0.99 + (0.02 * k) / (repeats - 1);
}

export const ladderLevels = (shape: LadderShape): number[] => Array.from({length: shape.levels}, (_, i) => 2 ** i);

export function ladderBenchPlan(shape: LadderShape): string {
  return ladderPlan({
    id: "ladder-bench",
    title: "Ladder bench",
    slo: LADDER_SLO,
    repeats: shape.repeats,
    levels: ladderLevels(shape),
    step: "scheduler",
    candidates: Array.from({length: shape.candidates}, (_, i) =>
      i === 0
        ? "{id: c0, label: Candidate 0, engine: vllm, role: baseline, server: [vllm, serve, Qwen/Qwen3-8B]}"
        : `{id: c${i}, label: Candidate ${i}, engine: vllm, server: [vllm, serve, Qwen/Qwen3-8B, --max-num-seqs, "${16 * i}"]}`
    )
  });
}

/** Writes the study (study.yaml and one result.json per run); returns how many runs it wrote. */
export function writeLadderBenchStudy(dir: string, shape: LadderShape = LADDER_BENCH): number {
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(join(dir, "study.yaml"), ladderBenchPlan(shape));
  let written = 0;
  for (let i = 0; i < shape.candidates; i++)
    for (const c of ladderLevels(shape))
      for (let r = 0; r < shape.repeats; r++) {
        // Rotated per point, so no repeat is the slow one everywhere (check would flag that).
        const f = repeatFactor((r + i + c) % shape.repeats, shape.repeats);
        writeLadderRun(dir, `scheduler--c${i}--chat--c${c}${r ? `--r${r + 1}` : ""}`, ladderModel(i, c), c, f);
        written++;
      }
  return written;
}

export interface LadderBuildFigures {
  runs: number;
  cold: BuildTiming;
  /** Home and the step page (both with the SLO explorer), and their Turkish twins. */
  transfer: TransferWeight[];
  /** The archive sizes' cold builds of the same bench run: seconds per run (today's figure to compare with). */
  archives: {scale: number; runs: number; seconds_per_run: number}[];
  measured_at: string;
}

export const LADDER_PAGES = ["/", "/tr/", "/steps/scheduler", "/tr/steps/scheduler"];
export const EXPLORER_GOAL_KB = 250;

/** The archive build to hold the ladder study's seconds per run against: the one nearest in runs (log scale). */
export function referenceArchive(
  f: Pick<LadderBuildFigures, "runs" | "archives">
): LadderBuildFigures["archives"][0] | null {
  let best: LadderBuildFigures["archives"][0] | null = null;
  for (const a of f.archives)
    if (!best || Math.abs(Math.log(a.runs / f.runs)) < Math.abs(Math.log(best.runs / f.runs))) best = a;
  return best;
}

export function renderLadderSection(f: LadderBuildFigures): string {
  const perRun = f.cold.seconds / f.runs;
  const built = !f.cold.timed_out && f.cold.exit_code === 0;
  const reference = referenceArchive(f);
  const kb = (bytes: number) => bytes / 1024;
  const weights = f.transfer.map(
    (t) =>
      `| ${t.page} | ${t.interactive ? "yes" : "no"} | ${t.requests} | ${kb(t.bytes).toFixed(0)} | ${kb(t.bytes) <= EXPLORER_GOAL_KB ? "✓" : "✗"} |`
  );
  const archives = f.archives.map((a) => `${a.scale}× (${a.runs} runs): ${a.seconds_per_run.toFixed(3)} s per run`);
  const goal = !built
    ? `the build did not finish (${f.cold.timed_out ? "timed out" : `exit ${f.cold.exit_code}`}; see ${f.cold.log})`
    : reference
      ? `${perRun.toFixed(3)} s per run against ${reference.seconds_per_run.toFixed(3)} at ${reference.scale}× (${reference.runs} runs, nearest in size): ${perRun <= reference.seconds_per_run ? "met" : "NOT met"}`
      : `${perRun.toFixed(3)} s per run; no archive build in this run to compare with`;
  return [
    LADDER_SECTION,
    "",
    `A study of ${f.runs} runs on a load ladder (\`bench/ladder-build.ts\`: ${LADDER_BENCH.candidates} candidates × ` +
      `concurrency 1…${2 ** (LADDER_BENCH.levels - 1)} doubling × ${LADDER_BENCH.repeats} repeats, from a known queueing ` +
      `model, decided within p99 TTFT ≤ ${LADDER_SLO.ttft} ms and p99 TPOT ≤ ${LADDER_SLO.tpot} ms), built cold ` +
      "(`npm run build`) from the private tree; its home and step pages carry the SLO explorer.",
    "",
    `- Cold build: ${f.cold.seconds.toFixed(1)} s, ${f.cold.pages} pages, peak RSS ${f.cold.max_rss_mb ?? "—"} MB.`,
    `- Build time per run no worse than the archives' (their cold builds in this bench run${archives.length ? `: ${archives.join("; ")}` : ""}): ${goal}.`,
    "",
    `| page | SLO explorer | requests | KB transferred (gzip) | ≤ ${EXPLORER_GOAL_KB} KB |`,
    "| --- | --- | ---: | ---: | --- |",
    ...weights,
    "",
    `Measured ${f.measured_at.slice(0, 10)}.`,
    ""
  ].join("\n");
}

/** Writes the study under `work`, builds it cold in the private tree and weighs its explorer pages. */
export async function measureLadderBuild(
  work: string,
  tree: string,
  timeoutSeconds: number,
  archives: LadderBuildFigures["archives"],
  log: (line: string) => void
): Promise<LadderBuildFigures> {
  const dir = join(work, "ladder-study");
  log(`ladder: generating ${dir}`);
  const runs = writeLadderBenchStudy(dir);
  const output = "dist-ladder";
  rmSync(join(tree, output), {recursive: true, force: true});
  log(`ladder: cold build of ${runs} runs (timeout ${timeoutSeconds} s)`);
  const cold = await timeBuild(
    tree,
    ["npm", "run", "build"],
    {TPS_REPORT_STUDY: dir, TPS_REPORT_OUTPUT: output},
    timeoutSeconds,
    join(work, "build-ladder-cold.log")
  );
  const built = !cold.timed_out && cold.exit_code === 0;
  log("ladder: page weight in Chromium");
  const transfer = built ? await transferWeights(join(tree, output), LADDER_PAGES) : [];
  return {runs, cold, transfer, archives, measured_at: new Date().toISOString()};
}
