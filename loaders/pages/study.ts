// The notes page's data: the study's own facts, nothing derived from its runs.
import type {Report, StudyPage} from "../report-types.js";

export function studyPage(report: Report): StudyPage {
  return {study: report.study};
}
