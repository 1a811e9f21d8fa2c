// Interface words of the run, run-set, runs, SLO and load-curve parts: a section of the one table in i18n.ts.
import type {FailedPhase} from "../../loaders/runs/run-folder.js";
import type {Text} from "../../loaders/text.js";

export const RUN_WORDS = {
  // A run's power samples (the load a run ran at is in words-explorer.ts, beside the explorer's words).
  runsNoPower: {en: "no power samples", tr: "güç örneği yok"},
  runsRestOfRuns: {
    en: "Every run is in {file} and on the step pages.",
    tr: "Tamamı {file} dosyasında ve adım sayfalarında."
  },

  // A run's page.
  runRepeatOf: {en: "{repeat} of {planned}", tr: "{repeat} / {planned}"},
  runEngineUnrecorded: {en: "not recorded ({version})", tr: "kaydedilmemiş ({version})"},
  runEngineVersionUnrecorded: {en: "{engine}, version not recorded", tr: "{engine}, sürüm kaydedilmemiş"},
  runNoEnergyWhy: {en: "no power samples, energy unknown ({why})", tr: "güç örneği yok, enerji bilinmiyor ({why})"},
  runEnergy: {
    en: "{perOutput} J per output token ({perToken} J per token) = {factors} output tokens",
    tr: "çıktı tokeni başına {perOutput} J (token başına {perToken} J) = {factors} çıktı tokeni"
  },
  runCost: {
    en: "{outputTokens} output tokens per dollar ({tokens} tokens), at ${price} per GPU-hour",
    tr: "dolar başına {outputTokens} çıktı tokeni ({tokens} token), GPU-saati {price} $"
  },
  runCommands: {en: "Commands", tr: "Komutlar"},
  runServer: {en: "Server:", tr: "Sunucu:"},
  runBenchmark: {en: "Benchmark:", tr: "Benchmark:"},
  runMetrics: {en: "Metrics", tr: "Metrikler"},
  runMetricsOk: {
    en: "The figures parsed from the benchmark's result block. Each links to the log line it was read from.",
    tr: "Benchmark'ın sonuç bloğundan okunan değerler. Her biri, okunduğu günlük satırına bağlanır."
  },
  runMetricsNotRun: {
    en: "Live mode left this level out, so it has no figures (the reason is above).",
    tr: "Canlı mod bu seviyeyi atladı, bu yüzden değer yok (nedeni yukarıda)."
  },
  runMetricsFailed: {
    en: "The run failed, so it has no figures; its log below shows why.",
    tr: "Koşu başarısız olduğu için değer yok; nedenini aşağıdaki günlük gösteriyor."
  },
  runRawLog: {en: "Raw log", tr: "Ham günlük"},
  runLogWithBlock: {
    en: "The log exactly as the tool wrote it. The result block is shaded; the lines the figures above were read from are highlighted.",
    tr: "Günlük, aracın yazdığı haliyle. Sonuç bloğu gölgelendi; yukarıdaki değerlerin okunduğu satırlar vurgulandı."
  },
  runLog: {en: "The log exactly as the tool wrote it.", tr: "Günlük, aracın yazdığı haliyle."},
  runPage: {en: "Run page", tr: "Koşu sayfası"},

  // A run's per-request distributions.
  requestsHeading: {en: "Per request", tr: "İstek başına"},
  requestsIntro: {
    en: "The run saved every request's timings: {requests} requests, {failed} of them with an error (left out of the distributions). The spread, recomputed from the saved arrays:",
    tr: "Koşu her isteğin zamanlamalarını kaydetti: {requests} istek, {failed} tanesi hatalı (dağılımlara katılmadı). Kaydedilen dizilerden yeniden hesaplanan dağılımlar:"
  },
  requestsIntroNoErrors: {
    en: "The run saved every request's timings: {requests} requests, none with an error. The spread, recomputed from the saved arrays:",
    tr: "Koşu her isteğin zamanlamalarını kaydetti: {requests} istek, hiçbiri hatalı değil. Kaydedilen dizilerden yeniden hesaplanan dağılımlar:"
  },
  requestsTtft: {en: "TTFT (ms)", tr: "TTFT (ms)"},
  requestsTpot: {en: "TPOT (ms)", tr: "TPOT (ms)"},
  requestsItl: {en: "ITL (ms)", tr: "ITL (ms)"},
  requestsE2el: {en: "E2EL (ms)", tr: "E2EL (ms)"},
  requestsMean: {en: "Mean", tr: "Ortalama"},
  requestsStd: {en: "Std", tr: "Std. sapma"},

  // A long table's pager.
  pagerPrevious: {en: "← Previous", tr: "← Önceki"},
  pagerNext: {en: "Next →", tr: "Sonraki →"},
  pagerRows: {en: "Rows {first}–{last} of {total}", tr: "{total} satırdan {first}–{last}"},

  // The SLO explorer's heading on the home page (what it draws in the browser is in words-explorer.ts).
  sloHomeHeading: {en: "Within the latency target", tr: "Gecikme hedefi içinde"},
  sloHomeIntro: {
    en: "The study decides within its SLO: each candidate counts with its highest measured throughput among the load points that meet it (the rule is stated under each step's targets), and the leader replaces the best so far only beyond noise. Move the targets to decide again here, in the browser: each point's answer at every target was worked out by the build with the same rule; at the plan's targets this is the verdict above. Each step is decided on its own points.",
    tr: "Çalışma SLO'su içinde karar verir: her aday, SLO'yu karşılayan yük noktaları arasındaki en yüksek ölçülmüş işlem hacmiyle sayılır (kural her adımın hedeflerinin altında yazılıdır) ve önde olan, şimdiye kadarki en iyinin yerini yalnızca gürültünün ötesinde alır. Yeniden karar vermek için hedefleri burada, tarayıcıda değiştirin: her noktanın her hedefteki cevabını derleme aynı kuralla hesapladı; planın hedeflerinde bu, yukarıdaki karardır. Her adım kendi noktalarıyla karar verir."
  },
  sloHomeCurves: {en: "load curves", tr: "yük eğrileri"},

  // The load-curve section and its charts.
  curvesTitle: {en: "Load curves", tr: "Yük eğrileri"},
  curvesRuleWithin: {
    en: "Each candidate is judged by its highest measured throughput among the load points that meet the SLO (the rule, in one sentence with the targets, is under the charts). Nothing is extrapolated or interpolated, and the frontier is drawn as a staircase: at an interactivity it holds the throughput of the next measured point at or above it. The leader replaces the best so far only when its throughput is higher beyond noise. On the charts a filled point is within the targets, a hollow one outside them, and a ringed one is its candidate's best within them; each point names its load. Move the targets to decide again, and the points follow; the other limits stay as the plan sets them.",
    tr: "Her aday, SLO'yu karşılayan yük noktaları arasındaki en yüksek ölçülmüş işlem hacmiyle değerlendirilir (kural, hedeflerle birlikte tek cümlede, grafiklerin altındadır). Dış ya da ara değer kestirimi yapılmaz; Pareto sınırı merdiven olarak çizilir: bir etkileşim düzeyinde, o düzeydeki ya da üstündeki bir sonraki ölçülmüş noktanın işlem hacmini tutar. Önde olan, şimdiye kadarki en iyinin yerini yalnızca işlem hacmi gürültünün ötesinde yüksekse alır. Grafiklerde dolu nokta hedeflerin içinde, içi boş nokta dışındadır; halkalı nokta, adayının hedefler içindeki en iyisidir; her nokta yükünü gösterir. Yeniden karar vermek için hedefleri değiştirin, noktalar da değişir; diğer sınırlar planda olduğu gibi kalır."
  },
  curvesRuleFlood: {
    en: "Without an SLO objective each candidate is judged by its highest throughput over the ladder.",
    tr: "SLO hedefi olmadan her aday merdiven boyunca en yüksek işlem hacmiyle değerlendirilir."
  },
  curvesSearchNote: {
    en: "A goodput search chose these levels (doubling, then bisection; tolerance {tolerance}, at most {probes} probes) and ran each once: it picks its next level from the last one's verdict, so a level's repeats would have to run back to back, not in rounds that spread drift over every point as live mode runs repeats. Each level's verdict rests on one run, with no interval.",
    tr: "Bu seviyeleri bir goodput araması seçti (önce ikiye katlama, sonra ikiye bölme; tolerans {tolerance}, en çok {probes} deneme) ve her birini bir kez koştu: bir sonraki seviyeyi son seviyenin sonucundan seçer, bu yüzden bir seviyenin tekrarları, canlı modun tekrarları koştuğu ve kaymayı her noktaya yayan turlar yerine art arda koşmak zorunda kalırdı. Her seviyenin sonucu tek bir koşuya dayanır, aralığı yoktur."
  },
  curvesNotRun: {
    en: "Not run (left out by live mode, not failures): {levels}.",
    tr: "Koşulmadı (canlı mod atladı, başarısızlık değil): {levels}."
  },
  curvesNotRunConcurrency: {en: "concurrency {loads}", tr: "eşzamanlılık {loads}"},
  curvesNotRunRate: {en: "requests/s {loads}", tr: "istek/s {loads}"},
  // An axis says what it shows; how each quantity is computed is the sentence under the chart, which no panel cuts.
  curvesTpsAxis: {en: "total tok/s/GPU", tr: "toplam tok/s/GPU"},
  curvesTpsDefinition: {
    en: "total tok/s/GPU = (input + output tokens) / duration / GPUs",
    tr: "toplam tok/s/GPU = (girdi + çıktı token) / süre / GPU"
  },
  curvesConcurrencyAxis: {
    en: "concurrency = requests in flight (--max-concurrency), log scale",
    tr: "eşzamanlılık = uçuştaki istek (--max-concurrency), log ölçek"
  },
  curvesRateAxis: {en: "requests/s, log scale", tr: "istek/s, log ölçek"},
  curvesCeilingAxis: {en: "total tok/s/GPU, log scale", tr: "toplam tok/s/GPU, log ölçek"},
  curvesCeilingDefinition: {
    en: "ceiling = N·(I+O) / max(F/Π, B/β) at batch = concurrency (solid grey; dotted: Π and β at the GPU's realistic MFU and MBU)",
    tr: "tavan = N·(I+O) / max(F/Π, B/β), parti = eşzamanlılık (düz gri; noktalı: Π ve β, GPU'nun gerçekçi MFU ve MBU değerleriyle)"
  },
  curvesEnergyAxis: {en: "joules per output token", tr: "çıktı tokeni başına joule"},
  curvesEnergyDefinition: {
    en: "joules per output token = mean GPU power × GPUs × duration / output tokens (gpu.csv)",
    tr: "çıktı tokeni başına joule = ortalama GPU gücü × GPU × süre / çıktı token (gpu.csv)"
  },
  curvesInteractivityAxis: {
    en: "interactivity (tok/s/user), log scale",
    tr: "etkileşim (tok/s/kullanıcı), log ölçek"
  },
  curvesInteractivityDefinition: {en: "interactivity = 1000 / median TPOT", tr: "etkileşim = 1000 / medyan TPOT"},
  curvesInteractivityP90Definition: {
    en: "interactivity = 1000 / p90 TPOT (MLPerf Endpoints)",
    tr: "etkileşim = 1000 / p90 TPOT (MLPerf Endpoints)"
  },
  curvesDefinitions: {en: "How the axes are computed: {definitions}.", tr: "Eksenlerin hesabı: {definitions}."},
  curvesTtftAxis: {
    en: "p99 TTFT, mean over the repeats (ms), log scale",
    tr: "p99 TTFT, tekrarların ortalaması (ms), log ölçek"
  },
  curvesStateBest: {en: "the candidate's best within the targets", tr: "adayın hedefler içindeki en iyisi"},
  curvesStateWithin: {en: "within the targets", tr: "hedeflerin içinde"},
  curvesStateOutside: {en: "outside the targets", tr: "hedeflerin dışında"},
  curvesPerUser: {en: "{value} tok/s/user", tr: "{value} tok/s/kullanıcı"},
  curvesPerUserP90: {en: "{value} tok/s/user (p90)", tr: "{value} tok/s/kullanıcı (p90)"},
  curvesPerUserMedian: {en: "{value} tok/s/user (median)", tr: "{value} tok/s/kullanıcı (medyan)"},
  curvesJoules: {en: "{joules} J/output token", tr: "{joules} J/çıktı tokeni"},
  curvesCeilingPoint: {
    en: "{candidate}, concurrency {load}: hardware ceiling {ceiling} tok/s/GPU",
    tr: "{candidate}, eşzamanlılık {load}: donanım tavanı {ceiling} tok/s/GPU"
  },
  curvesCeilingPointRealistic: {
    en: "{candidate}, concurrency {load}: hardware ceiling {ceiling} tok/s/GPU; realistic ceiling (MFU, MBU) {realistic}",
    tr: "{candidate}, eşzamanlılık {load}: donanım tavanı {ceiling} tok/s/GPU; gerçekçi tavan (MFU, MBU) {realistic}"
  },

  // The tune page. Counts with their noun: English picks singular or plural, Turkish keeps the singular after a number.
  tuneRun: {en: "{n} run", tr: "{n} koşu"},
  tuneRuns: {en: "{n} runs", tr: "{n} koşu"},
  tuneConfiguration: {en: "{n} configuration", tr: "{n} yapılandırma"},
  tuneConfigurations: {en: "{n} configurations", tr: "{n} yapılandırma"},
  tuneConfigurationWas: {en: "{n} configuration was", tr: "{n} yapılandırma"},
  tuneConfigurationsWere: {en: "{n} configurations were", tr: "{n} yapılandırma"},
  tuneLeaderWas: {en: "{n} leader was", tr: "{n} önde gelen yapılandırma"},
  tuneLeadersWere: {en: "{n} leaders were", tr: "{n} önde gelen yapılandırma"},
  tuneRepeat: {en: "{n} repeat", tr: "{n} tekrar"},
  tuneRepeats: {en: "{n} repeats", tr: "{n} tekrar"},
  tuneBudgetSeconds: {en: "{seconds} s of runs", tr: "{seconds} sn koşu"},
  tuneNoSearch: {
    en: "This study has run no search. Give the plan a search space (tune: in study.yaml) and run tps-report tune on it.",
    tr: "Bu çalışma arama yapmadı. Plana bir arama uzayı ekleyin (study.yaml içinde tune:) ve tps-report tune çalıştırın."
  },
  tuneHowHalving: {
    en: "then successive halving ran the better half of the start again, round by round",
    tr: "sonra ardışık yarılama başlangıcın iyi yarısını tur tur yeniden koştu"
  },
  tuneHowModel: {
    en: "then {searched} picked one at a time by a Gaussian-process model of the runs so far (the highest expected improvement)",
    tr: "sonra {searched}, o ana kadarki koşuların Gauss süreci modeliyle (en yüksek beklenen iyileşme) tek tek seçildi"
  },
  // Appended to the intro, so it starts with the space between the sentences.
  tuneNotFinished: {
    en: " The search is not finished (tps-report tune STUDY --resume continues it): the figures below are so far.",
    tr: " Arama bitmedi (tps-report tune STUDY --resume sürdürür): aşağıdaki değerler şimdiye kadarki."
  },
  // Turkish names some counts with its own noun, so those slots ({triedCount}, …) get the bare number.
  tuneIntro: {
    en: "The search tried {tried} of the {size} in the space ({space}), maximizing {objective} on scenario {scenario}, with {spent} ({seconds} s) of its budget of {budget}: a space-filling start of {start} holding the greedy path's, {how}; then {confirmed} measured again with {repeats}. {failed}{state}",
    tr: "Arama, uzaydaki {size} yapılandırmanın {triedCount} tanesini denedi ({space}); {scenario} senaryosunda {objective} değerini en büyütmeye çalıştı ve {budget} bütçesinden {spent} ({seconds} sn) harcadı: açgözlü yolun yapılandırmasını içeren {startCount} yapılandırmalık bir başlangıç, {how}; ardından {confirmed} {repeatsCount} tekrarla yeniden ölçüldü. {failed}{state}"
  },
  tuneFailed: {
    en: "{failed} failed (crashed or failed the health check): each is kept with its reason, never tried again, and tells the search nothing about its neighbours.",
    tr: "{failed} başarısız oldu (çöktü ya da sağlık denetimini geçemedi): her biri nedeniyle tutulur, yeniden denenmez ve komşuları hakkında aramaya bir şey söylemez."
  },
  tuneNoneFailed: {en: "No configuration failed.", tr: "Hiçbir yapılandırma başarısız olmadı."},

  tuneNoRecommendationYet: {
    en: "No recommendation yet: the leaders have not all been measured again.",
    tr: "Henüz öneri yok: önde gelenlerin hepsi yeniden ölçülmedi."
  },
  tuneNoRecommendation: {
    en: "No recommendation: none of the configurations measured again has a successful result (within the SLO, where the study sets one).",
    tr: "Öneri yok: yeniden ölçülen yapılandırmaların hiçbirinin başarılı bir sonucu yok (çalışma bir SLO belirlediyse, çalışmanın güven düzeyinde SLO içinde)."
  },
  tuneWinner: {en: "{label}: {objective} {value} over {runs}.", tr: "{label}: {objective} {value}, {runs} üzerinden."},
  tuneGreedyNotRun: {
    en: "The study's greedy path had not run every step when the search started, so the search holds no configuration of it to compare with.",
    tr: "Arama başladığında çalışmanın açgözlü yolu her adımı koşmamıştı; karşılaştırılacak yapılandırması yok."
  },
  tuneGreedyOutside: {
    en: "The greedy path's winner, {label} (step {step}), is not a configuration of this space, so the search could not measure it again.",
    tr: "Açgözlü yolun kazananı {label} ({step} adımı) bu uzayın bir yapılandırması değil; arama onu yeniden ölçemedi."
  },
  tuneGreedyWaiting: {
    en: "The greedy path's winner, {label} (step {step}), is in the search ({configuration}); the verdict waits for the leaders' repeats.",
    tr: "Açgözlü yolun kazananı {label} ({step} adımı) aramada ({configuration}); karar, önde gelenlerin tekrarlarını bekliyor."
  },
  tuneGreedyNothing: {
    en: "Neither the greedy path's winner, {label} (step {step}), nor any leader has a successful result after being measured again: there is nothing to compare.",
    tr: "Ne açgözlü yolun kazananı {label} ({step} adımı) ne de önde gelenlerden biri yeniden ölçüldükten sonra başarılı bir sonuca sahip: karşılaştırılacak bir şey yok."
  },
  tuneGreedyImproved: {
    en: "Against the greedy path's winner, {label} (step {step}), measured again by the search with the same repeats: {gain} at {level}. The difference survives the noise rule (its interval lies above zero), so the search's configuration replaces the greedy path's.",
    tr: "Açgözlü yolun kazananına, {label} ({step} adımı), karşı; arama onu aynı tekrarlarla yeniden ölçtü: {gain} ({level}). Fark gürültü kuralını geçiyor (aralığı sıfırın üstünde); aramanın yapılandırması açgözlü yolunkinin yerini alır."
  },
  tuneGreedyImprovedSingle: {
    en: "Against the greedy path's winner, {label} (step {step}), measured again by the search with the same repeats: {gain}. The difference survives the noise rule (single runs: no interval, the higher mean wins), so the search's configuration replaces the greedy path's.",
    tr: "Açgözlü yolun kazananına, {label} ({step} adımı), karşı; arama onu aynı tekrarlarla yeniden ölçtü: {gain}. Fark gürültü kuralını geçiyor (tek koşular: aralık yok, yüksek ortalama kazanır); aramanın yapılandırması açgözlü yolunkinin yerini alır."
  },
  tuneGreedyWithinNoise: {
    en: "The search's leader by mean, {leader}, is ahead of the greedy path's winner, {label} (step {step}), measured again by the search with the same repeats: {gain} at {level}. The interval includes zero: the difference does not survive the noise rule, so the greedy path's configuration stays the recommendation.",
    tr: "Aramanın ortalamaca öndeki yapılandırması {leader}, açgözlü yolun kazananının, {label} ({step} adımı), önünde; arama onu aynı tekrarlarla yeniden ölçtü: {gain} ({level}). Aralık sıfırı içeriyor: fark gürültü kuralını geçmiyor; öneri açgözlü yolun yapılandırması olarak kalır."
  },
  tuneDroppedOutside: {
    en: "{label} ({measured} on average, outside the SLO)",
    tr: "{label} (ortalama {measured}, SLO dışında)"
  },
  tuneDroppedFailed: {en: "{label} (failed)", tr: "{label} (başarısız)"},
  // Appended to the verdict, so it starts with the space between the sentences.
  tuneDropped: {en: " Measured again, {dropped} fell out.", tr: " Yeniden ölçülünce {dropped} elendi."},
  tuneGreedyStays: {
    en: "The greedy path's winner, {label} (step {step}), measured again by the search, leads the re-measured configurations: it stays the recommendation.{dropped}",
    tr: "Açgözlü yolun kazananı {label} ({step} adımı), yeniden ölçülen yapılandırmaların önünde: öneri olarak kalır.{dropped}"
  },
  tuneNoGrid: {
    en: "The study holds no grid of this space (tps-report tune STUDY --grid runs one), so the search's regret cannot be measured.",
    tr: "Çalışmada bu uzayın ızgarası yok (tps-report tune STUDY --grid koşar); aramanın pişmanlığı ölçülemez."
  },
  tuneGridNoSuccess: {
    en: "The grid of this space ({configurations}, {runs} so far) has no successful run, or the search has no recommendation yet: no regret to give.",
    tr: "Bu uzayın ızgarası ({configurations}, şimdiye kadar {runs}) başarılı koşu içermiyor ya da aramanın henüz önerisi yok: pişmanlık verilemez."
  },
  tuneGridIncomplete: {
    en: "The grid of this space ({configurations}, {runs} so far) is not complete, or the search has no recommendation yet: no regret to give.",
    tr: "Bu uzayın ızgarası ({configurations}, şimdiye kadar {runs}) tamamlanmadı ya da aramanın henüz önerisi yok: pişmanlık verilemez."
  },
  tuneRandomBeats: {en: "the search beats it", tr: "arama onu geçiyor"},
  tuneRandomTies: {en: "the search ties with it", tr: "arama onunla berabere"},
  tuneRandomDoesNotBeat: {en: "the search does not beat it", tr: "arama onu geçemiyor"},
  // Appended to the regret, so it starts with the space between the sentences.
  tuneRandom: {
    en: " A seeded random search of {configurations}, played out {draws} times on the grid's own results (each pick judged by its grid value, so it pays no noise), has a median regret of {regret}%: {verdict}.",
    tr: " {configurationsCount} yapılandırmalık tohumlu bir rastgele arama, ızgaranın kendi sonuçları üzerinde {draws} kez oynatıldığında (her seçim ızgara değeriyle yargılanır, gürültü bedeli ödemez) medyan pişmanlığı %{regret}: {verdict}."
  },
  // Inserted after the grid's run count, inside its parentheses.
  tuneGridNotComplete: {
    en: ", not complete: {notRun} never ran, so its best is the best of those that did",
    tr: ", tamamlanmadı: {notRun} hiç koşulmadı, en iyisi koşulanların en iyisidir"
  },
  tuneRegret: {
    en: "Against the grid of the same space ({configurations}, {runs}{incomplete}): its best measured is {best} ({bestValue}); the search's recommendation measured {winnerValue} there, a regret of {regret}%, with {searchRuns} to the grid's {gridRuns}.{random}",
    tr: "Aynı uzayın ızgarasına karşı ({configurations}, {runs}{incomplete}): en iyi ölçülen {best} ({bestValue}); aramanın önerisi orada {winnerValue} ölçüldü, pişmanlık %{regret}; arama {searchRuns}, ızgara {runs} harcadı.{random}"
  },
  tuneProgressPoint: {
    en: "after {runs} runs: best so far {best} ({label})",
    tr: "{runs} koşudan sonra: şimdiye kadarki en iyi {best} ({label})"
  },
  tuneRunsSpent: {en: "Runs spent", tr: "Harcanan koşu"},
  // The chart's y title, above the objective's name: one line would be longer than the panel is tall.
  tuneBestSoFar: {en: "best so far (mean)", tr: "şimdiye kadarki en iyi (ortalama)"},
  tuneGridBestValue: {en: "grid's best: {value} ({label})", tr: "ızgaranın en iyisi: {value} ({label})"},
  tuneGridBest: {en: "grid's best", tr: "ızgaranın en iyisi"},
  tuneOutsideSlo: {en: "outside the SLO", tr: "SLO dışında"},
  tuneNotRunYet: {en: "not run yet", tr: "henüz koşulmadı"},
  tuneMarkRecommended: {en: "recommended", tr: "önerilen"},
  tuneMarkGreedy: {en: "greedy path's", tr: "açgözlü yolun"},
  tuneMarkConfirmed: {en: "measured again", tr: "yeniden ölçüldü"},
  tunePhase: {en: "Phase", tr: "Aşama"},
  tunePhaseStart: {en: "start", tr: "başlangıç"},
  tunePhaseSearch: {en: "search", tr: "arama"},
  tuneWithinSlo: {en: "{metric} within the SLO", tr: "SLO içindeki {metric}"},
  tuneBestSoFarWithinSlo: {en: "best so far within the SLO (mean)", tr: "SLO içinde o ana dek en iyi (ort.)"},
  tuneMeanOf: {en: "{objective} (mean)", tr: "{objective} (ortalama)"},
  tuneMeasuredOutside: {en: "{value} (outside the SLO)", tr: "{value} (SLO dışında)"},
  tuneInterval: {en: "Interval ({percent}%)", tr: "Aralık (%{percent})"},
  tuneRunsColumn: {en: "Runs", tr: "Koşu"},
  tuneWhy: {en: "Why", tr: "Neden"}
} satisfies Record<string, Text>;

// The phases run.json names a failure by (run-folder.ts), one entry each.
export const PHASE_WORDS = {
  "phase_server-start": {en: "server start", tr: "sunucu başlatma"},
  "phase_server-crash": {en: "server crash", tr: "sunucu çökmesi"},
  phase_benchmark: {en: "benchmark", tr: "benchmark"},
  phase_timeout: {en: "timeout", tr: "zaman aşımı"},
  "phase_not-run": {en: "not run", tr: "koşulmadı"}
} satisfies {[K in FailedPhase as `phase_${K}`]: Text};
