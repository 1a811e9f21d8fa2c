// What the study maximizes, in words: the sentence that says what the headline's figures are (its column label is the
// metric's name, metricTitle).
import {fill, t, type Lang} from "./i18n.js";

/** The sentence naming what the headline's throughput figures are. */
export function objectiveNote(objective: string, lang: Lang): string {
  if (objective === "output_throughput") return t("objectiveOutputNote", lang);
  if (objective === "total_token_throughput") return t("objectiveTotalNote", lang);
  return fill("objectiveOtherNote", lang, {objective});
}
