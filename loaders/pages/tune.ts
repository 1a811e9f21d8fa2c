// The tune page's data: the search as the report holds it, and the study facts its prose names.
import type {Report, StudyInfo} from "../analysis/report.js";
import type {TuneReport} from "../analysis/search-report.js";

export function tunePage(report: Report): TunePage {
  const {id, title, objective, confidence, slo, within_slo} = report.study;
  return {
    study: {id, title, objective, confidence, ...(slo ? {slo} : {}), ...(within_slo ? {within_slo} : {})},
    tune: report.tune ?? null
  };
}

/** The tune page: null `tune` when the study has run no search (`tps-report tune`). */
export interface TunePage {
  study: Pick<StudyInfo, "id" | "title" | "objective" | "confidence" | "slo" | "within_slo">;
  tune: TuneReport | null;
}
