// A run's page: what was run, every metric with the log line it came from, and the raw log with those lines marked.
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {DASH, formatCount, formatFixed, formatMetric} from "./format.js";
import {fill, namedWord, pick, t, type Lang} from "./i18n.js";
import {findingMessage, recordedReason} from "./libraryText.js";
import {link, stepHref, type PageContext} from "./links.js";
import {metricLabel} from "./metricLabels.js";
import {notRunReason, statusBadge} from "./stepTable.js";
import {dataTable, textElement, type Cell} from "./table.js";
import {appendRawHtml} from "./rawHtml.js";

const TEXT_ESCAPES: Record<string, string> = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\xa0": "&#160;"};
/** Text as an element's content, escaped as the DOM writes it. */
const logText = (text: string) => text.replace(/[&<>\xa0]/g, (c) => TEXT_ESCAPES[c]);
/** Text as a quoted attribute value. */
const attributeText = (text: string) => text.replace(/"/g, "&quot;");

/** Line numbers (1-based) of the printed block's lines, by the metric each one shows. */
export function metricLines(
  detail: RunDetail,
  metricOrder: readonly string[] = Object.keys(detail.metrics)
): Map<string, number> {
  const lines = new Map<string, number>();
  const block = detail.block;
  const log = detail.logs.find((l) => l.file === detail.row.source_file);
  if (!block || !log || block.format !== "text") return lines;
  const text = log.text.split("\n");
  const byLabel = new Map(metricOrder.map((m) => [metricLabel(m).toLowerCase(), m]));
  for (let n = block.lines[0]; n <= block.lines[1] && n <= text.length; n++) {
    const colon = text[n - 1].indexOf(":");
    if (colon < 0) continue;
    const metric = byLabel.get(text[n - 1].slice(0, colon).trim().toLowerCase());
    if (metric && !lines.has(metric)) lines.set(metric, n);
  }
  return lines;
}

export function lineId(logIndex: number, line: number): string {
  return `log-${logIndex}-L${line}`;
}

/** "2 of 3": which repeat of its point the run is; null for a point that runs once. */
export function repeatFact(detail: Pick<RunDetail, "row" | "repeats">, lang: Lang): string | null {
  const {row} = detail;
  const planned = Math.max(detail.repeats ?? 1, row.repeat);
  return planned > 1 ? fill("runRepeatOf", lang, {repeat: row.repeat, planned}) : null;
}

/** "vLLM v0.11.0"; what the files do not say (the plan's "TODO: …") reads "not recorded". */
function engineFact({row, names}: RunDetail, lang: Lang): string {
  const version = names.engineVersion === null ? null : row.engine_version;
  if (names.engine === null) return version ? fill("runEngineUnrecorded", lang, {version}) : t("notRecorded", lang);
  if (version === null) return fill("runEngineVersionUnrecorded", lang, {engine: names.engine});
  return `${names.engine} ${version}`;
}

/** "1.115 J per output token (0.063 J per token) = 634.00 W × 1 GPU × 14.58 s / 8192 output tokens", or why none. */
export function energyFact(e: NonNullable<RunDetail["energy"]>, lang: Lang): string {
  if (e.j_per_output_token == null)
    return e.absent ? fill("runNoEnergyWhy", lang, {why: e.absent}) : t("runsNoEnergy", lang);
  const factors = `${formatFixed(e.power_w)} W × ${e.gpus} GPU × ${formatFixed(e.duration_s)} s / ${formatCount(e.output_tokens)}`;
  return fill("runEnergy", lang, {
    perOutput: formatFixed(e.j_per_output_token, 3),
    perToken: formatFixed(e.j_per_token, 3),
    factors
  });
}

export function runFacts(detail: RunDetail, context: PageContext): HTMLElement {
  const {lang} = context;
  const {row, names} = detail;
  const repeat = repeatFact(detail, lang);
  const notRun = notRunReason(row);
  const facts: [string, Cell][] = [
    [t("status", lang), statusBadge(row.status, lang, row.partial != null, notRun)],
    [t("step", lang), link(stepHref(row.step, context), pick(names.step, lang) || row.step)],
    [t("candidate", lang), row.label],
    [t("scenario", lang), pick(names.scenario, lang) || row.scenario],
    // A ladder's run names its level: the point is the candidate at this load.
    ...(detail.load
      ? [
          [
            t("load", lang),
            fill(detail.load.kind === "request_rate" ? "runsLoadRate" : "runsLoadConcurrency", lang, {
              load: detail.load.value
            })
          ] as [string, Cell]
        ]
      : []),
    // Which repeat of its point this run is: its figures are one of several the point's mean rests on.
    ...(repeat != null ? [[t("repeat", lang), repeat] as [string, Cell]] : []),
    [t("engine", lang), engineFact(detail, lang)],
    [t("model", lang), row.model],
    [t("quantization", lang), names.quantization === null ? t("notRecorded", lang) : row.quantization],
    [t("gpu", lang), `${names.gpu === null ? t("notRecorded", lang) : row.gpu} × ${formatCount(row.gpu_count)}`],
    [t("study", lang), row.study]
  ];
  if (detail.energy) facts.push([t("energy", lang), energyFact(detail.energy, lang)]);
  if (detail.energy?.tokens_per_dollar != null)
    facts.push([
      t("cost", lang),
      fill("runCost", lang, {
        outputTokens: formatCount(detail.energy.output_tokens_per_dollar),
        tokens: formatCount(detail.energy.tokens_per_dollar),
        price: String(detail.energy.price_per_hour)
      })
    ]);
  if (row.partial)
    facts.push([t("partialResult", lang), textElement("code", findingMessage({message: row.partial}, lang))]);
  if (row.status !== "ok" && notRun == null) {
    facts.push([t("failedPhase", lang), row.failed_phase ? namedWord("phase_", String(row.failed_phase), lang) : DASH]);
    facts.push([t("error", lang), row.error ? textElement("code", recordedReason(row.error, lang)) : DASH]);
  }
  const list = document.createElement("dl");
  list.className = "run-facts";
  for (const [term, value] of facts) {
    const dt = textElement("dt", term);
    const dd = document.createElement("dd");
    if (typeof value === "string") dd.textContent = value;
    else if (value) dd.append(value);
    list.append(dt, dd);
  }
  return list;
}

export function runMetricsTable(detail: RunDetail, context: PageContext): HTMLElement {
  const {lang} = context;
  // The run data holds the metrics in the tool's print order.
  const keys = Object.keys(detail.metrics);
  if (!keys.length) return textElement("p", t("noMetrics", lang));
  const lines = metricLines(detail, keys);
  const logIndex = detail.logs.findIndex((l) => l.file === detail.row.source_file);
  return dataTable(
    keys,
    [
      {label: t("metric", lang), value: (key) => metricLabel(key)},
      {label: t("value", lang), numeric: true, value: (key) => formatMetric(key, detail.metrics[key])},
      {
        label: t("logLine", lang),
        numeric: true,
        value: (key) => {
          const line = lines.get(key);
          return line != null && logIndex >= 0 ? link(`#${lineId(logIndex, line)}`, `L${line}`) : DASH;
        }
      }
    ],
    {className: "run-metrics"}
  );
}

/** The raw logs, line-numbered; the result block is shaded and each line a figure came from is marked. */
export function logView(detail: RunDetail, context: PageContext): HTMLElement {
  const {lang} = context;
  const container = document.createElement("div");
  container.className = "run-logs";
  if (!detail.logs.length) {
    container.append(textElement("p", t("noLog", lang)));
    return container;
  }
  const figureLines = new Map([...metricLines(detail)].map(([metric, line]) => [line, metric]));
  detail.logs.forEach((log, index) => {
    const isSource = log.file === detail.row.source_file && detail.block != null;
    const [first, last] = isSource && detail.block ? detail.block.lines : [0, -1];
    const figure = document.createElement("figure");
    figure.className = "log";
    const caption = document.createElement("figcaption");
    caption.append(textElement("code", log.file));
    if (isSource) caption.append(` — ${t("lines", lang)} ${first}–${last}`);
    figure.append(caption);
    const pre = document.createElement("pre");
    const text = log.text.endsWith("\n") ? log.text.slice(0, -1) : log.text;
    // One element per line: written as text, since a page may show thousands of lines.
    const lines = text.split("\n").map((content, i) => {
      const n = i + 1;
      const metric = isSource ? figureLines.get(n) : undefined;
      const classes = `log-line${n >= first && n <= last ? " in-block" : ""}${metric ? " figure-line" : ""}`;
      const data = metric ? ` data-metric="${attributeText(metric)}"` : "";
      return `<span class="${classes}"${data} id="${lineId(index, n)}"><span class="line-number">${n}</span>${logText(content)}\n</span>`;
    });
    appendRawHtml(pre, lines.join(""));
    figure.append(pre);
    container.append(figure);
  });
  return container;
}
