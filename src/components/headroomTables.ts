// The Headroom tables: a scenario's runs against their ceilings, the GPU facts, and the headline's share of the ceiling.
import type {HeadroomReport} from "../../loaders/analysis/headroom.js";
import type {RunCells} from "../../loaders/analysis/run-cells.js";
import type {HomePage} from "../../loaders/pages/home.js";
import {formatCount, formatFixed, formatPercent, formatShare} from "./format.js";
import {fill, fillParts, t, type Lang} from "./i18n.js";
import {recordedReason} from "./libraryText.js";
import {metricTitle} from "./metricLabels.js";
import {headroomHref, link, restOfRuns, runHref, type PageContext} from "./links.js";
import {headroomHeadline, type HeadroomHeadline, type HeadroomRun} from "./headroomRuns.js";
import {bindingMeaning, bindingName} from "./headroomText.js";
import {statusBadge} from "./stepTable.js";
import {dataTable, pagedTable, textElement, type Column} from "./table.js";
import {scenarioName, type ScenarioNames} from "./verdict.js";

/** What the server's scrapes say about KV capacity, beside the model's binding resource. */
export function measuredText(run: HeadroomRun, lang: PageContext["lang"]): string {
  const m = run.measured;
  if (!m) return "—";
  const peak = m.kvMax == null ? "—" : formatShare(m.kvMax);
  const share = formatShare(m.kvFullShare);
  if (m.kvBound) return fill("kvBound", lang, {share, waiting: formatCount(m.waitingMax)});
  return fill("kvNotBound", lang, {peak});
}

/** Which of the Step and Engine columns the page's tables show: one that would say the same on every row of every
 * table says nothing of a row (the candidate's link leads to both), and the tables of one page keep one set. */
export function headroomColumns(rows: readonly RunCells[]): {step: boolean; engine: boolean} {
  const varies = (of: (r: (typeof rows)[number]) => unknown) => new Set(rows.map(of)).size > 1;
  return {step: varies((r) => r.step), engine: varies((r) => r.engine)};
}

/** "not run", its recorded reason on hover: the table's column has no room for the sentence. */
function notRunBadge(reason: string, lang: Lang): HTMLElement {
  const badge = textElement("span", t("notRun", lang), "status not-run");
  if (reason) badge.title = recordedReason(reason, lang);
  return badge;
}

/** A scenario's runs: measured ones with ceiling, share and binding resource; failed ones as failed. */
export function headroomRunsTable(
  runs: readonly HeadroomRun[],
  context: PageContext,
  id: string,
  shown: {step: boolean; engine: boolean}
): HTMLElement {
  const {lang} = context;
  const columns: Column<HeadroomRun>[] = [
    {label: t("candidate", lang), value: (r) => link(r.href, r.candidate)},
    ...(shown.step ? [{label: t("step", lang), value: (r: HeadroomRun) => link(r.stepHref, r.stepTitle)}] : []),
    // A ladder's points: each row is one load, against the ceiling at that load.
    ...(runs.some((r) => r.load != null) ? [{label: t("load", lang), value: (r: HeadroomRun) => r.load ?? ""}] : []),
    ...(shown.engine ? [{label: t("engine", lang), value: (r: HeadroomRun) => r.engine}] : []),
    {label: t("role", lang), value: (r) => (r.role ? t(r.role, lang) : "")},
    {label: metricTitle("total_token_throughput", lang), numeric: true, value: (r) => formatFixed(r.throughput)},
    {label: t("hardCeiling", lang), numeric: true, value: (r) => formatFixed(r.ceiling)},
    {
      label: t("shareOfCeiling", lang),
      numeric: true,
      value: (r) =>
        r.notRun != null
          ? notRunBadge(r.notRun, lang)
          : r.failed
            ? statusBadge("failed", lang)
            : textElement("strong", formatShare(r.ratio))
    },
    {label: t("effectiveTflops", lang), numeric: true, value: (r) => formatFixed(r.effectiveTflops)},
    {label: t("binding", lang), value: (r) => (r.binding ? bindingName(r.binding, lang) : "—")},
    ...(runs.some((r) => r.measured)
      ? [
          {
            label: t("measuredByServer", lang),
            value: (r: HeadroomRun) => measuredText(r, lang)
          }
        ]
      : [])
  ];
  return pagedTable(runs, columns, {
    lang,
    id,
    rest: restOfRuns(context),
    className: "headroom-runs",
    stickyFirst: true,
    rowClass: (r) =>
      [r.notRun != null ? "not-run" : r.failed ? "failed" : null, r.role ? `role-${r.role}` : null]
        .filter(Boolean)
        .join(" ") || null
  });
}

/** The GPU and model figures the ceilings are computed from. */
export function headroomFacts(headroom: HeadroomReport, {lang}: PageContext): HTMLElement {
  const {gpu} = headroom;
  const others = headroom.other_models?.join(", ");
  // Beside other models, "Model" alone would read as the study's: it is the one the scenario ceilings are for.
  const models: [string, string][] = !others
    ? [["Model", headroom.model]]
    : [
        [t("ceilingsModel", lang), headroom.model],
        [t("otherModels", lang), others]
      ];
  const facts: [string, string][] = [
    ...models,
    ["GPU", gpu.name],
    [t("peakCompute", lang), `${formatFixed(gpu.bf16_tflops)} TFLOP/s`],
    [t("memoryBandwidthHbm", lang), `${formatFixed(gpu.bandwidth_gbs)} GB/s`],
    [t("memoryCudaTotal", lang), `${formatFixed(gpu.memory_gib)} GiB`],
    [t("mfuRealistic", lang), formatFixed(headroom.mfu)],
    [t("mbuRealistic", lang), formatFixed(headroom.mbu)]
  ];
  return dataTable(
    facts,
    [
      {label: t("quantity", lang), value: ([name]) => name},
      {label: t("value", lang), value: ([, value]) => value}
    ],
    {className: "headroom-facts"}
  );
}

/** A plain list of texts, e.g. the model's sources or assumptions. */
export function textList(items: readonly string[], className: string): HTMLElement {
  const list = document.createElement("ul");
  list.className = className;
  for (const item of items) list.append(textElement("li", item));
  return list;
}

/** Per scenario of the headline: the share of the ceiling the baseline and the recommended configuration reach. */
export function headroomHeadlineTable(
  report: Pick<HomePage, "headline" | "headroom"> & Partial<Pick<HomePage, "slo">> & ScenarioNames,
  rows: readonly RunCells<"ceiling_ratio">[],
  context: PageContext
): HTMLElement {
  const {lang} = context;
  const share = (run: string, ratio: number | null) => link(runHref(run, context), formatShare(ratio));
  // No before and after (the baseline never meets the SLO): the recommended point alone, against its ceiling.
  const alone = !report.headline.length ? report.slo?.recommended : null;
  if (alone) {
    const row = rows.find((r) => r.run === alone.run);
    const ratio = row?.ceiling_ratio;
    const ceiling = row?.ceiling_tps;
    const at = alone.load
      ? fill(alone.load.kind === "request_rate" ? "atRequestRate" : "atConcurrency", lang, {load: alone.load.value})
      : "";
    const p = document.createElement("p");
    p.className = "headroom-headline-alone";
    p.append(
      ...fillParts("recommendedAlone", lang, {
        at,
        share: link(runHref(alone.run, context), formatShare(typeof ratio === "number" ? ratio : null)),
        ceiling: formatFixed(typeof ceiling === "number" ? ceiling : null)
      })
    );
    return p;
  }
  const headline = headroomHeadline(report, rows);
  if (headline.some((h) => h.ladder)) return ladderHeadlineTable(report, headline, context);
  const columns: Column<HeadroomHeadline>[] = [
    {
      label: t("scenario", lang),
      value: (h) => link(headroomHref(context, h.scenario), scenarioName(report, h.scenario, lang))
    },
    {label: t("hardCeiling", lang), numeric: true, value: (h) => formatFixed(h.ceiling)},
    {label: t("baseline", lang), numeric: true, value: (h) => share(h.baselineRun, h.baselineRatio)},
    {label: t("recommended", lang), numeric: true, value: (h) => share(h.recommendedRun, h.recommendedRatio)},
    {label: t("throughputChange", lang), numeric: true, value: (h) => formatPercent(h.changePercent)}
  ];
  return dataTable(headline, columns, {
    className: "headroom-headline",
    groups: [
      {label: "", span: 2},
      {label: t("shareOfHardCeiling", lang), span: 2},
      {label: "", span: 1}
    ]
  });
}

/** A ladder study's headline: each side's share at the point that decided the verdict, beside the load and the
 * ceiling at that load (the headroom model at batch = concurrency) that the share is of. */
function ladderHeadlineTable(
  report: ScenarioNames,
  headline: readonly HeadroomHeadline[],
  context: PageContext
): HTMLElement {
  const {lang} = context;
  const loadText = (h: HeadroomHeadline, load: number | null | undefined) =>
    load == null
      ? "—"
      : h.ladder!.load_kind === "request_rate"
        ? fill("runsLoadRate", lang, {load: formatFixed(load)})
        : fill("runsLoadConcurrency", lang, {load: formatCount(load)});
  const side = (role: "baseline" | "recommended"): Column<HeadroomHeadline>[] => [
    {label: t("load", lang), value: (h) => loadText(h, h.ladder?.[`${role}Load`])},
    // A scenario without a ladder (a flood beside ladders) keeps its one ceiling.
    {
      label: t("hardCeilingAtLoad", lang),
      numeric: true,
      value: (h) => formatFixed(h.ladder ? h.ladder[`${role}Ceiling`] : h.ceiling)
    },
    {
      label: t("share", lang),
      numeric: true,
      value: (h) => link(runHref(h[`${role}Run`], context), formatShare(h[`${role}Ratio`]))
    }
  ];
  return dataTable(
    headline,
    [
      {
        label: t("scenario", lang),
        value: (h) => link(headroomHref(context, h.scenario), scenarioName(report, h.scenario, lang))
      },
      ...side("baseline"),
      ...side("recommended"),
      {label: t("throughputChange", lang), numeric: true, value: (h) => formatPercent(h.changePercent)}
    ],
    {
      className: "headroom-headline ladder",
      groups: [
        {label: "", span: 1},
        {label: t("baseline", lang), span: 3},
        {label: t("recommended", lang), span: 3},
        {label: "", span: 1}
      ]
    }
  );
}

/** The resources that bind in at least one scenario, each with what it means and where it binds. */
export function bindingList(headroom: HeadroomReport, report: ScenarioNames, {lang}: PageContext): HTMLElement {
  const list = document.createElement("ul");
  list.className = "binding-list";
  for (const binding of ["compute", "bandwidth", "kv-capacity", "interconnect"] as const) {
    const scenarios = headroom.scenarios.filter((s) => s.binding === binding);
    if (!scenarios.length) continue;
    const item = document.createElement("li");
    const name = bindingName(binding, lang);
    item.append(textElement("strong", name.charAt(0).toLocaleUpperCase(lang) + name.slice(1)));
    item.append(` (${scenarios.map((s) => scenarioName(report, s.scenario, lang)).join(", ")}): `);
    item.append(bindingMeaning(binding, lang));
    list.append(item);
  }
  return list;
}
