// A run's whole page body: what was run, its commands, every figure with its log line, and the raw log.
// One component for the run pages and the run-set pages, so both show a run the same way.
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {t} from "./i18n.js";
import type {PageContext} from "./links.js";
import {requestTable} from "./requestTable.js";
import {logView, runFacts, runMetricsTable} from "./runDetail.js";
import {notRunReason} from "./stepTable.js";
import {benchCommandBlock, commandBlock} from "./setupTables.js";
import {telemetrySection} from "./telemetryChart.js";
import {textElement} from "./table.js";

export function runView(detail: RunDetail, context: PageContext): HTMLElement {
  const {lang} = context;
  const ok = detail.row.status === "ok";
  const view = document.createElement("div");
  view.className = "run-view";
  const id = document.createElement("p");
  id.className = "run-id";
  id.append(textElement("code", detail.row.run));
  view.append(
    id,
    runFacts(detail, context),
    textElement("h2", t("runCommands", lang)),
    textElement("p", t("runServer", lang)),
    commandBlock(detail.row.server_command, lang),
    textElement("p", t("runBenchmark", lang)),
    benchCommandBlock(detail.row.bench_command, detail.names.client, lang, 1),
    textElement("h2", t("runMetrics", lang)),
    textElement(
      "p",
      t(ok ? "runMetricsOk" : notRunReason(detail.row) != null ? "runMetricsNotRun" : "runMetricsFailed", lang)
    )
  );
  if (ok) view.append(runMetricsTable(detail, context));
  const telemetry = telemetrySection(detail, context);
  if (telemetry) view.append(telemetry);
  view.append(
    requestTable(detail, context),
    textElement("h2", t("runRawLog", lang)),
    textElement("p", t(detail.block ? "runLogWithBlock" : "runLog", lang)),
    logView(detail, context)
  );
  return view;
}
