// The Headroom sentences the numbers decide: why a resource binds, and how far a gain moves toward the ceiling.
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {Finding} from "../../loaders/finding.js";
import {formatCount, formatFixed, formatPercent, formatShare} from "./format.js";
import {t, type Lang} from "./i18n.js";
import type {Binding, HeadroomHeadline} from "./headroomRuns.js";

export function bindingName(binding: Binding, lang: Lang): string {
  return t(`binding_${binding}`, lang);
}

/** One sentence on why the scenario's binding resource binds, with the model's times and capacities. */
export function bindingSentence(scenario: HeadroomScenario, lang: Lang): string {
  const compute = `${formatFixed(scenario.compute_s)} s`;
  const memory = `${formatFixed(scenario.memory_s)} s`;
  const kv = formatCount(scenario.kv_capacity_tokens);
  const n = scenario.max_concurrent;
  const sequences = lang === "tr" ? `${formatCount(n)} dizi` : n === 1 ? "one sequence" : `${formatCount(n)} sequences`;
  if (lang === "tr") {
    switch (scenario.binding) {
      case "compute":
        return `Hesaplama bağlayıcı: senaryonun matris işlemleri tepe hızda ${compute} sürüyor, ağırlıkları ve KV önbelleğini bellekten okumak ise ${memory}; KV önbelleği (${kv} token) bu uzunlukta aynı anda ${sequences} tutabiliyor.`;
      case "bandwidth":
        return `Bellek bant genişliği bağlayıcı: ağırlıkları ve KV önbelleğini bellekten okumak tepe hızda ${memory} sürüyor ve matris işlemlerinin ${compute} süresini aşıyor; KV önbelleği (${kv} token) aynı anda ${sequences} tutabildiği için kapasite çözmeyi yavaşlatmıyor.`;
      case "kv-capacity":
        return `KV önbellek kapasitesi bağlayıcı: KV önbelleği yalnızca ${kv} token, yani bu uzunlukta aynı anda ${sequences} tutabiliyor; bu yüzden çözme ağırlıkların bellekten daha çok kez okunmasını gerektiriyor ve bellek trafiği (${memory}) matris işlemlerini (${compute}) geçiyor.`;
      case "interconnect":
        return `GPU'lar arası bağlantı bağlayıcı: GPU'ların her işlenen token için birbirine gönderdiği ara sonuçlar, matris işlemlerinden (${compute}) ve bellek trafiğinden (${memory}) uzun sürüyor.`;
    }
  }
  switch (scenario.binding) {
    case "compute":
      return `Compute binds: at peak, the scenario's matrix work takes ${compute}, longer than the ${memory} it takes to read the weights and KV cache from memory; the KV cache (${kv} tokens) holds ${sequences} of this length at once.`;
    case "bandwidth":
      return `Memory bandwidth binds: reading the weights and KV cache from memory takes ${memory} at peak, longer than the ${compute} of matrix work, and the KV cache (${kv} tokens) holds ${sequences} at once, so capacity does not hold decoding back.`;
    case "kv-capacity":
      return `KV-cache capacity binds: the KV cache holds only ${kv} tokens, ${sequences} of this length at once, so decoding has to stream the weights more often and memory traffic (${memory}) outweighs the matrix work (${compute}).`;
    case "interconnect":
      return `The GPU interconnect binds: what the GPUs hand each other for every processed token takes longer than the matrix work (${compute}) and the memory traffic (${memory}).`;
  }
}

/** What each resource means, for the resources that bind somewhere in the study. */
export function bindingMeaning(binding: Binding, lang: Lang): string {
  const meanings: Record<Binding, Record<Lang, string>> = {
    compute: {
      en: "the tensor cores' peak rate of matrix arithmetic is the limit; more memory bandwidth would not raise the ceiling.",
      tr: "sınır, tensör çekirdeklerinin en yüksek matris hesaplama hızıdır; daha fazla bellek bant genişliği tavanı yükseltmez."
    },
    bandwidth: {
      en: "reading the weights and the KV cache from GPU memory takes longer than the arithmetic on them.",
      tr: "ağırlıkları ve KV önbelleğini GPU belleğinden okumak, üzerlerindeki hesaplamadan uzun sürer."
    },
    "kv-capacity": {
      en: "too few sequences fit in the KV cache at once to batch decoding fully, so the weights are read more often.",
      tr: "KV önbelleğine aynı anda çözmeyi tam dolduracak kadar dizi sığmaz, bu yüzden ağırlıklar daha sık okunur."
    },
    interconnect: {
      en: "a server of several GPUs exchanges each processed token's hidden state over the link between them (tensor-parallel all-reduces), and that takes longer than the arithmetic and the memory traffic.",
      tr: "birden çok GPU'lu bir sunucu, işlenen her tokenin gizli durumunu aralarındaki bağlantı üzerinden paylaşır (tensör paralel all-reduce) ve bu, hesaplamadan ve bellek trafiğinden uzun sürer."
    }
  };
  return meanings[binding][lang];
}

/** How far the headline's change moves the configuration toward its ceiling, in points of the ceiling. */
export function ceilingGapSentence(headline: HeadroomHeadline, lang: Lang): string {
  const {baselineRatio, recommendedRatio, pointsGained, pointsToCeiling} = headline;
  if (baselineRatio == null || recommendedRatio == null || pointsGained == null || pointsToCeiling == null) return "";
  const base = formatShare(baselineRatio);
  const recommended = formatShare(recommendedRatio);
  const change = formatPercent(headline.changePercent);
  const points = formatFixed(Math.abs(pointsGained), 1);
  const gap = formatFixed(pointsToCeiling, 1);
  if (lang === "tr")
    return pointsGained >= 0
      ? `Temel yapılandırma sert tavanının ${base} kadarına, önerilen yapılandırma ${recommended} kadarına ulaşıyor: işlem hacmindeki ${change} değişim, temel yapılandırmayı tavandan ayıran ${gap} puanlık farkın ${points} puanını kapatıyor.`
      : `Temel yapılandırma sert tavanının ${base} kadarına, önerilen yapılandırma ${recommended} kadarına ulaşıyor: işlem hacmindeki ${change} değişim, yapılandırmayı tavandan ${points} puan uzaklaştırıyor.`;
  return pointsGained >= 0
    ? `The baseline reaches ${base} of its hard ceiling and the recommended configuration ${recommended}: the ${change} throughput change covers ${points} of the ${gap} percentage points that separated the baseline from the ceiling.`
    : `The baseline reaches ${base} of its hard ceiling and the recommended configuration ${recommended}: the ${change} throughput change moves ${points} percentage points further from the ceiling.`;
}

/** Why the study has no headroom, from the finding the loader left. */
export function headroomUnavailableText(report: {findings: readonly Finding[]}, lang: Lang): string {
  const finding = report.findings.find((f) => f.code === "headroom-unavailable");
  const reason =
    finding?.text?.[lang] ?? finding?.message ?? (lang === "tr" ? "neden kaydedilmemiş" : "no reason was recorded");
  return lang === "tr"
    ? `Bu çalışma için iyileştirme payı hesaplanmadı: ${reason}.`
    : `No headroom is computed for this study: ${reason}.`;
}
