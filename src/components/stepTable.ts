// A step's results: one row per candidate and scenario, ranked, with every metric of the run; failed runs keep their error.
import type {Standing, StepReport} from "../../loaders/analysis/derive.js";
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import {formatFixed, formatMetric} from "./format.js";
import {fill, t} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {metricLabel} from "./metricLabels.js";
import {recordedReason} from "./libraryText.js";
import {dataTable, textElement, type Column} from "./table.js";
import {rankingLines, scenarioName, type ScenarioNames} from "./verdict.js";

interface StepRow {
  scenario: string;
  standing: Standing;
  /** This row's run: the standing's own, or one of its repeats. */
  run: string;
  repeat: number;
  row: RunCells | null;
}

/** A step's runs: status and metric cells, and the metric columns in print order. */
export interface StepRuns {
  rows: readonly RunCells[];
  metrics: readonly string[];
}

/** Why live mode left a ladder level out (its error without the "not run: " lead); null for a run that ran or failed.
 * The pages take no code from the library, so this twins loaders/runs/not-run.ts, which check uses. */
export function notRunReason(run: {status: string; failed_phase?: unknown; error?: unknown}): string | null {
  if (run.status === "ok" || run.failed_phase !== "not-run") return null;
  const error = typeof run.error === "string" ? run.error : "";
  return error.startsWith("not run: ") ? error.slice("not run: ".length) : error;
}

/** `notRun`: why live mode left the run out (notRunReason), shown as such and not as a failure. */
export function statusBadge(
  status: string,
  lang: PageContext["lang"],
  partial = false,
  notRun: string | null = null
): HTMLElement {
  if (notRun != null)
    return textElement("span", `${t("notRun", lang)} (${recordedReason(notRun, lang)})`, "status not-run");
  if (status === "outside-slo") return textElement("span", t("outsideSlo", lang), "status outside-slo");
  const ok = status === "ok";
  const badge = textElement("span", ok ? t("ok", lang) : t("failed", lang), ok ? "status ok" : "status failed");
  if (!partial) return badge;
  // A cut-off result is shown as such wherever its status is, never as a plain "ok".
  const both = document.createElement("span");
  both.append(badge, " ", textElement("span", t("partial", lang), "status partial"));
  return both;
}

export function stepTable(
  step: StepReport,
  runs: StepRuns,
  report: ScenarioNames & {study: Partial<Pick<StudyInfo, "warmup_repeats">>},
  context: PageContext
): HTMLElement {
  const {lang} = context;
  const warmups = report.study.warmup_repeats ?? 0;
  const byRun = new Map(runs.rows.map((r) => [r.run, r]));
  // With repeats, one row per run under its point's standing; a single run is its standing's row.
  const rows: StepRow[] = step.scenarios.flatMap((scenario) =>
    (step.standings[scenario] ?? []).flatMap((standing) =>
      (standing.runs.length > 1 ? standing.runs : [standing.run]).map((run, i) => ({
        scenario,
        standing,
        run,
        repeat: i + 1,
        row: byRun.get(run) ?? null
      }))
    )
  );
  const repeats = rows.some((r) => r.repeat > 1);
  // Only the metrics these runs printed, in the order the tool prints them.
  const metrics = runs.metrics.filter((m) => rows.some((r) => typeof r.row?.[m] === "number"));
  const anyFailed = rows.some((r) => r.standing.status !== "ok" || r.standing.value == null);
  const columns: Column<StepRow>[] = [
    {
      label: t("candidate", lang),
      value: ({standing, run, row}) => (row ? link(runHref(run, context), standing.label) : standing.label)
    },
    ...(repeats
      ? [
          {
            label: t("repeat", lang),
            numeric: true,
            // A warm-up repeat is listed but in no mean: say so on its row.
            value: (r: StepRow) => (r.repeat <= warmups ? `${r.repeat} (${t("warmup", lang)})` : String(r.repeat))
          },
          {
            label: t("meanInterval", lang),
            numeric: true,
            // The point's mean and interval, on its first row.
            value: (r: StepRow) => (r.repeat === 1 ? meanText(r.standing) : "")
          }
        ]
      : []),
    ...(step.scenarios.length > 1
      ? [{label: t("scenario", lang), value: (r: StepRow) => scenarioName(report, r.scenario, lang)}]
      : []),
    // A ladder's standing is one point of its curve: its load says which.
    ...(rows.some((r) => r.standing.load)
      ? [
          {
            label: t("load", lang),
            value: (r: StepRow) =>
              r.standing.load
                ? r.standing.load.kind === "request_rate"
                  ? fill("cellRequestRate", lang, {value: r.standing.load.value})
                  : fill("cellConcurrency", lang, {value: r.standing.load.value})
                : ""
          }
        ]
      : []),
    {
      label: t("status", lang),
      value: ({standing, row}) =>
        statusBadge(
          standing.status === "outside-slo" && (row?.status ?? "ok") === "ok"
            ? "outside-slo"
            : (row?.status ?? standing.status),
          lang,
          standing.partial,
          standing.not_run ?? null
        )
    },
    ...(anyFailed
      ? [
          {
            label: t("error", lang),
            className: "wide-text",
            // Why a curve is never within the SLO is the point's, said once on its first row.
            // A point not run says why in its status, as the runs table does.
            value: (r: StepRow) =>
              r.standing.error && r.standing.not_run == null && (r.standing.status !== "outside-slo" || r.repeat === 1)
                ? textElement("code", recordedReason(r.standing.error, lang))
                : ""
          }
        ]
      : []),
    ...metrics.map((metric): Column<StepRow> => ({
      label: metricLabel(metric),
      numeric: true,
      value: ({row}) => formatMetric(metric, row?.status === "ok" ? (row[metric] as number | null) : null)
    }))
  ];
  return dataTable(rows, columns, {
    className: "step-results",
    stickyFirst: true,
    rowClass: ({standing, row}) =>
      standing.status === "ok" && standing.value != null && (row?.status ?? "ok") === "ok"
        ? null
        : standing.status === "outside-slo" && (row?.status ?? "ok") === "ok"
          ? "outside-slo"
          : standing.not_run != null
            ? "not-run"
            : "failed"
  });
}

/** "2259.00 [2160.56, 2357.44] (n = 5)": a point's mean, its interval and how many repeats it rests on. */
export function meanText(standing: Standing): string {
  if (standing.value == null) return formatFixed(null);
  const interval =
    standing.ci_low != null && standing.ci_high != null
      ? ` [${formatFixed(standing.ci_low)}, ${formatFixed(standing.ci_high)}]`
      : "";
  return `${formatFixed(standing.value)}${interval} (n = ${standing.n})`;
}

/** Each candidate's server command, as the study ran it. */
export function candidateCommands(
  step: StepReport,
  runs: {rows: readonly {run: string}[]},
  context: PageContext
): HTMLElement {
  const archived = new Set(runs.rows.map((r) => r.run));
  const list = document.createElement("dl");
  list.className = "commands";
  for (const candidate of step.candidates) {
    const term = document.createElement("dt");
    term.textContent = candidate.label;
    const detail = document.createElement("dd");
    const pre = document.createElement("pre");
    pre.append(textElement("code", candidate.server_command));
    detail.append(pre);
    const runLinks = document.createElement("p");
    runLinks.className = "run-links";
    runLinks.append(`${t("runs", context.lang)}: `);
    candidate.runs.forEach((run, i) => {
      if (i) runLinks.append(", ");
      runLinks.append(archived.has(run) ? link(runHref(run, context), run) : run);
    });
    detail.append(runLinks);
    list.append(term, detail);
  }
  return list;
}

/** The ranking on each of the step's scenarios, one line per scenario. */
export function stepRanking(
  step: StepReport,
  report: ScenarioNames & {study: Pick<StudyInfo, "objective">},
  {lang}: PageContext
): HTMLElement {
  const container = document.createElement("div");
  for (const {scenario, text} of rankingLines(step, report, lang)) {
    const p = document.createElement("p");
    p.className = "ranking";
    p.append(textElement("strong", `${scenarioName(report, scenario, lang)}: `));
    p.append(text);
    container.append(p);
  }
  return container;
}
