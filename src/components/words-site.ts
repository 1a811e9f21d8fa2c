// Interface words of the pages a site of many studies adds (src/build/site-html.ts): a section of the one table in
// i18n.ts. English verdict and status words are the library's own; the table gives their Turkish.
import type {StudyChange} from "../../loaders/analysis/compare.js";
import type {Text} from "../../loaders/text.js";

// What changed between two compared studies, one entry for each kind compare names.
const CHANGE_WORDS = {
  siteChange_model: {en: "model", tr: "model"},
  "siteChange_engine version": {en: "engine version", tr: "motor sürümü"},
  "siteChange_server arguments": {en: "server arguments", tr: "sunucu argümanları"},
  siteChange_hardware: {en: "hardware", tr: "donanım"},
  siteChange_client: {en: "client", tr: "istemci"},
  siteChange_repeats: {en: "repeats", tr: "tekrarlar"},
  siteChange_confidence: {en: "confidence", tr: "güven düzeyi"}
} satisfies {[K in StudyChange["what"] as `siteChange_${K}`]: {en: K; tr: string}};

export const SITE_WORDS = {
  ...CHANGE_WORDS,
  siteStudies: {en: "Studies", tr: "Çalışmalar"},
  // Turkish keeps the noun singular after a number.
  siteStudiesCounted: {en: "{count} studies", tr: "{count} çalışma"},
  siteIntroOne: {
    en: "{count} study on this site; each study's report is under its own path.",
    tr: "Bu sitede {count} çalışma var; her çalışmanın raporu kendi yolunun altında."
  },
  siteIntroMany: {
    en: "{count} studies on this site; each study's report is under its own path.",
    tr: "Bu sitede {count} çalışma var; her çalışmanın raporu kendi yolunun altında."
  },
  siteStudy: {en: "study", tr: "çalışma"},
  siteModel: {en: "model", tr: "model"},
  siteEngines: {en: "engines and versions", tr: "motorlar ve sürümleri"},
  siteDate: {en: "date", tr: "tarih"},
  siteRuns: {en: "runs", tr: "koşu"},
  siteBest: {en: "best result", tr: "en iyi sonuç"},
  siteClaims: {en: "published claims", tr: "yayımlanan iddialar"},
  siteClaimCounts: {
    en: "{confirmed} confirmed, {contradicted} contradicted, {unverifiable} unverifiable",
    tr: "{confirmed} doğrulandı, {contradicted} çürütüldü, {unverifiable} doğrulanamadı"
  },
  siteRecomputed: {en: "recomputed", tr: "yeniden hesaplanan"},
  siteComparisons: {en: "Comparisons", tr: "Karşılaştırmalar"},
  siteNoComparisons: {
    en: "No comparison is declared (comparisons: in data/site.yaml or in a study's plan).",
    tr: "Bildirilmiş karşılaştırma yok (comparisons: data/site.yaml'da ya da bir çalışmanın planında)."
  },
  siteShared: {en: "Results in more than one study", tr: "Birden çok çalışmadaki sonuçlar"},
  siteSharedIntroOne: {
    en: "1 result is held figure for figure by more than one study. Two measurements never agree to the last printed digit: one study's results were taken from another's, or imported more than once.",
    tr: "1 sonuç birden çok çalışmada rakamı rakamına aynı. İki ölçüm son basamağına kadar hiç aynı çıkmaz: bir çalışmanın sonuçları başkasınınkinden alınmış ya da birden çok kez içe aktarılmış."
  },
  siteSharedIntroMany: {
    en: "{count} results are held figure for figure by more than one study. Two measurements never agree to the last printed digit: one study's results were taken from another's, or imported more than once.",
    tr: "{count} sonuç birden çok çalışmada rakamı rakamına aynı. İki ölçüm son basamağına kadar hiç aynı çıkmaz: bir çalışmanın sonuçları başkasınınkinden alınmış ya da birden çok kez içe aktarılmış."
  },
  siteSameResultsOne: {
    en: "1 run holds the same results in both studies, figure for figure: it was not measured again (copied, or imported into both).",
    tr: "1 koşu iki çalışmada rakamı rakamına aynı sonucu taşıyor: yeniden ölçülmedi (kopyalanmış ya da ikisine birden içe aktarılmış)."
  },
  siteSameResultsMany: {
    en: "{count} runs hold the same results in both studies, figure for figure: they were not measured again (copied, or imported into both).",
    tr: "{count} koşu iki çalışmada rakamı rakamına aynı sonucu taşıyor: yeniden ölçülmediler (kopyalanmış ya da ikisine birden içe aktarılmış)."
  },
  siteSeriesSharedOne: {
    en: "1 result is held figure for figure by more than one study of the series: it was not measured again (copied, or imported more than once).",
    tr: "1 sonuç serinin birden çok çalışmasında rakamı rakamına aynı: yeniden ölçülmedi (kopyalanmış ya da birden çok kez içe aktarılmış)."
  },
  siteSeriesSharedMany: {
    en: "{count} results are held figure for figure by more than one study of the series: they were not measured again (copied, or imported more than once).",
    tr: "{count} sonuç serinin birden çok çalışmasında rakamı rakamına aynı: yeniden ölçülmediler (kopyalanmış ya da birden çok kez içe aktarılmış)."
  },
  siteTrends: {en: "Trends", tr: "Eğilimler"},
  siteNoTrends: {
    en: "No two studies share a model and GPUs, so there is no trend.",
    tr: "Aynı modeli ve GPU'ları paylaşan iki çalışma yok, bu yüzden eğilim yok."
  },
  siteCompareTitle: {en: "Compare {base} → {next}", tr: "Karşılaştırma {base} → {next}"},
  siteTrendTitle: {en: "Trend: {series}", tr: "Eğilim: {series}"},
  siteBase: {en: "base", tr: "temel"},
  siteNew: {en: "new", tr: "yeni"},
  siteChanged: {en: "What changed between the studies", tr: "Çalışmalar arasında ne değişti"},
  siteNothingChanged: {
    en: "Nothing: the same model, hardware, engine versions, server arguments and client.",
    tr: "Hiçbir şey: aynı model, donanım, motor sürümleri, sunucu argümanları ve istemci."
  },
  siteWhat: {en: "what", tr: "ne"},
  siteSubject: {en: "subject", tr: "konu"},
  siteVerdictHeading: {en: "Verdict", tr: "Karar"},
  siteCounts: {
    en: "{regressed} regressed, {improved} improved, {noise} within noise, {failed} failed in both, of {matched} matched points; {base} only in base, {next} only in new.",
    tr: "{matched} eşleşen noktadan {regressed} geriledi, {improved} iyileşti, {noise} gürültü içinde, {failed} iki tarafta da başarısız; {base} yalnızca temelde, {next} yalnızca yenide."
  },
  siteMeaning_regression: {
    en: "Regression: {meaning}.",
    tr: "Gerileme: bir metriğin aralığı (aralık yoksa oranı) tümüyle eşiğin kötü tarafında, ya da TEMEL koşarken noktanın YENİ'deki her koşusu başarısız (yenide başarısız)."
  },
  siteMeaning_improvement: {
    en: "Improvement: {meaning}.",
    tr: "İyileşme: bir metrik tümüyle eşiğin iyi tarafında ve hiçbiri kötü tarafında değil, ya da TEMEL'deki her koşu başarısızken YENİ koşuyor (temelde başarısız: artık koşuyor)."
  },
  "siteMeaning_within noise": {
    en: "Within noise: {meaning}.",
    tr: "Gürültü içinde: iki taraf da koştu ve hiçbir metrik tümüyle eşiğin ötesinde değil."
  },
  "siteMeaning_failed in both": {
    en: "Failed in both: {meaning}.",
    tr: "İki tarafta da başarısız: noktanın TEMEL'de de YENİ'de de her koşusu başarısız, bu yüzden hiçbir şey karşılaştırılmıyor: gerileme değil, ama bir sonuç da değil."
  },
  siteMatched: {en: "Matched points", tr: "Eşleşen noktalar"},
  sitePoint: {en: "point", tr: "nokta"},
  sitePoints: {en: "points", tr: "nokta"},
  siteRunsBaseNew: {en: "runs base / new", tr: "koşular temel / yeni"},
  siteRatio: {en: "ratio", tr: "oran"},
  siteInterval: {en: "interval", tr: "aralık"},
  siteVerdict: {en: "verdict", tr: "karar"},
  siteBeyond: {en: "Metrics beyond noise", tr: "Gürültünün ötesindeki metrikler"},
  siteNoneBeyond: {
    en: "Every compared metric of every matched point is within noise.",
    tr: "Eşleşen her noktanın karşılaştırılan her metriği gürültü içinde."
  },
  siteLevel: {en: "interactivity (tok/s/user)", tr: "etkileşim (tok/s/kullanıcı)"},
  sitePerGpu: {en: "{metric} per GPU", tr: "GPU başına {metric}"},
  siteWithinSlo: {en: "within the SLO", tr: "SLO içinde"},
  siteNone: {en: "none", tr: "yok"},
  siteMetric: {en: "metric", tr: "metrik"},
  siteUnmatched: {en: "Unmatched points", tr: "Eşleşmeyen noktalar"},
  siteOnlyIn: {en: "only in", tr: "yalnızca"},
  siteWhy: {en: "why", tr: "neden"},
  siteNoInterval: {en: "no interval", tr: "aralık yok"},
  siteNoRatio: {en: "no ratio", tr: "oran yok"},
  siteLoadsDiffer: {en: "not compared: different loads", tr: "karşılaştırılmadı: farklı yükler"},
  siteSeries: {en: "studies of the series", tr: "serinin çalışmaları"},
  siteOrderedByDate: {
    en: "Studies ordered by their earliest run's start.",
    tr: "Çalışmalar en erken koşularının başlangıcına göre sıralı."
  },
  siteOrderedGiven: {
    en: "Studies in folder order: not every study recorded when its runs started.",
    tr: "Çalışmalar klasör sırasında: her çalışma koşularının ne zaman başladığını kaydetmemiş."
  },
  siteStatusCounts: {
    en: "{regressed} regressed, {suspicious} suspicious, {improved} improved, {lastFailed}{noise} within noise, {insufficient} with insufficient data, {everyFailed}of {points} points.",
    tr: "{points} noktadan {regressed} geriledi, {suspicious} şüpheli, {improved} iyileşti, {lastFailed}{noise} gürültü içinde, {insufficient} için veri yetersiz{everyFailed}."
  },
  siteLastFailed: {en: "{count} failed in the last study, ", tr: "{count} yalnızca son çalışmada başarısız, "},
  siteEveryFailed: {en: "{count} failed in every study, ", tr: ", {count} her çalışmada başarısız"},
  siteMean: {en: "mean", tr: "ortalama"},
  siteToFirst: {en: "ratio to the first", tr: "ilkine oran"},
  siteBeyondThreshold: {en: "beyond", tr: "eşiğin ötesinde"},
  siteObjective: {en: "objective", tr: "hedef"},
  siteLastTwo: {en: "Last two against {window}: {ratio}.", tr: "Son ikisi {window} karşısında: {ratio}."},
  siteSameIdDiffers: {
    en: "same id on the other side differs: {detail}",
    tr: "öbür taraftaki aynı kimlikli nokta farklı: {detail}"
  },
  siteMoreWithKey: {
    en: "more points with its key on this side than on the other",
    tr: "bu tarafta anahtarını taşıyan nokta öbür taraftakinden fazla"
  },
  siteNoKey: {en: "no point with its key on the other side", tr: "öbür tarafta anahtarını taşıyan nokta yok"},
  // The rules of the comparison, load-curve and trend pages: English is the library's sentence, which compare and
  // history print too; the Turkish says the same from the same figures.
  siteCompareRule: {
    en: "{rule}",
    tr: "Eşik {threshold}; aralıklar {confidence} güvenle (ortalamaların log oranında Welch). Gerileme: YENİ / TEMEL oranının aralığı tümüyle eşiğin kötü tarafında (verimler ×{low} altında, gecikmeler ×{high} üstünde); iyileşme: tümüyle iyi tarafında; yoksa gürültü içinde. Bir tarafında tek koşu olan noktanın aralığı yoktur: oranı tek başına eşikle karşılaştırılır. YENİ'deki her koşusu başarısız olan nokta bir gerilemedir; TEMEL'deki her koşusu başarısız olup YENİ'de koşan nokta bir iyileşmedir; iki tarafta da başarısız olan ayrı sayılır."
  },
  siteCurvesRule: {
    en: "{rule}",
    tr: 'Yük eğrileri: iki çalışmanın yük merdiveni olarak koştuğu her iş yükünde, her çalışmanın tüm merdiven noktaları üzerindeki Pareto sınırı (GPU başına {metric}, etkileşime karşı = 1000 / {interactivity}, tok/s/kullanıcı; her nokta tekrarlarının ortalaması). Bir etkileşim seviyesinde sınırın değeri, o etkileşimde ya da üstünde ölçülen noktalarının GPU başına en yüksek işlem hacmidir: noktalar arasında ara değer hesaplanmaz, ötelerine uzatılmaz; "—" sınırın en yüksek etkileşiminin üstündeki seviyeyi gösterir. İki çalışma bir seviyeye farklı yüklerdeki noktalarla ulaşıyorsa satır ikisini de gösterir ama karşılaştırmaz: oran, bir yükteki değişimi değil, merdivenin basamağının nereye düştüğünü ölçerdi (eşleşen noktalar her yükü karşılaştırır). Seviyeler: iki sınırın en düşük etkileşiminin altındaki ya da ona eşit yuvarlak seviyeden (en yüksek işlem hacmi okunsun diye) en yükseğine 1, 1,5, 2, 2,5, 3, 4, 5, 6, 7, 8 × 10ⁿ tok/s/kullanıcı yuvarlak değerleri. {slo}Oran, aralık ve karar noktalardaki gibi (seçilen iki noktanın tekrarları, eşik {threshold}); karşılaştırmanın çıkış durumunu değiştirmez.'
  },
  siteCurvesP90: {
    en: "p90 TPOT (MLPerf Endpoints' figure: both studies' ladders use the mlperf-endpoints preset)",
    tr: "p90 TPOT (MLPerf Endpoints ölçüsü: iki çalışmanın merdiveni de mlperf-endpoints ön ayarını kullanıyor)"
  },
  siteCurvesMedian: {en: "median TPOT", tr: "medyan TPOT"},
  siteCurvesSlo: {
    en: "Within the SLO ({limits}, {plan} plan{differs}): each study's highest throughput per GPU among its points that meet it (the rule of the study pages: none of the point's runs failed, every limit's statistic within the limit in each repeat, and the share of its requests meeting every limit at least the plan's attainment), \"—\" where none does. ",
    tr: 'SLO içinde ({limits}, {plan} planı{differs}): her çalışmanın SLO\'yu karşılayan noktaları (çalışma sayfalarının kuralı: noktanın hiçbir koşusu başarısız değil, her sınırın istatistiği her tekrarda sınırın içinde ve isteklerinin tüm sınırları karşılayan payı en az planın attainment değeri) arasında GPU başına en yüksek işlem hacmi; hiçbiri karşılamıyorsa "—". '
  },
  siteCurvesSloBase: {en: "BASE's", tr: "TEMEL'in"},
  siteCurvesSloNew: {en: "NEW's", tr: "YENİ'nin"},
  siteCurvesSloDiffers: {en: "; NEW's plan sets {differs}", tr: "; YENİ'nin planı: {differs}"},
  siteCurvesNoSlo: {
    en: "Neither plan sets an SLO, so there is no score within one. ",
    tr: "Hiçbir plan SLO koymuyor, bu yüzden SLO içinde bir puan yok. "
  },
  siteHistoryRule: {
    en: "{rule}",
    tr: "Her çalışma serinin ilkiyle karşılaştırılır; %{threshold}'ten fazla kötü (iyi) ve %{confidence} aralığı değişmemeyi dışlıyorsa eşiğin ötesindedir. Gerileme: son iki çalışmanın ikisi de öncekilerden %{threshold}'ten fazla kötü, aralıkları örtüşüyor ve birleştirilmiş tekrarlarının aralığı tümüyle %{threshold}'in ötesinde; şüpheli: art arda üç ya da daha çok çalışma eşiğin ötesinde. Noktanın her koşusunun başarısız olduğu bir çalışma eşiğin kötü tarafında sayılır: son ikisinin ikisi de başarısızsa gerileme, biri başarısız ve öbürünün aralığı öncekilere göre tümüyle %{threshold}'in ötesindeyse de gerileme; şüpheli sayımına başarısız çalışmalar da girer; yalnızca son çalışmada başarısız: yalnızca son çalışma başarısız (henüz gerileme değil); veri yetersiz: üçten az çalışma; her çalışmada başarısız: hiçbir çalışmada karşılaştırılacak değer yok. Değişiklik yoksa ya da eşikten büyük değilse gerileme en çok %{chance} olasılıkla söylenir. Bu sınır gürültü içindir; başarısız bir çalışma gürültü değildir ve yukarıda söylendiği gibi sayılır."
  },
  siteSwitch: {en: "Türkçe", tr: "English"},
  siteNotFound: {en: "Page not found", tr: "Sayfa bulunamadı"},
  siteBackToIndex: {en: "Back to the studies", tr: "Çalışmalara dön"},
  siteStatus_regression: {en: "regression", tr: "gerileme"},
  siteStatus_improvement: {en: "improvement", tr: "iyileşme"},
  "siteStatus_within noise": {en: "within noise", tr: "gürültü içinde"},
  siteStatus_suspicious: {en: "suspicious", tr: "şüpheli"},
  "siteStatus_insufficient data": {en: "insufficient data", tr: "veri yetersiz"},
  "siteStatus_failed in every study": {en: "failed in every study", tr: "her çalışmada başarısız"},
  "siteStatus_failed in both": {en: "failed in both", tr: "iki tarafta da başarısız"},
  "siteStatus_failed in the last study": {
    en: "failed in the last study",
    tr: "yalnızca son çalışmada başarısız"
  },
  siteStatus_failed: {en: "failed", tr: "başarısız"},
  "siteStatus_failed in new": {en: "failed in new", tr: "yenide başarısız"},
  "siteStatus_failed in base": {en: "failed in base", tr: "temelde başarısız"},
  siteStatus_bad: {en: "bad", tr: "kötü yönde"},
  siteStatus_good: {en: "good", tr: "iyi yönde"},
  // What a screen reader hears of a chart's axis and legend, in Vega's English (src/components/chartCaptions.ts).
  captionAxis: {en: "{xy}-axis for a {scale} scale with {domain}", tr: "{xy} ekseni, {scale} ölçek: {domain}"},
  captionAxisTitled: {
    en: "{xy}-axis titled '{title}' for a {scale} scale with {domain}",
    tr: "{xy} ekseni '{title}', {scale} ölçek: {domain}"
  },
  captionLegend: {en: "{kind} legend for {channels} with {domain}", tr: "{kind} göstergesi, {channels}: {domain}"},
  captionLegendTitled: {
    en: "{kind} legend titled '{title}' for {channels} with {domain}",
    tr: "{kind} göstergesi '{title}', {channels}: {domain}"
  },
  captionRange: {en: "values from {from} to {to}", tr: "{from} ile {to} arası değerler"},
  captionValue: {en: "{n} value: {list}", tr: "{n} değer: {list}"},
  captionValues: {en: "{n} values: {list}", tr: "{n} değer: {list}"},
  captionValuesEnding: {en: "{n} values: {list}, ending with {last}", tr: "{n} değer: {list}, sonuncusu {last}"},
  captionScale_linear: {en: "linear", tr: "doğrusal"},
  captionScale_log: {en: "log", tr: "logaritmik"},
  captionScale_discrete: {en: "discrete", tr: "ayrık"},
  captionScale_pow: {en: "pow", tr: "üslü"},
  captionScale_sqrt: {en: "sqrt", tr: "karekök"},
  captionScale_time: {en: "time", tr: "zaman"},
  captionScale_utc: {en: "utc", tr: "UTC zaman"},
  captionLegend_Symbol: {en: "Symbol", tr: "Simge"},
  captionLegend_Gradient: {en: "Gradient", tr: "Renk geçişi"},
  "captionChannel_fill color": {en: "fill color", tr: "dolgu rengi"},
  "captionChannel_stroke color": {en: "stroke color", tr: "çizgi rengi"},
  captionChannel_size: {en: "size", tr: "boyut"},
  captionChannel_shape: {en: "shape", tr: "şekil"},
  captionChannel_opacity: {en: "opacity", tr: "opaklık"},
  // What a screen reader hears of a chart's title, and of what each part of a chart is.
  captionTitle: {en: "Title text '{text}'", tr: "Başlık '{text}'"},
  captionSubtitle: {en: "Subtitle text '{text}'", tr: "Alt başlık '{text}'"},
  captionMark: {en: "{mark} mark", tr: "{mark} işareti"},
  captionMarks: {en: "{mark} mark container", tr: "{mark} işaretleri"},
  captionRole_axis: {en: "axis", tr: "eksen"},
  captionRole_legend: {en: "legend", tr: "gösterge"},
  captionRole_title: {en: "title", tr: "başlık"},
  captionRole_subtitle: {en: "subtitle", tr: "alt başlık"},
  captionRole_arc: {en: "arc", tr: "yay"},
  captionRole_area: {en: "area", tr: "alan"},
  captionRole_bar: {en: "bar", tr: "çubuk"},
  captionRole_circle: {en: "circle", tr: "daire"},
  captionRole_group: {en: "group", tr: "grup"},
  captionRole_image: {en: "image", tr: "görüntü"},
  captionRole_line: {en: "line", tr: "çizgi"},
  captionRole_path: {en: "path", tr: "yol"},
  captionRole_point: {en: "point", tr: "nokta"},
  captionRole_rect: {en: "rect", tr: "dikdörtgen"},
  captionRole_rule: {en: "rule", tr: "referans çizgisi"},
  captionRole_shape: {en: "shape", tr: "şekil"},
  captionRole_square: {en: "square", tr: "kare"},
  captionRole_symbol: {en: "symbol", tr: "simge"},
  captionRole_text: {en: "text", tr: "metin"},
  captionRole_tick: {en: "tick", tr: "çentik"},
  captionRole_trail: {en: "trail", tr: "iz"}
} satisfies Record<string, Text>;
