// The setup page's data: the study, each scenario's benchmark commands with the runs that used them, every server
// command, and how the runs ran (client, repeats, warm-ups, seeds, scrape interval).
import type {Report, StudyInfo} from "../analysis/report.js";
import type {RunRow} from "../runs/rows.js";
import {runClient, type RunRecord} from "../runs/read-runs.js";
import {clientName} from "../study/clients.js";
import {NOT_RECORDED, type Text} from "../text.js";
import {liveSettings} from "../command/settings.js";
import {levelSeeds} from "../analysis/repeat-checks.js";
import {pointRepeats, studyConfidence} from "../study/repeats.js";
import type {StudyPlan} from "../study/plan.js";
import {isPlaceholder} from "../study/schema.js";
import {naturalOrder} from "../natural-order.js";

// A run's own output folder, as the recorded command names it: the same command for every run otherwise.
const OUTPUT_DIR = /(--result-dir(?:=|\s+))('[^']*'|\S+)/g;

/** The command with its output folder written as runs/<run-id>, so commands that differ only there read as one. */
export function sharedCommand(command: string): string {
  return command.replace(OUTPUT_DIR, "$1'runs/<run-id>'");
}

/**
 * Every distinct benchmark command of each scenario (plan order), output folders aside, with its runs and steps;
 * runs whose command is not recorded are grouped by the tool that measured them (`clients`: run id → tool).
 */
export function benchCommandGroups(
  report: Report,
  rows: readonly RunRow[],
  clients: ReadonlyMap<string, string | null> = new Map()
): BenchCommandGroup[] {
  const stepOrder = new Map(report.steps.map((s, i) => [s.id, i]));
  return report.study.scenarios.flatMap((scenario) => {
    const commands = new Map<string, {client?: string | null; runs: string[]; steps: Set<string>}>();
    for (const row of rows.filter((r) => r.scenario === scenario.id)) {
      const client = row.bench_command === "" ? clientName(clients.get(row.run) ?? null) : undefined;
      // "\0" never starts a recorded command: an unrecorded one's key is its tool.
      const command = client === undefined ? sharedCommand(row.bench_command) : `\0${client ?? ""}`;
      const group = commands.get(command) ?? {...(client === undefined ? {} : {client}), runs: [], steps: new Set()};
      commands.set(command, group);
      group.runs.push(row.run);
      group.steps.add(row.step);
    }
    // Numbers inside run ids sort as numbers (2048 before 16384), as on /runs/.
    const byStep = (a: string, b: string) =>
      (stepOrder.get(a) ?? stepOrder.size) - (stepOrder.get(b) ?? stepOrder.size);
    return [...commands].map(([command, {client, runs, steps}]) => ({
      scenario: scenario.id,
      command: client === undefined ? command : "",
      ...(client === undefined ? {} : {client}),
      runs: runs.sort(naturalOrder),
      steps: [...steps].sort(byStep)
    }));
  });
}

/** The words before a command's first flag: the program it ran. */
function program(command: string): string {
  const words = command.split(/\s+/);
  const flag = words.findIndex((w) => w.startsWith("-"));
  return words.slice(0, flag < 0 ? words.length : flag).join(" ");
}

/** The integers that follow `flag` in the recorded commands, distinct, in order of first appearance. */
function flagValues(rows: readonly RunRow[], flag: string): number[] {
  const values = new Set<number>();
  const pattern = new RegExp(`${flag}(?:=|\\s+)'?(-?\\d+)`);
  for (const row of rows) {
    const match = pattern.exec(row.bench_command);
    if (match) values.add(Number(match[1]));
  }
  return [...values];
}

/** Each model a candidate serves (plan order), with the labels of the candidates that serve it. */
export function servedModels(report: Report): ServedModel[] {
  const models = new Map<string, Set<string>>();
  for (const step of report.steps)
    for (const c of step.candidates) {
      // A model the files did not name reads "not recorded", as the study's own does (report.ts).
      const model = isPlaceholder(c.model) ? NOT_RECORDED : c.model;
      models.set(model, (models.get(model) ?? new Set()).add(c.label));
    }
  return [...models].map(([model, labels]) => ({model, candidates: [...labels]}));
}

/** The tool of each run whose benchmark command is not recorded. */
function unrecordedClients(rows: readonly RunRow[], runs: readonly RunRecord[], plan: StudyPlan) {
  const unrecorded = new Set(rows.filter((r) => r.bench_command === "").map((r) => r.run));
  return new Map(
    runs.filter((r) => unrecorded.has(r.meta.id)).map((r) => [r.meta.id, r.broken ? null : runClient(r.meta, plan)])
  );
}

export function setupPage(
  report: Report,
  rows: readonly RunRow[],
  plan?: StudyPlan,
  runs: readonly RunRecord[] = []
): SetupPage {
  const clients = plan ? unrecordedClients(rows, runs, plan) : new Map<string, string | null>();
  const planned = plan
    ? plan.steps.flatMap((step) =>
        step.scenarios.map((id) =>
          pointRepeats(
            plan,
            step,
            plan.scenarios.find((s) => s.id === id)!
          )
        )
      )
    : [];
  return {
    study: report.study,
    models: servedModels(report),
    bench_commands: benchCommandGroups(report, rows, clients),
    steps: report.steps.map((s) => ({
      id: s.id,
      title: s.title,
      candidates: s.candidates.map((c) => ({id: c.id, label: c.label, server_command: c.server_command}))
    })),
    ...(plan
      ? {
          settings: {
            clients: [
              ...new Set(
                rows.flatMap((r) => (r.bench_command !== "" ? [program(r.bench_command)] : (clients.get(r.run) ?? [])))
              )
            ],
            repeats: planned.length ? {min: Math.min(...planned), max: Math.max(...planned)} : {min: 1, max: 1},
            confidence: studyConfidence(plan),
            warmup_repeats: plan.warmup_repeats ?? 0,
            num_warmups: flagValues(rows, "--num-warmups"),
            seeds: flagValues(rows, "--seed").sort((a, b) => a - b),
            level_seeds: levelSeeds(rows),
            scrape_interval_s: rows.some(
              (r) => typeof r.kv_cache_usage_max === "number" || typeof r.preemptions === "number"
            )
              ? liveSettings(plan).scrapeIntervalS
              : null,
            gpu_samples: rows.some((r) => typeof r.gpu_utilization_mean === "number")
          }
        }
      : {})
  };
}

/** One benchmark command of a scenario and the runs that used it. */
export interface BenchCommandGroup {
  scenario: string;
  /** Empty where the runs' command is not recorded. */
  command: string;
  /** Where the command is not recorded: the tool that measured the runs (null: no file names it). */
  client?: string | null;
  runs: string[];
  /** The steps of those runs, in plan order: what the page names when the runs are too many to list. */
  steps: string[];
}
/** A model and the labels of the candidates that serve it. */
export interface ServedModel {
  model: string;
  candidates: string[];
}
/** A step's candidates with the commands their servers were started with. */
export interface StepCommands {
  id: string;
  title: Text;
  candidates: {id: string; label: string; server_command: string}[];
}
/** The setup page: the study, the benchmark commands by scenario and every server command. */
export interface SetupPage {
  study: StudyInfo;
  /** The models the candidates serve: one for most studies, several where candidates serve different ones. */
  models: ServedModel[];
  bench_commands: BenchCommandGroup[];
  steps: StepCommands[];
  /** How the runs ran, from the plan and the recorded commands (absent where the page was built without the plan). */
  settings?: {
    /** The programs the recorded benchmark commands ran (e.g. "tps-report bench" for the native client). */
    clients: string[];
    /** Repeats the plan gives a point: fewest and most. */
    repeats: {min: number; max: number};
    confidence: number;
    warmup_repeats: number;
    /** --num-warmups values the recorded commands carry. */
    num_warmups: number[];
    /** Seeds the recorded commands sent, smallest first. */
    seeds: number[];
    /** Whether a ladder's runs had a seed per (level, repeat) (study/repeats.ts repeatSeed). */
    level_seeds: boolean;
    /** The scrape interval when some run recorded server metrics, else null. */
    scrape_interval_s: number | null;
    gpu_samples: boolean;
  };
}
