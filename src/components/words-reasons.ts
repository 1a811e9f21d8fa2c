// The words of the reasons the library writes into a study's files and tables in English (loaders/runs/not-run.ts,
// loaders/analysis/tuner.ts, loaders/analysis/ladder.ts, loaders/analysis/slo.ts, loaders/live/ladder-guard.ts,
// loaders/runs/read-runs.ts): each entry's English is its form there, held equal by the types below.
import type {TuneReasons} from "../../loaders/analysis/tuner.js";
import type {NotRunReasons} from "../../loaders/runs/not-run.js";
import type {SloReasons} from "../../loaders/analysis/ladder.js";
import type {SloVerdicts} from "../../loaders/analysis/slo.js";
import type {GuardVerdicts} from "../../loaders/live/ladder-guard.js";
import type {RunErrors} from "../../loaders/runs/read-runs.js";

type Forms = NotRunReasons & TuneReasons & SloReasons & SloVerdicts & GuardVerdicts & RunErrors;

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
  reason_grid: {en: "every configuration of the space", tr: "uzayın her yapılandırması"},
  reason_neverWithinConcurrency: {
    en: "never within the SLO ({limits}) at any measured load (concurrency {why})",
    tr: "ölçülen hiçbir yükte SLO ({limits}) içinde değil (eşzamanlılık {why})"
  },
  reason_neverWithinRate: {
    en: "never within the SLO ({limits}) at any measured load (requests/s {why})",
    tr: "ölçülen hiçbir yükte SLO ({limits}) içinde değil (istek/s {why})"
  },
  // Why one load is outside the SLO, inside a {why} after its load (libraryText.ts says each in turn).
  reason_sloFailedRuns: {en: "{count} of its runs failed", tr: "{count} koşusu başarısız oldu"},
  reason_sloNoResult: {en: "no run has a result", tr: "hiçbir koşunun sonucu yok"},
  reason_sloNotPrinted: {en: "{limits} not printed by every repeat", tr: "{limits} her tekrarda yazılmamış"},
  reason_sloRequestsWithin: {
    en: "{share} of {requests} requests within every limit < {attainment} %",
    tr: "{requests} istekten {share} her sınırın içinde < {attainment} %"
  },
  reason_sloRequestsCompleted: {
    en: "{completed} of {sent} requests completed < {attainment} %",
    tr: "{sent} istekten {completed} tamamlandı < {attainment} %"
  },
  reason_runFailed: {en: "the run failed", tr: "koşu başarısız oldu"},
  reason_runFailedWith: {en: "the run failed ({reason})", tr: "koşu başarısız oldu ({reason})"},
  // A run's error that tps-report gives it (loaders/runs/read-runs.ts).
  reason_allRequestsFailed: {
    en: "every request failed (0 of {sent} completed)",
    tr: "her istek başarısız oldu ({sent} istekten 0 tamamlandı)"
  },
  reason_noRun: {en: "no run in the archive", tr: "arşivde koşu yok"},
  reason_serverNeverUp: {
    en: "the server never came up: no error recorded",
    tr: "sunucu hiç ayağa kalkmadı: kaydedilmiş hata yok"
  },
  reason_serverNeverUpWith: {en: "the server never came up: {error}", tr: "sunucu hiç ayağa kalkmadı: {error}"},
  reason_runFailedSilent: {en: "the run failed (no error recorded)", tr: "koşu başarısız oldu (kaydedilmiş hata yok)"},
  reason_allFailed: {en: "all {count} requests failed", tr: "{count} isteğin hepsi başarısız oldu"},
  reason_allFailedWith: {
    en: "all {count} requests failed: {error}",
    tr: "{count} isteğin hepsi başarısız oldu: {error}"
  },
  reason_serverNotReady: {
    en: "server was not ready within {seconds} s (no 200 from {path} or /v1/models)",
    tr: "sunucu {seconds} s içinde hazır olmadı ({path} ya da /v1/models 200 vermedi)"
  },
  reason_serverNotReadyWith: {
    en: "server was not ready within {seconds} s (no 200 from {path} or /v1/models): {error}",
    tr: "sunucu {seconds} s içinde hazır olmadı ({path} ya da /v1/models 200 vermedi): {error}"
  },
  reason_serverExitedEarly: {
    en: "server exited with code {code} before it was ready",
    tr: "sunucu hazır olmadan {code} koduyla çıktı"
  },
  reason_serverExitedEarlyWith: {
    en: "server exited with code {code} before it was ready: {error}",
    tr: "sunucu hazır olmadan {code} koduyla çıktı: {error}"
  },
  reason_serverKilledEarly: {
    en: "server was killed by {signal} before it was ready",
    tr: "sunucu hazır olmadan {signal} ile sonlandırıldı"
  },
  reason_serverKilledEarlyWith: {
    en: "server was killed by {signal} before it was ready: {error}",
    tr: "sunucu hazır olmadan {signal} ile sonlandırıldı: {error}"
  },
  reason_serverExited: {
    en: "server exited with code {code} during the benchmark",
    tr: "sunucu benchmark sırasında {code} koduyla çıktı"
  },
  reason_serverExitedWith: {
    en: "server exited with code {code} during the benchmark: {error}",
    tr: "sunucu benchmark sırasında {code} koduyla çıktı: {error}"
  },
  reason_serverKilled: {
    en: "server was killed by {signal} during the benchmark",
    tr: "sunucu benchmark sırasında {signal} ile sonlandırıldı"
  },
  reason_serverKilledWith: {
    en: "server was killed by {signal} during the benchmark: {error}",
    tr: "sunucu benchmark sırasında {signal} ile sonlandırıldı: {error}"
  },
  reason_benchTimedOut: {
    en: "benchmark did not finish within {seconds} s and was stopped",
    tr: "benchmark {seconds} s içinde bitmedi ve durduruldu"
  },
  reason_benchExited: {en: "benchmark exited with code {code}", tr: "benchmark {code} koduyla çıktı"},
  reason_benchExitedWith: {
    en: "benchmark exited with code {code}: {error}",
    tr: "benchmark {code} koduyla çıktı: {error}"
  },
  reason_benchKilled: {en: "benchmark was killed by {signal}", tr: "benchmark {signal} ile sonlandırıldı"},
  reason_benchKilledWith: {
    en: "benchmark was killed by {signal}: {error}",
    tr: "benchmark {signal} ile sonlandırıldı: {error}"
  },
  reason_benchUnstarted: {
    en: "benchmark could not be started ({message})",
    tr: "benchmark başlatılamadı ({message})"
  },
  reason_benchUnstartedWith: {
    en: "benchmark could not be started ({message}): {error}",
    tr: "benchmark başlatılamadı ({message}): {error}"
  },
  reason_benchNoResult: {
    en: "benchmark exited with code 0 but printed no result block and saved no result file",
    tr: "benchmark 0 koduyla çıktı, ama ne sonuç bloğu yazdı ne de sonuç dosyası kaydetti"
  },
  reason_taskDied: {
    en: "the task died before this run was recorded: {error}",
    tr: "görev bu koşu kaydedilmeden sona erdi: {error}"
  }
} satisfies {[K in keyof Forms as `reason_${K & string}`]: {en: Forms[K]; tr: string}};
