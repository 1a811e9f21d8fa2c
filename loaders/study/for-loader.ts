// What a Framework data loader reads: the archive, or (TPS_REPORT_LIVE=1) the study after running its missing runs.
import {loadStudy, studyDir, type StudyData} from "./report.js";

export async function studyForLoader(): Promise<StudyData> {
  const dir = studyDir();
  if (process.env.TPS_REPORT_LIVE === "1") {
    const {ensureLiveRuns} = await import("../live/ensure-live-runs.js");
    await ensureLiveRuns(dir, {log: (line: string) => process.stderr.write(line + "\n")});
  }
  return loadStudy(dir);
}
