// Which planned runs a live command covers (--only), grouped by the server configuration they share.
import {plannedRuns, type PlanCandidate, type PlanScenario, type PlanStep, type StudyPlan} from "../study/plan.js";

export interface PlannedRun {
  run: string;
  step: PlanStep;
  candidate: PlanCandidate;
  scenario: PlanScenario;
  /** Which repeat of its point, from 1. */
  repeat: number;
}

/** Runs served by one server configuration: one candidate of one step, its scenarios in plan order, round after round
 * of repeats. */
export interface ServerGroup {
  /** `<step>--<candidate>` */
  key: string;
  step: PlanStep;
  candidate: PlanCandidate;
  runs: PlannedRun[];
}

export class SelectionError extends Error {}

/** `only` items name a step, a `<step>--<candidate>` pair or a run id; commas separate several in one item. */
export function selectRuns(plan: StudyPlan, only: string[] = []): PlannedRun[] {
  const all = plannedRuns(plan);
  const wanted = only
    .flatMap((item) => item.split(","))
    .map((item) => item.trim())
    .filter(Boolean);
  if (wanted.length === 0) return all;
  const matches = (run: PlannedRun, name: string): boolean =>
    run.run === name || run.step.id === name || `${run.step.id}--${run.candidate.id}` === name;
  const unknown = wanted.filter((name) => !all.some((run) => matches(run, name)));
  if (unknown.length)
    throw new SelectionError(
      `--only: no step, step--candidate or run named ${unknown.map((n) => `'${n}'`).join(", ")} in ${plan.file} ` +
        `(steps: ${plan.steps.map((s) => s.id).join(", ")})`
    );
  return all.filter((run) => wanted.some((name) => matches(run, name)));
}

export function groupByServer(runs: PlannedRun[]): ServerGroup[] {
  const groups: ServerGroup[] = [];
  for (const run of runs) {
    const key = `${run.step.id}--${run.candidate.id}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.runs.push(run);
    else groups.push({key, step: run.step, candidate: run.candidate, runs: [run]});
  }
  return groups;
}
