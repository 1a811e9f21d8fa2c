// What a Framework data loader reads: the archive, or (TPS_REPORT_LIVE=1) the study after running its missing runs;
// its files named from namingBase, as the site shows them.
import {liveModeRequested} from "./mode.js";
import {namingBase} from "../files/naming-base.js";
import {loadStudy, readPlan, studyDir, type StudyData} from "../analysis/report.js";
import type {RunRecordCache} from "../runs/run-record-cache.js";
import type {StudyPlan} from "../study/plan.js";
import {readRuns, type RunRecord} from "../runs/read-runs.js";
import {runRows, type RunRow} from "../runs/rows.js";
import {addLoadColumns} from "../analysis/slo.js";

export async function studyForLoader(cache?: RunRecordCache): Promise<StudyData> {
  const dir = studyDir();
  if (liveModeRequested()) await (await import("./ensure.js")).ensureLiveRuns(dir);
  return loadStudy(dir, namingBase(dir), cache);
}

/** The plan, the run records and their rows with the load columns, without the analysis a whole study's load does:
 * what the per-request and telemetry tables need. */
export async function runsForLoader(): Promise<{plan: StudyPlan; runs: RunRecord[]; rows: RunRow[]}> {
  const dir = studyDir();
  if (liveModeRequested()) await (await import("./ensure.js")).ensureLiveRuns(dir);
  const base = namingBase(dir);
  const plan = readPlan(dir, base);
  const {runs} = await readRuns(plan, base);
  const rows = runRows(plan, runs);
  addLoadColumns(plan, runs, rows);
  return {plan, runs, rows};
}
