// A step's server and GPU telemetry as a narrow table of its own: each point's means over its repeats, in readable
// units (KV use and hit rates as percentages, queues and preemptions as counts).
import type {StepPage, StepTelemetryRow} from "../../loaders/pages/step.js";
import {formatMetric, shortLoad} from "./format.js";
import {fill, t, type Lang, type StringKey} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {isCountMetric, metricTitle} from "./metricLabels.js";
import {dataTable, textElement, type Column} from "./table.js";
import {scenarioName} from "./verdict.js";

// Short headings keep the table narrow (the section says it is the server and GPU); each heading's title names it in
// full.
const HEADINGS: Record<string, StringKey> = {
  kv_cache_usage_max: "telemetryKvMax",
  kv_cache_usage_mean: "telemetryKvMean",
  requests_running_max: "telemetryRunningMax",
  requests_waiting_max: "telemetryWaitingMax",
  preemptions: "telemetryPreemptions",
  prefix_cache_hit_rate: "telemetryPrefixHits",
  gpu_utilization_mean: "telemetryGpuUtil",
  gpu_power_w_mean: "gpuPower",
  gpu_memory_used_gb_max: "gpuMemory"
};

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
      ? [
          {
            label: t("load", lang),
            numeric: true,
            value: (r: StepTelemetryRow) => (r.load == null ? "" : shortLoad(r.load_kind, r.load))
          }
        ]
      : []),
    ...(rows.some((r) => r.n > 1)
      ? [{label: t("telemetryRepeats", lang), numeric: true, value: (r: StepTelemetryRow) => String(r.n)}]
      : []),
    ...telemetry.columns.map((column): Column<StepTelemetryRow> => ({
      label: Object.hasOwn(HEADINGS, column) ? t(HEADINGS[column], lang) : metricTitle(column, lang),
      title: metricTitle(column, lang),
      numeric: true,
      value: (r) => cellText(column, r[column])
    }))
  ];
  const section = document.createElement("section");
  section.className = "step-telemetry";
  section.append(
    textElement("h2", t("telemetryTitle", lang)),
    textElement("p", t("telemetryIntro", lang)),
    dataTable(rows, columns, {className: "step-telemetry-table"})
  );
  return section;
}
