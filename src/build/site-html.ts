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
import type {ComparisonPage, StudyIndexRow, TrendPage} from "../../loaders/pages/site.js";
import {escapeHtml} from "../render/html.js";

export type Lang = "en" | "tr";

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;color:#1b1e23;margin:0 auto;padding:1rem 2rem 3rem;max-width:1200px}
h1{font-size:1.7rem;margin:.5rem 0 1rem}h2{font-size:1.2rem;margin-top:2rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid #ddd;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{border-bottom:2px solid #999}td.num{text-align:right}
.language-switch{float:right}.regression,.suspicious,.failed-in-every-study,.failed-in-both,.failed-in-the-last-study{color:#b00020;font-weight:600}.improvement{color:#1a7f37}
.rule{max-width:70ch;color:#444}footer{margin-top:3rem;color:#666;font-size:.85rem}`;

const T = {
  en: {
    studies: "Studies",
    studiesCounted: "studies",
    index: "All studies",
    intro: (n: number) =>
      `${n} ${n === 1 ? "study" : "studies"} on this site; each study's report is under its own path.`,
    study: "study",
    model: "model",
    gpu: "GPU",
    engines: "engines and versions",
    date: "date",
    runs: "runs",
    best: "best result",
    claims: "published claims",
    claimCounts: (c: ClaimSummary) =>
      `${c.confirmed} confirmed, ${c.contradicted} contradicted, ${c.unverifiable} unverifiable`,
    recomputed: "recomputed",
    noDate: "not recorded",
    comparisons: "Comparisons",
    noComparisons: "No comparison is declared (comparisons: in data/site.yaml or in a study's plan).",
    trends: "Trends",
    noTrends: "No two studies share a model and GPUs, so there is no trend.",
    compareTitle: (b: string, n: string) => `Compare ${b} → ${n}`,
    trendTitle: (name: string) => `Trend: ${name}`,
    base: "base",
    new: "new",
    changed: "What changed between the studies",
    nothingChanged: "Nothing: the same model, hardware, engine versions, server arguments and client.",
    what: "what",
    subject: "subject",
    verdictHeading: "Verdict",
    counts: (r: number, i: number, w: number, f: number, m: number, b: number, n: number) =>
      `${r} regressed, ${i} improved, ${w} within noise, ${f} failed in both, of ${m} matched points; ${b} only in base, ${n} only in new.`,
    meaning: (verdict: PointVerdict) => {
      const text = VERDICT_MEANING[verdict];
      return `${verdict[0].toUpperCase()}${verdict.slice(1)}: ${text}.`;
    },
    matched: "Matched points",
    point: "point",
    points: "points",
    engine: "engine",
    runsBaseNew: "runs base / new",
    ratio: "ratio",
    interval: "interval",
    verdict: "verdict",
    beyond: "Metrics beyond noise",
    noneBeyond: "Every compared metric of every matched point is within noise.",
    curves: "Load curves",
    level: "interactivity (tok/s/user)",
    perGpu: (metric: string) => `${metric} per GPU`,
    withinSlo: "within the SLO",
    none: "none",
    metric: "metric",
    unmatched: "Unmatched points",
    onlyIn: "only in",
    why: "why",
    noInterval: "no interval",
    noRatio: "no ratio",
    loadsDiffer: "not compared: different loads",
    series: "Studies of the series",
    orderedByDate: "Studies ordered by their earliest run's start.",
    orderedGiven: "Studies in folder order: not every study recorded when its runs started.",
    statusCounts: (c: Record<string, number>, n: number) =>
      `${c.regression ?? 0} regressed, ${c.suspicious ?? 0} suspicious, ${c.improvement ?? 0} improved, ${c["failed in the last study"] ? `${c["failed in the last study"]} failed in the last study, ` : ""}${c["within noise"] ?? 0} within noise, ${c["insufficient data"] ?? 0} with insufficient data, ${c["failed in every study"] ? `${c["failed in every study"]} failed in every study, ` : ""}of ${n} points.`,
    mean: "mean",
    toFirst: "ratio to the first",
    beyondThreshold: "beyond",
    status: "status",
    lastTwo: (w: string, r: string) => `Last two against ${w}: ${r}.`,
    sameIdDiffers: (d: string) => `same id on the other side differs: ${d}`,
    moreWithKey: "more points with its key on this side than on the other",
    noKey: "no point with its key on the other side",
    objective: "objective",
    home: "report",
    switchLabel: "Türkçe",
    notFound: "Page not found",
    backToIndex: "Back to the studies"
  },
  tr: {
    studies: "Çalışmalar",
    // Turkish keeps the noun singular after a number.
    studiesCounted: "çalışma",
    index: "Tüm çalışmalar",
    intro: (n: number) => `Bu sitede ${n} çalışma var; her çalışmanın raporu kendi yolunun altında.`,
    study: "çalışma",
    model: "model",
    gpu: "GPU",
    engines: "motorlar ve sürümleri",
    date: "tarih",
    runs: "koşu",
    best: "en iyi sonuç",
    claims: "yayımlanan iddialar",
    claimCounts: (c: ClaimSummary) =>
      `${c.confirmed} doğrulandı, ${c.contradicted} çürütüldü, ${c.unverifiable} doğrulanamadı`,
    recomputed: "yeniden hesaplanan",
    noDate: "kaydedilmemiş",
    comparisons: "Karşılaştırmalar",
    noComparisons: "Bildirilmiş karşılaştırma yok (comparisons: data/site.yaml'da ya da bir çalışmanın planında).",
    trends: "Eğilimler",
    noTrends: "Aynı modeli ve GPU'ları paylaşan iki çalışma yok, bu yüzden eğilim yok.",
    compareTitle: (b: string, n: string) => `Karşılaştırma ${b} → ${n}`,
    trendTitle: (name: string) => `Eğilim: ${name}`,
    base: "temel",
    new: "yeni",
    changed: "Çalışmalar arasında ne değişti",
    nothingChanged: "Hiçbir şey: aynı model, donanım, motor sürümleri, sunucu argümanları ve istemci.",
    what: "ne",
    subject: "konu",
    verdictHeading: "Karar",
    counts: (r: number, i: number, w: number, f: number, m: number, b: number, n: number) =>
      `${m} eşleşen noktadan ${r} geriledi, ${i} iyileşti, ${w} gürültü içinde, ${f} iki tarafta da başarısız; ${b} yalnızca temelde, ${n} yalnızca yenide.`,
    meaning: (verdict: PointVerdict) => MEANING_TR[verdict],
    matched: "Eşleşen noktalar",
    point: "nokta",
    points: "nokta",
    engine: "motor",
    runsBaseNew: "koşular temel / yeni",
    ratio: "oran",
    interval: "aralık",
    verdict: "karar",
    beyond: "Gürültünün ötesindeki metrikler",
    noneBeyond: "Eşleşen her noktanın karşılaştırılan her metriği gürültü içinde.",
    curves: "Yük eğrileri",
    level: "etkileşim (tok/s/kullanıcı)",
    perGpu: (metric: string) => `GPU başına ${metric}`,
    withinSlo: "SLO içinde",
    none: "yok",
    metric: "metrik",
    unmatched: "Eşleşmeyen noktalar",
    onlyIn: "yalnızca",
    why: "neden",
    noInterval: "aralık yok",
    loadsDiffer: "karşılaştırılmadı: farklı yükler",
    noRatio: "oran yok",
    series: "Serinin çalışmaları",
    orderedByDate: "Çalışmalar en erken koşularının başlangıcına göre sıralı.",
    orderedGiven: "Çalışmalar klasör sırasında: her çalışma koşularının ne zaman başladığını kaydetmemiş.",
    statusCounts: (c: Record<string, number>, n: number) =>
      `${n} noktadan ${c.regression ?? 0} geriledi, ${c.suspicious ?? 0} şüpheli, ${c.improvement ?? 0} iyileşti, ${c["failed in the last study"] ? `${c["failed in the last study"]} yalnızca son çalışmada başarısız, ` : ""}${c["within noise"] ?? 0} gürültü içinde, ${c["insufficient data"] ?? 0} için veri yetersiz${c["failed in every study"] ? `, ${c["failed in every study"]} her çalışmada başarısız` : ""}.`,
    mean: "ortalama",
    toFirst: "ilkine oran",
    beyondThreshold: "eşiğin ötesinde",
    status: "durum",
    lastTwo: (w: string, r: string) => `Son ikisi ${w} karşısında: ${r}.`,
    sameIdDiffers: (d: string) => `öbür taraftaki aynı kimlikli nokta farklı: ${d}`,
    moreWithKey: "bu tarafta anahtarını taşıyan nokta öbür taraftakinden fazla",
    noKey: "öbür tarafta anahtarını taşıyan nokta yok",
    objective: "hedef",
    home: "rapor",
    switchLabel: "English",
    notFound: "Sayfa bulunamadı",
    backToIndex: "Çalışmalara dön"
  }
};

const MEANING_TR: Record<PointVerdict, string> = {
  regression:
    "Gerileme: bir metriğin aralığı (aralık yoksa oranı) tümüyle eşiğin kötü tarafında, ya da TEMEL koşarken noktanın YENİ'deki her koşusu başarısız (yenide başarısız).",
  improvement:
    "İyileşme: bir metrik tümüyle eşiğin iyi tarafında ve hiçbiri kötü tarafında değil, ya da TEMEL'deki her koşu başarısızken YENİ koşuyor (temelde başarısız: artık koşuyor).",
  "within noise": "Gürültü içinde: iki taraf da koştu ve hiçbir metrik tümüyle eşiğin ötesinde değil.",
  "failed in both":
    "İki tarafta da başarısız: noktanın TEMEL'de de YENİ'de de her koşusu başarısız, bu yüzden hiçbir şey karşılaştırılmıyor: gerileme değil, ama bir sonuç da değil."
};

const VERDICT_TR: Record<string, string> = {
  regression: "gerileme",
  improvement: "iyileşme",
  "within noise": "gürültü içinde",
  suspicious: "şüpheli",
  "insufficient data": "veri yetersiz",
  "failed in every study": "her çalışmada başarısız",
  "failed in both": "iki tarafta da başarısız",
  "failed in the last study": "yalnızca son çalışmada başarısız",
  failed: "başarısız",
  "failed in new": "yenide başarısız",
  "failed in base": "temelde başarısız",
  bad: "kötü yönde",
  good: "iyi yönde"
};

const word = (lang: Lang, text: string) => (lang === "tr" ? (VERDICT_TR[text] ?? text) : text);
const e = escapeHtml;
const times = (x: number | null) => (x == null ? "—" : `×${x.toFixed(3)}`);
const value = (x: number | null) => (x == null ? "—" : Math.abs(x) >= 100 ? x.toFixed(1) : x.toPrecision(4));
const day = (date: string | null, lang: Lang) => (date ? date.slice(0, 10) : T[lang].noDate);

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
<nav class="language-switch" aria-label="Language"><a href="${e(twin)}" hreflang="${lang === "en" ? "tr" : "en"}">${T[lang].switchLabel}</a></nav>
${depth ? `<p><a href="${up}${lang === "tr" ? "tr/" : ""}">${T[lang].index}</a></p>\n` : ""}<main>
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
  trends: readonly TrendPage[]
): string {
  const t = T[lang];
  // The English index is the root page, the Turkish one is under tr/.
  const up = lang === "en" ? "" : "../";
  const rows = studies.map((s) => [
    `<a href="${e(`${up}${s.path}${lang === "tr" ? "tr/" : ""}`)}">${e(s.title[lang])}</a><br><small>${e(s.id)}</small>`,
    e(s.model),
    `${s.gpu_count}× ${e(s.gpu)}`,
    s.engines.map((x) => `${e(x.name)} ${e(x.version)}`).join("<br>"),
    e(day(s.date, lang)),
    String(s.runs),
    s.best
      ? `${e(value(s.best.value))} ${e(s.best.metric)}<br><small>${e(s.best.label)} — ${e(s.best.scenario[lang])}</small>`
      : "—",
    claimsCell(lang, s.claims)
  ]);
  const body = [
    `<p>${e(t.intro(studies.length))}</p>`,
    table([t.study, t.model, t.gpu, t.engines, t.date, t.runs, t.best, t.claims], rows, [5]),
    `<h2>${t.comparisons}</h2>`,
    comparisons.length
      ? `<ul>${comparisons
          .map((c) => {
            const label = `${c.base} → ${c.new}`;
            return `<li><a href="compare/${e(c.id)}">${e(label)}</a> — ${e(counts(lang, c))}</li>`;
          })
          .join("\n")}</ul>`
      : `<p>${t.noComparisons}</p>`,
    `<h2>${t.trends}</h2>`,
    trends.length
      ? `<ul>${trends
          .map(
            (tr) =>
              `<li><a href="trend/${e(tr.id)}">${e(seriesName(tr))}</a> — ${tr.studies.length} ${t.studiesCounted}</li>`
          )
          .join("\n")}</ul>`
      : `<p>${t.noTrends}</p>`
  ].join("\n");
  // The index is the top of its language: it links to no index above it.
  return page(lang, 0, t.studies, lang === "en" ? "tr/" : "../", body);
}

/** A study's claim verdicts, and each published figure that does not hold beside its recomputed value. */
function claimsCell(lang: Lang, c: ClaimSummary): string {
  const t = T[lang];
  if (c.confirmed + c.contradicted + c.unverifiable === 0) return "—";
  const wrong = c.contradictions.map(
    (x) =>
      `<br><small class="regression">${e(x.subject[lang])}: ${e(x.published)} (${t.recomputed} ${e(x.recomputed)})</small>`
  );
  return `${e(t.claimCounts(c))}${wrong.join("")}`;
}

const seriesName = (tr: TrendPage) => `${tr.model}, ${tr.gpu_count}× ${tr.gpu}`;

function counts(lang: Lang, c: ComparisonPage): string {
  const x = c.comparison;
  const count = (verdict: PointVerdict) => x.counts.find((n) => n.verdict === verdict)!.points;
  const only = (s: "base" | "new") => x.unmatched.filter((u) => u.side === s).length;
  return T[lang].counts(
    count("regression"),
    count("improvement"),
    count("within noise"),
    count("failed in both"),
    x.matched.length,
    only("base"),
    only("new")
  );
}

const intervalText = (lang: Lang, m: Pick<MetricComparison, "low" | "high" | "basis">) =>
  m.basis === "interval"
    ? `[${times(m.low)}, ${times(m.high)}]`
    : m.basis === "ratio only"
      ? T[lang].noInterval
      : T[lang].noRatio;
const pointName = (p: PointComparison) => (p.base === p.new ? p.new : `${p.base} → ${p.new}`);

/** The comparison rule in Turkish, from the same threshold and confidence as the English `compareRule`. */
function compareRuleTr(threshold: number, confidence: number): string {
  const pct = (x: number) => `%${+(x * 100).toFixed(2)}`;
  return (
    `Eşik ${pct(threshold)}; aralıklar ${pct(confidence)} güvenle (ortalamaların log oranında Welch). ` +
    `Gerileme: YENİ / TEMEL oranının aralığı tümüyle eşiğin kötü tarafında (verimler ×${(1 - threshold).toFixed(3)} altında, ` +
    `gecikmeler ×${(1 + threshold).toFixed(3)} üstünde); iyileşme: tümüyle iyi tarafında; yoksa gürültü içinde. ` +
    `Bir tarafında tek koşu olan noktanın aralığı yoktur: oranı tek başına eşikle karşılaştırılır. ` +
    `YENİ'deki her koşusu başarısız olan nokta bir gerilemedir; TEMEL'deki her koşusu başarısız olup YENİ'de koşan nokta ` +
    `bir iyileşmedir; iki tarafta da başarısız olan ayrı sayılır.`
  );
}

/** The load-curve rule in Turkish, from the same comparison as the English `curvesRule`. */
function curvesRuleTr(c: CurvesComparison, threshold: number): string {
  return (
    `Yük eğrileri: iki çalışmanın yük merdiveni olarak koştuğu her iş yükünde, her çalışmanın tüm merdiven noktaları ` +
    `üzerindeki Pareto sınırı (GPU başına ${c.metric}, etkileşime karşı = 1000 / ${c.interactivity === "p90" ? "p90 TPOT (MLPerf Endpoints ölçüsü: iki çalışmanın merdiveni de mlperf-endpoints ön ayarını kullanıyor)" : "medyan TPOT"}, tok/s/kullanıcı; her ` +
    `nokta tekrarlarının ortalaması). Bir etkileşim seviyesinde sınırın değeri, o etkileşimde ya da üstünde ölçülen ` +
    `noktalarının GPU başına en yüksek işlem hacmidir: noktalar arasında ara değer hesaplanmaz, ötelerine uzatılmaz; ` +
    `"—" sınırın en yüksek etkileşiminin üstündeki seviyeyi gösterir. İki çalışma bir seviyeye farklı yüklerdeki ` +
    `noktalarla ulaşıyorsa satır ikisini de gösterir ama karşılaştırmaz: oran, bir yükteki değişimi değil, merdivenin ` +
    `basamağının nereye düştüğünü ölçerdi (eşleşen noktalar her yükü karşılaştırır). Seviyeler: iki sınırın en düşük ` +
    `etkileşiminin altındaki ya da ona eşit yuvarlak seviyeden (en yüksek işlem hacmi okunsun diye) en yükseğine 1, ` +
    `1,5, 2, 2,5, 3, 4, 5, 6, 7, 8 × 10ⁿ tok/s/kullanıcı yuvarlak değerleri. ` +
    (c.slo
      ? `SLO içinde (${c.slo.limits}, ${c.slo.from === "base" ? "TEMEL'in" : "YENİ'nin"} planı${c.slo.differs ? `; YENİ'nin planı: ${c.slo.differs}` : ""}): ` +
        `her çalışmanın SLO'yu karşılayan noktaları (çalışma sayfalarının kuralı: noktanın hiçbir koşusu başarısız ` +
        `değil, her sınırın istatistiği her tekrarda sınırın içinde ve isteklerinin tüm sınırları karşılayan payı en ` +
        `az planın attainment değeri) arasında GPU başına en yüksek işlem hacmi; hiçbiri karşılamıyorsa "—". `
      : `Hiçbir plan SLO koymuyor, bu yüzden SLO içinde bir puan yok. `) +
    `Oran, aralık ve karar noktalardaki gibi (seçilen iki noktanın tekrarları, eşik %${+(threshold * 100).toFixed(2)}); ` +
    `karşılaştırmanın çıkış durumunu değiştirmez.`
  );
}

const perGpu = (x: number | null | undefined) => (x == null ? "—" : x.toFixed(1));

/** A table per workload: each interactivity level's frontier points on both sides, and the best within the SLO. */
function curvesHtml(lang: Lang, c: ComparisonPage): string[] {
  const t = T[lang];
  const curves = c.curves;
  if (!curves.curves.length) return [];
  const parts = [
    `<h2>${t.curves}</h2>`,
    `<p class="rule">${e(lang === "en" ? curves.rule : curvesRuleTr(curves, c.comparison.threshold))}</p>`
  ];
  const side = (ids: string[]) => (ids.length ? ids.join(", ") : t.none);
  for (const k of curves.curves) {
    parts.push(
      `<h3>${e(k.workload)}</h3>`,
      `<p>${e(`${k.gpu_count}× ${k.gpu}; ${t.base}: ${side(k.base_scenarios)}; ${t.new}: ${side(k.new_scenarios)}`)}</p>`
    );
    const row = (label: string, f: FrontierCell) => [
      e(label),
      perGpu(f.base?.per_gpu),
      e(f.base?.point ?? "—"),
      perGpu(f.new?.per_gpu),
      e(f.new?.point ?? "—"),
      times(f.ratio),
      f.basis === "interval" ? `[${times(f.low)}, ${times(f.high)}]` : f.basis === "ratio only" ? t.noInterval : "—",
      f.loads_differ ? e(t.loadsDiffer) : f.verdict ? verdictCell(lang, f.verdict) : "—"
    ];
    parts.push(
      table(
        [
          t.level,
          `${t.perGpu(curves.metric)} ${t.base}`,
          `${t.point} ${t.base}`,
          `${t.perGpu(curves.metric)} ${t.new}`,
          `${t.point} ${t.new}`,
          t.ratio,
          t.interval,
          t.verdict
        ],
        [
          ...k.levels.map((l) => row(`≥ ${l.interactivity}`, l)),
          ...(k.within_slo ? [row(t.withinSlo, k.within_slo)] : [])
        ],
        [1, 3, 5]
      )
    );
  }
  return parts;
}

export function comparisonHtml(lang: Lang, c: ComparisonPage): string {
  const t = T[lang];
  const x = c.comparison;
  const depth = lang === "en" ? 1 : 2;
  const up = "../".repeat(depth);
  const studyLink = (id: string) => `<a href="${e(`${up}studies/${id}/${lang === "tr" ? "tr/" : ""}`)}">${e(id)}</a>`;
  const parts: string[] = [
    `<ul><li>${t.base}: ${studyLink(c.base)} (${x.base.runs} ${t.runs}, ${x.base.points} ${t.points})</li>` +
      `<li>${t.new}: ${studyLink(c.new)} (${x.new.runs} ${t.runs}, ${x.new.points} ${t.points})</li></ul>`,
    `<p class="rule">${e(lang === "en" ? c.rule : compareRuleTr(x.threshold, x.confidence))}</p>`,
    `<h2>${t.changed}</h2>`,
    x.changes.length
      ? table(
          [t.what, t.subject, t.base, t.new],
          x.changes.map((ch) => [
            e(ch.what),
            e(ch.subject),
            e(ch.base),
            e(ch.detail ? `${ch.new} (${ch.detail})` : ch.new)
          ])
        )
      : `<p>${t.nothingChanged}</p>`,
    `<h2>${t.verdictHeading}</h2>`,
    `<p>${e(counts(lang, c))}</p>`,
    `<ul class="rule">${x.counts.map((n) => `<li>${e(t.meaning(n.verdict))}</li>`).join("")}</ul>`,
    `<h2>${t.matched}</h2>`,
    table(
      [
        t.point,
        t.engine,
        t.runsBaseNew,
        `${c.objective} ${t.base}`,
        `${c.objective} ${t.new}`,
        t.ratio,
        t.interval,
        t.verdict
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
  parts.push(`<h2>${t.beyond}</h2>`);
  parts.push(
    beyond.length
      ? table(
          [t.point, t.metric, t.base, t.new, t.ratio, t.interval, t.runsBaseNew, t.verdict],
          beyond.map(({p, m}) => [
            e(pointName(p)),
            e(m.metric),
            value(m.base.mean),
            value(m.new.mean),
            times(m.ratio),
            intervalText(lang, m),
            `${m.base.n} / ${m.new.n}`,
            verdictCell(lang, m.verdict)
          ]),
          [2, 3, 4]
        )
      : `<p>${t.noneBeyond}</p>`
  );
  parts.push(...curvesHtml(lang, c));
  if (x.unmatched.length) {
    parts.push(`<h2>${t.unmatched}</h2>`);
    parts.push(
      table(
        [t.onlyIn, t.point, t.why],
        x.unmatched.map((u) => [
          e(u.side === "base" ? t.base : t.new),
          e(u.point),
          e(
            u.same_id_differs?.length
              ? t.sameIdDiffers(u.same_id_differs.join("; "))
              : u.same_id_differs
                ? t.moreWithKey
                : t.noKey
          )
        ])
      )
    );
  }
  const twin = lang === "en" ? `../tr/compare/${c.id}` : `../../compare/${c.id}`;
  return page(lang, depth, t.compareTitle(c.base, c.new), twin, parts.join("\n"));
}

/** The persistence rule in Turkish, from the same threshold and confidence as the English `historyRule`. */
function historyRuleTr(threshold: number, confidence: number): string {
  const t = +(threshold * 100).toFixed(2);
  const c = +(confidence * 100).toFixed(2);
  return (
    `Her çalışma serinin ilkiyle karşılaştırılır; %${t}'ten fazla kötü (iyi) ve %${c} aralığı değişmemeyi dışlıyorsa ` +
    `eşiğin ötesindedir. Gerileme: son iki çalışmanın ikisi de öncekilerden %${t}'ten fazla kötü, aralıkları örtüşüyor ` +
    `ve birleştirilmiş tekrarlarının aralığı tümüyle %${t}'in ötesinde; şüpheli: art arda üç ya da daha çok çalışma ` +
    `eşiğin ötesinde. Noktanın her koşusunun başarısız olduğu bir çalışma eşiğin kötü tarafında sayılır: son ikisinin ` +
    `ikisi de başarısızsa gerileme, biri başarısız ve öbürünün aralığı öncekilere göre tümüyle %${t}'in ötesindeyse de ` +
    `gerileme; şüpheli sayımına başarısız çalışmalar da girer; yalnızca son çalışmada başarısız: yalnızca son çalışma ` +
    `başarısız (henüz gerileme değil); veri yetersiz: üçten az çalışma; her çalışmada başarısız: hiçbir çalışmada ` +
    `karşılaştırılacak değer yok. Değişiklik yoksa ya da eşikten büyük değilse gerileme en çok ` +
    `%${+(((1 - confidence) / 2) * 100).toFixed(2)} olasılıkla söylenir. Bu sınır gürültü içindir; başarısız bir ` +
    `çalışma gürültü değildir ve yukarıda söylendiği gibi sayılır.`
  );
}

export function trendHtml(lang: Lang, tr: TrendPage): string {
  const t = T[lang];
  const depth = lang === "en" ? 1 : 2;
  const up = "../".repeat(depth);
  const byStatus: Record<string, number> = {};
  for (const p of tr.points) byStatus[p.verdict.status] = (byStatus[p.verdict.status] ?? 0) + 1;
  const parts: string[] = [
    `<p>${t.objective}: ${e(tr.metric)}; ${t.series.toLowerCase()}: ${tr.studies
      .map(
        (s) =>
          `<a href="${e(`${up}studies/${s.id}/${lang === "tr" ? "tr/" : ""}`)}">${e(s.id)}</a> (${e(day(s.date, lang))})`
      )
      .join(", ")}.</p>`,
    `<p class="rule">${e(lang === "en" ? tr.rule : historyRuleTr(tr.threshold, tr.confidence))}</p>`,
    `<p>${e(tr.ordered_by === "date" ? t.orderedByDate : t.orderedGiven)}</p>`,
    `<p>${e(t.statusCounts(byStatus, tr.points.length))}</p>`
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
        [t.study, t.date, t.runs, t.mean, t.toFirst, t.interval, t.beyondThreshold],
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
          t.lastTwo(
            tail.window.join(", "),
            `${times(tail.ratio)}${tail.low == null ? ` (${t.noInterval})` : ` [${times(tail.low)}, ${times(tail.high)}]`}`
          )
        )}</p>`
      );
  }
  const twin = lang === "en" ? `../tr/trend/${tr.id}` : `../../trend/${tr.id}`;
  return page(lang, depth, t.trendTitle(seriesName(tr)), twin, parts.join("\n"));
}

export function notFoundHtml(base: string): string {
  return page("en", 0, T.en.notFound, `${base}tr/`, `<p><a href="${e(base)}">${T.en.backToIndex}</a></p>`);
}
