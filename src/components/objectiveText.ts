// What the study maximizes, in words: the headline's column label and the sentence that says what the figures are.
import {t, type Lang} from "./i18n.js";

const OUTPUT = {
  label: {en: "Output token throughput (tok/s)", tr: "Çıkış token işlem hacmi (tok/s)"},
  note: {
    en: "Throughput is output token throughput: output tokens per second (not every run counted its input tokens).",
    tr: "İşlem hacmi, çıkış token işlem hacmidir: saniyede üretilen çıkış token'ları (her koşu giriş token'larını saymadı)."
  }
};
const TOTAL_NOTE = {
  en: "Throughput is total token throughput: input plus output tokens per second.",
  tr: "İşlem hacmi, toplam token işlem hacmidir: saniyede işlenen giriş ve çıkış token'larının toplamı."
};

/** The column label for the objective's values. */
export function objectiveLabel(objective: string, lang: Lang): string {
  if (objective === "output_throughput") return OUTPUT.label[lang];
  return objective === "total_token_throughput" ? t("totalTps", lang) : objective;
}

/** The sentence naming what the headline's throughput figures are. */
export function objectiveNote(objective: string, lang: Lang): string {
  if (objective === "output_throughput") return OUTPUT.note[lang];
  if (objective === "total_token_throughput") return TOTAL_NOTE[lang];
  return lang === "tr" ? `İşlem hacmi, ${objective} değeridir.` : `Throughput is ${objective}.`;
}
