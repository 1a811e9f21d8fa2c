// Interface words of the setup, headroom, quality and chart parts: a section of the one table in i18n.ts.
import type {Text} from "../../loaders/text.js";

export const SETUP_WORDS = {
  // The setup page: models, commands and clients.
  modelsWithCandidates: {en: "Models, with the candidates that serve them:", tr: "Modeller ve onları sunan adaylar:"},
  candidatesAndMore: {en: "{named} and {count} more candidates", tr: "{named} ve {count} aday daha"},
  serverCommandNotRecorded: {
    en: "The server command is not recorded (no file names the engine; server in study.yaml).",
    tr: "Sunucu komutu kaydedilmemiş (hiçbir dosya motoru belirtmiyor; study.yaml içindeki server)."
  },
  recordedSettings: {en: " Recorded settings: {settings}", tr: " Kaydedilen ayarlar: {settings}"},
  benchNotRecordedNoToolRun: {
    en: "The benchmark command is not recorded, nor the tool that measured this run; its workload is in the scenario table on the setup page.",
    tr: "Benchmark komutu kaydedilmemiş, bu koşuyu ölçen araç da; iş yükü kurulum sayfasındaki senaryo tablosunda."
  },
  benchNotRecordedNoToolRuns: {
    en: "The benchmark command is not recorded, nor the tool that measured these runs; their workload is in the scenario table.",
    tr: "Benchmark komutu kaydedilmemiş, bu koşuları ölçen araç da; iş yükleri senaryo tablosunda."
  },
  benchNotRecordedToolRun: {
    en: "The benchmark command is not recorded: {tool} measured this run; its workload is in the scenario table on the setup page.",
    tr: "Benchmark komutu kaydedilmemiş: bu koşuyu {tool} ölçtü; iş yükü kurulum sayfasındaki senaryo tablosunda."
  },
  benchNotRecordedToolRuns: {
    en: "The benchmark command is not recorded: {tool} measured these runs; their workload is in the scenario table.",
    tr: "Benchmark komutu kaydedilmemiş: bu koşuları {tool} ölçtü; iş yükleri senaryo tablosunda."
  },
  runsInOneStep: {
    en: "Runs: {count}, in {stepCount} step: {steps}. Each run's command is on its run's page and in {csv}.",
    tr: "Koşular: {count}, {stepCount} adımda: {steps}. Her koşunun komutu kendi sayfasında ve {csv} dosyasında."
  },
  runsInSteps: {
    en: "Runs: {count}, in {stepCount} steps: {steps}. Each run's command is on its run's page and in {csv}.",
    tr: "Koşular: {count}, {stepCount} adımda: {steps}. Her koşunun komutu kendi sayfasında ve {csv} dosyasında."
  },
  stepsAndMore: {en: "{steps} and {more} more", tr: "{steps} ve {more} adım daha"},
  serverCommandsElsewhere: {
    en: "Every candidate's server command is on its step's page, and every run's in {csv}.",
    tr: "Her adayın sunucu komutu adımının sayfasında, her koşununki {csv} dosyasında."
  },
  clientPlanned: {
    en: "The benchmark client is {planned}, called with these fixed arguments:",
    tr: "Benchmark istemcisi {planned}; şu sabit argümanlarla çağrıldı:"
  },
  clientUsed: {
    en: "The runs used {used}; the plan's client is {planned}, called with these fixed arguments:",
    tr: "Koşular {used} ile yapıldı; planın istemcisi {planned}, şu sabit argümanlarla:"
  },
  clientUsedNative: {
    en: "The runs used {used} (the native client, which takes vllm bench serve's flags); the plan's client is {planned}, called with these fixed arguments:",
    tr: "Koşular {used} (vllm bench serve'ün bayraklarını alan yerel istemci) ile yapıldı; planın istemcisi {planned}, şu sabit argümanlarla:"
  },
  // How the study ran: the SLO, the ladders, the price, repeats, intervals, seeds and telemetry.
  sloObjective: {
    en: "Objective: the highest {objective} within the SLO (objective: max_throughput_within_slo). SLO: {limits}; at least {share} of the requests, pooled over a point's repeats, must meet {perRequest} (attainment: {attainment}). A load point meets the SLO when none of its runs failed, its statistics lie within the limits in every repeat, and that share is reached.",
    tr: "Hedef: SLO içindeki en yüksek {objective} (objective: max_throughput_within_slo). SLO: {limits}; istekler tekrarlar boyunca birlikte sayıldığında en az {share} kadarı {perRequest} sınırlarını karşılamalı (attainment: {attainment}). Bir yük noktası, hiçbir koşusu başarısız olmadıysa, her tekrarda istatistikleri sınırların içindeyse ve bu pay sağlanıyorsa SLO içindedir."
  },
  sloShown: {
    en: "SLO (shown, not deciding): {limits}; attainment {attainment}.",
    tr: "SLO (karar vermez, gösterilir): {limits}; attainment {attainment}."
  },
  ladderRequestRate: {en: "requests/s", tr: "istek/s"},
  ladderConcurrency: {en: "concurrency", tr: "eşzamanlılık"},
  promptsPerLevel: {en: "max({prompts}, {perLoad} × level)", tr: "max({prompts}, {perLoad} × seviye)"},
  loadLadder: {
    en: "Load ladder ({scenario}): {kind} {levels}; requests per level {prompts}.",
    tr: "Yük merdiveni ({scenario}): {kind} {levels}; seviye başına istek {prompts}."
  },
  loadLadderMlperf: {
    en: "Load ladder ({scenario}): {kind} {levels}; requests per level {prompts}; the mlperf-endpoints preset: interactivity 1000 / p90 TPOT, the frontier a step function.",
    tr: "Yük merdiveni ({scenario}): {kind} {levels}; seviye başına istek {prompts}; MLPerf Endpoints ön ayarı: etkileşim 1000 / p90 TPOT, sınır basamak fonksiyonu."
  },
  pricePerGpuHour: {
    en: "Price: ${price} per GPU-hour (hardware.price_per_hour); tokens per dollar follow from each run's duration and GPU count.",
    tr: "Fiyat: GPU-saati başına {price} $ (hardware.price_per_hour); dolar başına token her koşunun süresinden ve GPU sayısından hesaplanır."
  },
  repeatsOnce: {
    en: "Repeats: each point ran once; no interval can be computed.",
    tr: "Tekrarlar: her nokta bir kez koşuldu; aralık hesaplanamaz."
  },
  repeatsInRounds: {
    en: "Repeats: {repeats} per point, run in rounds.",
    tr: "Tekrarlar: nokta başına {repeats}, turlar halinde."
  },
  repeatsInRoundsWarmup: {
    en: "Repeats: {repeats} per point, run in rounds; repeat 1 of each point is a warm-up and in no mean (warmup_repeats: {warmups}).",
    tr: "Tekrarlar: nokta başına {repeats}, turlar halinde; her noktanın ilk {warmups} tekrarı ısınmadır ve hiçbir ortalamada yoktur (warmup_repeats: {warmups})."
  },
  repeatsInRoundsWarmups: {
    en: "Repeats: {repeats} per point, run in rounds; repeats 1–{warmups} of each point are warm-ups and in no mean (warmup_repeats: {warmups}).",
    tr: "Tekrarlar: nokta başına {repeats}, turlar halinde; her noktanın ilk {warmups} tekrarı ısınmadır ve hiçbir ortalamada yoktur (warmup_repeats: {warmups})."
  },
  intervalsStudentT: {en: "Intervals: {level}% Student-t.", tr: "Aralıklar: %{level} Student-t."},
  intervalsWelch: {
    en: "Intervals: {level}% Student-t; a gain counts only when its Welch interval lies above zero.",
    tr: "Aralıklar: %{level} Student-t; bir kazanç ancak Welch aralığı sıfırın üstündeyse sayılır."
  },
  warmupRequests: {
    en: "Warm-up requests before each run's clock: {warmups}.",
    tr: "Her koşunun saati başlamadan önceki ısınma istekleri: {warmups}."
  },
  seedsPerLevel: {
    en: "Dataset seeds: each scenario's seed at its first load level in repeat 1; at level i (from 0) of a ladder of L levels, seed + (k − 1) × L + i in repeat k, so no two runs of a ladder send the same prompts (the runs sent {seeds}).",
    tr: "Veri kümesi tohumları: 1. tekrarda ilk yük seviyesinde senaryonun tohumu; L seviyeli bir merdivenin 0'dan sayılan i. seviyesinde, k. tekrarda tohum + (k − 1) × L + i, böylece bir merdivenin hiçbir iki koşusu aynı istemleri göndermez (koşular {seeds} gönderdi)."
  },
  seedsPerRepeat: {
    en: "Dataset seeds: each scenario's seed for repeat 1, seed + k − 1 for repeat k (the runs sent {seeds}).",
    tr: "Veri kümesi tohumları: 1. tekrar için senaryonun tohumu, k. tekrar için tohum + k − 1 (koşular {seeds} gönderdi)."
  },
  seedsSame: {
    en: "Dataset seeds: each scenario's seed, the same for every run.",
    tr: "Veri kümesi tohumları: her senaryonun tohumu, her koşu için aynı."
  },
  scrapedEvery: {
    en: "Server metrics scraped every {interval} s.",
    tr: "Sunucu metrikleri her {interval} s'de okundu."
  },
  scrapedEveryWithGpu: {
    en: "Server metrics scraped every {interval} s; GPU samples from nvidia-smi.",
    tr: "Sunucu metrikleri her {interval} s'de okundu; GPU örnekleri nvidia-smi'den."
  },
  // The Headroom page: tables, facts and sentences.
  kvBound: {
    en: "bound by KV capacity: the KV cache was full while requests waited in {share} of the scrapes (up to {waiting} waiting)",
    tr: "KV kapasitesiyle sınırlı: ölçümlerin {share} kadarında KV önbellek doluyken istek bekledi (en çok {waiting})"
  },
  kvNotBound: {en: "not bound by KV capacity (KV peak {peak})", tr: "KV ile sınırlı değil (KV en çok {peak})"},
  measuredByServer: {en: "Measured (server)", tr: "Ölçülen (sunucu)"},
  ceilingsModel: {en: "Model of the scenario ceilings", tr: "Senaryo tavanlarının modeli"},
  otherModels: {
    en: "Other models the candidates serve (their runs have their own ceilings, if any)",
    tr: "Adayların sunduğu diğer modeller (koşularının varsa kendi tavanları vardır)"
  },
  peakCompute: {en: "Peak compute (BF16, dense)", tr: "Tepe hesaplama (BF16, yoğun)"},
  memoryBandwidthHbm: {en: "Memory bandwidth (HBM)", tr: "Bellek bant genişliği (HBM)"},
  memoryCudaTotal: {en: "Memory (CUDA total)", tr: "Bellek (CUDA toplamı)"},
  mfuRealistic: {en: "MFU (realistic ceiling)", tr: "MFU (gerçekçi tavan)"},
  mbuRealistic: {en: "MBU (realistic ceiling)", tr: "MBU (gerçekçi tavan)"},
  atRequestRate: {en: " at {load} requests/s", tr: " saniyede {load} istekte"},
  atConcurrency: {en: " at concurrency {load}", tr: " eşzamanlılık {load}"},
  recommendedAlone: {
    en: "There is no pair to set side by side: the baseline is never within the SLO. The recommended configuration{at} reaches {share} of the hard ceiling at that load ({ceiling} tok/s).",
    tr: "Temel yapılandırma SLO içinde olmadığından karşılaştırılacak bir çift yok. Önerilen yapılandırma{at}, o yükteki sert tavanın ({ceiling} tok/s) {share} kadarına ulaşıyor."
  },
  shareOfHardCeiling: {en: "Share of the hard ceiling", tr: "Sert tavana oranı"},
  oneSequence: {en: "one sequence", tr: "{count} dizi"},
  sequences: {en: "{count} sequences", tr: "{count} dizi"},
  bindsCompute: {
    en: "Compute binds: at peak, the scenario's matrix work takes {compute}, longer than the {memory} it takes to read the weights and KV cache from memory; the KV cache ({kv} tokens) holds {sequences} of this length at once.",
    tr: "Hesaplama bağlayıcı: senaryonun matris işlemleri tepe hızda {compute} sürüyor, ağırlıkları ve KV önbelleğini bellekten okumak ise {memory}; KV önbelleği ({kv} token) bu uzunlukta aynı anda {sequences} tutabiliyor."
  },
  bindsBandwidth: {
    en: "Memory bandwidth binds: reading the weights and KV cache from memory takes {memory} at peak, longer than the {compute} of matrix work, and the KV cache ({kv} tokens) holds {sequences} at once, so capacity does not hold decoding back.",
    tr: "Bellek bant genişliği bağlayıcı: ağırlıkları ve KV önbelleğini bellekten okumak tepe hızda {memory} sürüyor ve matris işlemlerinin {compute} süresini aşıyor; KV önbelleği ({kv} token) aynı anda {sequences} tutabildiği için kapasite çözmeyi yavaşlatmıyor."
  },
  bindsKvCapacity: {
    en: "KV-cache capacity binds: the KV cache holds only {kv} tokens, {sequences} of this length at once, so decoding has to stream the weights more often and memory traffic ({memory}) outweighs the matrix work ({compute}).",
    tr: "KV önbellek kapasitesi bağlayıcı: KV önbelleği yalnızca {kv} token, yani bu uzunlukta aynı anda {sequences} tutabiliyor; bu yüzden çözme ağırlıkların bellekten daha çok kez okunmasını gerektiriyor ve bellek trafiği ({memory}) matris işlemlerini ({compute}) geçiyor."
  },
  bindsInterconnect: {
    en: "The GPU interconnect binds: what the GPUs hand each other for every processed token takes longer than the matrix work ({compute}) and the memory traffic ({memory}).",
    tr: "GPU'lar arası bağlantı bağlayıcı: GPU'ların her işlenen token için birbirine gönderdiği ara sonuçlar, matris işlemlerinden ({compute}) ve bellek trafiğinden ({memory}) uzun sürüyor."
  },
  computeMeaning: {
    en: "the tensor cores' peak rate of matrix arithmetic is the limit; more memory bandwidth would not raise the ceiling.",
    tr: "sınır, tensör çekirdeklerinin en yüksek matris hesaplama hızıdır; daha fazla bellek bant genişliği tavanı yükseltmez."
  },
  bandwidthMeaning: {
    en: "reading the weights and the KV cache from GPU memory takes longer than the arithmetic on them.",
    tr: "ağırlıkları ve KV önbelleğini GPU belleğinden okumak, üzerlerindeki hesaplamadan uzun sürer."
  },
  kvCapacityMeaning: {
    en: "too few sequences fit in the KV cache at once to batch decoding fully, so the weights are read more often.",
    tr: "KV önbelleğine aynı anda çözmeyi tam dolduracak kadar dizi sığmaz, bu yüzden ağırlıklar daha sık okunur."
  },
  interconnectMeaning: {
    en: "a server of several GPUs exchanges each processed token's hidden state over the link between them (tensor-parallel all-reduces), and that takes longer than the arithmetic and the memory traffic.",
    tr: "birden çok GPU'lu bir sunucu, işlenen her tokenin gizli durumunu aralarındaki bağlantı üzerinden paylaşır (tensör paralel all-reduce) ve bu, hesaplamadan ve bellek trafiğinden uzun sürer."
  },
  ceilingGapCloser: {
    en: "The baseline reaches {base} of its hard ceiling and the recommended configuration {recommended}: the {change} throughput change covers {points} of the {gap} percentage points that separated the baseline from the ceiling.",
    tr: "Temel yapılandırma sert tavanının {base} kadarına, önerilen yapılandırma {recommended} kadarına ulaşıyor: işlem hacmindeki {change} değişim, temel yapılandırmayı tavandan ayıran {gap} puanlık farkın {points} puanını kapatıyor."
  },
  ceilingGapFurther: {
    en: "The baseline reaches {base} of its hard ceiling and the recommended configuration {recommended}: the {change} throughput change moves {points} percentage points further from the ceiling.",
    tr: "Temel yapılandırma sert tavanının {base} kadarına, önerilen yapılandırma {recommended} kadarına ulaşıyor: işlem hacmindeki {change} değişim, yapılandırmayı tavandan {points} puan uzaklaştırıyor."
  },
  noReasonRecorded: {en: "no reason was recorded", tr: "neden kaydedilmemiş"},
  headroomUnavailable: {
    en: "No headroom is computed for this study: {reason}.",
    tr: "Bu çalışma için iyileştirme payı hesaplanmadı: {reason}."
  },
  headroomChartNoteLadder: {
    en: "Each bar is one load point (candidate · load); the tick on it is the hard ceiling at that load (batch = concurrency). Bar labels: each point's share of its own ceiling; names in bold: the baseline and the recommended configuration.",
    tr: "Her çubuk bir yük noktasıdır (aday · yük); üzerindeki çentik, o yükteki sert tavandır (parti = eşzamanlılık). Çubuk etiketleri: her noktanın kendi tavanına oranı; kalın adlar temel ve önerilen yapılandırma."
  },
  headroomChartNote: {
    en: "Line: hard ceiling, {ceiling} tok/s. Shaded: realistic band, {band} tok/s. Bar labels: each run's share of its own hard ceiling; names in bold: the baseline and the recommended configuration.",
    tr: "Çizgi: sert tavan, {ceiling} tok/s. Gölgeli alan: gerçekçi aralık, {band} tok/s. Çubuk etiketleri: her koşunun kendi sert tavanına oranı; kalın adlar temel ve önerilen yapılandırma."
  },
  headroomChartNoteSome: {
    en: "Line: hard ceiling, {ceiling} tok/s. Shaded: realistic band, {band} tok/s. Bar labels: each run's share of its own hard ceiling; names in bold: the baseline and the recommended configuration. The chart draws {drawn} of the {runs} runs: the baseline, the recommendation and the fastest of the rest; the table below lists them all.",
    tr: "Çizgi: sert tavan, {ceiling} tok/s. Gölgeli alan: gerçekçi aralık, {band} tok/s. Çubuk etiketleri: her koşunun kendi sert tavanına oranı; kalın adlar temel ve önerilen yapılandırma. Grafik {runs} koşudan {drawn} tanesini çiziyor: temel, önerilen ve kalanların en hızlıları; aşağıdaki tablo hepsini listeliyor."
  },
  headroomChartNoteSomeCut: {
    en: "Line: hard ceiling, {ceiling} tok/s. Shaded: realistic band, {band} tok/s. Bar labels: each run's share of its own hard ceiling; names in bold: the baseline and the recommended configuration. The chart draws {drawn} of the {runs} runs: the baseline, the recommendation and the fastest of the rest; the table below shows the first {shown}, and runs.csv has them all.",
    tr: "Çizgi: sert tavan, {ceiling} tok/s. Gölgeli alan: gerçekçi aralık, {band} tok/s. Çubuk etiketleri: her koşunun kendi sert tavanına oranı; kalın adlar temel ve önerilen yapılandırma. Grafik {runs} koşudan {drawn} tanesini çiziyor: temel, önerilen ve kalanların en hızlıları; aşağıdaki tablo ilk {shown} tanesini gösteriyor, runs.csv hepsini veriyor."
  },
  measuredKvBound: {
    en: "Measured by the server, bound by KV capacity (the KV cache full while requests waited): {runs}. The model's estimate: {model}.",
    tr: "Sunucu ölçümlerine göre KV kapasitesiyle sınırlı koşular (KV önbellek doluyken istekler bekledi): {runs}. Modelin tahmini: {model}."
  },
  measuredOneNotKvBound: {
    en: "The one run with server measurements was not bound by KV capacity. The model's estimate: {model}.",
    tr: "Sunucu ölçümü olan {count} koşunun hiçbiri KV kapasitesiyle sınırlı değildi. Modelin tahmini: {model}."
  },
  measuredNoneKvBound: {
    en: "None of the {count} runs with server measurements was bound by KV capacity. The model's estimate: {model}.",
    tr: "Sunucu ölçümü olan {count} koşunun hiçbiri KV kapasitesiyle sınırlı değildi. Modelin tahmini: {model}."
  },
  noArchivedRun: {en: "No run of this scenario is archived.", tr: "Bu senaryonun arşivlenmiş koşusu yok."},
  hardCeilingLabel: {en: "hard ceiling {ceiling}", tr: "sert tavan {ceiling}"},
  realisticBandLabel: {en: "realistic band", tr: "gerçekçi aralık"},
  // The quality page and the charts.
  claimsCheckedCounts: {en: "{total} claims checked: {counts}.", tr: "{total} iddia denetlendi: {counts}."},
  claimsCheckedOneCounts: {en: "{total} claim checked: {counts}.", tr: "{total} iddia denetlendi: {counts}."},
  tradeoffSampled: {
    en: "{drawn} of {all} runs drawn: every run on a front and an even sample of the rest; the table and runs.csv list them all.",
    tr: "{all} koşunun {drawn} tanesi çizildi: cephedeki her koşu ve kalanlardan eşit aralıklı bir örnek; tablo ve runs.csv hepsini verir."
  },
  chartTpotChange: {en: "Mean TPOT change (lower is better)", tr: "Ortalama TPOT değişimi (düşük olan iyi)"},
  // A run's telemetry charts.
  secondsIntoRun: {en: "Seconds into the measured run", tr: "Ölçülen koşunun saniyesi"},
  gpuUtilization: {en: "GPU utilization (%)", tr: "GPU kullanımı (%)"},
  gpuPower: {en: "GPU power (W)", tr: "GPU gücü (W)"},
  gpuMemory: {en: "GPU memory (GiB)", tr: "GPU belleği (GiB)"},
  gpuSeries: {en: "GPU {gpu}", tr: "GPU {gpu}"},
  serverDuringRun: {en: "Server during the run", tr: "Koşu sırasında sunucu"},
  serverTelemetryIntro: {
    en: "Scraped from the engine's metrics endpoint while the benchmark ran, over the measured window (after the warm-up request). The dashed line is the client's mean output throughput.",
    tr: "Benchmark sürerken motorun metrik uç noktasından, ölçülen aralık boyunca (ısınma isteğinden sonra) okundu. Kesikli çizgi, istemcinin ortalama çıkış işlem hacmidir."
  },
  gpuTelemetryIntro: {
    en: "Sampled by nvidia-smi over the same window (gpu.csv): utilization, power and memory of each GPU.",
    tr: "Aynı aralıkta nvidia-smi ile örneklendi (gpu.csv): her GPU'nun kullanımı, gücü ve belleği."
  },
  noServerMetrics: {en: "No server metrics: {reason}", tr: "Sunucu metriği yok: {reason}"},
  noGpuSamples: {en: "No GPU samples: {reason}", tr: "GPU örneği yok: {reason}"},
  serverOutputTokens: {en: "Output tokens/s (server)", tr: "Çıkış token/s (sunucu)"},
  requestsAxis: {en: "Requests", tr: "İstekler"},
  requestsRunning: {en: "running", tr: "çalışan"},
  requestsWaiting: {en: "waiting", tr: "bekleyen"},
  requestsCount: {en: "Count", tr: "Sayı"},
  kvCacheUse: {en: "KV-cache use", tr: "KV önbellek kullanımı"}
} satisfies Record<string, Text>;
