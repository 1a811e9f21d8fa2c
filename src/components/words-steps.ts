// Interface words of the step, verdict, summary and notes pages: a section of the one table in i18n.ts.
import type {Text} from "../../loaders/text.js";

export const STEP_WORDS = {
  // verdict.ts: the load of a point, the rankings, and each step's verdict and decision rule.
  loadAtRequestRate: {en: " at {value} requests/s", tr: ", saniyede {value} istekte"},
  loadAtConcurrency: {en: " at concurrency {value}", tr: ", eşzamanlılık {value}"},
  rankingOutsideSlo: {en: "never within the SLO: {list}", tr: "hiçbir yükte SLO içinde değil: {list}"},
  rankingFailed: {en: "failed: {list}", tr: "başarısız: {list}"},
  rankingNotRun: {en: "not run: {list}", tr: "koşulmadı: {list}"},
  stepIntroSingle: {
    en: "One configuration ran this step's benchmark: there is nothing to rank or to choose between.",
    tr: "Bu adımın benchmark'ını tek bir yapılandırma çalıştırdı: sıralanacak ya da aralarından seçilecek bir şey yok."
  },
  stepIntroSelection: {
    en: "Every candidate below ran the same benchmark. They are ranked by the study's objective; the step's best has to beat the best configuration found so far to be kept.",
    tr: "Aşağıdaki adayların hepsi aynı benchmark'ı çalıştırdı ve çalışmanın hedef metriğine göre sıralandı. Adımın en iyisinin korunması için şimdiye kadar bulunan en iyi yapılandırmayı geçmesi gerekir."
  },
  stepIntroComparison: {
    en: "This step takes fixed configurations to scenarios the selection did not use, to see whether the result carries over.",
    tr: "Bu adım, sabit yapılandırmaları seçim sırasında kullanılmayan senaryolarda çalıştırır ve sonucun o senaryolara taşınıp taşınmadığına bakar."
  },
  singleMeasured: {
    en: "{label} measured {measured}; there was nothing to compare it with.",
    tr: "{label} {measured} ölçtü; karşılaştırılacak başka bir şey yoktu."
  },
  singleRan: {
    en: "{label} ran this step's scenarios; there was nothing to compare it with.",
    tr: "{label} bu adımın senaryolarını çalıştırdı; karşılaştırılacak başka bir şey yoktu."
  },
  incumbentFromStep: {en: "{label} from {step}", tr: "{step} adımındaki {label}"},
  geometricHow: {
    en: " (the geometric mean of its ratios on {scenarios} scenarios is {score})",
    tr: " ({scenarios} senaryodaki oranlarının geometrik ortalaması {score})"
  },
  verdictConservativeTie: {
    en: "A tie under the conservative rule: the step's top score, {best} ({bestScore}), is within {margin} or noise of {incumbent} ({incumbentScore}), and a tie stays with the best configuration so far.",
    tr: "Beraberlik (temkinli kural): bu adımın en yüksek puanlısı {best} ({bestScore}), {incumbent} ({incumbentScore}) ile {margin} ya da gürültü içinde berabere; beraberlik şimdiye kadarki en iyi yapılandırmada kalır."
  },
  verdictSimplerTie: {
    en: "{best} wins as the simplest of the configurations tied on score ({tied}): the fewest server arguments; {gain} over {incumbent}. It becomes the best configuration so far.",
    tr: "Kazanan {best}: en yüksek puanla berabere kalanların ({tied}) en az sunucu argümanı olanı; {incumbent} yapılandırmasına göre {gain}. Şimdiye kadarki en iyi yapılandırma artık bu."
  },
  verdictBaselineOutsideSlo: {
    en: "{best} wins: the baseline, {baseline}, is within the SLO at no measured load, so any candidate within it replaces it, and no gain over it can be given. It becomes the best configuration so far.",
    tr: "Kazanan {best}: temel yapılandırma {baseline} hiçbir ölçülen yükte SLO içinde değil, bu yüzden SLO içindeki herhangi bir aday onun yerini alır; ona göre bir kazanç verilemez. Şimdiye kadarki en iyi yapılandırma artık bu."
  },
  verdictNoBaselineValue: {
    en: "{best} wins; there is no baseline value to compare with.",
    tr: "Kazanan {best}; karşılaştırılacak temel değer yok."
  },
  verdictImprovedGeometric: {
    en: "{best} wins: {gain} over {incumbent}, the geometric mean of its ratios on {scenarios} scenarios ({score}). It becomes the best configuration so far.",
    tr: "Kazanan {best}: {scenarios} senaryodaki oranlarının geometrik ortalamasıyla ({score}) {incumbent} yapılandırmasına göre {gain}. Şimdiye kadarki en iyi yapılandırma artık bu."
  },
  verdictImproved: {
    en: "{best} wins: {gain} over {incumbent}. It becomes the best configuration so far.",
    tr: "Kazanan {best}: {incumbent} yapılandırmasına göre {gain}. Şimdiye kadarki en iyi yapılandırma artık bu."
  },
  verdictWithinNoise: {
    en: "Within noise: the step's best, {best}, is {gain} over {incumbent}{how}, but the {level} interval includes zero, so {incumbent} stays the best configuration so far.",
    tr: "Gürültü içinde: bu adımın en iyisi {best}, {incumbent} yapılandırmasına göre {gain}{how}; %{percent} aralık sıfırı içeriyor, bu yüzden en iyi yapılandırma değişmiyor."
  },
  verdictNoImprovementKept: {
    en: "No improvement: {best}{how}, the best configuration so far, is also this step's best; no candidate beats it.",
    tr: "İyileşme yok: şimdiye kadarki en iyi yapılandırma {best}{how} bu adımda da en iyisi; hiçbir aday onu geçemiyor."
  },
  verdictNoImprovement: {
    en: "No improvement: the step's best, {best}{how}, does not beat {incumbent}, which stays the best configuration so far.",
    tr: "İyileşme yok: bu adımın en iyisi {best}{how}, {incumbent} yapılandırmasını geçemiyor; en iyi yapılandırma değişmiyor."
  },
  verdictPartialAhead: {
    en: "No improvement: the step's best, {best}{how}, is {gain} over {incumbent}, but its result is partial (some of its workload's requests are in none of its figures), so the best configuration so far stays.",
    tr: "İyileşme yok: bu adımın en iyisi {best}{how}, {incumbent} yapılandırmasına göre {gain}; ancak sonucu kısmi (iş yükünün isteklerinin bir kısmı hiçbir rakamında yok), bu yüzden en iyi yapılandırma değişmiyor."
  },
  gpuNote: {
    en: "The candidates ran on different numbers of GPUs ({counts}), and the step compares whole servers. Per GPU ({metric} ÷ GPUs), {perScenario}.",
    tr: "Adaylar farklı sayıda GPU üzerinde koştu ({counts}) ve adım sunucuların tamamını karşılaştırıyor. GPU başına ({metric} ÷ GPU), {perScenario}."
  },
  gpuCountItem: {en: "{label} on {gpus}", tr: "{label}: {gpus}"},
  verdictAllFailed: {
    en: "No improvement: every candidate failed, so {incumbent} stays the best configuration so far.",
    tr: "İyileşme yok: bütün adaylar başarısız oldu; en iyi yapılandırma {incumbent} olarak kalıyor."
  },
  verdictNoneWithinSlo: {
    en: "Nothing chosen: no candidate is within the SLO at any measured load, so {incumbent} stays the best configuration so far.",
    tr: "Seçim yok: hiçbir aday hiçbir ölçülen yükte SLO içinde değil; en iyi yapılandırma {incumbent} olarak kalıyor."
  },
  verdictNoneWithinSloFirst: {
    en: "Nothing chosen: no candidate is within the SLO at any measured load.",
    tr: "Seçim yok: hiçbir aday hiçbir ölçülen yükte SLO içinde değil."
  },
  comparisonNoiseItem: {en: "{scenario}: {gain} over {over}", tr: "{scenario}: {gain} {over} yapılandırmasına göre"},
  comparisonAheadWithinNoise: {
    en: " Ahead within noise (the {level} interval includes zero): {list}.",
    tr: " Öndeki fark gürültü içinde (%{percent} aralık sıfırı içeriyor): {list}."
  },
  comparisonLeadsIn: {
    en: "{recommended} leads in {leads} of {scenarios} scenarios ({where}).{noise}",
    tr: "{recommended}, {scenarios} senaryonun {leads} tanesinde önde ({where}).{noise}"
  },
  comparisonLeadsNowhere: {
    en: "{recommended} leads in no scenario.{noise}",
    tr: "{recommended} hiçbir senaryoda önde değil.{noise}"
  },
  decisionScenarioDecides: {
    en: "Decision rule: the {name} scenario decides.",
    tr: "Karar kuralı: {name} senaryosu karar verir."
  },
  decisionScenarioWithContext: {
    en: "Decision rule: the {name} scenario decides; the other scenarios are shown for context.",
    tr: "Karar kuralı: {name} senaryosu karar verir; diğer senaryolar yalnızca bağlam içindir."
  },
  decisionConservative: {
    en: "Decision rule (conservative): on the {name} scenario each configuration scores median − 1.4826 × MAD of its repeats, with at least {minRepeats} repeats; a candidate whose relative spread (1.4826 × MAD / median) exceeds {cap} is refused; a run with failed requests disqualifies its candidate. Scores within {margin} of the best, or within noise, tie: a tie goes to the best configuration so far, else to the one with fewer server arguments.",
    tr: "Karar kuralı (temkinli): {name} senaryosunda her yapılandırmanın puanı, en az {minRepeats} tekrarının medyan − 1.4826 × MAD değeridir; göreli yayılımı (1.4826 × MAD / medyan) {cap} üzerinde olan aday reddedilir; başarısız isteği olan bir koşu adayını dışarıda bırakır. En iyi puanın {margin} yakınındaki ya da gürültü içindeki puanlar berabere sayılır: beraberlik şimdiye kadarki en iyi yapılandırmada kalır, o yoksa daha az sunucu argümanı olan yapılandırmaya gider."
  },
  decisionConservativeFailedAllowed: {
    en: "Decision rule (conservative): on the {name} scenario each configuration scores median − 1.4826 × MAD of its repeats, with at least {minRepeats} repeats; a candidate whose relative spread (1.4826 × MAD / median) exceeds {cap} is refused (runs with failed requests are allowed by the plan). Scores within {margin} of the best, or within noise, tie: a tie goes to the best configuration so far, else to the one with fewer server arguments.",
    tr: "Karar kuralı (temkinli): {name} senaryosunda her yapılandırmanın puanı, en az {minRepeats} tekrarının medyan − 1.4826 × MAD değeridir; göreli yayılımı (1.4826 × MAD / medyan) {cap} üzerinde olan aday reddedilir. En iyi puanın {margin} yakınındaki ya da gürültü içindeki puanlar berabere sayılır: beraberlik şimdiye kadarki en iyi yapılandırmada kalır, o yoksa daha az sunucu argümanı olan yapılandırmaya gider."
  },
  refusalTooFewRepeats: {en: "too few repeats", tr: "yetersiz tekrar"},
  refusalTooNoisy: {en: "too noisy", tr: "fazla gürültülü"},
  refusalFailedRequests: {en: "failed requests", tr: "başarısız istek"},
  refusalFailedRuns: {en: "failed runs", tr: "başarısız koşu"},
  decisionRefused: {en: "{candidate} refused ({reason})", tr: "{candidate} reddedildi ({reason})"},
  decisionScores: {en: "{rule} Scores: {scores}.", tr: "{rule} Puanlar: {scores}."},
  decisionGeometric: {
    en: "Decision rule: the geometric mean of each candidate's per-scenario ratio to the best configuration so far; the highest mean above 1 wins.",
    tr: "Karar kuralı: her adayın senaryo başına şimdiye kadarki en iyi yapılandırmaya oranının geometrik ortalaması; 1'in üzerindeki en yüksek ortalama kazanır."
  },
  decisionGeometricDefault: {
    en: "Decision rule: the geometric mean of each candidate's per-scenario ratio to the best configuration so far; the highest mean above 1 wins (the default, as the plan declares no rule).",
    tr: "Karar kuralı: her adayın senaryo başına şimdiye kadarki en iyi yapılandırmaya oranının geometrik ortalaması; 1'in üzerindeki en yüksek ortalama kazanır (plan bir kural belirtmediği için varsayılan)."
  },
  decisionMeans: {en: "{rule} Means: {scores}.", tr: "{rule} Ortalamalar: {scores}."},

  // intervals.ts: what the figures rest on, the repeat checks, and what the load lets the report say.
  repeatsOnceFigure: {
    en: "Each point ran once: no interval can be computed, so each figure is a single measurement and noise cannot be ruled out.",
    tr: "Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her değer tek bir ölçümdür ve gürültü dışlanamaz."
  },
  repeatsOnceGain: {
    en: "Each point ran once: no interval can be computed, so each gain is a single measurement and noise cannot be ruled out.",
    tr: "Her nokta bir kez koşuldu: güven aralığı hesaplanamaz, bu yüzden her kazanç tek bir ölçümdür ve gürültü dışlanamaz."
  },
  repeatsMeans: {
    en: "Each figure is the mean of {repeats} repeats; intervals are {level}% Student-t intervals (one that would reach below zero is taken on the log scale instead: mean × exp(±t·se/mean)).",
    tr: "Her değer {repeats} tekrarın ortalamasıdır; aralıklar %{level} Student-t aralıklarıdır (sıfırın altına inecek olan bir aralık log ölçeğinde alınır: ortalama × exp(±t·se/ortalama))."
  },
  repeatsMeansGains: {
    en: "Each figure is the mean of {repeats} repeats; intervals are {level}% Student-t intervals (one that would reach below zero is taken on the log scale instead: mean × exp(±t·se/mean); a gain's that would fall below −100 % is the log-ratio interval). A candidate is kept only when the Welch interval of its gain lies above zero; otherwise the step's result is \"within noise\".",
    tr: 'Her değer {repeats} tekrarın ortalamasıdır; aralıklar %{level} Student-t aralıklarıdır (sıfırın altına inecek olan bir aralık log ölçeğinde alınır: ortalama × exp(±t·se/ortalama); −%100\'ün altına inecek bir kazanç aralığı log-oran aralığıdır). Bir aday ancak kazancının Welch aralığı sıfırın üstündeyse seçilir; aksi halde sonuç "gürültü içinde"dir.'
  },
  repeatsWarmupOne: {
    en: " Repeat 1 of each point is a warm-up (warmup_repeats: {warm} in the plan): it ran and is listed, but no mean or interval includes it.",
    tr: " Her noktanın ilk {warm} tekrarı ısınmadır (plandaki warmup_repeats: {warm}): koşuldu ve listelenir, ama hiçbir ortalama ya da aralık onu içermez."
  },
  repeatsWarmupMany: {
    en: " Repeats 1–{warm} of each point are warm-ups (warmup_repeats: {warm} in the plan): they ran and are listed, but no mean or interval includes them.",
    tr: " Her noktanın ilk {warm} tekrarı ısınmadır (plandaki warmup_repeats: {warm}): koşuldu ve listelenir, ama hiçbir ortalama ya da aralık onu içermez."
  },
  repeatsLevelSeeds: {
    en: " Each run sent its own prompts: repeat k at level i (from 0) of a load ladder of L levels sent seed + (k − 1) × L + i.",
    tr: " Her koşu kendi istemlerini gönderdi: L seviyeli bir yük merdiveninin 0'dan sayılan i. seviyesinde k. tekrar tohum + (k − 1) × L + i gönderdi."
  },
  repeatFlagsTitle: {
    en: "The repeats are not independent (tps-report check reports these too):",
    tr: "Tekrarlar birbirinden bağımsız değil (tps-report check bunları da bildirir):"
  },
  loadNoteFlood: {
    en: "Every scenario sent all its requests at once (request rate inf, no concurrency limit): latency here measures the queue, not the server, so no latency-target (SLO) statement can be made from this study.",
    tr: "Her senaryo tüm istekleri aynı anda gönderdi (istek hızı sınırsız, eşzamanlılık sınırı yok): gecikme burada sunucuyu değil kuyruğu ölçer, bu yüzden bu çalışmadan bir gecikme hedefi (SLO) sonucu çıkarılamaz."
  },
  loadNoteFixed: {
    en: "Each scenario ran at one load: latency holds for that load only; there is no load curve.",
    tr: "Her senaryo tek bir yükte koşuldu: gecikme o yük için geçerlidir; bir yük eğrisi yoktur."
  },
  loadNoteLadderSlo: {
    en: "Scenarios ran up a load ladder; each candidate is judged by its highest throughput within the SLO (load curves on the step pages).",
    tr: "Senaryolar bir yük merdiveni boyunca koşuldu; her aday SLO içindeki en yüksek işlem hacmiyle değerlendirilir (adım sayfalarındaki yük eğrileri)."
  },
  loadNoteLadder: {
    en: "Scenarios ran up a load ladder (load curves on the step pages).",
    tr: "Senaryolar bir yük merdiveni boyunca koşuldu (adım sayfalarındaki yük eğrileri)."
  },

  // notesList.ts: the report's own caveat.
  studyCaveatSingle: {
    en: "The report adds one caveat of its own: every figure here comes from a single run of each configuration on each scenario. Run-to-run variation is not measured, so small differences between candidates should be read with care.",
    tr: "Rapor bunlara kendi uyarısını ekler: buradaki her değer, her yapılandırmanın her senaryodaki tek bir koşusundan gelir. Koşudan koşuya değişkenlik ölçülmedi; adaylar arasındaki küçük farklar bu yüzden dikkatle okunmalıdır."
  },
  studyCaveatRepeats: {
    en: "The report adds one caveat of its own: every figure here is the mean of {repeats} repeats of each configuration on each scenario, with its {level}% interval; a difference counts only when its interval excludes zero, and {repeats} repeats give wide intervals.",
    tr: "Rapor bunlara kendi uyarısını ekler: buradaki her değer, her yapılandırmanın her senaryodaki {repeats} tekrarının ortalamasıdır ve %{level} aralığıyla verilir; bir fark ancak aralığı sıfırı dışarıda bıraktığında sayılır ve {repeats} tekrar geniş aralıklar verir."
  },

  // objectiveText.ts: what the study maximizes.
  objectiveOutputNote: {
    en: "Throughput is output token throughput: output tokens per second (not every run counted its input tokens).",
    tr: "İşlem hacmi, çıkış token işlem hacmidir: saniyede üretilen çıkış token'ları (her koşu giriş token'larını saymadı)."
  },
  objectiveTotalNote: {
    en: "Throughput is total token throughput: input plus output tokens per second.",
    tr: "İşlem hacmi, toplam token işlem hacmidir: saniyede işlenen giriş ve çıkış token'larının toplamı."
  },
  objectiveOtherNote: {en: "Throughput is {objective}.", tr: "İşlem hacmi, {objective} değeridir."},

  // headlineSummary.ts: the headline's sentences and where the recommendation comes from.
  sloNoneWithin: {
    en: "No configuration is within the SLO at any measured load: there is none to recommend, so there is no before and after. The command above is the baseline the study started from, and it does not meet the SLO.",
    tr: "Hiçbir yapılandırma hiçbir ölçülen yükte SLO içinde değil: önerilecek bir yapılandırma, dolayısıyla önce ve sonra da yok. Yukarıdaki komut çalışmanın başladığı temel yapılandırmadır ve SLO'yu karşılamaz."
  },
  sloBaselineOutside: {
    en: "The baseline, {baseline}, is within the SLO at no measured load, so there is no before and after: the recommended configuration, {name}, serves {value} tok/s within it{at}.",
    tr: "Temel yapılandırma {baseline} hiçbir ölçülen yükte SLO içinde değil, bu yüzden önce ve sonra karşılaştırması yok: SLO içinde kalan önerilen yapılandırma {name}{at} {value} tok/s sunuyor."
  },
  listAnd: {en: "{rest} and {last}", tr: "{rest} ve {last}"},
  listOr: {en: "{rest} or {last}", tr: "{rest} ya da {last}"},
  headlineSingleCandidate: {
    en: "The study measured one configuration, so there is no before and after to compare.",
    tr: "Çalışma tek bir yapılandırma ölçtü; önce ve sonra karşılaştırılamıyor."
  },
  // A study that also searched measured more than one configuration; its steps measured one.
  headlineSingleCandidateSearched: {
    en: "The recommendation is the configuration the steps started from, so there is no before and after to compare.",
    tr: "Öneri, adımların başladığı yapılandırmadır; önce ve sonra karşılaştırılamıyor."
  },
  headlineNoCommonScenario: {
    en: "The baseline and the recommended configuration ran no scenario in common, so there is no before and after to compare.",
    tr: "Temel yapılandırma ile önerilen yapılandırmanın ortak senaryosu yok; önce ve sonra karşılaştırılamıyor."
  },
  headlineRaises: {
    en: "The recommended configuration raises throughput in {up} of {total} scenarios.",
    tr: "Önerilen yapılandırma {total} senaryonun {up} tanesinde işlem hacmini artırıyor."
  },
  headlineRaisesSignificantly: {
    en: "The recommended configuration raises throughput significantly in {up} of {total} scenarios.",
    tr: "Önerilen yapılandırma {total} senaryonun {up} tanesinde işlem hacmini anlamlı olarak artırıyor."
  },
  headlineLoses: {en: "It loses throughput in {names}.", tr: "Düşüş olan senaryolar: {names}."},
  headlineWithinNoise: {
    en: "Within noise (the {level} interval includes zero): {names}.",
    tr: "Gürültü içinde (%{percent} aralık sıfırı içeriyor): {names}."
  },
  headlineSame: {
    en: "In {names} the recommended configuration is the baseline itself.",
    tr: "{names} için önerilen yapılandırma temel yapılandırmanın kendisidir."
  },
  headlineLatencyCost: {
    en: "In {scenario}, throughput rises {change} while mean TPOT changes {tpot}: the gain is paid for in latency.",
    tr: "{scenario} senaryosunda işlem hacmi {change} artarken ortalama TPOT {tpot} değişiyor: kazanç gecikme pahasına geliyor."
  },
  adaptedCommand: {
    en: "In {step} this configuration ran as {command}; the command above adds the arguments the study used to run it on the other scenarios as well.",
    tr: "{step} adımında bu yapılandırma {command}; yukarıdaki komut, çalışmanın onu diğer senaryolarda da çalıştırmak için eklediği argümanları içerir."
  },
  originNoneWithin: {
    en: "No configuration met the study's SLO: no step chose a winner, and the command above is the baseline the study started from.",
    tr: "Çalışmanın SLO'sunu hiçbir yapılandırma karşılamadı: hiçbir adım bir kazanan seçmedi ve yukarıdaki komut, çalışmanın başladığı temel yapılandırmadır."
  },
  originSingleCandidate: {
    en: "The study measured one configuration on each of its scenarios: there was nothing to choose between, so no step picked it.",
    tr: "Çalışma her senaryosunda tek bir yapılandırma ölçtü: aralarından seçim yapılacak bir şey yoktu, bu yüzden onu hiçbir adım seçmedi."
  },
  originStepsSingleCandidate: {
    en: "Each step measured one configuration on each of its scenarios, so no step chose between candidates.",
    tr: "Her adım her senaryosunda tek bir yapılandırma ölçtü; bu yüzden hiçbir adım adaylar arasında seçim yapmadı."
  },
  originSearchWithinNoise: {
    en: "The search then measured {configurations} configurations of the space; its leader, {leader}, leads this configuration by {gain} at {level}, within noise, so this one stays (the Search page).",
    tr: "Arama ardından uzayın {configurations} yapılandırmasını ölçtü; öndeki yapılandırması {leader}, bu yapılandırmanın {gain} ({level}) önünde, ama gürültü içinde; bu yüzden bu yapılandırma kalır (Arama sayfası)."
  },
  originSearchImproved: {
    en: "The search then measured {configurations} configurations of the space and found one faster beyond noise: {leader}, {gain} (the Search page gives its command). The command above and the figures below are the greedy path's.",
    tr: "Arama ardından uzayın {configurations} yapılandırmasını ölçtü ve gürültünün ötesinde daha hızlı birini buldu: {leader}, {gain} (komutu Arama sayfasında). Yukarıdaki komut ve aşağıdaki değerler açgözlü yolunkidir."
  },
  originSearchNoImprovement: {
    en: "The search then measured {configurations} configurations of the space; measured again, none leads this configuration, so it stays (the Search page).",
    tr: "Arama ardından uzayın {configurations} yapılandırmasını ölçtü; yeniden ölçülünce hiçbiri bu yapılandırmanın önünde değil; bu yüzden bu yapılandırma kalır (Arama sayfası)."
  },
  originSearchOther: {
    en: "The study also searched the space ({configurations} configurations so far): the Search page says what it found.",
    tr: "Çalışma uzayda bir arama da yaptı (şimdiye kadar {configurations} yapılandırma): ne bulduğunu Arama sayfası söylüyor."
  },
  originRule: {
    en: "Nobody picked this by hand. Each optimization step tried its candidates, and a candidate replaced the best configuration so far only when it was faster.{outside}",
    tr: "Bu seçimi kimse elle yapmadı. Her optimizasyon adımı kendi adaylarını denedi; bir aday, şimdiye kadarki en iyi yapılandırmanın yerini ancak ondan hızlıysa aldı.{outside}"
  },
  originRuleNoise: {
    en: "Nobody picked this by hand. Each optimization step tried its candidates, and a candidate replaced the best configuration so far only when it was faster beyond noise (its gain's {level} interval above zero).{outside}",
    tr: "Bu seçimi kimse elle yapmadı. Her optimizasyon adımı kendi adaylarını denedi; bir aday, şimdiye kadarki en iyi yapılandırmanın yerini ancak ondan gürültünün ötesinde hızlıysa (kazancının %{percent} aralığı sıfırın üstündeyse) aldı.{outside}"
  },
  originBaselineOutside: {
    en: " The baseline, {baseline}, never meets the SLO, so the first candidate within it replaced it without a gain to weigh.",
    tr: " Temel yapılandırma {baseline} SLO'yu hiçbir yükte karşılamadığı için SLO içindeki ilk aday, tartılacak bir kazanç olmadan onun yerini aldı."
  },
  originKeptBaseline: {
    en: "{start} None was, so the configuration above is the baseline the study started from.",
    tr: "{start} Hiçbiri öyle değildi; yukarıdaki yapılandırma çalışmanın başladığı temel yapılandırmadır."
  },
  originWonIn: {
    en: "{start} What remained after the last step, {lastStep}, is the configuration above; it took the lead in {wonIn}.",
    tr: "{start} Son adımdan, {lastStep} adımından sonra ayakta kalan yapılandırma yukarıdakidir; öne geçtiği adım {wonIn} oldu."
  },

  // coverageText.ts: what the greedy path left unmeasured, its close decisions, and the second look.
  engineNotRecorded: {en: "an engine that is not recorded", tr: "kaydedilmemiş bir motor"},
  engineWord: {en: "engine", tr: "motor"},
  quantizationWord: {en: "quantization", tr: "nicemleme"},
  settingDefault: {en: "default", tr: "varsayılan"},
  coverageNoDims: {
    en: "The steps varied no setting: the recommendation rests on the one configuration measured.",
    tr: "Adımlar hiçbir ayarı değiştirmedi: öneri, ölçülen tek yapılandırmaya dayanıyor."
  },
  coverageNoDimsSearched: {
    en: "The steps varied no setting: they measured one configuration. The search measured {configurations} configurations of the space beside it (the Search page).",
    tr: "Adımlar hiçbir ayarı değiştirmedi: tek bir yapılandırma ölçtüler. Arama, yanında uzayın {configurations} yapılandırmasını ölçtü (Arama sayfası)."
  },
  coverageRestsOn: {
    en: "The recommendation rests on {measured} of the {space} combinations of the settings the steps varied ({dims}): {share} of that space was measured{outside}{failed}.",
    tr: "Öneri, adımların denediği ayarların ({dims}) {space} birleşiminden ölçülmüş {measured} tanesine dayanıyor ({share}){outside}{failed}."
  },
  coverageOutsideSlo: {
    en: " ({count} of them never within the SLO)",
    tr: "; bunların {count} tanesi hiçbir yükte SLO içinde değil"
  },
  coverageAlsoFailed: {
    en: ", and {count} more were tried but failed",
    tr: "; {count} birleşim daha denendi ama başarısız oldu"
  },
  coverageUntriedOne: {
    en: "{count} combination of earlier runners-up with a later step's settings was never run.",
    tr: "Önceki adımlarda geride kalanların sonraki bir adımın ayarlarıyla {count} birleşimi hiç koşulmadı."
  },
  coverageUntriedMany: {
    en: "{count} combinations of earlier runners-up with a later step's settings were never run.",
    tr: "Önceki adımlarda geride kalanların sonraki bir adımın ayarlarıyla {count} birleşimi hiç koşulmadı."
  },
  coverageUntriedNone: {
    en: "Every earlier runner-up was run with every later step's settings.",
    tr: "Önceki adımlarda geride kalanlar sonraki adımların her ayarıyla koşuldu."
  },
  coverageSingleEngine: {en: "{step} was tuned only on {engine}.", tr: "{step} yalnızca {engine} üzerinde ayarlandı."},
  coverageSingleEngineMany: {
    en: "{steps} were tuned only on {engine}.",
    tr: "{steps} adımları yalnızca {engine} üzerinde ayarlandı."
  },
  coverageNotRetestedMany: {
    en: "The {decisions} decisions were never re-tested after they were made: no later step ran two values of any of them successfully with the same settings.",
    tr: "{decisionsTitle} kararları alındıkları adımdan sonra bir daha sınanmadı: sonraki hiçbir adım aynı ayarlarla bunlardan birinin iki farklı değerini başarıyla koşmadı."
  },
  coverageNotRetestedAfter: {
    en: "The {dim} decision ({decided}) was never re-tested after {after}: no later step ran two of its values successfully with the same settings.",
    tr: "{dimTitle} kararı ({decided}) {after} adımından sonra bir daha sınanmadı: sonraki hiçbir adım aynı ayarlarla iki farklı değerini başarıyla koşmadı."
  },
  coverageNotRetested: {
    en: "The {dim} decision ({decided}) was never re-tested after it: no later step ran two of its values successfully with the same settings.",
    tr: "{dimTitle} kararı ({decided}) o adımdan sonra bir daha sınanmadı: sonraki hiçbir adım aynı ayarlarla iki farklı değerini başarıyla koşmadı."
  },
  coverageCloseOne: {
    en: "{count} decision was within noise or closer than {margin}, where the path could have gone another way: {list}.",
    tr: "{count} karar gürültü içinde ya da {margin} sınırından yakındı, yol orada başka yöne gidebilirdi: {list}."
  },
  coverageCloseMany: {
    en: "{count} decisions were within noise or closer than {margin}, where the path could have gone another way: {list}.",
    tr: "{count} karar gürültü içinde ya da {margin} sınırından yakındı, yol orada başka yöne gidebilirdi: {list}."
  },
  coverageCloseItem: {
    en: "{step} ({chosen} over {runnerUp} by {gap})",
    tr: "{step} ({chosen}, {runnerUp} karşısında {gap})"
  },
  coverageCloseItemAhead: {
    en: "{step} ({runnerUp} ahead of {chosen} by {gap}, and {chosen} stayed)",
    tr: "{step} ({runnerUp}, {chosen} karşısında {gap} önde; {chosen} kaldı)"
  },
  coverageCloseNone: {
    en: "No decision was within noise or closer than {margin}.",
    tr: "Hiçbir karar gürültü içinde ya da {margin} sınırından yakın değildi."
  },
  stepNeverRun: {en: "Never run: {list}.", tr: "Hiç koşulmayan birleşimler: {list}."},
  stepUntriedItem: {en: "{runnerUp} with {setting}", tr: "{runnerUp} ile {setting}"},
  stepCloseNoise: {
    en: "Close decision: {chosen} over {runnerUp} by {gap} (within noise).",
    tr: "Yakın karar: {chosen}, {runnerUp} karşısında {gap} (gürültü içinde)."
  },
  stepCloseMargin: {
    en: "Close decision: {chosen} over {runnerUp} by {gap} (closer than {margin}).",
    tr: "Yakın karar: {chosen}, {runnerUp} karşısında {gap} ({margin} sınırından yakın)."
  },
  stepCloseNoiseAhead: {
    en: "Close decision: {runnerUp} ahead of {chosen} by {gap} (within noise), and {chosen} stayed.",
    tr: "Yakın karar: {runnerUp}, {chosen} karşısında {gap} önde (gürültü içinde); {chosen} kaldı."
  },
  stepCloseMarginAhead: {
    en: "Close decision: {runnerUp} ahead of {chosen} by {gap} (closer than {margin}), and {chosen} stayed.",
    tr: "Yakın karar: {runnerUp}, {chosen} karşısında {gap} önde ({margin} sınırından yakın); {chosen} kaldı."
  },
  stepTunedOnly: {en: "This step was tuned only on {engine}.", tr: "Bu adım yalnızca {engine} üzerinde ayarlandı."},
  secondLookNothing: {
    en: "Second look: there was nothing to run around {winner} (no close decision, and the recommendation sets none of the numeric settings the steps tuned).",
    tr: "İkinci bakış: {winner} çevresinde koşulacak yapılandırma yoktu (yakın karar yok ve öneri, adımların ayarladığı sayısal ayarların hiçbirini belirlemiyor)."
  },
  secondLookPending: {
    en: "The second look is pending: {runs} runs recorded; the verdict waits for all of them.",
    tr: "İkinci bakış sürüyor: {runs} koşu kaydedildi; karar tüm koşular bitince verilir."
  },
  secondLookAllFailed: {
    en: "Second look: every one of its {planned} runs failed, so it decided nothing; the greedy choice {winner} stands untested.",
    tr: "İkinci bakış: {planned} koşusunun hepsi başarısız oldu, bu yüzden hiçbir şeye karar vermedi; açgözlü seçim {winner} sınanmadan duruyor."
  },
  secondLookSurvives: {
    en: "The greedy choice {winner} survives the second look: none of the {configs} configurations around it ({planned} runs) beat it under the study's rule.",
    tr: "Açgözlü seçim {winner} ikinci bakışta geçerliliğini koruyor: çevresindeki {configs} yapılandırmadan ({planned} koşu) hiçbiri onu çalışmanın kuralıyla geçemedi."
  },
  secondLookReplaced: {
    en: "The greedy choice {winner} did not survive the second look: {label} does {value} tok/s{ci}, {gain} over it. The new recommendation is {label}; serve it with: {command}",
    tr: "Açgözlü seçim {winner} ikinci bakışta geçerliliğini korumadı: {label} {value} tok/s{ci} ile ona göre {gain}. Yeni öneri {label}; sunucu komutu: {command}"
  },

  // stepTable.ts, summaryTable.ts, stepTelemetryTable.ts and stepChart.ts: cells, headings and chart labels.
  cellRequestRate: {en: "{value} requests/s", tr: "{value} istek/s"},
  cellConcurrency: {en: "concurrency {value}", tr: "eşzamanlılık {value}"},
  chartBestSoFar: {en: "best so far: {label} {value}", tr: "şimdiye kadarki en iyi: {label} {value}"},
  telemetryTitle: {en: "Server and GPU during the runs", tr: "Koşular sırasında sunucu ve GPU"},
  telemetryIntro: {
    en: "Scraped from the engine's metrics endpoint and sampled by nvidia-smi over each run's measured window; each figure is the mean over the point's successful repeats. Each candidate links to its run page, with the time charts.",
    tr: "Her koşunun ölçülen aralığı boyunca motorun metrik uç noktasından okundu ve nvidia-smi ile örneklendi; her değer noktanın başarılı tekrarlarının ortalamasıdır. Her aday, zaman grafikleriyle birlikte kendi koşu sayfasına bağlanır."
  },
  telemetryRepeats: {en: "Repeats", tr: "Tekrar sayısı"},
  telemetryKvMax: {en: "KV max", tr: "KV en yüksek"},
  telemetryKvMean: {en: "KV mean", tr: "KV ortalama"},
  telemetryRunningMax: {en: "Running max", tr: "Çalışan en yüksek"},
  telemetryWaitingMax: {en: "Waiting max", tr: "Bekleyen en yüksek"},
  telemetryPreemptions: {en: "Preemptions", tr: "Önalımlar"},
  telemetryPrefixHits: {en: "Prefix-cache hits", tr: "Önek önbelleği isabeti"},
  telemetryGpuUtil: {en: "GPU util. (%)", tr: "GPU kullanımı (%)"}
} satisfies Record<string, Text>;
