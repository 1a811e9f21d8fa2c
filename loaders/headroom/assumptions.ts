// What the headroom model assumes, in both report languages, for the Headroom page to list.
import {BINDING_RULE, DEFAULT_MBU, DEFAULT_MEM_UTIL, DEFAULT_MFU} from "./ceiling.js";

export interface Assumption {
  en: string;
  tr: string;
}

export const ASSUMPTIONS: Assumption[] = [
  {
    en: "One GPU serves the whole scenario. Weights and KV cache are bf16 unless the run names a quantization; quantized runs store their decoder weights in fewer bytes (fp8: 1, AWQ/GPTQ: 0.5) while embeddings, the output head and norms stay bf16, and scales are not counted.",
    tr: "Senaryonun tamamını tek bir GPU karşılar. Çalıştırma bir nicemleme belirtmedikçe ağırlıklar ve KV önbelleği bf16'dır; nicemlenmiş çalıştırmalarda katman ağırlıkları daha az bayt tutar (fp8: 1, AWQ/GPTQ: 0,5), gömme katmanı, çıkış katmanı ve normlar bf16 kalır, ölçek değerleri sayılmaz."
  },
  {
    en: "Compute is bounded by the dense tensor-core peak from the datasheet (no 2:4 sparsity). FP8 math is allowed only where the GPU has FP8 tensor cores; on the A100 an FP8 checkpoint is bounded by the BF16 peak.",
    tr: "Hesaplama, veri sayfasındaki yoğun (2:4 seyreklik olmadan) tensör çekirdeği tepe değeriyle sınırlanır. FP8 hesap yalnızca FP8 tensör çekirdeği olan GPU'larda kabul edilir; A100'de FP8 bir model BF16 tepe değeriyle sınırlanır."
  },
  {
    en: "Only matrix multiplications are counted: 2 FLOPs per parameter per processed token, the output head for each emitted token, and 4·L·H·h FLOPs per causal (query, key) pair. Norms, activations, rotary embeddings and sampling are ignored, which can only raise the ceiling.",
    tr: "Yalnızca matris çarpımları sayılır: işlenen her token için parametre başına 2 FLOP, üretilen her token için çıkış katmanı ve nedensel her (sorgu, anahtar) çifti için 4·L·H·h FLOP. Normlar, aktivasyonlar, döner konum kodlaması ve örnekleme yok sayılır; bu yalnızca tavanı yükseltebilir."
  },
  {
    en: "Every decode iteration reads all layer weights and the output head from HBM once, and every decoding token reads its own sequence's full KV cache. Activations, FlashAttention re-reads and the KV of prefills still in flight are ignored.",
    tr: "Her çözme (decode) adımı tüm katman ağırlıklarını ve çıkış katmanını HBM'den bir kez okur; çözülen her token kendi dizisinin KV önbelleğinin tamamını okur. Aktivasyon trafiği, FlashAttention'ın yeniden okumaları ve süren ön doldurmaların (prefill) KV'si yok sayılır."
  },
  {
    en: "Prefill is allowed to ride along with decode iterations for free (perfect overlap); the no-overlap figure removes that freedom and is a diagnostic, not a bound.",
    tr: "Ön doldurmanın (prefill) çözme adımlarına ek maliyetsiz eşlik ettiği (tam örtüşme) varsayılır; örtüşmesiz değer bu serbestliği kaldırır ve bir sınır değil, tanı amaçlı bir göstergedir."
  },
  {
    en: `The KV cache may use ${DEFAULT_MEM_UTIL} of the memory the CUDA runtime reports, minus the weights, with no reserve for activations or CUDA graphs. Real engines keep less, so the KV-capacity limit here is optimistic.`,
    tr: `KV önbelleği, CUDA çalışma ortamının bildirdiği belleğin ${String(DEFAULT_MEM_UTIL).replace(".", ",")} kadarından ağırlıklar düşüldükten sonra kalanı kullanabilir; aktivasyonlar ve CUDA grafları için pay ayrılmaz. Gerçek motorlar daha azını ayırır, bu nedenle buradaki KV kapasitesi sınırı iyimserdir.`
  },
  {
    en: "Each sequence gains at most one token per iteration (no speculative decoding), prompts share no prefix (no prefix-cache hits) and nothing is preempted or recomputed.",
    tr: "Her dizi adım başına en fazla bir token kazanır (spekülatif çözme yok), istemler ortak önek paylaşmaz (önek önbelleği isabeti yok) ve hiçbir istek kesintiye uğramaz ya da yeniden hesaplanmaz."
  },
  {
    en: "A run is modelled with its actual token totals: I and O are the mean input and output lengths (total / completed requests). For ShareGPT this understates attention work, since the mean of squared lengths exceeds the square of the mean, and it ignores long output tails.",
    tr: "Bir çalıştırma gerçek token toplamlarıyla modellenir: I ve O ortalama girdi ve çıktı uzunluklarıdır (toplam / tamamlanan istek). ShareGPT'de bu, uzunlukların karelerinin ortalaması ortalamanın karesinden büyük olduğu için dikkat işini olduğundan az gösterir ve uzun çıktı kuyruklarını hesaba katmaz."
  },
  {
    en: `The realistic ceiling derates the peaks to ${DEFAULT_MFU} of compute (MFU) and ${DEFAULT_MBU} of bandwidth (MBU); these are stated choices, not measurements.`,
    tr: `Gerçekçi tavan, tepe değerleri hesaplamada ${String(DEFAULT_MFU).replace(".", ",")} (MFU) ve bant genişliğinde ${String(DEFAULT_MBU).replace(".", ",")} (MBU) oranına indirir; bunlar ölçüm değil, belirtilmiş seçimlerdir.`
  },
  {
    en: `Binding resource: ${BINDING_RULE}.`,
    tr: "Bağlayıcı kaynak: F/Π ≥ B/β ise hesaplama; değilse n'nin bir KV kapasitesi terimi O−1'i aşıyorsa KV kapasitesi; aşmıyorsa bant genişliği."
  },
  {
    en: "Peaks are boost-clock datasheet figures; a GPU at its power limit can run below them. Anything the model leaves out can only lower the true limit, so a run measured above its hard ceiling means the model or the data is wrong.",
    tr: "Tepe değerleri, veri sayfasındaki artırılmış saat hızı değerleridir; güç sınırındaki bir GPU bunların altında çalışabilir. Modelin dışarıda bıraktığı her şey gerçek sınırı yalnızca düşürebilir; bu yüzden sert tavanın üzerinde ölçülen bir çalıştırma, modelde ya da veride bir hata olduğunu gösterir."
  }
];
