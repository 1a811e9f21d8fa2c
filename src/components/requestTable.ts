// A run's per-request distributions (from a --save-detailed result): one row per measure, its spread in numbers.
import type {RunDetail} from "../../loaders/runs/run-detail.js";
import {formatCount, formatFixed} from "./format.js";
import {t} from "./i18n.js";
import type {PageContext} from "./links.js";
import {dataTable, fragment, textElement} from "./table.js";

type Distributions = NonNullable<RunDetail["requests"]>;
type Measure = "input_tokens" | "output_tokens" | "ttft_ms" | "tpot_ms" | "itl_ms" | "e2el_ms";

const MEASURES: {key: Measure; en: string; tr: string}[] = [
  {key: "input_tokens", en: "Input tokens", tr: "Giriş token'ı"},
  {key: "output_tokens", en: "Output tokens", tr: "Çıkış token'ı"},
  {key: "ttft_ms", en: "TTFT (ms)", tr: "TTFT (ms)"},
  {key: "tpot_ms", en: "TPOT (ms)", tr: "TPOT (ms)"},
  {key: "itl_ms", en: "ITL (ms)", tr: "ITL (ms)"},
  {key: "e2el_ms", en: "E2EL (ms)", tr: "E2EL (ms)"}
];

const QUANTILES = ["p50", "p90", "p99"];

/** A section with the distributions as a table, the request count and any errors; "" when the run saved none. */
export function requestTable(detail: RunDetail, {lang}: PageContext): HTMLElement | string {
  const requests: Distributions | null = detail.requests ?? null;
  if (!requests) return "";
  const rows = MEASURES.flatMap((m) => (requests[m.key] ? [{label: m[lang], summary: requests[m.key]!}] : []));
  const heading = textElement("h2", lang === "tr" ? "İstek başına" : "Per request");
  const intro = textElement(
    "p",
    lang === "tr"
      ? `Koşu her isteğin zamanlamalarını kaydetti: ${formatCount(requests.requests)} istek, ${formatCount(requests.failed)} tanesi hatalı (dağılımlara katılmadı). Kaydedilen dizilerden yeniden hesaplanan dağılımlar:`
      : `The run saved every request's timings: ${formatCount(requests.requests)} requests, ${formatCount(requests.failed)} of them with an error (left out of the distributions). The spread, recomputed from the saved arrays:`
  );
  const errors = document.createElement("ul");
  for (const error of requests.errors)
    errors.append(fragmentItem(`${error.count} × `, textElement("code", error.message)));
  const table = dataTable(rows, [
    {label: t("metric", lang), value: (r) => r.label},
    {label: "n", numeric: true, value: (r) => formatCount(r.summary.count)},
    {label: lang === "tr" ? "Ortalama" : "Mean", numeric: true, value: (r) => formatFixed(r.summary.mean)},
    {label: lang === "tr" ? "Std. sapma" : "Std", numeric: true, value: (r) => formatFixed(r.summary.std)},
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
