// The notes page's data: the study's own facts, nothing derived from its runs.
import type {Report, StudyInfo} from "../analysis/report.js";

export function studyPage(report: Report): StudyPage {
  return {study: report.study};
}

/** The notes page: the study's own facts (its notes among them). */
export interface StudyPage {
  study: StudyInfo;
}
