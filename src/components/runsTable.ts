// Every run of the study in one table, each linking to its run page.
import type {RunsIndexRow, RunsPage} from "../../loaders/pages/runs.js";
import {formatFixed} from "./format.js";
import {pick, t} from "./i18n.js";
import {link, runHref, stepHref, type PageContext} from "./links.js";
import {metricLabel} from "./metricLabels.js";
import {statusBadge} from "./stepTable.js";
import {pagedTable, textElement} from "./table.js";
import {scenarioName} from "./verdict.js";

export function runsTable(
  runs: {rows: readonly RunsIndexRow[]},
  report: Pick<RunsPage, "study" | "steps">,
  context: PageContext
): HTMLElement {
  const {lang} = context;
  const objective = report.study.objective;
  const stepTitle = (id: string) => pick(report.steps.find((s) => s.id === id)?.title, lang) || id;
  const stepOrder = new Map(report.steps.map((s, i) => [s.id, i]));
  const rows = [...runs.rows].sort(
    (a, b) => (stepOrder.get(a.step) ?? 99) - (stepOrder.get(b.step) ?? 99) || a.run.localeCompare(b.run)
  );
  return pagedTable<RunsIndexRow>(
    rows,
    [
      {label: t("run", lang), value: (r) => link(runHref(r.run, context), r.run)},
      {label: t("step", lang), value: (r) => link(stepHref(r.step, context), stepTitle(r.step))},
      {label: t("candidate", lang), value: (r) => r.label},
      {label: t("scenario", lang), value: (r) => scenarioName(report, r.scenario, lang)},
      {label: t("status", lang), value: (r) => statusBadge(r.status, lang)},
      {label: metricLabel(objective), numeric: true, value: (r) => formatFixed(r[objective] as number | null)},
      {label: metricLabel("mean_tpot_ms"), numeric: true, value: (r) => formatFixed(r.mean_tpot_ms as number | null)},
      {label: t("error", lang), className: "wide-text", value: (r) => (r.error ? textElement("code", r.error) : "")}
    ],
    {lang, className: "runs", rowClass: (r) => (r.status === "ok" ? null : "failed")}
  );
}
