// A run's whole page body: what was run, its commands, every figure with its log line, and the raw log.
// One component for the run pages and the run-set pages, so both show a run the same way.
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import type {Text} from "../../loaders/text.js";
import type {Lang} from "./i18n.js";
import type {PageContext} from "./links.js";
import {requestTable} from "./requestTable.js";
import {logView, runFacts, runMetricsTable} from "./runDetail.js";
import {notRunReason} from "./stepTable.js";
import {benchCommandBlock, commandBlock} from "./setupTables.js";
import {telemetrySection} from "./telemetryChart.js";
import {textElement} from "./table.js";

const PROSE = {
  commands: {en: "Commands", tr: "Komutlar"},
  server: {en: "Server:", tr: "Sunucu:"},
  benchmark: {en: "Benchmark:", tr: "Benchmark:"},
  metrics: {en: "Metrics", tr: "Metrikler"},
  metricsOk: {
    en: "The figures parsed from the benchmark's result block. Each links to the log line it was read from.",
    tr: "Benchmark'ın sonuç bloğundan okunan değerler. Her biri, okunduğu günlük satırına bağlanır."
  },
  metricsNotRun: {
    en: "Live mode left this level out, so it has no figures (the reason is above).",
    tr: "Canlı mod bu seviyeyi atladı, bu yüzden değer yok (nedeni yukarıda)."
  },
  metricsFailed: {
    en: "The run failed, so it has no figures; its log below shows why.",
    tr: "Koşu başarısız olduğu için değer yok; nedenini aşağıdaki günlük gösteriyor."
  },
  rawLog: {en: "Raw log", tr: "Ham günlük"},
  logWithBlock: {
    en: "The log exactly as the tool wrote it. The result block is shaded; the lines the figures above were read from are highlighted.",
    tr: "Günlük, aracın yazdığı haliyle. Sonuç bloğu gölgelendi; yukarıdaki değerlerin okunduğu satırlar vurgulandı."
  },
  log: {en: "The log exactly as the tool wrote it.", tr: "Günlük, aracın yazdığı haliyle."}
} satisfies Record<string, Text>;

function say(key: keyof typeof PROSE, lang: Lang): string {
  return PROSE[key][lang];
}

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
    textElement("h2", say("commands", lang)),
    textElement("p", say("server", lang)),
    commandBlock(detail.row.server_command, lang),
    textElement("p", say("benchmark", lang)),
    benchCommandBlock(detail.row.bench_command, detail.names.client, lang, 1),
    textElement("h2", say("metrics", lang)),
    textElement("p", say(ok ? "metricsOk" : notRunReason(detail.row) != null ? "metricsNotRun" : "metricsFailed", lang))
  );
  if (ok) view.append(runMetricsTable(detail, context));
  const telemetry = telemetrySection(detail, context);
  if (telemetry) view.append(telemetry);
  view.append(
    requestTable(detail, context),
    textElement("h2", say("rawLog", lang)),
    textElement("p", say(detail.block ? "logWithBlock" : "log", lang)),
    logView(detail, context)
  );
  return view;
}
