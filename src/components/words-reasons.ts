// The words of the reasons the library writes into a study's files in English (loaders/runs/not-run.ts,
// loaders/analysis/tuner.ts): each entry's English is its form there, held equal by the types below.
import type {TuneReasons} from "../../loaders/analysis/tuner.js";
import type {NotRunReasons} from "../../loaders/runs/not-run.js";

type Forms = NotRunReasons & TuneReasons;

export const REASON_WORDS = {
  reason_noResult: {
    en: "the write-up gives no result for this configuration on this workload",
    tr: "özgün yazı bu yapılandırmanın bu iş yükündeki sonucunu vermiyor"
  },
  reason_ladderStopped: {
    en: "the SLO was broken at two consecutive levels ({why})",
    tr: "SLO art arda iki seviyede bozuldu ({why})"
  },
  reason_searchMetAtTop: {
    en: "the goodput search met the SLO at the ladder's highest level, {level}",
    tr: "goodput araması SLO'yu merdivenin en yüksek seviyesinde, {level} değerinde karşıladı"
  },
  reason_searchBrokenAtFirst: {
    en: "the goodput search found the SLO broken at its first level ({why})",
    tr: "goodput araması SLO'yu ilk seviyesinde bozulmuş buldu ({why})"
  },
  reason_searchLimit: {
    en: "the goodput search found the limit: concurrency {lo} meets the SLO, {hi} breaks it (tolerance {tolerance})",
    tr: "goodput araması sınırı buldu: eşzamanlılık {lo} SLO'yu karşılıyor, {hi} bozuyor (tolerans {tolerance})"
  },
  reason_searchProbes: {
    en: "the goodput search made its {probes} probes",
    tr: "goodput araması {probes} denemesinin hepsini yaptı"
  },
  reason_searchProbesBetween: {
    en: "the goodput search made its {probes} probes: the limit lies between concurrency {lo} and {hi}",
    tr: "goodput araması {probes} denemesinin hepsini yaptı: sınır eşzamanlılık {lo} ile {hi} arasında"
  },
  reason_searchBrokenAt: {
    en: "the goodput search found the SLO broken at concurrency {hi}",
    tr: "goodput araması SLO'yu eşzamanlılık {hi} değerinde bozulmuş buldu"
  },
  reason_greedyStart: {en: "the greedy path's configuration", tr: "açgözlü yolun yapılandırması"},
  reason_spaceFilling: {
    en: "space-filling start (Latin hypercube, point {point})",
    tr: "uzayı dolduran başlangıç (Latin hiperküpü, {point}. nokta)"
  },
  reason_farthest: {
    en: "too few results for a model: farthest from those tried",
    tr: "model kurmak için sonuç çok az: denenenlere en uzak olan"
  },
  reason_modelPick: {
    en: "the model's pick: predicted {mean} ± {sd}, expected improvement {gain} % over the best so far ({best})",
    tr: "modelin seçimi: tahmin {mean} ± {sd}, şimdiye kadarki en iyiye ({best}) göre beklenen iyileşme %{gain}"
  },
  reason_grid: {en: "every configuration of the space", tr: "uzayın her yapılandırması"}
} satisfies {[K in keyof Forms as `reason_${K & string}`]: {en: Forms[K]; tr: string}};
