// The words a write-up names its parts with, one table per language: the reader finds sections, labels and table
// columns by these, never by their position alone. Matched lowercased, with numbering and trailing colons removed.

export type Language = "en" | "tr";

export type SectionRole =
  | "conclusion"
  | "notes"
  | "objective"
  | "setup"
  | "model"
  | "hardware"
  | "versions"
  | "datasets"
  | "script"
  | "profiles"
  | "replacement"
  | "results"
  | "summary"
  | "other";

export type LabelRole = "server" | "result";

export interface Words {
  sections: Record<SectionRole, string[]>;
  /** Admonition titles and plain-text lines that announce the next code block. */
  labels: Record<LabelRole, string[]>;
  /** Words before a label that say which side of the generalization a command or result is. */
  baseline: string[];
  recommended: string[];
  /** "Result: A (x tok/s) > B (y tok/s)": the word before the colon. */
  ranking: string[];
  /** Conclusion-table cells: the total throughput, the mean TPOT and the mean latency. */
  totalTps: string[];
  meanTpot: string[];
  meanLatency: string[];
  /** Dataset-list entries: "32000 input tokens, 100 output tokens". */
  inputTokens: string[];
  outputTokens: string[];
  /** Hardware sentences: how many GPUs a word means ("A single", "Tek"). */
  counts: Record<string, number>;
  /** The summary table's "no gain" cell and the words of a skipped step. */
  skipped: string[];
  successRate: string[];
}

export const WORDS: Record<Language, Words> = {
  en: {
    sections: {
      conclusion: ["conclusion", "conclusions"],
      notes: ["note", "notes"],
      objective: ["optimization objective", "optimization goal", "objective"],
      setup: ["experimental setup", "experiment setup"],
      model: ["model"],
      hardware: ["hardware"],
      versions: ["engine version", "engine versions"],
      datasets: ["benchmark dataset", "benchmark datasets"],
      script: ["benchmark script", "benchmark method"],
      profiles: ["benchmark profiles"],
      replacement: ["open-source replacement"],
      results: ["experiment results", "experimental results"],
      summary: ["summary of optimization options"],
      other: ["other benchmark cases"]
    },
    labels: {
      server: ["serving script", "serving command", "backend parameters"],
      result: ["benchmark result", "benchmark results"]
    },
    baseline: ["baseline"],
    recommended: ["optimized"],
    ranking: ["result", "mean latency per request"],
    totalTps: ["total tps"],
    meanTpot: ["mean tpot(ms)", "mean tpot (ms)"],
    meanLatency: ["mean latency"],
    inputTokens: ["input tokens"],
    outputTokens: ["output tokens"],
    counts: {"a single": 1, single: 1, one: 1, two: 2, four: 4, eight: 8},
    skipped: ["skipped"],
    successRate: ["success rate"]
  },
  tr: {
    sections: {
      conclusion: ["sonuç"],
      notes: ["not", "notlar"],
      objective: ["optimizasyon hedefi"],
      setup: ["deney kurulumu"],
      model: ["model"],
      hardware: ["donanım"],
      versions: ["motor sürümü", "motor sürümleri"],
      datasets: ["benchmark veri kümesi"],
      script: ["benchmark betiği"],
      profiles: ["benchmark profilleri"],
      replacement: ["açık kaynak alternatif"],
      results: ["deney sonuçları"],
      summary: ["optimizasyon seçeneklerinin özeti"],
      other: ["diğer benchmark senaryoları"]
    },
    labels: {
      server: ["model sunum betiği", "model sunum komutu"],
      result: ["benchmark sonucu", "benchmark sonuçları"]
    },
    baseline: ["temel"],
    recommended: ["optimize edilmiş"],
    ranking: ["sonuç"],
    totalTps: ["toplam tps"],
    meanTpot: ["ortalama tpot(ms)", "ortalama tpot (ms)"],
    meanLatency: ["ortalama gecikme"],
    inputTokens: ["giriş token'ı", "giriş tokeni"],
    outputTokens: ["çıkış token'ı", "çıkış tokeni"],
    counts: {tek: 1, bir: 1, iki: 2, dört: 4, sekiz: 8},
    skipped: ["atlandı"],
    successRate: ["başarı oranı"]
  }
};

export const LANGUAGES = Object.keys(WORDS) as Language[];

/** Lowercased, without list numbering ("1.", "-"), Markdown emphasis and a trailing colon: how names are compared. */
export function plainName(text: string): string {
  return text
    .replace(/[*`]/g, "")
    .replace(/^\s*(?:\d+[.)]\s+|[-*]\s+)/, "")
    .replace(/\s*:\s*$/, "")
    .trim()
    .toLowerCase()
    .replace(/i\u0307/g, "i");
}

/** The section a heading names in either language, with the language that names it. */
export function sectionOf(text: string): {role: SectionRole; language: Language} | null {
  const name = plainName(text);
  for (const language of LANGUAGES)
    for (const [role, names] of Object.entries(WORDS[language].sections))
      if (names.includes(name)) return {role: role as SectionRole, language};
  return null;
}

/** A label ("Serving script", "Baseline benchmark results", "Temel model sunum betiği"): its role and side. */
export function labelOf(
  text: string
): {role: LabelRole; side: "baseline" | "recommended" | null; language: Language; prefix: string} | null {
  const name = plainName(text);
  for (const language of LANGUAGES) {
    const words = WORDS[language];
    for (const [role, names] of Object.entries(words.labels))
      for (const label of names) {
        if (!name.endsWith(label)) continue;
        const prefix = name.slice(0, name.length - label.length).trim();
        const side = words.baseline.includes(prefix)
          ? "baseline"
          : words.recommended.includes(prefix)
            ? "recommended"
            : null;
        if (prefix && !side) continue;
        const shown = text.trim().slice(0, prefix.length).trim();
        return {role: role as LabelRole, side, language, prefix: shown};
      }
  }
  return null;
}

/** Whether a cell or phrase starts with one of the words (compared as plainName compares). */
export function startsWithWord(text: string, words: readonly string[]): string | null {
  const name = plainName(text);
  return words.find((w) => name.startsWith(w)) ?? null;
}
