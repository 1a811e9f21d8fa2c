// What the study maximizes, in words: the headline's column label and the sentence that says what the figures are.
import {fill, t, type Lang} from "./i18n.js";
import {metricTitle} from "./metricLabels.js";

/** The column label for the objective's values. */
export function objectiveLabel(objective: string, lang: Lang): string {
  return metricTitle(objective, lang);
}

/** The sentence naming what the headline's throughput figures are. */
export function objectiveNote(objective: string, lang: Lang): string {
  if (objective === "output_throughput") return t("objectiveOutputNote", lang);
  if (objective === "total_token_throughput") return t("objectiveTotalNote", lang);
  return fill("objectiveOtherNote", lang, {objective});
}
