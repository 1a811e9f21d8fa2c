// The pages a site of many studies adds above its studies (the index, comparisons, trends), in English and Turkish:
// plain HTML tables written at build time, every link relative so the site works under any sub-path.
import {
  VERDICT_MEANING,
  type MetricComparison,
  type PointComparison,
  type PointVerdict
} from "../../loaders/analysis/compare.js";
import type {CurvesComparison, FrontierCell} from "../../loaders/analysis/frontier.js";
import type {HistoryStatus} from "../../loaders/analysis/history.js";
import type {ClaimSummary} from "../../loaders/analysis/claim-summary.js";
import type {SharedRun} from "../../loaders/analysis/shared-results.js";
import type {ComparisonPage, StudyIndexRow, TrendPage} from "../../loaders/pages/site.js";
import {fill, namedWord, t, type StringKey} from "../components/i18n.js";
import {languagePrefix} from "../components/links.js";
import {metricTitle} from "../components/metricLabels.js";
import {claimSubject} from "../components/qualityTables.js";
import {claimText} from "../components/libraryText.js";
import {escapeHtml} from "../render/html.js";

export type Lang = "en" | "tr";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#1b1e23;margin:0 auto;padding:1rem 2rem 3rem;max-width:1200px}
h1{font-size:1.7rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #ddd;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{border-bottom:2px solid #999}td.num{text-align:right}
.language-switch{float:right}.regression,.suspicious,.failed-in-every-study,.failed-in-both,.failed-in-the-last-study{color:#b00020;font-weight:600}.improvement{color:#1a7f37}
.rule{max-width:70ch;color:#444}footer{margin-top:3rem;color:#666;font-size:.85rem}`;

// A verdict or status the library names, in the page's language; one the table lacks reads as the library wrote it.
const word = (lang: Lang, text: string) => namedWord("siteStatus_", text, lang);
/** The words of the site's pages in one language. */
const wordsOf = (lang: Lang) => (key: StringKey) => t(key, lang);
const e = escapeHtml;
const times = (x: number | null) => (x == null ? "—" : `×${x.toFixed(3)}`);
const value = (x: number | null) => (x == null ? "—" : Math.abs(x) >= 100 ? x.toFixed(1) : x.toPrecision(4));
const day = (date: string | null, lang: Lang) => (date ? date.slice(0, 10) : t("notRecorded", lang));

function table(header: string[], rows: string[][], numeric: number[] = []): string {
  const head = header.map((h) => `<th>${e(h)}</th>`).join("");
  const body = rows
    .map((r) => `<tr>${r.map((c, i) => `<td${numeric.includes(i) ? ' class="num"' : ""}>${c}</td>`).join("")}</tr>`)
    .join("\n");
  return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>`;
}

/** A whole page; `depth` is how many folders it sits below the site's root, `twin` its other language's path. */
function page(lang: Lang, depth: number, title: string, twin: string, body: string): string {
  const up = "../".repeat(depth);
  return `<!DOCTYPE html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${e(title)} | tps-report</title>
<style>${STYLE}</style>
</head>
<body>
<nav class="language-switch" aria-label="${t("languageSwitch", lang)}"><a href="${e(twin)}" hreflang="${lang === "en" ? "tr" : "en"}">${t("siteSwitch", lang)}</a></nav>
${depth ? `<p><a href="${up}${languagePrefix(lang)}">${t("allStudies", lang)}</a></p>\n` : ""}<main>
<h1>${e(title)}</h1>
${body}
</main>
<footer>tps-report</footer>
</body>
</html>
`;
}

const verdictCell = (lang: Lang, v: string) => `<span class="${e(v.replace(/ /g, "-"))}">${e(word(lang, v))}</span>`;

export function indexHtml(
  lang: Lang,
  studies: readonly StudyIndexRow[],
  comparisons: readonly ComparisonPage[],
  trends: readonly TrendPage[],
  shared: readonly SharedRun[][] = []
): string {
  const w = wordsOf(lang);
  // The English index is the root page, the Turkish one is under tr/.
  const up = lang === "en" ? "" : "../";
  const rows = studies.map((s) => [
    `<a href="${e(`${up}${s.path}${languagePrefix(lang)}`)}">${e(s.title[lang])}</a><br><small>${e(s.id)}</small>`,
    e(s.model),
    `${s.gpu_count}× ${e(s.gpu)}`,
    s.engines.map((x) => `${e(x.name)} ${e(x.version)}`).join("<br>"),
    e(day(s.date, lang)),
    String(s.runs),
    s.best
      ? `${e(value(s.best.value))} ${e(metricTitle(s.best.metric, lang))}<br><small>${e(s.best.label)} — ${e(s.best.scenario[lang])}</small>`
      : "—",
    claimsCell(lang, s.claims)
  ]);
  const body = [
    `<p>${e(fill(studies.length === 1 ? "siteIntroOne" : "siteIntroMany", lang, {count: studies.length}))}</p>`,
    table(
      [
        w("siteStudy"),
        w("siteModel"),
        w("gpu"),
        w("siteEngines"),
        w("siteDate"),
        w("siteRuns"),
        w("siteBest"),
        w("siteClaims")
      ],
      rows,
      [5]
    ),
    ...(shared.length
      ? [
          `<h2>${w("siteShared")}</h2>`,
          `<p>${e(fill(shared.length === 1 ? "siteSharedIntroOne" : "siteSharedIntroMany", lang, {count: shared.length}))}</p>`,
          `<ul>${shared.map((runs) => `<li>${runs.map((r) => e(`${r.study}: ${r.run}`)).join(" = ")}</li>`).join("\n")}</ul>`
        ]
      : []),
    `<h2>${w("siteComparisons")}</h2>`,
    comparisons.length
      ? `<ul>${comparisons
          .map((c) => {
            const label = `${c.base} → ${c.new}`;
            return `<li><a href="compare/${e(c.id)}">${e(label)}</a> — ${e(counts(lang, c))}</li>`;
          })
          .join("\n")}</ul>`
      : `<p>${w("siteNoComparisons")}</p>`,
    `<h2>${w("siteTrends")}</h2>`,
    trends.length
      ? `<ul>${trends
          .map(
            (tr) =>
              `<li><a href="trend/${e(tr.id)}">${e(seriesName(tr))}</a> — ${fill("siteStudiesCounted", lang, {count: tr.studies.length})}</li>`
          )
          .join("\n")}</ul>`
      : `<p>${w("siteNoTrends")}</p>`
  ].join("\n");
  // The index is the top of its language: it links to no index above it.
  return page(lang, 0, w("siteStudies"), lang === "en" ? "tr/" : "../", body);
}

/** A study's claim verdicts, and each published figure that does not hold beside its recomputed value. */
function claimsCell(lang: Lang, c: ClaimSummary): string {
  const w = wordsOf(lang);
  if (c.confirmed + c.contradicted + c.unverifiable === 0) return "—";
  const wrong = c.contradictions.map(
    (x) =>
      `<br><small class="regression">${e(claimSubject(x, lang))}: ${e(x.published)} (${w("siteRecomputed")} ${e(claimText(x.recomputed, lang))})</small>`
  );
  return `${e(fill("siteClaimCounts", lang, {confirmed: c.confirmed, contradicted: c.contradicted, unverifiable: c.unverifiable}))}${wrong.join("")}`;
}

/** How many points of a trend have each status, "of" how many. */
function statusCounts(lang: Lang, c: Record<string, number>, points: number): string {
  const last = c["failed in the last study"];
  const every = c["failed in every study"];
  return fill("siteStatusCounts", lang, {
    regressed: c.regression ?? 0,
    suspicious: c.suspicious ?? 0,
    improved: c.improvement ?? 0,
    lastFailed: last ? fill("siteLastFailed", lang, {count: last}) : "",
    noise: c["within noise"] ?? 0,
    insufficient: c["insufficient data"] ?? 0,
    everyFailed: every ? fill("siteEveryFailed", lang, {count: every}) : "",
    points
  });
}

const seriesName = (tr: TrendPage) => `${tr.model}, ${tr.gpu_count}× ${tr.gpu}`;

function counts(lang: Lang, c: ComparisonPage): string {
  const x = c.comparison;
  const count = (verdict: PointVerdict) => x.counts.find((n) => n.verdict === verdict)!.points;
  const only = (s: "base" | "new") => x.unmatched.filter((u) => u.side === s).length;
  return fill("siteCounts", lang, {
    regressed: count("regression"),
    improved: count("improvement"),
    noise: count("within noise"),
    failed: count("failed in both"),
    matched: x.matched.length,
    base: only("base"),
    next: only("new")
  });
}

const intervalText = (lang: Lang, m: Pick<MetricComparison, "low" | "high" | "basis">) =>
  m.basis === "interval"
    ? `[${times(m.low)}, ${times(m.high)}]`
    : m.basis === "ratio only"
      ? t("siteNoInterval", lang)
      : t("siteNoRatio", lang);
const pointName = (p: PointComparison) => (p.base === p.new ? p.new : `${p.base} → ${p.new}`);

// A share as the Turkish rules write it: "%5" for 0.05, to two decimals at most.
const percentNumber = (x: number) => +(x * 100).toFixed(2);
const percentOf = (x: number) => `%${percentNumber(x)}`;

/** The load-curve rule, from the comparison's figures: the library's sentence in English. */
function curvesRule(lang: Lang, c: CurvesComparison, threshold: number): string {
  const slo = c.slo
    ? fill("siteCurvesSlo", lang, {
        limits: c.slo.limits,
        plan: t(c.slo.from === "base" ? "siteCurvesSloBase" : "siteCurvesSloNew", lang),
        differs: c.slo.differs ? fill("siteCurvesSloDiffers", lang, {differs: c.slo.differs}) : ""
      })
    : t("siteCurvesNoSlo", lang);
  return fill("siteCurvesRule", lang, {
    rule: c.rule,
    metric: c.metric,
    interactivity: t(c.interactivity === "p90" ? "siteCurvesP90" : "siteCurvesMedian", lang),
    slo,
    threshold: percentOf(threshold)
  });
}

const perGpu = (x: number | null | undefined) => (x == null ? "—" : x.toFixed(1));

/** A table per workload: each interactivity level's frontier points on both sides, and the best within the SLO. */
function curvesHtml(lang: Lang, c: ComparisonPage): string[] {
  const w = wordsOf(lang);
  const curves = c.curves;
  if (!curves.curves.length) return [];
  const parts = [
    `<h2>${w("curvesTitle")}</h2>`,
    `<p class="rule">${e(curvesRule(lang, curves, c.comparison.threshold))}</p>`
  ];
  const side = (ids: string[]) => (ids.length ? ids.join(", ") : w("siteNone"));
  for (const k of curves.curves) {
    parts.push(
      `<h3>${e(k.workload)}</h3>`,
      `<p>${e(`${k.gpu_count}× ${k.gpu}; ${w("siteBase")}: ${side(k.base_scenarios)}; ${w("siteNew")}: ${side(k.new_scenarios)}`)}</p>`
    );
    const row = (label: string, f: FrontierCell) => [
      e(label),
      perGpu(f.base?.per_gpu),
      e(f.base?.point ?? "—"),
      perGpu(f.new?.per_gpu),
      e(f.new?.point ?? "—"),
      times(f.ratio),
      f.basis === "interval"
        ? `[${times(f.low)}, ${times(f.high)}]`
        : f.basis === "ratio only"
          ? w("siteNoInterval")
          : "—",
      f.loads_differ ? e(w("siteLoadsDiffer")) : f.verdict ? verdictCell(lang, f.verdict) : "—"
    ];
    parts.push(
      table(
        [
          w("siteLevel"),
          `${fill("sitePerGpu", lang, {metric: metricTitle(curves.metric, lang)})} ${w("siteBase")}`,
          `${w("sitePoint")} ${w("siteBase")}`,
          `${fill("sitePerGpu", lang, {metric: metricTitle(curves.metric, lang)})} ${w("siteNew")}`,
          `${w("sitePoint")} ${w("siteNew")}`,
          w("siteRatio"),
          w("siteInterval"),
          w("siteVerdict")
        ],
        [
          ...k.levels.map((l) => row(`≥ ${l.interactivity}`, l)),
          ...(k.within_slo ? [row(w("siteWithinSlo"), k.within_slo)] : [])
        ],
        [1, 3, 5]
      )
    );
  }
  return parts;
}

export function comparisonHtml(lang: Lang, c: ComparisonPage): string {
  const w = wordsOf(lang);
  const x = c.comparison;
  const depth = lang === "en" ? 1 : 2;
  const up = "../".repeat(depth);
  const studyLink = (id: string) => `<a href="${e(`${up}studies/${id}/${languagePrefix(lang)}`)}">${e(id)}</a>`;
  const parts: string[] = [
    `<ul><li>${w("siteBase")}: ${studyLink(c.base)} (${x.base.runs} ${w("siteRuns")}, ${x.base.points} ${w("sitePoints")})</li>` +
      `<li>${w("siteNew")}: ${studyLink(c.new)} (${x.new.runs} ${w("siteRuns")}, ${x.new.points} ${w("sitePoints")})</li></ul>`,
    `<p class="rule">${e(
      fill("siteCompareRule", lang, {
        rule: c.rule,
        threshold: percentOf(x.threshold),
        confidence: percentOf(x.confidence),
        low: (1 - x.threshold).toFixed(3),
        high: (1 + x.threshold).toFixed(3)
      })
    )}</p>`,
    `<h2>${w("siteChanged")}</h2>`,
    x.changes.length
      ? table(
          [w("siteWhat"), w("siteSubject"), w("siteBase"), w("siteNew")],
          x.changes.map((ch) => [
            e(namedWord("siteChange_", ch.what, lang)),
            e(ch.subject),
            e(ch.base),
            e(ch.detail ? `${ch.new} (${ch.detail})` : ch.new)
          ])
        )
      : `<p>${w("siteNothingChanged")}</p>`,
    `<h2>${w("siteVerdictHeading")}</h2>`,
    `<p>${e(counts(lang, c))}</p>`,
    `<ul class="rule">${x.counts.map((n) => `<li>${e(fill(`siteMeaning_${n.verdict}`, lang, {meaning: VERDICT_MEANING[n.verdict], verdict: n.verdict}))}</li>`).join("")}</ul>`,
    ...(x.same_results.length
      ? [
          `<p>${e(fill(x.same_results.length === 1 ? "siteSameResultsOne" : "siteSameResultsMany", lang, {count: x.same_results.length}))}</p>`
        ]
      : []),
    `<h2>${w("siteMatched")}</h2>`,
    table(
      [
        w("sitePoint"),
        w("engineWord"),
        w("siteRunsBaseNew"),
        `${metricTitle(c.objective, lang)} ${w("siteBase")}`,
        `${metricTitle(c.objective, lang)} ${w("siteNew")}`,
        w("siteRatio"),
        w("siteInterval"),
        w("siteVerdict")
      ],
      x.matched.map((p) => {
        const m = p.metrics.find((y) => y.metric === c.objective);
        return [
          e(pointName(p)),
          e(p.engine),
          `${p.base_n}${p.base_failed ? ` (+${p.base_failed})` : ""} / ${p.new_n}${p.new_failed ? ` (+${p.new_failed})` : ""}`,
          m ? value(m.base.mean) : "—",
          m ? value(m.new.mean) : "—",
          m ? times(m.ratio) : "—",
          m ? intervalText(lang, m) : "—",
          verdictCell(lang, p.verdict) +
            (p.status === "compared" || p.status === p.verdict ? "" : ` (${e(word(lang, p.status))})`)
        ];
      }),
      [3, 4, 5]
    )
  ];
  const beyond = x.matched.flatMap((p) => p.metrics.filter((m) => m.verdict !== "within noise").map((m) => ({p, m})));
  parts.push(`<h2>${w("siteBeyond")}</h2>`);
  parts.push(
    beyond.length
      ? table(
          [
            w("sitePoint"),
            w("siteMetric"),
            w("siteBase"),
            w("siteNew"),
            w("siteRatio"),
            w("siteInterval"),
            w("siteRunsBaseNew"),
            w("siteVerdict")
          ],
          beyond.map(({p, m}) => [
            e(pointName(p)),
            e(metricTitle(m.metric, lang)),
            value(m.base.mean),
            value(m.new.mean),
            times(m.ratio),
            intervalText(lang, m),
            `${m.base.n} / ${m.new.n}`,
            verdictCell(lang, m.verdict)
          ]),
          [2, 3, 4]
        )
      : `<p>${w("siteNoneBeyond")}</p>`
  );
  parts.push(...curvesHtml(lang, c));
  if (x.unmatched.length) {
    parts.push(`<h2>${w("siteUnmatched")}</h2>`);
    parts.push(
      table(
        [w("siteOnlyIn"), w("sitePoint"), w("siteWhy")],
        x.unmatched.map((u) => [
          e(u.side === "base" ? w("siteBase") : w("siteNew")),
          e(u.point),
          e(
            u.same_id_differs?.length
              ? fill("siteSameIdDiffers", lang, {detail: u.same_id_differs.join("; ")})
              : u.same_id_differs
                ? w("siteMoreWithKey")
                : w("siteNoKey")
          )
        ])
      )
    );
  }
  const twin = lang === "en" ? `../tr/compare/${c.id}` : `../../compare/${c.id}`;
  return page(lang, depth, fill("siteCompareTitle", lang, {base: c.base, next: c.new}), twin, parts.join("\n"));
}

/** The persistence rule, from the trend's figures: the library's sentence in English. */
function historyRule(lang: Lang, tr: TrendPage): string {
  return fill("siteHistoryRule", lang, {
    rule: tr.rule,
    threshold: percentNumber(tr.threshold),
    confidence: percentNumber(tr.confidence),
    chance: percentNumber((1 - tr.confidence) / 2)
  });
}

export function trendHtml(lang: Lang, tr: TrendPage): string {
  const w = wordsOf(lang);
  const depth = lang === "en" ? 1 : 2;
  const up = "../".repeat(depth);
  const byStatus: Record<string, number> = {};
  for (const p of tr.points) byStatus[p.verdict.status] = (byStatus[p.verdict.status] ?? 0) + 1;
  const parts: string[] = [
    `<p>${w("siteObjective")}: ${e(metricTitle(tr.metric, lang))}; ${w("siteSeries")}: ${tr.studies
      .map(
        (s) => `<a href="${e(`${up}studies/${s.id}/${languagePrefix(lang)}`)}">${e(s.id)}</a> (${e(day(s.date, lang))})`
      )
      .join(", ")}.</p>`,
    `<p class="rule">${e(historyRule(lang, tr))}</p>`,
    `<p>${e(tr.ordered_by === "date" ? w("siteOrderedByDate") : w("siteOrderedGiven"))}</p>`,
    `<p>${e(statusCounts(lang, byStatus, tr.points.length))}</p>`,
    ...(tr.same_results.length
      ? [
          `<p>${e(fill(tr.same_results.length === 1 ? "siteSeriesSharedOne" : "siteSeriesSharedMany", lang, {count: tr.same_results.length}))}</p>`
        ]
      : [])
  ];
  // Regressions and suspicious points first: the page is read for them.
  const rank: Record<HistoryStatus, number> = {
    regression: 0,
    suspicious: 1,
    improvement: 2,
    "within noise": 3,
    "failed in every study": 2,
    "failed in the last study": 2,
    "insufficient data": 4
  };
  const points = [...tr.points].sort((a, b) => rank[a.verdict.status] - rank[b.verdict.status]);
  for (const p of points) {
    parts.push(`<h2>${e(p.point)} — ${verdictCell(lang, p.verdict.status)}</h2>`);
    parts.push(
      table(
        [
          w("siteStudy"),
          w("siteDate"),
          w("siteRuns"),
          w("siteMean"),
          w("siteToFirst"),
          w("siteInterval"),
          w("siteBeyondThreshold")
        ],
        p.verdict.entries.map((x) => [
          e(x.id),
          e(x.date.startsWith("#") ? "—" : x.date.slice(0, 10)),
          String(x.n),
          value(x.mean),
          times(x.ratio),
          x.low == null ? "—" : `[${times(x.low)}, ${times(x.high)}]`,
          x.violation ? e(word(lang, x.violation)) : ""
        ]),
        [2, 3, 4]
      )
    );
    const tail = p.verdict.trailing;
    if (tail)
      parts.push(
        `<p>${e(
          fill("siteLastTwo", lang, {
            window: tail.window.join(", "),
            ratio: `${times(tail.ratio)}${tail.low == null ? ` (${w("siteNoInterval")})` : ` [${times(tail.low)}, ${times(tail.high)}]`}`
          })
        )}</p>`
      );
  }
  const twin = lang === "en" ? `../tr/trend/${tr.id}` : `../../trend/${tr.id}`;
  return page(lang, depth, fill("siteTrendTitle", lang, {series: seriesName(tr)}), twin, parts.join("\n"));
}

export function notFoundHtml(base: string): string {
  const w = wordsOf("en");
  return page("en", 0, w("siteNotFound"), `${base}tr/`, `<p><a href="${e(base)}">${w("siteBackToIndex")}</a></p>`);
}
