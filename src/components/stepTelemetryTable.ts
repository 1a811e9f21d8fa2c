// A step's server and GPU telemetry as a narrow table of its own: each point's means over its repeats, in readable
// units (KV use and hit rates as percentages, queues and preemptions as counts).
import type {StepPage, StepTelemetryRow} from "../../loaders/pages/step.js";
import {formatMetric} from "./format.js";
import {t, type Lang, type Text} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {isCountMetric, metricTitle} from "./metricLabels.js";
import {dataTable, textElement, type Column} from "./table.js";
import {scenarioName} from "./verdict.js";

const PROSE = {
  title: {en: "Server and GPU during the runs", tr: "Koşular sırasında sunucu ve GPU"},
  intro: {
    en: "Scraped from the engine's metrics endpoint and sampled by nvidia-smi over each run's measured window; each figure is the mean over the point's successful repeats. Each candidate links to its run page, with the time charts.",
    tr: "Her koşunun ölçülen aralığı boyunca motorun metrik uç noktasından okundu ve nvidia-smi ile örneklendi; her değer noktanın başarılı tekrarlarının ortalamasıdır. Her aday, zaman grafikleriyle birlikte kendi koşu sayfasına bağlanır."
  },
  load: {en: "Load", tr: "Yük"},
  repeats: {en: "Repeats", tr: "Tekrar sayısı"}
} satisfies Record<string, Text>;

// Short headings keep the table narrow (the section says it is the server and GPU); each heading's title names it in
// full.
const HEADINGS: Record<string, Text> = {
  kv_cache_usage_max: {en: "KV max", tr: "KV en yüksek"},
  kv_cache_usage_mean: {en: "KV mean", tr: "KV ortalama"},
  requests_running_max: {en: "Running max", tr: "Çalışan en yüksek"},
  requests_waiting_max: {en: "Waiting max", tr: "Bekleyen en yüksek"},
  preemptions: {en: "Preemptions", tr: "Önalımlar"},
  prefix_cache_hit_rate: {en: "Prefix-cache hits", tr: "Önek önbelleği isabeti"},
  gpu_utilization_mean: {en: "GPU util. (%)", tr: "GPU kullanımı (%)"},
  gpu_power_w_mean: {en: "GPU power (W)", tr: "GPU gücü (W)"},
  gpu_memory_used_gb_max: {en: "GPU memory (GiB)", tr: "GPU belleği (GiB)"}
};

function loadText(row: StepTelemetryRow, lang: Lang): string {
  if (row.load == null) return "";
  if (row.load_kind === "concurrency") return `${lang === "tr" ? "eşzamanlılık" : "concurrency"} ${row.load}`;
  return `${row.load} ${lang === "tr" ? "istek/s" : "req/s"}`;
}

/** A count's mean stays a count where it is whole, else keeps one decimal: a third of a preemption is not 0. */
function cellText(column: string, value: string | number | null): string {
  if (typeof value === "number" && isCountMetric(column) && !Number.isInteger(value)) return value.toFixed(1);
  return formatMetric(column, typeof value === "number" ? value : null);
}

/** The table under its heading, or "" when no run of the step recorded telemetry. */
export function stepTelemetryTable(
  page: Pick<StepPage, "telemetry" | "study">,
  context: PageContext
): HTMLElement | "" {
  const telemetry = page.telemetry;
  if (!telemetry?.rows.length) return "";
  const {lang} = context;
  const rows = telemetry.rows;
  const columns: Column<StepTelemetryRow>[] = [
    {label: t("candidate", lang), value: (r) => link(runHref(r.run, context), r.label)},
    ...(new Set(rows.map((r) => r.scenario)).size > 1
      ? [{label: t("scenario", lang), value: (r: StepTelemetryRow) => scenarioName(page, r.scenario, lang)}]
      : []),
    ...(rows.some((r) => r.load != null)
      ? [{label: PROSE.load[lang], numeric: true, value: (r: StepTelemetryRow) => loadText(r, lang)}]
      : []),
    ...(rows.some((r) => r.n > 1)
      ? [{label: PROSE.repeats[lang], numeric: true, value: (r: StepTelemetryRow) => String(r.n)}]
      : []),
    ...telemetry.columns.map((column): Column<StepTelemetryRow> => ({
      label: HEADINGS[column]?.[lang] ?? metricTitle(column, lang),
      title: metricTitle(column, lang),
      numeric: true,
      value: (r) => cellText(column, r[column])
    }))
  ];
  const section = document.createElement("section");
  section.className = "step-telemetry";
  section.append(
    textElement("h2", PROSE.title[lang]),
    textElement("p", PROSE.intro[lang]),
    dataTable(rows, columns, {className: "step-telemetry-table"})
  );
  return section;
}
