// What a Framework data loader reads: the archive, or (TPS_REPORT_LIVE=1) the study after running its missing runs.
import {liveModeRequested} from "./mode.js";
import {loadStudy, studyDir, type StudyData} from "../analysis/report.js";
import type {RunRecordCache} from "../runs/run-record-cache.js";

export async function studyForLoader(cache?: RunRecordCache): Promise<StudyData> {
  const dir = studyDir();
  if (liveModeRequested()) await (await import("./ensure.js")).ensureLiveRuns(dir);
  return loadStudy(dir, process.cwd(), cache);
}
