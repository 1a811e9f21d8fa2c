// The tune page's parts: what the search did, its recommendation and the command that serves it, how it compares with
// the greedy path's winner under the noise rule, its regret against a grid, the progress curve and every
// configuration it tried, in order.
import type {TopLevelSpec} from "vega-lite";
import type {SearchConfiguration, TuneReport} from "../../loaders/analysis/search-report.js";
import type {TunePage} from "../../loaders/pages/tune.js";
import {DASH, formatCount, formatFixed} from "./format.js";
import {confidenceText, formatGain} from "./intervals.js";
import type {Lang} from "./i18n.js";
import {link, runHref, type PageContext} from "./links.js";
import {commandBlock} from "./setupTables.js";
import {dataTable, fragment, textElement, type Column} from "./table.js";
import {chartConfig} from "./vegaChart.js";

const en = (lang: Lang) => lang === "en";
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function budgetText(tune: TuneReport, lang: Lang): string {
  const b = tune.budget;
  if (!b) return DASH;
  if ("runs" in b) return en(lang) ? plural(b.runs, "run", "runs") : `${formatCount(b.runs)} koşu`;
  return en(lang) ? `${formatCount(b.seconds)} s of runs` : `${formatCount(b.seconds)} sn koşu`;
}

/** One paragraph: what the search spent and how it went about it; while it runs, that it is not done. */
export function tuneIntro(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune)
    return en(lang)
      ? "This study has run no search. Give the plan a search space (tune: in study.yaml) and run tps-report tune on it."
      : "Bu çalışma arama yapmadı. Plana bir arama uzayı ekleyin (study.yaml içinde tune:) ve tps-report tune çalıştırın.";
  const start = tune.configurations.filter((c) => c.phase === "start").length;
  const searched = tune.configurations.filter((c) => c.phase === "search").length;
  const confirmed = tune.configurations.filter((c) => c.confirmed).length;
  const failed = tune.configurations.filter((c) => c.status === "failed").length;
  const space = tune.space ? tune.space.knobs.map((k) => `${k.name} (${k.values.length})`).join(", ") : "";
  const how =
    tune.strategy === "halving"
      ? en(lang)
        ? "then successive halving ran the better half of the start again, round by round"
        : "sonra ardışık yarılama başlangıcın iyi yarısını tur tur yeniden koştu"
      : en(lang)
        ? `then ${plural(searched, "configuration was", "configurations were")} picked one at a time by a Gaussian-process model of the runs so far (the highest expected improvement)`
        : `sonra ${formatCount(searched)} yapılandırma, o ana kadarki koşuların Gauss süreci modeliyle (en yüksek beklenen iyileşme) tek tek seçildi`;
  const state =
    tune.state === "done"
      ? ""
      : en(lang)
        ? " The search is not finished (tps-report tune STUDY --resume continues it): the figures below are so far."
        : " Arama bitmedi (tps-report tune STUDY --resume sürdürür): aşağıdaki değerler şimdiye kadarki.";
  return en(lang)
    ? `The search tried ${plural(tune.configurations.length, "configuration", "configurations")} of the ${formatCount(tune.space?.size ?? 0)} in the space (${space}), maximizing ${tune.objective} on scenario ${tune.scenario}, with ${plural(tune.spent.runs, "run", "runs")} (${formatCount(tune.spent.seconds)} s) of its budget of ${budgetText(tune, lang)}: a space-filling start of ${plural(start, "configuration", "configurations")} holding the greedy path's, ${how}; then ${plural(confirmed, "leader was", "leaders were")} measured again with ${plural(tune.repeats, "repeat", "repeats")}. ${plural(failed, "configuration", "configurations")} failed (crashed or failed the health check): each is kept with its reason, never tried again, and tells the search nothing about its neighbours.${state}`
    : `Arama, uzaydaki ${formatCount(tune.space?.size ?? 0)} yapılandırmanın ${formatCount(tune.configurations.length)} tanesini denedi (${space}); ${tune.scenario} senaryosunda ${tune.objective} değerini en büyütmeye çalıştı ve ${budgetText(tune, lang)} bütçesinden ${formatCount(tune.spent.runs)} koşu (${formatCount(tune.spent.seconds)} sn) harcadı: açgözlü yolun yapılandırmasını içeren ${formatCount(start)} yapılandırmalık bir başlangıç, ${how}; ardından ${formatCount(confirmed)} önde gelen yapılandırma ${formatCount(tune.repeats)} tekrarla yeniden ölçüldü. ${formatCount(failed)} yapılandırma başarısız oldu (çöktü ya da sağlık denetimini geçemedi): her biri nedeniyle tutulur, yeniden denenmez ve komşuları hakkında aramaya bir şey söylemez.${state}`;
}

function valueWithInterval(value: number | null, low: number | null, high: number | null): string {
  if (value == null) return DASH;
  return low != null && high != null
    ? `${formatFixed(value)} [${formatFixed(low)}, ${formatFixed(high)}]`
    : formatFixed(value);
}

/** The recommendation with its mean and interval, and the command that serves it. */
export function tuneWinner(page: TunePage, context: PageContext): HTMLElement | string {
  const {lang} = context;
  const tune = page.tune;
  const box = document.createElement("div");
  box.className = "tune-winner";
  if (!tune?.winner) {
    box.append(
      textElement(
        "p",
        !tune
          ? DASH
          : tune.state !== "done"
            ? en(lang)
              ? "No recommendation yet: the leaders have not all been measured again."
              : "Henüz öneri yok: önde gelenlerin hepsi yeniden ölçülmedi."
            : en(lang)
              ? "No recommendation: none of the configurations measured again has a successful result (within the SLO, where the study sets one)."
              : "Öneri yok: yeniden ölçülen yapılandırmaların hiçbirinin başarılı bir sonucu yok (çalışma bir SLO belirlediyse, çalışmanın güven düzeyinde SLO içinde)."
      )
    );
    return box;
  }
  const w = tune.winner;
  box.append(
    textElement(
      "p",
      en(lang)
        ? `${w.label}: ${tune.objective} ${valueWithInterval(w.value, w.ci_low, w.ci_high)} over ${plural(w.n, "run", "runs")}.`
        : `${w.label}: ${tune.objective} ${valueWithInterval(w.value, w.ci_low, w.ci_high)}, ${formatCount(w.n)} koşu üzerinden.`
    ),
    commandBlock(w.server_command, lang)
  );
  return box;
}

/** How the recommendation compares with the greedy path's winner, and whether the difference survives the noise rule. */
export function tuneGreedyText(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune) return "";
  const g = tune.greedy;
  if (!g)
    return en(lang)
      ? "The study's greedy path had not run every step when the search started, so the search holds no configuration of it to compare with."
      : "Arama başladığında çalışmanın açgözlü yolu her adımı koşmamıştı; karşılaştırılacak yapılandırması yok.";
  if (!g.configuration)
    return en(lang)
      ? `The greedy path's winner, ${g.label} (step ${g.step}), is not a configuration of this space, so the search could not measure it again.`
      : `Açgözlü yolun kazananı ${g.label} (${g.step} adımı) bu uzayın bir yapılandırması değil; arama onu yeniden ölçemedi.`;
  const v = tune.verdict;
  if (!v)
    return en(lang)
      ? `The greedy path's winner, ${g.label} (step ${g.step}), is in the search (${g.configuration}); the verdict waits for the leaders' repeats.`
      : `Açgözlü yolun kazananı ${g.label} (${g.step} adımı) aramada (${g.configuration}); karar, önde gelenlerin tekrarlarını bekliyor.`;
  if (v.kind === "nothing-measured")
    return en(lang)
      ? `Neither the greedy path's winner, ${g.label} (step ${g.step}), nor any leader has a successful result after being measured again: there is nothing to compare.`
      : `Ne açgözlü yolun kazananı ${g.label} (${g.step} adımı) ne de önde gelenlerden biri yeniden ölçüldükten sonra başarılı bir sonuca sahip: karşılaştırılacak bir şey yok.`;
  const gi = v.gain_interval;
  const gain = formatGain(v.gain_percent, gi);
  const level = gi ? confidenceText(gi) : "";
  if (v.kind === "improved")
    return en(lang)
      ? `Against the greedy path's winner, ${g.label} (step ${g.step}), measured again by the search with the same repeats: ${gain}${gi ? ` at ${level}` : ""}. The difference survives the noise rule (${gi ? "its interval lies above zero" : "single runs: no interval, the higher mean wins"}), so the search's configuration replaces the greedy path's.`
      : `Açgözlü yolun kazananına, ${g.label} (${g.step} adımı), karşı; arama onu aynı tekrarlarla yeniden ölçtü: ${gain}${gi ? ` (${level})` : ""}. Fark gürültü kuralını geçiyor (${gi ? "aralığı sıfırın üstünde" : "tek koşular: aralık yok, yüksek ortalama kazanır"}); aramanın yapılandırması açgözlü yolunkinin yerini alır.`;
  if (v.kind === "within-noise")
    return en(lang)
      ? `Against the greedy path's winner, ${g.label} (step ${g.step}), measured again by the search with the same repeats: ${gain} at ${level}. The interval includes zero: the difference does not survive the noise rule, so the greedy path's configuration stays the recommendation.`
      : `Açgözlü yolun kazananına, ${g.label} (${g.step} adımı), karşı: ${gain} (${level}). Aralık sıfırı içeriyor: fark gürültü kuralını geçmiyor; öneri açgözlü yolun yapılandırması olarak kalır.`;
  const dropped = tune.configurations.filter((c) => c.confirmed && !c.greedy && c.status !== "ok");
  const why = dropped.length
    ? en(lang)
      ? ` Measured again, ${dropped.map((c) => `${c.label} (${c.status === "outside-slo" ? `${formatFixed(c.measured)} on average, outside the SLO` : "failed"})`).join("; ")} fell out.`
      : ` Yeniden ölçülünce ${dropped.map((c) => `${c.label} (${c.status === "outside-slo" ? `ortalama ${formatFixed(c.measured)}, SLO dışında` : "başarısız"})`).join("; ")} elendi.`
    : "";
  return en(lang)
    ? `The greedy path's winner, ${g.label} (step ${g.step}), measured again by the search, leads the re-measured configurations: it stays the recommendation.${why}`
    : `Açgözlü yolun kazananı ${g.label} (${g.step} adımı), yeniden ölçülen yapılandırmaların önünde: öneri olarak kalır.${why}`;
}

/** The regret against the grid of the same space, the runs each needed, and a random search's on the same grid. */
export function tuneRegretText(page: TunePage, lang: Lang): string {
  const tune = page.tune;
  if (!tune) return "";
  const g = tune.grid;
  if (!g)
    return en(lang)
      ? "The study holds no grid of this space (tps-report tune STUDY --grid runs one), so the search's regret cannot be measured."
      : "Çalışmada bu uzayın ızgarası yok (tps-report tune STUDY --grid koşar); aramanın pişmanlığı ölçülemez.";
  if (!g.best || g.regret_percent == null)
    return en(lang)
      ? `The grid of this space (${plural(g.configurations, "configuration", "configurations")}, ${plural(g.runs, "run", "runs")} so far) ${g.complete ? "has no successful run" : "is not complete"}, or the search has no recommendation yet: no regret to give.`
      : `Bu uzayın ızgarası (${formatCount(g.configurations)} yapılandırma, şimdiye kadar ${formatCount(g.runs)} koşu) ${g.complete ? "başarılı koşu içermiyor" : "tamamlanmadı"} ya da aramanın henüz önerisi yok: pişmanlık verilemez.`;
  const verdict = {
    beats: en(lang) ? "the search beats it" : "arama onu geçiyor",
    ties: en(lang) ? "the search ties with it" : "arama onunla berabere",
    "does-not-beat": en(lang) ? "the search does not beat it" : "arama onu geçemiyor"
  }[g.versus_random ?? "does-not-beat"];
  const random = g.random
    ? en(lang)
      ? ` A seeded random search of ${plural(g.random.configurations, "configuration", "configurations")}, played out ${formatCount(g.random.draws)} times on the grid's own results (each pick judged by its grid value, so it pays no noise), has a median regret of ${g.random.median_regret_percent.toFixed(1)}%: ${verdict}.`
      : ` ${formatCount(g.random.configurations)} yapılandırmalık tohumlu bir rastgele arama, ızgaranın kendi sonuçları üzerinde ${formatCount(g.random.draws)} kez oynatıldığında (her seçim ızgara değeriyle yargılanır, gürültü bedeli ödemez) medyan pişmanlığı %${g.random.median_regret_percent.toFixed(1)}: ${verdict}.`
    : "";
  return en(lang)
    ? `Against the grid of the same space (${plural(g.configurations, "configuration", "configurations")}, ${plural(g.runs, "run", "runs")}${g.complete ? "" : `, not complete: ${plural(g.not_run.length, "configuration", "configurations")} never ran, so its best is the best of those that did`}): its best measured is ${g.best.label} (${formatFixed(g.best.value)}); the search's recommendation measured ${formatFixed(g.winner_value)} there, a regret of ${g.regret_percent.toFixed(1)}%, with ${plural(g.search_runs, "run", "runs")} to the grid's ${formatCount(g.runs)}.${random}`
    : `Aynı uzayın ızgarasına karşı (${formatCount(g.configurations)} yapılandırma, ${formatCount(g.runs)} koşu${g.complete ? "" : `, tamamlanmadı: ${formatCount(g.not_run.length)} yapılandırma hiç koşulmadı, en iyisi koşulanların en iyisidir`}): en iyi ölçülen ${g.best.label} (${formatFixed(g.best.value)}); aramanın önerisi orada ${formatFixed(g.winner_value)} ölçüldü, pişmanlık %${g.regret_percent.toFixed(1)}; arama ${formatCount(g.search_runs)} koşu, ızgara ${formatCount(g.runs)} koşu harcadı.${random}`;
}

export interface TuneChartOptions extends PageContext {
  width: number;
  dark?: boolean;
}

/** The progress curve: the best mean so far against the runs spent (a step line), with the grid's best as a rule. */
export function tuneProgressSpec(page: TunePage, options: TuneChartOptions): TopLevelSpec {
  const {lang, width, dark = false} = options;
  const tune = page.tune!;
  const label = (id: string | null) => tune.configurations.find((c) => c.id === id)?.label ?? "";
  const values = tune.progress
    .filter((p) => p.best != null)
    .map((p) => ({
      runs: p.runs,
      best: p.best,
      text: en(lang)
        ? `after ${p.runs} runs: best so far ${formatFixed(p.best)} (${label(p.id)})`
        : `${p.runs} koşudan sonra: şimdiye kadarki en iyi ${formatFixed(p.best)} (${label(p.id)})`
    }));
  const grid = tune.grid?.best ?? null;
  const x = {
    field: "runs",
    type: "quantitative" as const,
    title: en(lang) ? "Runs spent" : "Harcanan koşu",
    axis: {tickMinStep: 1, format: "d"}
  };
  const y = {
    field: "best",
    type: "quantitative" as const,
    title: en(lang) ? `Best ${tune.objective} so far (mean)` : `Şimdiye kadarki en iyi ${tune.objective} (ortalama)`
  };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    width: width - 80,
    height: 240,
    config: chartConfig(dark),
    layer: [
      {
        data: {values},
        mark: {type: "line", interpolate: "step-after", point: {filled: true, size: 40}},
        encoding: {x, y, tooltip: {field: "text"}, description: {field: "text"}}
      },
      ...(grid
        ? [
            {
              data: {
                values: [
                  {
                    best: grid.value,
                    text: en(lang)
                      ? `grid's best: ${formatFixed(grid.value)} (${grid.label})`
                      : `ızgaranın en iyisi: ${formatFixed(grid.value)} (${grid.label})`
                  }
                ]
              },
              mark: {type: "rule" as const, strokeDash: [4, 4]},
              encoding: {y, description: {field: "text"}}
            },
            {
              data: {values: [{best: grid.value, text: en(lang) ? "grid's best" : "ızgaranın en iyisi"}]},
              mark: {type: "text" as const, align: "left" as const, dx: 4, dy: -6, x: 0},
              encoding: {y, text: {field: "text"}}
            }
          ]
        : [])
    ]
  } as TopLevelSpec;
}

const STATUS: Record<SearchConfiguration["status"], {en: string; tr: string}> = {
  ok: {en: "ok", tr: "başarılı"},
  failed: {en: "failed", tr: "başarısız"},
  "outside-slo": {en: "outside the SLO", tr: "SLO dışında"},
  pending: {en: "not run yet", tr: "henüz koşulmadı"}
};

/** Every configuration the search tried, in order, with its result and interval. */
export function tuneTable(page: TunePage, context: PageContext): HTMLElement | string {
  const tune = page.tune;
  if (!tune) return "";
  const {lang} = context;
  const winner = tune.verdict?.winner ?? null;
  const marks = (c: SearchConfiguration) =>
    [
      c.id === winner ? (en(lang) ? "recommended" : "önerilen") : null,
      c.greedy ? (en(lang) ? "greedy path's" : "açgözlü yolun") : null,
      c.confirmed ? (en(lang) ? "measured again" : "yeniden ölçüldü") : null
    ]
      .filter(Boolean)
      .join(", ");
  const columns: Column<SearchConfiguration>[] = [
    {label: "#", value: (c) => String(c.order), numeric: true},
    {
      label: en(lang) ? "Configuration" : "Yapılandırma",
      value: (c) => (c.runs.length ? link(runHref(c.runs[0], context), c.label) : c.label),
      className: "wide-text"
    },
    {
      label: en(lang) ? "Phase" : "Aşama",
      value: (c) => (c.phase === "start" ? (en(lang) ? "start" : "başlangıç") : en(lang) ? "search" : "arama")
    },
    {label: en(lang) ? "Status" : "Durum", value: (c) => STATUS[c.status][lang]},
    {
      label: `${tune.objective} (${en(lang) ? "mean" : "ortalama"})`,
      value: (c) =>
        c.value == null && c.measured != null
          ? `${formatFixed(c.measured)} (${en(lang) ? "outside the SLO" : "SLO dışında"})`
          : formatFixed(c.value),
      numeric: true
    },
    {
      label: en(lang)
        ? `Interval (${Math.round(tune.confidence * 100)}%)`
        : `Aralık (%${Math.round(tune.confidence * 100)})`,
      value: (c) =>
        c.ci_low != null && c.ci_high != null ? `[${formatFixed(c.ci_low)}, ${formatFixed(c.ci_high)}]` : DASH,
      numeric: true
    },
    {label: en(lang) ? "Runs" : "Koşu", value: (c) => formatCount(c.runs.length), numeric: true},
    {
      label: en(lang) ? "Why" : "Neden",
      value: (c) => fragment(...[marks(c) ? `${marks(c)}. ` : "", c.error ?? c.reason]),
      className: "wide-text"
    }
  ];
  return dataTable(tune.configurations, columns, {
    className: "tune-table",
    rowClass: (c) =>
      [c.status === "failed" ? "failed" : null, c.id === winner ? "recommended" : null].filter(Boolean).join(" ") ||
      null,
    rowId: (c) => `tune-${c.id}`
  });
}
