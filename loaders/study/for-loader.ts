// What a Framework data loader reads: the archive, or (TPS_REPORT_LIVE=1) the study after running its missing runs.
import {loadStudy, studyDir, type StudyData} from "./report.js";

export async function studyForLoader(): Promise<StudyData> {
  const dir = studyDir();
  const {liveModeRequested, ensureLiveRuns} = await import("../live/ensure.js");
  if (liveModeRequested()) await ensureLiveRuns(dir);
  return loadStudy(dir);
}
