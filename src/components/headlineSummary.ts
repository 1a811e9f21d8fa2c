// Sentences about the headline that the numbers decide: where throughput rose and where latency paid for it.
import type {StudyInfo} from "../../loaders/analysis/report.js";
import type {HomePage} from "../../loaders/pages/home.js";
import type {Text} from "../../loaders/text.js";
import {formatPercent} from "./format.js";
import {pick, type Lang} from "./i18n.js";
import {latencyCostExceedsGain} from "./headlineTable.js";
import {scenarioName} from "./verdict.js";

type HeadlineData = Pick<HomePage, "headline"> & {study: Pick<StudyInfo, "scenarios">};

export function headlineSummary(report: HeadlineData, lang: Lang): string {
  const rows = report.headline;
  const up = rows.filter((r) => r.change_percent > 0);
  const down = rows.filter((r) => r.change_percent < 0);
  const costly = rows.filter(latencyCostExceedsGain);
  const names = (list: typeof rows) =>
    list.map((r) => `${scenarioName(report, r.scenario, lang)} (${formatPercent(r.change_percent)})`).join(", ");
  const parts: string[] = [];
  if (lang === "tr") {
    parts.push(`Önerilen yapılandırma ${rows.length} senaryonun ${up.length} tanesinde işlem hacmini artırıyor.`);
    if (down.length) parts.push(`Düşüş olan senaryolar: ${names(down)}.`);
    for (const r of costly)
      parts.push(
        `${scenarioName(report, r.scenario, lang)} senaryosunda işlem hacmi ${formatPercent(r.change_percent)} artarken ortalama TPOT ${formatPercent(r.tpot_change_percent)} değişiyor: kazanç gecikme pahasına geliyor.`
      );
  } else {
    parts.push(`The recommended configuration raises throughput in ${up.length} of ${rows.length} scenarios.`);
    if (down.length) parts.push(`It loses throughput in ${names(down)}.`);
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
