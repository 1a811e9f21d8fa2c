// A run's per-request distributions (from a --save-detailed result): one row per measure, its spread in numbers.
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {formatCount, formatFixed} from "./format.js";
import {fill, t, type StringKey} from "./i18n.js";
import type {PageContext} from "./links.js";
import {dataTable, fragment, textElement} from "./table.js";

type Distributions = NonNullable<RunDetail["requests"]>;
type Measure = "input_tokens" | "output_tokens" | "ttft_ms" | "tpot_ms" | "itl_ms" | "e2el_ms";

const MEASURES: {key: Measure; label: StringKey}[] = [
  {key: "input_tokens", label: "inputLen"},
  {key: "output_tokens", label: "outputLen"},
  {key: "ttft_ms", label: "requestsTtft"},
  {key: "tpot_ms", label: "requestsTpot"},
  {key: "itl_ms", label: "requestsItl"},
  {key: "e2el_ms", label: "requestsE2el"}
];

const QUANTILES = ["p50", "p90", "p99"];

/** A section with the distributions as a table, the request count and any errors; "" when the run saved none. */
export function requestTable(detail: RunDetail, {lang}: PageContext): HTMLElement | string {
  const requests: Distributions | null = detail.requests ?? null;
  if (!requests) return "";
  const rows = MEASURES.flatMap((m) => (requests[m.key] ? [{label: t(m.label, lang), summary: requests[m.key]!}] : []));
  const heading = textElement("h2", t("requestsHeading", lang));
  const intro = textElement(
    "p",
    fill(requests.failed ? "requestsIntro" : "requestsIntroNoErrors", lang, {
      requests: formatCount(requests.requests),
      failed: formatCount(requests.failed)
    })
  );
  const errors = document.createElement("ul");
  for (const error of requests.errors)
    errors.append(fragmentItem(`${error.count} × `, textElement("code", error.message)));
  const table = dataTable(rows, [
    {label: t("metric", lang), value: (r) => r.label},
    {label: "n", numeric: true, value: (r) => formatCount(r.summary.count)},
    {label: t("requestsMean", lang), numeric: true, value: (r) => formatFixed(r.summary.mean)},
    {label: t("requestsStd", lang), numeric: true, value: (r) => formatFixed(r.summary.std)},
    {label: "Min", numeric: true, value: (r) => formatFixed(r.summary.min)},
    ...QUANTILES.map((q) => ({
      label: q.toUpperCase(),
      numeric: true,
      value: (r: (typeof rows)[number]) => formatFixed(r.summary.quantiles[q])
    })),
    {label: "Max", numeric: true, value: (r) => formatFixed(r.summary.max)}
  ]);
  const container = document.createElement("div");
  container.className = "request-distributions";
  container.append(heading, intro);
  if (requests.errors.length) container.append(errors);
  container.append(table);
  return container;
}

function fragmentItem(...parts: (string | Node)[]): HTMLLIElement {
  const item = document.createElement("li");
  item.append(fragment(...parts));
  return item;
}
