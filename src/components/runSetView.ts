// A run-set page (archives above the per-run page limit): the run the URL's fragment names, and the set's other runs.
import type {RunSet} from "../../loaders/pages/run-pages.js";
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {formatMetric} from "./format.js";
import {pick, t} from "./i18n.js";
import {link, type PageContext} from "./links.js";
import {statusBadge} from "./stepTable.js";
import {dataTable, textElement} from "./table.js";

/** Marks in the set's table the run the page shows (the address names it, or one of its log lines; else the first). */
export function markShownRun(): () => void {
  const update = () => {
    const named = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    const shown = named?.closest(".run-in-set") ?? document.querySelector(".run-in-set");
    if (!shown) return;
    for (const row of document.querySelectorAll("table.run-set tbody tr")) {
      const link = row.querySelector("a[href^='#']");
      row.classList.toggle("shown", link?.getAttribute("href") === `#${shown.id}`);
    }
  };
  update();
  addEventListener("hashchange", update);
  return () => removeEventListener("hashchange", update);
}

/** The run's heading on a set page: its candidate and scenario, as a run page's title has them. */
export function runHeading(detail: RunDetail, {lang}: PageContext): HTMLElement {
  return textElement("h2", `${detail.row.label} — ${pick(detail.names.scenario, lang) || detail.row.scenario}`);
}

/** Every run of the set, each linking to itself on this page; the one shown is marked. */
export function runSetTable(runSet: RunSet, shown: RunDetail, context: PageContext): HTMLElement {
  const {lang} = context;
  return dataTable(
    runSet.runs,
    [
      {label: t("run", lang), value: ({row}) => link(`#${encodeURIComponent(row.run)}`, row.run)},
      {label: t("step", lang), value: ({row, names}) => pick(names.step, lang) || row.step},
      {label: t("candidate", lang), value: ({row}) => row.label},
      {label: t("scenario", lang), value: ({row, names}) => pick(names.scenario, lang) || row.scenario},
      {label: t("status", lang), value: ({row}) => statusBadge(row.status, lang)},
      {
        label: t("totalTps", lang),
        numeric: true,
        value: ({metrics}) => formatMetric("total_token_throughput", metrics.total_token_throughput)
      }
    ],
    {className: "run-set", rowClass: (run) => (run === shown ? "shown" : null), stickyFirst: true}
  );
}
