// Assembles a study's report: plan + runs → rows, derived verdicts, claim checks and validation findings.
import type {Finding, Report, RunRow} from "../report-types.js";
import {checkClaims} from "./claims.js";
import {derive} from "./derive.js";
import {machineNote, shownCommand} from "./shown-command.js";
import {addHeadroom, headroomContext, headroomReport} from "./headroom.js";
import {loadStudyPlan, type StudyPlan} from "../study/plan.js";
import {aggregatePoints} from "./points.js";
import {DEFAULT_CONFIDENCE, studyConfidence} from "../study/repeats.js";
import {runRows, shellCommand} from "../runs/rows.js";
import {readRuns, type RunRecord} from "../runs/read-runs.js";
import {validate} from "./validate.js";
import {repeatFindings} from "./repeat-checks.js";

export interface StudyData {
  plan: StudyPlan;
  runs: RunRecord[];
  rows: RunRow[];
  report: Report;
}

const SEVERITY_ORDER = {error: 0, warning: 1, info: 2};

/** Fewest and most successful repeats over the points that have any. */
function repeatRange(rows: readonly RunRow[], warmups: number): {min: number; max: number} {
  const counts = aggregatePoints(rows, [], DEFAULT_CONFIDENCE, warmups)
    .map((p) => p.n)
    .filter((n) => n > 0);
  return counts.length ? {min: Math.min(...counts), max: Math.max(...counts)} : {min: 0, max: 0};
}

export async function loadStudy(dir: string, cwd = process.cwd()): Promise<StudyData> {
  const plan = loadStudyPlan(dir);
  const {runs, findings: readFindings} = await readRuns(plan, cwd);
  const rows = runRows(plan, runs);
  const headroom = headroomContext(plan);
  const ceilingFindings = addHeadroom(headroom, rows);
  const derived = derive(plan, rows);
  const planFindings: Finding[] = plan.warnings.map((w) => ({
    severity: "warning",
    code: w.code ?? "plan-warning",
    message: `${w.path ? `${w.path}: ` : ""}${w.message}`,
    run: null,
    file: w.file,
    line: w.line
  }));
  const findings: Finding[] = [
    ...planFindings,
    ...readFindings,
    ...validate(plan, runs, rows),
    ...derived.findings,
    ...repeatFindings(rows, plan.objective, plan.warmup_repeats ?? 0),
    ...ceilingFindings,
    ...("severity" in headroom ? [headroom] : headroom.findings)
  ].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.run ?? "").localeCompare(b.run ?? ""));
  const report: Report = {
    study: {
      id: plan.id,
      title: plan.title,
      goal: plan.goal,
      objective: plan.objective,
      model: plan.model.name,
      hardware: plan.hardware,
      engines: Object.entries(plan.engines).map(([id, e]) => ({id, ...e})),
      client: {name: plan.client.name, command: shownCommand(plan, plan.client.argv)},
      machine_note: machineNote(plan),
      scenarios: plan.scenarios,
      notes: plan.notes,
      source: plan.source,
      confidence: studyConfidence(plan),
      repeats: repeatRange(rows, plan.warmup_repeats ?? 0),
      ...(plan.warmup_repeats ? {warmup_repeats: plan.warmup_repeats} : {})
    },
    steps: derived.steps,
    baseline: derived.baseline,
    recommended: derived.recommended,
    headline: derived.headline,
    summary: derived.summary,
    claims: checkClaims(plan, derived, rows),
    findings,
    headroom: headroomReport(plan, headroom, rows)
  };
  return {plan, runs, rows, report};
}

/** The study folder the loaders read: TPS_REPORT_STUDY, else the seed study. */
export function studyDir(): string {
  return process.env.TPS_REPORT_STUDY ?? "data/studies/qwen3-32b-a100";
}
