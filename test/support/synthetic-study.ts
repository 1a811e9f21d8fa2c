// A study of the synthetic engine written as run folders, as live mode would leave them but in a second: the greedy
// path (one knob per step from the defaults, 3 repeats), the search (the library's own search, its decisions in
// tune.json) and, optionally, the grid of the same space. Each run draws the known surface with 5 % noise; the crash
// region's runs are failed server starts with the engine's own reason.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {greedyOf, observeSearch} from "../../loaders/cli/tune.js";
import {searchCandidate, searchRecordOf, spaceHash} from "../../loaders/analysis/search-runs.js";
import {runSearch, type TuneState} from "../../loaders/analysis/tuner.js";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import {normalDraw, seededRandom} from "../../loaders/stats/seeded-random.js";
import {benchArgv, loadStudyPlan, plannedRuns, type StudyPlan} from "../../loaders/study/plan.js";
import type {SearchRecord} from "../../loaders/study/search-file.js";
import {configurations, type Configuration} from "../../loaders/study/search-space.js";
import {benchLog} from "./repeat-study.js";
import {syntheticPlanYaml} from "./search-simulation.js";
import {
  BATCH_TOKENS,
  DEFAULTS,
  NOISE,
  REQUESTS,
  SCHEDULERS,
  surface,
  syntheticTuneYaml,
  type SyntheticConfig
} from "./synthetic-engine.js";

const ENGINE = "synthetic-engine";
const args = (c: Partial<SyntheticConfig>): string[] => [
  ...(c.max_batch_tokens ? ["--max-batch-tokens", String(c.max_batch_tokens)] : []),
  ...(c.max_requests_per_batch ? ["--max-requests-per-batch", String(c.max_requests_per_batch)] : []),
  ...(c.scheduler ? ["--scheduler", c.scheduler] : [])
];

/** The greedy path's steps as a plan writes them: batch tokens from the defaults, then requests at the path's
 * winner, then the scheduler. */
function greedySteps(): string {
  const candidate = (id: string, c: Partial<SyntheticConfig>, label: string) =>
    `      - {id: ${id}, label: "${label}", engine: synthetic, server: ${JSON.stringify([ENGINE, ...args(c)])}}`;
  return `steps:
  - id: batch-tokens
    title: Max batch tokens
    scenarios: [tiny]
    candidates:
${BATCH_TOKENS.map((b) => candidate(`b${b}`, {max_batch_tokens: b}, `max_batch_tokens ${b}`)).join("\n")}
  - id: requests
    title: Max requests per batch
    scenarios: [tiny]
    candidates:
${REQUESTS.map((r) => candidate(`r${r}`, {max_batch_tokens: 2048, max_requests_per_batch: r}, `max_batch_tokens 2048, max_requests_per_batch ${r}`)).join("\n")}
  - id: scheduler
    title: Scheduler
    scenarios: [tiny]
    candidates:
${SCHEDULERS.map((s) => candidate(s, {max_batch_tokens: 2048, max_requests_per_batch: 32, scheduler: s}, `max_batch_tokens 2048, max_requests_per_batch 32, scheduler ${s}`)).join("\n")}
baseline: {step: batch-tokens, candidate: b2048}
`;
}

const asSynthetic = (c: Configuration | Record<string, unknown>): SyntheticConfig => ({
  max_batch_tokens: (c.max_batch_tokens as number) ?? DEFAULTS.max_batch_tokens,
  max_requests_per_batch: (c.max_requests_per_batch as number) ?? DEFAULTS.max_requests_per_batch,
  scheduler: (c.scheduler as string) ?? DEFAULTS.scheduler
});

/** The configuration a server command runs: its options, the engine's defaults for the rest. */
function fromArgv(argv: string[]): SyntheticConfig {
  const at = (flag: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  return asSynthetic({
    max_batch_tokens: at("--max-batch-tokens") ? Number(at("--max-batch-tokens")) : undefined,
    max_requests_per_batch: at("--max-requests-per-batch") ? Number(at("--max-requests-per-batch")) : undefined,
    scheduler: at("--scheduler")
  });
}

/** Writes every planned run of `stepId` not written yet; each run's time follows the last, a second apart. */
function writeRuns(plan: StudyPlan, stepId: string, seed: number, clock: {t: number}): void {
  for (const p of plannedRuns(plan).filter((r) => r.step.id === stepId)) {
    const dir = join(plan.dir, "runs", p.run);
    try {
      mkdirSync(dir);
    } catch {
      continue;
    }
    const config = fromArgv(p.candidate.server);
    const random = seededRandom([...`${seed}/${p.run}`].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7));
    const value = surface(config);
    const started = new Date(Date.UTC(2026, 0, 1) + clock.t * 1000).toISOString();
    clock.t += value == null ? 5 : 20;
    const ended = new Date(Date.UTC(2026, 0, 1) + clock.t * 1000).toISOString();
    const meta = {
      id: p.run,
      study: plan.id,
      step: p.step.id,
      candidate: p.candidate.id,
      scenario: p.scenario.id,
      ...(p.repeat > 1 ? {repeat: p.repeat} : {}),
      engine: p.candidate.engine,
      engine_version: "1",
      model: p.candidate.model,
      quantization: p.candidate.quantization,
      gpu: "none",
      gpu_count: 1,
      server_argv: p.candidate.server,
      bench_argv: benchArgv(plan, p.candidate, p.scenario),
      status: value == null ? "failed" : "ok",
      error:
        value == null
          ? `server exited with code 1 before it was ready: RuntimeError: CUDA out of memory: the KV cache for ${config.max_requests_per_batch} requests of ${config.max_batch_tokens} batch tokens does not fit`
          : null,
      started_at: started,
      ended_at: ended,
      origin: {kind: "simulated", server_ready_s: 2},
      ...(value == null ? {failed_phase: "server-start"} : {})
    };
    writeFileSync(join(dir, "run.json"), JSON.stringify(meta, null, 2) + "\n");
    if (value != null) writeFileSync(join(dir, "bench.log"), benchLog(value * (1 + NOISE * normalDraw(random))));
  }
}

export interface SyntheticStudyOptions {
  seed: number;
  budget: number;
  grid?: boolean;
}

/** Writes the study into `dir` (which must exist) and returns it. */
export async function writeSyntheticStudy(
  dir: string,
  {seed, budget, grid = true}: SyntheticStudyOptions
): Promise<string> {
  mkdirSync(join(dir, "runs"), {recursive: true});
  writeFileSync(
    join(dir, "study.yaml"),
    syntheticPlanYaml(syntheticTuneYaml(budget, `  seed: ${seed}\n`), 3).replace(
      /steps:\n[\s\S]*?(?=tune:)/,
      greedySteps()
    )
  );
  const clock = {t: 0};
  let plan = loadStudyPlan(dir);
  for (const step of plan.steps) writeRuns(plan, step.id, seed, clock);
  const space = plan.search_space!;
  const feasible = configurations(
    space,
    space.constraints.map((c) => c.tree)
  );
  // The greedy path's winner, as tps-report tune reads it from the study's runs.
  const greedy = await greedyOf(plan, space);
  const record: SearchRecord = {
    step: "tune",
    scenario: space.scenario,
    objective: space.objective,
    space: spaceHash(space),
    budget: space.budget,
    seed,
    strategy: space.strategy,
    repeats: 1,
    greedy: greedy.record && {...greedy.record, configuration: greedy.config ? "c001" : null},
    candidates: [],
    confirm: null
  };
  const file = join(dir, "tune.json");
  const state: TuneState = {candidates: [], confirm: null};
  await runSearch({...space, seed}, feasible, greedy.config, state, {
    commit: (s) =>
      writeFileAtomic(file, JSON.stringify(searchRecordOf(record, s, space, plan.model.name), null, 2) + "\n"),
    measure: async (s) => {
      if (s.candidates.length) writeRuns(loadStudyPlan(dir), "tune", seed, clock);
      return true;
    },
    observe: () => observeSearch(dir, "tune")
  });
  if (grid) {
    plan = loadStudyPlan(dir);
    const gridRecord: SearchRecord = {
      ...record,
      step: "grid",
      budget: null,
      strategy: "grid",
      greedy: null,
      candidates: feasible.map((config, i) =>
        searchCandidate(
          space,
          config,
          plan.model.name,
          `g${String(i + 1).padStart(3, "0")}`,
          "grid",
          "every configuration of the space"
        )
      ),
      confirm: null
    };
    writeFileSync(join(dir, "grid.json"), JSON.stringify(gridRecord, null, 2) + "\n");
    writeRuns(loadStudyPlan(dir), "grid", seed + 1000, clock);
  }
  return dir;
}
