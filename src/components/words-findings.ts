// The words of the findings the library writes in English (loaders/finding.ts): each entry's English is its form
// there, held equal by the type below.
import type {FindingForms} from "../../loaders/finding.js";

export const FINDING_WORDS = {
  finding_servedModelDiffers: {
    en: "the server command serves '{served}' but the run is recorded as '{model}' (study model {study}); the published command may be a typo, or the run measured another model",
    tr: "sunucu komutu '{served}' modelini sunuyor ama koşu '{model}' olarak kaydedilmiş (çalışmanın modeli {study}); yayımlanan komutta bir yazım hatası olabilir ya da koşu başka bir modeli ölçmüş olabilir"
  },
  finding_metricWindow: {
    en: "{metric} is printed as {printed} but {formula} = {computed}: the tool measured it over {window} s, not the {duration} s it prints as the duration",
    tr: "{metric} {printed} olarak yazılmış ama {formula} = {computed}: araç onu süre diye yazdığı {duration} sn üzerinden değil, {window} sn üzerinden ölçmüş"
  },
  finding_metricInconsistent: {
    en: "{metric} is printed as {printed} but {formula} = {computed}",
    tr: "{metric} {printed} olarak yazılmış ama {formula} = {computed}"
  },
  finding_requestsOverPlan: {
    en: "{completed} requests completed of {planned} planned",
    tr: "planlanan {planned} isteğe karşı {completed} istek tamamlandı"
  },
  finding_requestsOverPlanFailed: {
    en: "{completed} requests completed and {failed} failed of {planned} planned",
    tr: "planlanan {planned} isteğe karşı {completed} istek tamamlandı, {failed} istek başarısız oldu"
  },
  finding_requestsFailed: {
    en: "{failed} of {total} requests failed",
    tr: "{total} isteğin {failed} tanesi başarısız oldu"
  },
  finding_inputTokensBelow: {
    en: "{metric} is {printed}, {off}% below {completed} requests × {length} input tokens = {wanted}",
    tr: "{metric} {printed}: {completed} istek × {length} girdi tokeni = {wanted} değerinin %{off} altında"
  },
  finding_inputTokensAbove: {
    en: "{metric} is {printed}, {off}% above {completed} requests × {length} input tokens = {wanted}",
    tr: "{metric} {printed}: {completed} istek × {length} girdi tokeni = {wanted} değerinin %{off} üstünde"
  },
  finding_outputTokensAbove: {
    en: "{metric} is {printed}, {off}% above {completed} requests × {length} output tokens = {wanted}",
    tr: "{metric} {printed}: {completed} istek × {length} çıktı tokeni = {wanted} değerinin %{off} üstünde"
  },
  finding_outputTokensBelow: {
    en: "{metric} is {printed}, {off}% below {completed} requests × {length} output tokens = {wanted} (requests stopped early: the benchmark was likely run without --ignore-eos)",
    tr: "{metric} {printed}: {completed} istek × {length} çıktı tokeni = {wanted} değerinin %{off} altında (istekler erken durdu: benchmark büyük olasılıkla --ignore-eos olmadan koşuldu)"
  },
  finding_inputsDiffer: {
    en: "scenario {scenario}: total_input_tokens {tokens} differs from the other runs' {usual}; the runs did not send the same prompts",
    tr: "{scenario} senaryosu: total_input_tokens {tokens}, diğer koşuların {usual} değerinden farklı; koşular aynı istemleri göndermedi"
  },
  finding_recommendedNotWinner: {
    en: "step {step}: candidate '{candidate}' is marked recommended but is not the selection winner '{winner}' ({command}) with arguments added",
    tr: "{step} adımı: '{candidate}' adayı önerilen olarak işaretli ama seçimin kazananı '{winner}' ({command}) yapılandırmasının argüman eklenmiş hali değil"
  },
  finding_headlineNotRecommended: {
    en: "scenario {scenario}: step {step}'s candidate '{candidate}' is not the recommended configuration '{winner}' (with arguments added); left out of the headline",
    tr: "{scenario} senaryosu: {step} adımının '{candidate}' adayı önerilen yapılandırma '{winner}' (argüman eklenmiş haliyle) değil; özet karşılaştırmanın dışında bırakıldı"
  },
  finding_headlineIncomplete: {
    en: "scenario {scenario}: no {metric} for {run}; left out of the headline",
    tr: "{scenario} senaryosu: {run} için {metric} yok; özet karşılaştırmanın dışında bırakıldı"
  },
  finding_notANumber: {
    en: '"{label}:" prints {word}, not a number: kept as text',
    tr: '"{label}:" sayı değil, {word} yazıyor: metin olarak saklandı'
  },
  finding_bannerless: {
    en: 'lines {first}-{last} hold a result block without its "Serving Benchmark Result" banner, from its first line to its closing rule: read as whole',
    tr: '{first}-{last}. satırlar "Serving Benchmark Result" başlığı olmayan bir sonuç bloğu tutuyor, ilk satırından kapanış çizgisine kadar: bütün olarak okundu'
  },
  finding_impossiblePeak: {
    en: "{metric} cannot be true: a peak of {peak} output tokens/s is more than the {tokens} tokens generated in the whole {duration} s run; kept as text, in no mean",
    tr: "{metric} doğru olamaz: saniyede {peak} çıktı tokenlik tepe, {duration} sn süren koşunun tamamında üretilen {tokens} tokenden fazla; metin olarak saklandı, hiçbir ortalamada yok"
  },
  finding_impossibleConcurrency: {
    en: "{metric} cannot be true: {concurrent} requests at once is more than the {sent} requests sent; kept as text, in no mean",
    tr: "{metric} doğru olamaz: aynı anda {concurrent} istek, gönderilen {sent} istekten fazla; metin olarak saklandı, hiçbir ortalamada yok"
  },
  finding_partialResult: {
    en: "the result accounts for {sent} of the {planned} requests its workload sends ({completed} completed); the other {missing} are in none of its figures",
    tr: "sonuç, iş yükünün gönderdiği {planned} isteğin {sent} tanesini kapsıyor ({completed} tamamlandı); kalan {missing} istek hiçbir değerinde yok"
  },
  finding_partialResultFailed: {
    en: "the result accounts for {sent} of the {planned} requests its workload sends ({completed} completed, {failed} failed); the other {missing} are in none of its figures",
    tr: "sonuç, iş yükünün gönderdiği {planned} isteğin {sent} tanesini kapsıyor ({completed} tamamlandı, {failed} başarısız); kalan {missing} istek hiçbir değerinde yok"
  },
  finding_placeholder: {
    en: "placeholder {value}: fill in the real value",
    tr: "yer tutucu {value}: gerçek değeri yazın"
  },
  finding_decisionDefault: {
    en: "selection step '{step}' has {count} scenarios and no 'decision'; the geometric mean of the ratios to the incumbent decides",
    tr: "'{step}' seçim adımının {count} senaryosu var ve 'decision' yok; kararı, o ana kadarki en iyiye oranların geometrik ortalaması veriyor"
  },
  finding_baselineMissing: {
    en: "the baseline run {run} has no {metric}; gains cannot be computed",
    tr: "temel koşu {run} için {metric} yok; kazançlar hesaplanamıyor"
  },
  finding_decisionIncomplete: {
    en: "step {step}: no candidate has a {metric} ratio to the incumbent on every scenario ({scenarios}), so the geometric mean cannot decide",
    tr: "{step} adımı: hiçbir adayın her senaryoda ({scenarios}) o ana kadarki en iyiye {metric} oranı yok, bu yüzden geometrik ortalama karar veremiyor"
  },
  finding_baselineOutsideSlo: {
    en: "the baseline ({label}) is {reason}; the steps decide among the candidates that meet the SLO, and no gain over the baseline can be given",
    tr: "temel yapılandırma ({label}) {reason}; adımlar SLO'yu karşılayan adaylar arasından seçer, temel yapılandırmaya göre kazanç verilemez"
  },
  finding_headroomQuantizationAssumed: {
    en: "{key}: its quantization is not recorded (quantization in study.yaml), so its ceilings assume bf16",
    tr: "{key}: nicemlemesi kaydedilmemiş (study.yaml'da quantization), bu yüzden tavanları bf16 varsayar"
  },
  finding_headroomPrecisionUnknown: {
    en: '{key}: no ceiling for its runs, since its quantization "{label}" is not one the ceiling model knows ({known})',
    tr: '{key}: koşularının tavanı yok, çünkü "{label}" nicemlemesi tavan modelinin bildiklerinden biri değil ({known})'
  },
  finding_headroomRunPrecisionUnknown: {
    en: '{run}: no ceiling, since its quantization "{label}" is not one the ceiling model knows ({known})',
    tr: '{run}: tavan yok, çünkü "{label}" nicemlemesi tavan modelinin bildiklerinden biri değil ({known})'
  },
  finding_aboveCeiling: {
    en: "measured total token throughput is {ratio}× the hard ceiling of {ceiling} tok/s ({gpu}, {precision}, N={prompts}, I={input}, O={output}): the model or the data is wrong",
    tr: "ölçülen toplam token işlem hacmi, {ceiling} tok/s olan kesin tavanın {ratio} katı ({gpu}, {precision}, N={prompts}, I={input}, O={output}): ya model ya da veri yanlış"
  },
  finding_atPath: {en: "{path}: {message}", tr: "{path}: {message}"}
} satisfies {[K in keyof FindingForms as `finding_${K & string}`]: {en: FindingForms[K]; tr: string}};
