// Interface words the SLO explorer draws in the browser: a section of the one table in i18n.ts, kept in a module of
// its own so that a page with the explorer loads these words and not the whole table.
import type {Text} from "../../loaders/text.js";
import {wording} from "./wording.js";

export const EXPLORER_WORDS = {
  sloAnd: {en: " and ", tr: " ve "},
  sloRule: {
    en: "Rule: a load point meets the SLO when none of its runs failed, its {names} lie within {values} in every repeat, and at least {attainment} % of its requests, pooled over the repeats, meet {limits} (a failed request is a miss).",
    tr: "Kural: bir yük noktası, hiçbir koşusu başarısız olmadıysa, {names} her tekrarda {values} içindeyse ve tekrarlar birlikte sayıldığında isteklerinin en az %{attainment} kadarı {limits} sınırlarının hepsini karşılıyorsa SLO içindedir (başarısız istek karşılamamış sayılır)."
  },
  sloWithinLimits: {
    en: "{conforming} of {requests} requests ({percent}) within the limits",
    tr: "{requests} isteğin {conforming} tanesi ({percent}) sınırların içinde"
  },
  sloCompleted: {
    en: "no per-request data; {completed} of {sent} requests completed",
    tr: "istek başına veri yok; {sent} isteğin {completed} tanesi tamamlandı"
  },
  sloWorst: {en: "at most {worst} in any repeat", tr: "en kötü tekrarda {worst}"},
  sloEnergy: {en: "{joules} J per output token", tr: "çıktı tokeni başına {joules} J"},
  sloBestPoint: {en: "{candidate}: {value} tok/s at {facts}", tr: "{candidate}: {value} tok/s, {facts}"},
  sloNever: {en: "{candidate}: never within the targets", tr: "{candidate}: hiçbir yükte hedeflerin içinde değil"},
  sloNeverClosest: {
    en: "{candidate}: never within the targets; closest {facts}",
    tr: "{candidate}: hiçbir yükte hedeflerin içinde değil; en yakın {facts}"
  },
  sloWinner: {en: "Winner: {winner}", tr: "Kazanan: {winner}"},
  sloWinnerGain: {
    en: "Winner: {winner} ({gain} % over the baseline)",
    tr: "Kazanan: {winner} ({gain} % temel yapılandırmaya göre)"
  },
  sloWinnerNoise: {
    en: "Winner: {winner}; {leader} leads it by {lead} %, within noise, so the best so far stays",
    tr: "Kazanan: {winner}; {leader} onu {lead} % geçiyor, fark gürültü içinde, mevcut en iyi kalır"
  },
  sloWinnerGainNoise: {
    en: "Winner: {winner} ({gain} % over the baseline); {leader} leads it by {lead} %, within noise, so the best so far stays",
    tr: "Kazanan: {winner} ({gain} % temel yapılandırmaya göre); {leader} onu {lead} % geçiyor, fark gürültü içinde, mevcut en iyi kalır"
  },
  sloWinnerBaseline: {
    en: "Winner: {winner}, the baseline itself",
    tr: "Kazanan: {winner}, temel yapılandırmanın kendisi"
  },
  sloWinnerBaselineNoise: {
    en: "Winner: {winner}, the baseline itself; {leader} leads it by {lead} %, within noise, so the best so far stays",
    tr: "Kazanan: {winner}, temel yapılandırmanın kendisi; {leader} onu {lead} % geçiyor, fark gürültü içinde, mevcut en iyi kalır"
  },
  sloNoWinner: {en: "no candidate meets these targets", tr: "hiçbir aday bu hedefleri karşılamıyor"},
  sloBestHeading: {en: "Best within the targets", tr: "Hedefler içindeki en iyi"},
  runsNoEnergy: {en: "no power samples, energy unknown", tr: "güç örneği yok, enerji bilinmiyor"},
  runsLoadRate: {en: "{load} requests/s", tr: "{load} istek/s"},
  runsLoadConcurrency: {en: "concurrency {load}", tr: "eşzamanlılık {load}"},
  ttftTarget: {en: "TTFT target: {target} ms", tr: "TTFT hedefi: {target} ms"}
} satisfies Record<string, Text>;

export const explorerWords = wording(EXPLORER_WORDS);
