// Sentences about the headline that the numbers decide: where throughput rose and where latency paid for it.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {HomePage} from "../../loaders/pages/home.js";
import type {Text} from "../../loaders/text.js";
import {formatFixed, formatPercent} from "./format.js";
import {pick, type Lang} from "./i18n.js";
import {latencyCostExceedsGain} from "./headlineTable.js";
import {scenarioName} from "./verdict.js";
import {changeKind, confidenceText, formatGain} from "./intervals.js";

type HeadlineData = Pick<HomePage, "headline" | "slo"> & {
  study: Pick<StudyInfo, "scenarios">;
  origin?: Pick<HomePage["origin"], "single_candidate">;
  recommended?: Pick<HomePage["recommended"], "label">;
};

/** Why a study decided within an SLO has no before and after: its baseline, or every configuration, never meets it. */
export function sloHeadlineText(report: HeadlineData, lang: Lang): string | null {
  const slo = report.slo;
  if (!slo) return null;
  const tr = lang === "tr";
  if (slo.none_within)
    return tr
      ? "Hiçbir yapılandırma hiçbir ölçülen yükte SLO içinde değil: önerilecek bir yapılandırma, dolayısıyla önce ve sonra da yok. Yukarıdaki komut çalışmanın başladığı temel yapılandırmadır ve SLO'yu karşılamaz."
      : "No configuration is within the SLO at any measured load: there is none to recommend, so there is no before and after. The command above is the baseline the study started from, and it does not meet the SLO.";
  const rec = slo.recommended;
  const at = rec?.load
    ? rec.load.kind === "request_rate"
      ? tr
        ? `, saniyede ${rec.load.value} istekte`
        : ` at ${rec.load.value} requests/s`
      : tr
        ? `, eşzamanlılık ${rec.load.value}`
        : ` at concurrency ${rec.load.value}`
    : "";
  const name = report.recommended?.label ?? "";
  return tr
    ? `Temel yapılandırma ${slo.baseline_label} hiçbir ölçülen yükte SLO içinde değil, bu yüzden önce ve sonra karşılaştırması yok: SLO içinde kalan önerilen yapılandırma ${name}${at} ${rec ? formatFixed(rec.value) : "—"} tok/s sunuyor.`
    : `The baseline, ${slo.baseline_label}, is within the SLO at no measured load, so there is no before and after: the recommended configuration, ${name}, serves ${rec ? formatFixed(rec.value) : "—"} tok/s within it${at}.`;
}

/** The list "A, B and C" in the page's language. */
function listText(names: string[], lang: Lang): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${lang === "tr" ? "ve" : "and"} ${names.at(-1)}`;
}

export function headlineSummary(report: HeadlineData, lang: Lang): string {
  const rows = report.headline;
  // One configuration has no before and after: its headline would set each run against itself.
  if (report.origin?.single_candidate)
    return lang === "tr"
      ? "Çalışma tek bir yapılandırma ölçtü; önce ve sonra karşılaştırılamıyor."
      : "The study measured one configuration, so there is no before and after to compare.";
  const slo = sloHeadlineText(report, lang);
  if (!rows.length && slo) return slo;
  if (!rows.length)
    return lang === "tr"
      ? "Temel yapılandırma ile önerilen yapılandırmanın ortak senaryosu yok; önce ve sonra karşılaştırılamıyor."
      : "The baseline and the recommended configuration ran no scenario in common, so there is no before and after to compare.";
  // A change counts only under the study's rule: with repeats, its interval has to lie on one side of zero.
  const kind = (r: (typeof rows)[number]) =>
    changeKind(r.change_percent, r.change_interval, r.baseline_run === r.recommended_run);
  const up = rows.filter((r) => kind(r) === "up");
  const down = rows.filter((r) => kind(r) === "down");
  const noise = rows.filter((r) => kind(r) === "noise");
  const same = rows.filter((r) => kind(r) === "same");
  const weighed = rows.some((r) => r.change_interval != null);
  const costly = up.filter(latencyCostExceedsGain);
  const names = (list: typeof rows, interval = false) =>
    list
      .map(
        (r) =>
          `${scenarioName(report, r.scenario, lang)} (${interval ? formatGain(r.change_percent, r.change_interval) : formatPercent(r.change_percent)})`
      )
      .join(", ");
  const level = noise[0]?.change_interval ? confidenceText(noise[0].change_interval) : "";
  const sameNames = listText(
    same.map((r) => scenarioName(report, r.scenario, lang)),
    lang
  );
  const parts: string[] = [];
  if (lang === "tr") {
    parts.push(
      `Önerilen yapılandırma ${rows.length} senaryonun ${up.length} tanesinde işlem hacmini${weighed ? " anlamlı olarak" : ""} artırıyor.`
    );
    if (down.length) parts.push(`Düşüş olan senaryolar: ${names(down, weighed)}.`);
    if (noise.length)
      parts.push(`Gürültü içinde (%${level.replace("%", "")} aralık sıfırı içeriyor): ${names(noise, true)}.`);
    if (same.length) parts.push(`${sameNames} senaryolarında önerilen yapılandırma temel yapılandırmanın kendisidir.`);
    for (const r of costly)
      parts.push(
        `${scenarioName(report, r.scenario, lang)} senaryosunda işlem hacmi ${formatPercent(r.change_percent)} artarken ortalama TPOT ${formatPercent(r.tpot_change_percent)} değişiyor: kazanç gecikme pahasına geliyor.`
      );
  } else {
    parts.push(
      `The recommended configuration raises throughput${weighed ? " significantly" : ""} in ${up.length} of ${rows.length} scenarios.`
    );
    if (down.length) parts.push(`It loses throughput in ${names(down, weighed)}.`);
    if (noise.length) parts.push(`Within noise (the ${level} interval includes zero): ${names(noise, true)}.`);
    if (same.length) parts.push(`In ${sameNames} the recommended configuration is the baseline itself.`);
    for (const r of costly)
      parts.push(
        `In ${scenarioName(report, r.scenario, lang)}, throughput rises ${formatPercent(r.change_percent)} while mean TPOT changes ${formatPercent(r.tpot_change_percent)}: the gain is paid for in latency.`
      );
  }
  return parts.join(" ");
}

export interface RecommendationOrigin {
  /** Title of the last selection step, after which the configuration was settled. */
  lastStep: string;
  /** Title of the step in which the configuration took the lead. */
  wonIn: string;
  /** The command the winner ran with in that step. */
  winnerCommand: string;
  /** Whether the recommended command adds arguments to the winner's command. */
  adapted: boolean;
}

export function recommendationOrigin(home: Pick<HomePage, "origin" | "recommended">, lang: Lang): RecommendationOrigin {
  const {origin, recommended} = home;
  const title = (text: Text | null) => (text ? pick(text, lang) : pick(undefined, lang));
  return {
    lastStep: title(origin.last_step),
    wonIn: title(origin.won_in),
    winnerCommand: origin.winner_command,
    adapted: origin.winner_command !== recommended.server_command
  };
}

/** When the recommended command extends the winner's, say so and show the winner's own command. */
export function adaptationNote(home: Pick<HomePage, "origin" | "recommended">, lang: Lang): HTMLElement | string {
  const origin = recommendationOrigin(home, lang);
  if (!origin.adapted) return "";
  const p = document.createElement("p");
  const code = document.createElement("code");
  code.textContent = origin.winnerCommand;
  p.append(
    lang === "tr" ? `${origin.wonIn} adımında bu yapılandırma ` : `In ${origin.wonIn} this configuration ran as `,
    code,
    lang === "tr"
      ? "; yukarıdaki komut, çalışmanın onu diğer senaryolarda da çalıştırmak için eklediği argümanları içerir."
      : "; the command above adds the arguments the study used to run it on the other scenarios as well."
  );
  return p;
}

/** Where the recommendation comes from, in one paragraph: the step it won in, or that none beat the baseline. */
export function originText(home: Pick<HomePage, "origin" | "recommended" | "study" | "slo">, lang: Lang): string {
  if (home.slo?.none_within)
    return lang === "tr"
      ? "Çalışmanın SLO'sunu hiçbir yapılandırma karşılamadı: hiçbir adım bir kazanan seçmedi ve yukarıdaki komut, çalışmanın başladığı temel yapılandırmadır."
      : "No configuration met the study's SLO: no step chose a winner, and the command above is the baseline the study started from.";
  if (home.origin.single_candidate)
    return lang === "tr"
      ? "Çalışma her senaryosunda tek bir yapılandırma ölçtü: aralarından seçim yapılacak bir şey yoktu, bu yüzden onu hiçbir adım seçmedi."
      : "The study measured one configuration on each of its scenarios: there was nothing to choose between, so no step picked it.";
  const origin = recommendationOrigin(home, lang);
  const repeats = home.study.repeats.max > 1;
  const level = `${+(home.study.confidence * 100).toFixed(1)}%`;
  if (lang === "tr") {
    const rule = repeats
      ? `ancak ondan gürültünün ötesinde hızlıysa (kazancının %${level.replace("%", "")} aralığı sıfırın üstündeyse) aldı`
      : "ancak ondan hızlıysa aldı";
    const outside = home.slo?.baseline_outside
      ? ` Temel yapılandırma ${home.slo.baseline_label} SLO'yu hiçbir yükte karşılamadığı için SLO içindeki ilk aday, tartılacak bir kazanç olmadan onun yerini aldı.`
      : "";
    const start = `Bu seçimi kimse elle yapmadı. Her optimizasyon adımı kendi adaylarını denedi; bir aday, şimdiye kadarki en iyi yapılandırmanın yerini ${rule}.${outside}`;
    return home.origin.kept_baseline
      ? `${start} Hiçbiri öyle değildi; yukarıdaki yapılandırma çalışmanın başladığı temel yapılandırmadır.`
      : `${start} Son adımdan, ${origin.lastStep} adımından sonra ayakta kalan yapılandırma yukarıdakidir; öne geçtiği adım ${origin.wonIn} oldu.`;
  }
  const rule = repeats ? ` beyond noise (its gain's ${level} interval above zero)` : "";
  // A best so far that never meets the SLO has no score within it: any candidate within the SLO replaces it.
  const outside = home.slo?.baseline_outside
    ? ` The baseline, ${home.slo.baseline_label}, never meets the SLO, so the first candidate within it replaced it without a gain to weigh.`
    : "";
  const start = `Nobody picked this by hand. Each optimization step tried its candidates, and a candidate replaced the best configuration so far only when it was faster${rule}.${outside}`;
  return home.origin.kept_baseline
    ? `${start} None was, so the configuration above is the baseline the study started from.`
    : `${start} What remained after the last step, ${origin.lastStep}, is the configuration above; it took the lead in ${origin.wonIn}.`;
}
