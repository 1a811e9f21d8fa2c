// A run-set page (archives above the per-run page limit): a table of the set's runs, each row linking the run's own
// page, which the build writes outside Framework (src/render/run-details.ts) so an archive of thousands stays fast.
import type {RunSet, RunSetEntry} from "../../loaders/pages/run-pages.js";
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {formatMetric} from "./format.js";
import {pick, t} from "./i18n.js";
import {metricTitle} from "./metricLabels.js";
import {link, runDetailHref, type PageContext} from "./links.js";
import {statusBadge} from "./stepTable.js";
import {dataTable, textElement} from "./table.js";

/** The run's heading on its own page: its candidate and scenario, as a run page's title has them. */
export function runHeading(detail: RunDetail, {lang}: PageContext): HTMLElement {
  return textElement("h1", `${detail.row.label} — ${pick(detail.names.scenario, lang) || detail.row.scenario}`);
}

/** Every run of the set; a row's id is its run, so a link to the run (runHref) lands on it and CSS marks it. */
export function runSetTable(runSet: RunSet, context: PageContext): HTMLElement {
  const {lang} = context;
  const runPage = (run: string) => {
    const a = link(runDetailHref(run, context), t("runPage", lang));
    a.className = "run-detail";
    // Written after Framework's build, so Framework neither rewrites nor checks it (test/site/run-sets checks it).
    a.rel = "external";
    return a;
  };
  return dataTable<RunSetEntry>(
    runSet.runs,
    [
      {label: t("run", lang), value: ({row}) => textElement("code", row.run)},
      {label: t("step", lang), value: ({row, names}) => pick(names.step, lang) || row.step},
      {label: t("candidate", lang), value: ({row}) => row.label},
      {label: t("scenario", lang), value: ({row, names}) => pick(names.scenario, lang) || row.scenario},
      {label: t("status", lang), value: ({row}) => statusBadge(row.status, lang)},
      {
        label: metricTitle("total_token_throughput", lang),
        numeric: true,
        value: ({row}) => formatMetric("total_token_throughput", row.total_token_throughput as number | null)
      },
      {label: "", value: ({row}) => runPage(row.run)}
    ],
    {className: "run-set", rowId: ({row}) => row.run, stickyFirst: true}
  );
}
