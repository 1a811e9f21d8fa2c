// `tps-report tune STUDY`: searches the plan's space with real runs (the same runner, run folders and telemetry as
// `tps-report run`), as the step `tune` whose configurations are frozen in STUDY/tune.json before each of them runs.
import {existsSync} from "node:fs";
import {join} from "node:path";
import {loadStudy} from "../analysis/report.js";
import {derive} from "../analysis/derive.js";
import {addLoadColumns} from "../analysis/slo.js";
import {
  candidateConfiguration,
  searchCandidate,
  searchObservations,
  searchRecordOf,
  searchState,
  spaceHash
} from "../analysis/search-runs.js";
import {
  candidateId,
  runSearch,
  searchRunsLeft,
  startDesign,
  TUNE_REASONS,
  type Observation,
  type SearchIo,
  type TuneState
} from "../analysis/tuner.js";
import type {TuneReport} from "../analysis/search-report.js";
import {liveSettings} from "../command/settings.js";
import {writeErrorLine} from "../files/write-error.js";
import {writeFileAtomic} from "../files/write-atomic.js";
import {dryRunScript} from "../live/dry-run.js";
import {withInterrupts} from "../live/interrupt.js";
import {Progress} from "../live/progress.js";
import {LiveError, runStudy, type RunStudyOptions} from "../live/runner.js";
import {SelectionError, selectRuns} from "../live/selection.js";
import {readRuns} from "../runs/read-runs.js";
import {runComplete} from "../runs/run-folder.js";
import {runRows} from "../runs/rows.js";
import {loadStudyPlan, plannedRuns, PlanError, SEARCH_TITLES, searchStep, type StudyPlan} from "../study/plan.js";
import {GRID_STEP, SEARCH_FILES, TUNE_STEP, type SearchRecord, type SearchStepId} from "../study/search-file.js";
import {
  budgetProblem,
  configurationKey,
  configurations,
  reservedRuns,
  type Configuration,
  type SearchSpace
} from "../study/search-space.js";

import {notAStudy} from "../runs/study-folder.js";
import {UsageError, wholeNumber} from "./usage.js";

const USAGE = `usage: tps-report tune STUDY [--budget N|Ns] [--dry-run] [--resume] [--port N|auto] [--client vllm|native]
                         [--timeout-s N] [--ready-timeout-s N]
       tps-report tune STUDY --grid [--repeats N] [--dry-run] [--resume] …

Searches the plan's space (tune: in study.yaml) for the best configuration within its budget, with real runs on this
machine: a space-filling start that holds the greedy path's configuration, then configurations picked by a model of
the runs so far (or successive halving, tune.strategy), then the leaders measured again with the study's repeats and
decided by the study's noise rule against the greedy path's configuration. Each configuration is written to
STUDY/tune.json before it runs; its runs are ordinary run folders (STUDY/runs/tune--<configuration>--<scenario>).
A configuration whose server crashes or fails its health check is recorded as failed with its reason, never tried
again, and tells the search nothing about its neighbours.

  --budget N|Ns     runs (N) or seconds of runs (Ns, Nm, Nh) the search may spend; default: the plan's tune.budget
  --dry-run         print the budget and the first batch with its commands, start nothing
  --resume          continue a search that was interrupted (tune.json holds what it decided)
  --grid            run every configuration of the space instead (STUDY/grid.json, step grid): the ground truth
                    the search's regret is measured against
  --repeats N       --grid: runs of each configuration (default 1)
  --port, --client, --timeout-s, --ready-timeout-s   as for tps-report run

Exit status: 0 when the search (or the grid) is done, 1 when it could not run, 2 for usage errors, 130 when
interrupted (--resume continues).`;

interface TuneArgs {
  study: string;
  budget?: {runs: number} | {seconds: number};
  dryRun: boolean;
  resume: boolean;
  grid: boolean;
  repeats: number;
  port?: number | "auto";
  client?: "vllm" | "native";
  timeoutS?: number;
  readyTimeoutS?: number;
}

export function parseTuneArgs(argv: string[]): TuneArgs | "help" {
  const args: Partial<TuneArgs> = {dryRun: false, resume: false, grid: false, repeats: 1};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--help" || flag === "-h") return "help";
    else if (flag === "--dry-run") args.dryRun = true;
    else if (flag === "--resume") args.resume = true;
    else if (flag === "--grid") args.grid = true;
    else if (flag === "--repeats") args.repeats = wholeNumber(flag, value(), 1, 1000);
    else if (flag === "--budget") {
      const text = value();
      const match = /^(\d+)([smh]?)$/.exec(text ?? "");
      const n = Number(match?.[1]);
      const amount = match?.[2] ? n * {s: 1, m: 60, h: 3600}[match[2] as "s" | "m" | "h"] : n;
      if (!match || n < 1 || !Number.isSafeInteger(amount))
        throw new UsageError("--budget needs runs (24) or seconds (3600s, 60m, 2h)");
      args.budget = match[2] ? {seconds: amount} : {runs: amount};
    } else if (flag === "--port") {
      const v = value();
      args.port = v === "auto" ? "auto" : wholeNumber("--port", v, 1, 65535);
    } else if (flag === "--client") {
      const v = value();
      if (v !== "vllm" && v !== "native") throw new UsageError("--client is 'vllm' or 'native'");
      args.client = v;
    } else if (flag === "--timeout-s") args.timeoutS = wholeNumber(flag, value(), 1);
    else if (flag === "--ready-timeout-s") args.readyTimeoutS = wholeNumber(flag, value(), 1);
    else if (arg.startsWith("-")) throw new UsageError(`unknown option ${arg}`);
    else if (args.study === undefined) args.study = arg;
    else throw new UsageError(`one study at a time (got '${args.study}' and '${arg}')`);
  }
  if (args.study === undefined) throw new UsageError("which study? (a folder with study.yaml)");
  if (args.grid && args.budget) throw new UsageError("--grid runs every configuration: leave out --budget");
  return args as TuneArgs;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function budgetText(budget: NonNullable<SearchSpace["budget"]>): string {
  return "runs" in budget ? plural(budget.runs, "run") : `${budget.seconds} s of runs`;
}

/** The greedy path's winner as a configuration of the space, when every planned run of the greedy steps is recorded. */
export async function greedyOf(
  plan: StudyPlan,
  space: SearchSpace
): Promise<{record: SearchRecord["greedy"]; config: Configuration | null; note: string}> {
  const {rows} = await loadStudy(plan.dir);
  const recorded = new Set(rows.map((r) => r.run));
  const greedyPlan = {...plan, second_look: undefined, tune: undefined, grid: undefined};
  const missing = plannedRuns(greedyPlan).filter((p) => !recorded.has(p.run));
  if (missing.length)
    return {
      record: null,
      config: null,
      note: `the greedy path has ${plural(missing.length, "planned run")} missing (the first ${missing[0].run}): its configuration is not in the start`
    };
  const derived = derive(greedyPlan, rows);
  const {step, candidate} = derived.recommended;
  if (!rows.some((r) => r.step === step && r.candidate === candidate && r.status === "ok"))
    return {
      record: null,
      config: null,
      note: `the greedy path's runs of its winner ${step}--${candidate} all failed: no configuration of it in the start`
    };
  const winner = plan.steps.find((s) => s.id === step)!.candidates.find((c) => c.id === candidate)!;
  const read = candidateConfiguration(space, winner);
  if ("reason" in read)
    return {
      record: {step, candidate, configuration: null},
      config: null,
      note: `the greedy path's winner ${winner.label} (${step}--${candidate}) is not in the space: ${read.reason}`
    };
  return {
    record: {step, candidate, configuration: null},
    config: read.config,
    note: `the greedy path's winner ${winner.label} (${step}--${candidate}) is in the start`
  };
}

function recordFile(plan: StudyPlan, step: SearchStepId): string {
  return join(plan.dir, SEARCH_FILES[step]);
}

interface Live {
  plan: StudyPlan;
  args: TuneArgs;
  progress: Progress;
  signal: AbortSignal;
  hurry: AbortSignal;
}

/** Runs the step's runs that are not recorded yet; false when interrupted. */
async function measure(live: Live, step: SearchStepId): Promise<boolean> {
  const plan = loadStudyPlan(live.plan.dir);
  const {port, client, timeoutS, readyTimeoutS} = live.args;
  const options: RunStudyOptions = {only: [step], resume: true, port, client, timeoutS, readyTimeoutS};
  const result = await runStudy(plan, {...options, signal: live.signal, hurry: live.hurry, progress: live.progress});
  return !result.interrupted;
}

/** Each configuration of the step as its run folders say, read as every run is read. */
export async function observeSearch(dir: string, step: SearchStepId): Promise<Map<string, Observation>> {
  const current = loadStudyPlan(dir);
  const record = step === TUNE_STEP ? current.tune_record : current.grid_record;
  const planStep = step === TUNE_STEP ? current.tune : current.grid;
  if (!record || !planStep) return new Map();
  const {runs} = await readRuns(current);
  const rows = runRows(current, runs);
  addLoadColumns(current, runs, rows);
  const values = new Map(record.candidates.map((c) => [c.id, c.values as Configuration]));
  return searchObservations(current, planStep, record.objective, (id) => values.get(id) ?? {}, rows, runs);
}

function verdictLines(report: TuneReport): string[] {
  const v = report.verdict;
  const fmt = (x: number | null) => (x == null ? "—" : x.toFixed(2));
  const lines = [
    `search: ${plural(report.configurations.length, "configuration")}, ${plural(report.spent.runs, "run")} (${report.configurations.filter((c) => c.status === "failed").length} failed), ${report.spent.seconds.toFixed(0)} s of runs`
  ];
  for (const c of report.configurations.filter((x) => x.status === "failed"))
    lines.push(`  failed ${c.id} (${c.label}): ${c.error}`);
  if (report.winner)
    lines.push(
      `recommendation: ${report.winner.label}, ${report.objective} ${fmt(report.winner.value)} [${fmt(report.winner.ci_low)}, ${fmt(report.winner.ci_high)}] over ${report.winner.n} runs`,
      `  ${report.winner.server_command}`
    );
  if (v?.gain_percent != null)
    lines.push(
      `against the greedy path's configuration: ${v.gain_percent >= 0 ? "+" : ""}${v.gain_percent.toFixed(1)} %${v.gain_interval ? ` [${v.gain_interval.low.toFixed(1)}, ${v.gain_interval.high.toFixed(1)}]` : ""}: ${v.kind === "improved" ? "beyond noise, the search's leader replaces it" : "within noise, the greedy path's configuration stays"}`
    );
  else if (v?.kind === "no-improvement")
    lines.push("the greedy path's configuration leads the re-measured leaders: it stays");
  else if (v?.kind === "no-incumbent") lines.push("no greedy path to compare with: the leader is the recommendation");
  else if (v?.kind === "nothing-measured")
    lines.push(
      "no recommendation: none of the configurations measured again has a successful result (within the SLO, where the study sets one)"
    );
  const g = report.grid;
  if (g?.regret_percent != null && g.best)
    lines.push(
      `regret against the grid's best (${g.best.label}, ${fmt(g.best.value)}; ${plural(g.runs, "run")}): ${g.regret_percent.toFixed(1)} % with ${plural(g.search_runs, "run")}`
    );
  return lines;
}

async function tune(args: TuneArgs, plan: StudyPlan, base: SearchSpace): Promise<number> {
  const budget = args.budget ?? base.budget;
  if (!budget)
    throw new LiveError(`${plan.file}: the search has no budget: give tune.budget in the plan, or --budget N`);
  const space: SearchSpace = {...base, budget};
  if (args.budget && "runs" in args.budget) {
    const problem = budgetProblem(args.budget.runs, space);
    if (problem) throw new LiveError(`--budget ${args.budget.runs}: ${problem}`);
  }
  const feasible = configurations(
    space,
    space.constraints.map((c) => c.tree)
  );
  const file = recordFile(plan, TUNE_STEP);
  const existing = plan.tune_record ?? null;
  if (existing && !args.resume && !args.dryRun)
    throw new LiveError(
      `a search was started already (${file}, ${plural(existing.candidates.length, "configuration")}): --resume continues it; remove the file to start again`
    );
  if (existing && existing.space !== spaceHash(space))
    throw new LiveError(
      `${file}: the plan's search space changed since the search started; remove the file to start again`
    );
  const greedy = existing ? {record: existing.greedy, config: null, note: ""} : await greedyOf(plan, space);
  const record: SearchRecord = existing
    ? {...existing, budget}
    : {
        step: TUNE_STEP,
        scenario: space.scenario,
        objective: space.objective,
        space: spaceHash(space),
        budget,
        seed: space.seed,
        strategy: space.strategy,
        repeats: 1,
        greedy: greedy.record,
        candidates: [],
        confirm: null
      };
  const greedyConfig = existing
    ? ((existing.candidates.find((c) => c.id === existing.greedy?.configuration)?.values as Configuration) ?? null)
    : greedy.config;
  const reserve = reservedRuns(space, greedyConfig != null);
  const header = [
    `# Search of ${plan.id}: ${plural(space.size, "configuration")} in the space (${space.knobs.map((k) => `${k.name} × ${k.values.length}`).join(", ")}), maximizing ${space.objective} on scenario ${space.scenario}, ${space.strategy}`,
    `# Budget: ${budgetText(budget)}: the start ${plural(reserve.start, "run")}, the leaders measured again ${plural(reserve.confirm, "run")} (${plural(space.top, "leader")}${greedyConfig ? " and the greedy path's configuration" : ""}, ${plural(space.repeats, "repeat")} each), the search the rest${"runs" in budget ? ` (up to ${plural(searchRunsLeft(space, budget, {runs: reserve.start, seconds: 0}, greedyConfig != null) * space.runs_per_configuration, "run")})` : ""}`
  ];
  if (greedy.note) header.push(`# ${greedy.note}`);

  if (args.dryRun) {
    const state = existing ? searchState(existing) : {candidates: [], confirm: null};
    if (!existing)
      startDesign(space, feasible, greedyConfig, space.start).forEach((p, i) =>
        state.candidates.push({id: candidateId(i), values: p.config, phase: "start", reason: p.reason, repeats: 1})
      );
    const shown = searchRecordOf(record, state, space, plan.model.name);
    const withBatch: StudyPlan = {...plan, tune: searchStep(shown, SEARCH_TITLES.tune), tune_record: shown};
    const runsDir = join(plan.dir, "runs");
    const runs = selectRuns(withBatch, [TUNE_STEP]).filter((r) => !runComplete(runsDir, r.run));
    header.push(
      existing
        ? `# Resuming: ${plural(existing.candidates.length, "configuration")} decided, ${plural(runs.length, "run")} of them not recorded yet; dry run: nothing was started.`
        : `# First batch, the start: ${plural(state.candidates.length, "configuration")}; dry run: nothing was started.`
    );
    for (const c of shown.candidates.filter((c) => runs.some((r) => r.candidate.id === c.id)))
      header.push(`#   ${c.id} — ${c.label}: ${c.reason}`);
    const settings = liveSettings(withBatch, {
      port: args.port === "auto" ? undefined : args.port,
      benchTimeoutS: args.timeoutS,
      readyTimeoutS: args.readyTimeoutS,
      clientKind: args.client
    });
    process.stdout.write(header.join("\n") + "\n" + dryRunScript(withBatch, runs, settings));
    return 0;
  }

  process.stderr.write(header.join("\n") + "\n");
  const progress = new Progress({stream: process.stderr, live: Boolean(process.stderr.isTTY)});
  const outcome = await withInterrupts(
    async ({signal, hurry}) => {
      const live: Live = {plan, args, progress, signal, hurry};
      const io: SearchIo = {
        commit: (state) =>
          writeFileAtomic(file, JSON.stringify(searchRecordOf(record, state, space, plan.model.name), null, 2) + "\n"),
        measure: (state) => (state.candidates.length ? measure(live, TUNE_STEP) : Promise.resolve(true)),
        observe: () => observeSearch(plan.dir, TUNE_STEP),
        note: (line) => progress.note(line)
      };
      // Which candidate holds the greedy path's configuration is known once the start is decided.
      const commit = io.commit;
      io.commit = (state) => {
        if (record.greedy && greedyConfig && !record.greedy.configuration) {
          const key = configurationKey(space, greedyConfig);
          const holder = state.candidates.find((c) => configurationKey(space, c.values) === key);
          record.greedy = {...record.greedy, configuration: holder?.id ?? null};
        }
        commit(state);
      };
      return runSearch(space, feasible, greedyConfig, searchState(record), io);
    },
    (text) => progress.note(text)
  );
  if (outcome === "interrupted") {
    process.stderr.write(`interrupted: no partial run kept; tps-report tune ${args.study} --resume continues\n`);
    return 130;
  }
  const {report} = await loadStudy(plan.dir);
  if (report.tune) process.stderr.write(verdictLines(report.tune).join("\n") + "\n");
  return 0;
}

async function grid(args: TuneArgs, plan: StudyPlan, space: SearchSpace): Promise<number> {
  const file = recordFile(plan, GRID_STEP);
  const existing = plan.grid_record ?? null;
  if (existing && !args.resume && !args.dryRun)
    throw new LiveError(
      `the grid was started already (${file}): --resume continues it; remove the file to start again`
    );
  const feasible = configurations(
    space,
    space.constraints.map((c) => c.tree)
  );
  const record: SearchRecord = existing ?? {
    step: GRID_STEP,
    scenario: space.scenario,
    objective: space.objective,
    space: spaceHash(space),
    budget: null,
    seed: space.seed,
    strategy: "grid",
    repeats: args.repeats,
    greedy: null,
    candidates: feasible.map((config, i) =>
      searchCandidate(space, config, plan.model.name, `g${String(i + 1).padStart(3, "0")}`, "grid", TUNE_REASONS.grid)
    ),
    confirm: null
  };
  const withGrid: StudyPlan = {...plan, grid: searchStep(record, SEARCH_TITLES.grid), grid_record: record};
  const runsDir = join(plan.dir, "runs");
  const runs = selectRuns(withGrid, [GRID_STEP]).filter((r) => !runComplete(runsDir, r.run));
  const header = `# Grid of ${plan.id}: ${plural(record.candidates.length, "configuration")}, ${plural(runs.length, "run")} to make (${plural(record.repeats, "repeat")} each)`;
  if (args.dryRun) {
    const settings = liveSettings(withGrid, {
      port: args.port === "auto" ? undefined : args.port,
      clientKind: args.client
    });
    process.stdout.write(`${header}; dry run: nothing was started.\n${dryRunScript(withGrid, runs, settings)}`);
    return 0;
  }
  process.stderr.write(header + `; frozen in ${file}.\n`);
  if (!existing) writeFileAtomic(file, JSON.stringify(record, null, 2) + "\n");
  const progress = new Progress({stream: process.stderr, live: Boolean(process.stderr.isTTY)});
  const done = await withInterrupts(
    ({signal, hurry}) => measure({plan, args, progress, signal, hurry}, GRID_STEP),
    (text) => progress.note(text)
  );
  if (!done) {
    process.stderr.write(`interrupted: no partial run kept; tps-report tune ${args.study} --grid --resume continues\n`);
    return 130;
  }
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  let args: TuneArgs | "help";
  try {
    args = parseTuneArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`tps-report tune: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === "help") {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const why = notAStudy(args.study);
  if (why) {
    process.stderr.write(`tps-report tune: ${why}\n`);
    return 2;
  }
  try {
    const plan = loadStudyPlan(args.study);
    const space = plan.search_space;
    if (!space) {
      process.stderr.write(
        `tps-report tune: ${plan.file}: the plan has no search space: add 'tune:' (docs/study-format.md)\n`
      );
      return 1;
    }
    if (args.resume && !args.dryRun && !existsSync(recordFile(plan, args.grid ? GRID_STEP : TUNE_STEP)))
      process.stderr.write(
        `tps-report tune: nothing to resume (${recordFile(plan, args.grid ? GRID_STEP : TUNE_STEP)} is not there): starting\n`
      );
    return args.grid ? await grid(args, plan, space) : await tune(args, plan, space);
  } catch (error) {
    if (error instanceof PlanError || error instanceof LiveError || error instanceof SelectionError) {
      process.stderr.write(`tps-report tune: ${error.message}\n`);
      return 1;
    }
    const line = writeErrorLine(error);
    if (line) {
      process.stderr.write(`tps-report tune: ${line}\n`);
      return 1;
    }
    throw error;
  }
}
