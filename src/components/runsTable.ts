// Every run of the study in one table, each linking to its run page.
import type {RunsIndexRow, RunsPage} from "../../loaders/pages/runs.js";
import {formatFixed, formatMetric} from "./format.js";
import {fill, pick, t} from "./i18n.js";
import {recordedReason} from "./libraryText.js";
import {link, restOfRuns, runHref, stepHref, type PageContext} from "./links.js";
import {metricLabel, metricTitle} from "./metricLabels.js";
import {notRunReason, statusBadge} from "./stepTable.js";
import {pagedTable, textElement} from "./table.js";
import {scenarioName} from "./verdict.js";

// One collator for the whole sort: localeCompare with options makes one per call (BENCHMARKS.md).
const runIdOrder = new Intl.Collator("en", {numeric: true}).compare;

/** The runs in table order: by step, then by id with the numbers inside ids as numbers (2048 before 16384, r2 before
 * r10). */
export function sortedRuns(rows: readonly RunsIndexRow[], report: Pick<RunsPage, "steps">): RunsIndexRow[] {
  const stepOrder = new Map(report.steps.map((s, i) => [s.id, i]));
  return [...rows].sort(
    (a, b) => (stepOrder.get(a.step) ?? 99) - (stepOrder.get(b.step) ?? 99) || runIdOrder(a.run, b.run)
  );
}

/** The telemetry columns the runs carry (runsPage adds only those some run recorded). */
export function runsTelemetryColumns(rows: readonly RunsIndexRow[], objective: string): string[] {
  const known = new Set([
    "run",
    "status",
    "step",
    "label",
    "scenario",
    "error",
    "failed_phase",
    "load_kind",
    "load",
    "power_samples",
    "j_per_output_token",
    objective,
    "mean_tpot_ms"
  ]);
  return rows.length ? Object.keys(rows[0]).filter((k) => !known.has(k)) : [];
}

/** "concurrency 16", "0.5 requests/s"; "" for a run sent all at once. */
export function runLoadText(row: Record<string, unknown>, lang: PageContext["lang"]): string {
  if (typeof row.load !== "number") return "";
  return fill(row.load_kind === "request_rate" ? "runsLoadRate" : "runsLoadConcurrency", lang, {load: row.load});
}

/** A run's joules per output token, or why it has none: no power sample fell in its window. */
export function energyText(row: Record<string, unknown>, lang: PageContext["lang"]): string {
  if (typeof row.j_per_output_token === "number") return formatFixed(row.j_per_output_token, 3);
  if (row.status !== "ok") return "";
  return row.power_samples === 0 || row.power_samples == null ? t("runsNoPower", lang) : "—";
}

export function runsTable(
  runs: {rows: readonly RunsIndexRow[]},
  report: Pick<RunsPage, "study" | "steps">,
  context: PageContext
): HTMLElement {
  const {lang} = context;
  const objective = report.study.objective;
  const stepTitle = (id: string) => pick(report.steps.find((s) => s.id === id)?.title, lang) || id;
  const rows = sortedRuns(runs.rows, report);
  const telemetry = runsTelemetryColumns(rows, objective);
  return pagedTable<RunsIndexRow>(
    rows,
    [
      {label: t("run", lang), value: (r) => link(runHref(r.run, context), r.run)},
      {label: t("step", lang), value: (r) => link(stepHref(r.step, context), stepTitle(r.step))},
      {label: t("candidate", lang), value: (r) => r.label},
      {label: t("scenario", lang), value: (r) => scenarioName(report, r.scenario, lang)},
      ...(rows.some((r) => "load" in r)
        ? [{label: t("load", lang), value: (r: RunsIndexRow) => runLoadText(r, lang)}]
        : []),
      {label: t("status", lang), value: (r) => statusBadge(r.status, lang, false, notRunReason(r))},
      {label: metricLabel(objective), numeric: true, value: (r) => formatFixed(r[objective] as number | null)},
      {label: metricLabel("mean_tpot_ms"), numeric: true, value: (r) => formatFixed(r.mean_tpot_ms as number | null)},
      ...telemetry.map((key) => ({
        label: metricLabel(key),
        numeric: true,
        value: (r: RunsIndexRow) => formatMetric(key, r[key] as number | null)
      })),
      ...(rows.some((r) => "power_samples" in r)
        ? [
            {
              label: metricTitle("j_per_output_token", lang),
              numeric: true,
              value: (r: RunsIndexRow) => energyText(r, lang)
            }
          ]
        : []),
      {
        label: t("error", lang),
        className: "wide-text",
        value: (r) => (r.error && notRunReason(r) == null ? textElement("code", recordedReason(r.error, lang)) : "")
      }
    ],
    {
      lang,
      id: "runs",
      rest: restOfRuns(context),
      className: "runs",
      // Wider than the column: the run's id stays in view while a reader scrolls to its error.
      stickyFirst: true,
      rowClass: (r) => (r.status === "ok" ? null : notRunReason(r) != null ? "not-run" : "failed")
    }
  );
}
