// The words of what a claim's check says beside its figures (loaders/analysis/claim-details.ts): each entry's English
// is its form there, held equal by the type below.
import type {ClaimDetails} from "../../loaders/analysis/claim-details.js";

export const CLAIM_WORDS = {
  claimDetail_insideInterval: {
    en: "the published {published} lies inside the {level} interval {range} of the repeats",
    tr: "yayımlanan {published}, tekrarların {level} aralığı {range} içinde"
  },
  claimDetail_outsideInterval: {
    en: "the published {published} lies outside the {level} interval {range} of the repeats",
    tr: "yayımlanan {published}, tekrarların {level} aralığı {range} dışında"
  },
  claimDetail_noStepResult: {
    en: "no result to compute the step's gain from",
    tr: "adımın kazancını hesaplayacak sonuç yok"
  },
  claimDetail_withinNoise: {
    en: "the step's best gained {gain} on average, within noise",
    tr: "adımın en iyisi ortalamada {gain} kazandı, gürültü içinde"
  },
  claimDetail_noImprovement: {
    en: "no candidate beat the best configuration so far ({label}), so the step has no gain",
    tr: "hiçbir aday o ana kadarki en iyi yapılandırmayı ({label}) geçemedi, bu yüzden adımın kazancı yok"
  },
  claimDetail_noPair: {en: "no baseline/recommended pair", tr: "temel/önerilen çifti yok"},
  claimDetail_noPairForWorkload: {
    en: "no baseline/recommended pair for this workload",
    tr: "bu iş yükü için temel/önerilen çifti yok"
  },
  claimDetail_spelledOtherwise: {
    en: "the same command, spelled otherwise (option order or an option's alias)",
    tr: "aynı komut, başka yazılmış (seçeneklerin sırası ya da bir seçeneğin diğer adı)"
  },
  claimDetail_winnerExtended: {
    en: "the selection's winner with {added} added",
    tr: "seçimin kazananı, {added} eklenmiş olarak"
  },
  claimDetail_modelFolder: {
    en: "the same command, with the model {id} given as the folder {folder}",
    tr: "aynı komut: model {id}, {folder} klasörü olarak verilmiş"
  },
  claimDetail_ratioRounded: {
    en: "the figures as printed allow {low}× to {high}×",
    tr: "yazıldığı hâliyle değerler {low}× ile {high}× arasına izin veriyor"
  },
  claimDetail_copies: {
    en: "{recommended} × {copies} copies against {baseline} tok/s",
    tr: "{recommended} × {copies} kopya ile {baseline} tok/s"
  },
  claimDetail_perGpu: {
    en: "per GPU: {recommended} / {recommendedGpus} against {baseline} / {baselineGpus} tok/s",
    tr: "GPU başına: {recommended} / {recommendedGpus} ile {baseline} / {baselineGpus} tok/s"
  },
  claimDetail_pageRecommended: {
    en: "{run}: the write-up's recommendation, not the selection's winner",
    tr: "{run}: yazının önerisi, seçimin kazananı değil"
  },
  claimDetail_notInRuns: {en: "not in the runs", tr: "koşularda yok"},
  claimDetail_faster: {en: "{factor}× faster", tr: "{factor}× daha hızlı"},
  claimDetail_slower: {en: "{factor}× slower", tr: "{factor}× daha yavaş"},
  claimDetail_inverseOfBaseline: {
    en: "the published figure equals (new − old) / new = {inverse}; relative to the baseline it is {change}",
    tr: "yayımlanan değer (yeni − eski) / yeni = {inverse} değerine eşit; temel yapılandırmaya göre {change}"
  },
  claimDetail_inverseOf: {
    en: "the published figure equals (new − old) / new = {inverse}; relative to {against} it is {change}",
    tr: "yayımlanan değer (yeni − eski) / yeni = {inverse} değerine eşit; {against} koşusuna göre {change}"
  },
  claimDetail_differenceOff: {
    en: "the difference is {delta}, not {published}",
    tr: "fark {published} değil, {delta}"
  },
  claimDetail_requestsShare: {
    en: "{completed} of the {planned} requests the workload sends",
    tr: "iş yükünün gönderdiği {planned} isteğin {completed} tanesi"
  },
  claimDetail_noRequestCount: {
    en: "the run prints no completed requests, or its workload no request count",
    tr: "koşu tamamlanan istek sayısını ya da iş yükü istek sayısını yazmıyor"
  },
  claimDetail_noRun: {en: "no run {run}", tr: "{run} koşusu yok"},
  claimDetail_notPrinted: {
    en: "the result blocks print no {metric}",
    tr: "sonuç blokları {metric} yazmıyor"
  },
  claimDetail_runNotPrinted: {en: "its result block prints no {metric}", tr: "sonuç bloğu {metric} yazmıyor"},
  claimDetail_noLatency: {
    en: "the result blocks print no end-to-end latency",
    tr: "sonuç blokları uçtan uca gecikmeyi yazmıyor"
  },
  claimDetail_runNoLatency: {
    en: "its result block prints no end-to-end latency",
    tr: "sonuç bloğu uçtan uca gecikmeyi yazmıyor"
  },
  claimDetail_runFailed: {en: "run {run} failed ({error})", tr: "{run} koşusu başarısız oldu ({error})"},
  claimDetail_latencyEstimate: {
    en: "mean TTFT + mean TPOT × (output tokens per request − 1) gives {value} {unit}",
    tr: "ortalama TTFT + ortalama TPOT × (istek başına çıktı tokeni − 1) {value} {unit} veriyor"
  },
  claimDetail_latencyEstimates: {
    en: "mean TTFT + mean TPOT × (output tokens per request − 1) gives {baseline} s against {recommended} s, {factor}×",
    tr: "ortalama TTFT + ortalama TPOT × (istek başına çıktı tokeni − 1), {recommended} sn'ye karşı {baseline} sn veriyor, {factor}×"
  },
  claimDetail_latencyOrder: {
    en: "mean TTFT + mean TPOT × (output tokens per request − 1) orders them {order}",
    tr: "ortalama TTFT + ortalama TPOT × (istek başına çıktı tokeni − 1) onları şöyle sıralıyor: {order}"
  },
  claimDetail_latencySpeedup: {
    en: "the published figure is the speed-up of the mean latency, {before} s → {after} s (mean TTFT + mean TPOT × (output tokens per request − 1)): {gain}%, not a throughput gain",
    tr: "yayımlanan değer ortalama gecikmenin hızlanması, {before} sn → {after} sn (ortalama TTFT + ortalama TPOT × (istek başına çıktı tokeni − 1)): {gain}%, bir işlem hacmi kazancı değil"
  },
  claimDetail_sloDecided: {
    en: "decided within the SLO ({limits}): {candidate} at {load}",
    tr: "SLO ({limits}) içinde karar verildi: {candidate}, {load}"
  },
  claimDetail_sloNever: {en: "{candidate} is never within the SLO", tr: "{candidate} hiçbir yükte SLO içinde değil"},
  claimDetail_sloWinsToo: {en: "it wins without the SLO too", tr: "SLO olmadan da kazanıyor"},
  claimDetail_sloFloodWinner: {
    en: "without the SLO (highest throughput at any load) {candidate} would win, at {load}",
    tr: "SLO olmadan (herhangi bir yükteki en yüksek işlem hacmi) {candidate} kazanırdı, {load}"
  },
  claimDetail_sloWithin: {
    en: "within the SLO: {candidate} at {load} against {incumbent} at {incumbentLoad}",
    tr: "SLO içinde: {candidate} ({load}), {incumbent} ({incumbentLoad}) karşısında"
  },
  claimDetail_sloFloodGain: {
    en: "the published figure equals the gain without the SLO, {gain} ({candidate} at {load} against {incumbent} at {incumbentLoad}), which the SLO objective does not use",
    tr: "yayımlanan değer SLO olmadan elde edilen kazanca eşit, {gain} ({candidate} ({load}), {incumbent} ({incumbentLoad}) karşısında), SLO hedefi bunu kullanmaz"
  },
  claimDetail_latencySpeedupRounded: {
    en: "the published figure is the speed-up of the mean latency, {before} s → {after} s (mean TTFT + mean TPOT × (output tokens per request − 1), each rounded to 0.01 s as the write-up prints it): {gain}%, not a throughput gain",
    tr: "yayımlanan değer ortalama gecikmenin hızlanması, {before} sn → {after} sn (ortalama TTFT + ortalama TPOT × (istek başına çıktı tokeni − 1), her biri özgün yazının yazdığı gibi 0.01 sn'ye yuvarlanmış): {gain}%, bir işlem hacmi kazancı değil"
  }
} satisfies {[K in keyof ClaimDetails as `claimDetail_${K & string}`]: {en: ClaimDetails[K]; tr: string}};
