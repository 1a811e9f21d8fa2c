// The one table of interface words, English and Turkish side by side: the words below and the sections of the pages
// (words-*.ts); every sentence the site's code draws is looked up here, none is picked by a branch on the language.
import type {Lang, NotRecorded, Text} from "../../loaders/text.js";
import {EXPLORER_WORDS} from "./words-explorer.js";
import {CLAIM_WORDS} from "./words-claims.js";
import {FINDING_WORDS} from "./words-findings.js";
import {REASON_WORDS} from "./words-reasons.js";
import {PHASE_WORDS, RUN_WORDS} from "./words-runs.js";
import {SETUP_WORDS} from "./words-setup.js";
import {SITE_WORDS} from "./words-site.js";
import {STEP_WORDS} from "./words-steps.js";
import {wording} from "./wording.js";

// The value the library writes for a fact no file gives; typed by the library's, so the two cannot drift apart.
export const NOT_RECORDED: NotRecorded = "not recorded";

export type {Lang, Text};

const COMMON_WORDS = {
  scenario: {en: "Scenario", tr: "Senaryo"},
  candidate: {en: "Candidate", tr: "Aday"},
  configuration: {en: "Configuration", tr: "Yapılandırma"},
  baseline: {en: "Baseline", tr: "Temel yapılandırma"},
  baselineLong: {en: "Baseline (unoptimized)", tr: "Temel yapılandırma (optimizasyonsuz)"},
  recommended: {en: "Recommended", tr: "Önerilen"},
  status: {en: "Status", tr: "Durum"},
  ok: {en: "ok", tr: "başarılı"},
  failed: {en: "failed", tr: "başarısız"},
  notRun: {en: "not run", tr: "koşulmadı"},
  load: {en: "Load", tr: "Yük"},
  outsideSlo: {en: "never within the SLO", tr: "hiçbir yükte SLO içinde değil"},
  energy: {en: "Energy", tr: "Enerji"},
  cost: {en: "Cost", tr: "Maliyet"},
  baselineOutsideSlo: {
    en: "— (the baseline is never within the SLO)",
    tr: "— (temel yapılandırma hiçbir yükte SLO içinde değil)"
  },
  share: {en: "Share", tr: "Oran"},
  hardCeilingAtLoad: {en: "Hard ceiling at that load (tok/s)", tr: "O yükte sert tavan (tok/s)"},
  partial: {en: "partial", tr: "kısmi"},
  partialResult: {en: "Partial result", tr: "Kısmi sonuç"},
  error: {en: "Error", tr: "Hata"},
  run: {en: "Run", tr: "Koşu"},
  step: {en: "Step", tr: "Adım"},
  engine: {en: "Engine", tr: "Motor"},
  version: {en: "Version", tr: "Sürüm"},
  model: {en: "Model", tr: "Model"},
  quantization: {en: "Quantization", tr: "Nicemleme"},
  notRecorded: {en: NOT_RECORDED, tr: "kaydedilmemiş"},
  gpu: {en: "GPU", tr: "GPU"},
  study: {en: "Study", tr: "Çalışma"},
  failedPhase: {en: "Failed during", tr: "Başarısız olduğu aşama"},
  serverCommand: {en: "Server command", tr: "Sunucu komutu"},
  metric: {en: "Metric", tr: "Metrik"},
  value: {en: "Value", tr: "Değer"},
  logLine: {en: "Log line", tr: "Günlük satırı"},
  throughputChange: {en: "Throughput change", tr: "İşlem hacmi değişimi"},
  tpotChange: {en: "Mean TPOT change", tr: "Ortalama TPOT değişimi"},
  latencyWarning: {
    en: "latency cost exceeds the throughput gain",
    tr: "gecikme maliyeti işlem hacmi kazancını aşıyor"
  },
  gain: {en: "Throughput gain", tr: "İşlem hacmi kazancı"},
  withinNoise: {en: "within noise", tr: "gürültü içinde"},
  warmup: {en: "warm-up", tr: "ısınma"},
  geometricMean: {en: "geometric mean of ratios", tr: "oranların geometrik ortalaması"},
  repeat: {en: "Repeat", tr: "Tekrar"},
  meanInterval: {en: "Mean [interval]", tr: "Ortalama [aralık]"},
  bestCandidate: {en: "Best candidate of the step", tr: "Adımın en iyi adayı"},
  bestSoFar: {en: "Best configuration before the step", tr: "Adımdan önceki en iyi yapılandırma"},
  dataset: {en: "Dataset", tr: "Veri kümesi"},
  datasetPath: {en: "Dataset file", tr: "Veri kümesi dosyası"},
  inputLen: {en: "Input tokens", tr: "Giriş token'ı"},
  outputLen: {en: "Output tokens", tr: "Çıkış token'ı"},
  prompts: {en: "Prompts", tr: "İstem sayısı"},
  seed: {en: "Seed", tr: "Tohum (seed)"},
  severity: {en: "Severity", tr: "Önem"},
  code: {en: "Code", tr: "Kod"},
  message: {en: "Message", tr: "İleti"},
  location: {en: "Location", tr: "Konum"},
  claim: {en: "Claim", tr: "İddia"},
  published: {en: "Published", tr: "Yayımlanan"},
  recomputed: {en: "Recomputed from the runs", tr: "Koşulardan yeniden hesaplanan"},
  detail: {en: "Detail", tr: "Ayrıntı"},
  confirmed: {en: "confirmed", tr: "doğrulandı"},
  contradicted: {en: "contradicted", tr: "çelişiyor"},
  unverifiable: {en: "unverifiable", tr: "doğrulanamaz"},
  severity_error: {en: "error", tr: "hata"},
  severity_warning: {en: "warning", tr: "uyarı"},
  severity_info: {en: "info", tr: "bilgi"},
  noFindings: {en: "No findings.", tr: "Bulgu yok."},
  noClaims: {en: "The study published no claims.", tr: "Çalışma hiçbir iddia yayımlamadı."},
  paretoFront: {en: "Pareto front", tr: "Pareto cephesi"},
  dominated: {en: "dominated", tr: "baskın olunan"},
  onFront: {en: "on the front", tr: "cephede"},
  log: {en: "Log", tr: "Günlük"},
  lines: {en: "lines", tr: "satırlar"},
  noLog: {en: "No log was archived for this run.", tr: "Bu koşu için günlük arşivlenmedi."},
  noMetrics: {en: "This run produced no metrics.", tr: "Bu koşu metrik üretmedi."},
  chartTpot: {en: "Mean TPOT (ms, lower is better)", tr: "Ortalama TPOT (ms, düşük olan iyi)"},
  better: {en: "better", tr: "daha iyi"},
  worse: {en: "worse", tr: "daha kötü"},
  runs: {en: "Runs", tr: "Koşular"},
  role: {en: "Role", tr: "Rol"},
  hardCeiling: {en: "Hard ceiling (tok/s)", tr: "Sert tavan (tok/s)"},
  shareOfCeiling: {en: "Measured / ceiling", tr: "Ölçülen / tavan"},
  effectiveTflops: {en: "Effective TFLOP/s", tr: "Etkin TFLOP/s"},
  binding: {en: "Binding resource", tr: "Bağlayıcı kaynak"},
  binding_compute: {en: "compute", tr: "hesaplama"},
  binding_bandwidth: {en: "memory bandwidth", tr: "bellek bant genişliği"},
  "binding_kv-capacity": {en: "KV-cache capacity", tr: "KV önbellek kapasitesi"},
  binding_interconnect: {en: "GPU interconnect", tr: "GPU'lar arası bağlantı"},
  quantity: {en: "Quantity", tr: "Büyüklük"},
  // The pages' sentences and words that the build draws: each in one place, both languages side by side.
  goal: {en: "Goal", tr: "Hedef"},
  noGoal: {
    en: "The study states no goal (goal in study.yaml).",
    tr: "Çalışma bir hedef belirtmiyor (study.yaml içindeki goal)."
  },
  serve: {
    en: "To serve {model} on {hardware}, start <strong>{recommended}</strong> like this:",
    tr: "{model} modelini {hardware} üzerinde sunarken <strong>{recommended}</strong> şu komutla başlatılır:"
  },
  serveForGoal: {
    en: "To serve {model} on {hardware} for this goal, start <strong>{recommended}</strong> like this:",
    tr: "Bu hedef için {model} modelini {hardware} üzerinde sunarken <strong>{recommended}</strong> şu komutla başlatılır:"
  },
  gpuNotRecorded: {en: "a GPU that is not recorded", tr: "kaydedilmemiş bir GPU"},
  changeChartTitle: {en: "Change against the baseline", tr: "Temel yapılandırmaya göre değişim"},
  beforeAfterChartTitle: {en: "Baseline and recommended, side by side", tr: "Temel ve önerilen yapılandırma yan yana"},
  notComputed: {en: "Not computed for this study (see above).", tr: "Bu çalışma için hesaplanmadı (yukarıya bakın)."},
  runSetTitle: {en: "Runs: set {set} of {sets}", tr: "Koşular: küme {set} / {sets}"},
  languageName: {en: "English", tr: "Türkçe"},
  languageSwitch: {en: "Language", tr: "Dil"},
  // The English is Framework's own placeholder, which the stamp finds in the built page.
  searchBox: {en: "Search", tr: "Ara"},
  allStudies: {en: "All studies", tr: "Tüm çalışmalar"},
  // Shown in the other language's words, on a page only one language has.
  noTwin: {en: "This page has no English version", tr: "Bu sayfanın Türkçesi yok"}
} satisfies Record<string, Text>;

const SECTIONS = [
  COMMON_WORDS,
  STEP_WORDS,
  SETUP_WORDS,
  RUN_WORDS,
  PHASE_WORDS,
  REASON_WORDS,
  FINDING_WORDS,
  CLAIM_WORDS,
  EXPLORER_WORDS,
  SITE_WORDS
] as const;
const STRINGS = {
  ...COMMON_WORDS,
  ...STEP_WORDS,
  ...SETUP_WORDS,
  ...RUN_WORDS,
  ...PHASE_WORDS,
  ...REASON_WORDS,
  ...FINDING_WORDS,
  ...CLAIM_WORDS,
  ...EXPLORER_WORDS,
  ...SITE_WORDS
};
// A key in two sections would take the later one's words without a word said.
const twice = SECTIONS.flatMap(Object.keys).filter((key, i, keys) => keys.indexOf(key) !== i);
if (twice.length) throw new Error(`the words table has ${twice.join(", ")} in two sections`);

export type StringKey = keyof typeof STRINGS;
// The whole table, read by the test that holds each entry once.
export const WORDS: Readonly<Record<StringKey, Text>> = STRINGS;
export const {t, fill, fillParts} = wording<StringKey>(STRINGS);

/** A report value in the page's language: a fact the files left open reads "not recorded" in it. */
export function recordedText(value: string, lang: Lang): string {
  return value === NOT_RECORDED ? t("notRecorded", lang) : value;
}

/** A value the library names (a phase, a verdict), said by its entry `prefix + value`; one the table lacks (a
 * hand-edited file's) as written. */
export function namedWord(prefix: string, value: string, lang: Lang): string {
  const key = `${prefix}${value}`;
  return key in STRINGS ? t(key as StringKey, lang) : value;
}

/** The list "A, B and C" (or, with "listOr", "A, B or C") in the page's language. */
export function listText(items: readonly string[], lang: Lang, join: "listAnd" | "listOr" = "listAnd"): string {
  if (items.length < 2) return items.join("");
  return fill(join, lang, {rest: items.slice(0, -1).join(", "), last: items.at(-1)!});
}

/** Picks a language from a bilingual text, falling back to English. */
export function pick(text: Text | null | undefined, lang: Lang): string {
  if (!text) return "";
  return text[lang] ?? text.en;
}
