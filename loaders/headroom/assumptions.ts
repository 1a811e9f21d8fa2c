// What the headroom model assumes, in both report languages, for the Headroom page to list.
import {BINDING_RULE, DEFAULT_LINK_UTIL, DEFAULT_MBU, DEFAULT_MEM_UTIL, DEFAULT_MFU} from "./ceiling.js";

export interface Assumption {
  en: string;
  tr: string;
}

export const ASSUMPTIONS: Assumption[] = [
  {
    en: "One GPU serves the whole scenario, unless a run's server command states tensor, pipeline or data parallel sizes (then see below); the scenario table is for one GPU. Weights and KV cache are bf16 unless the run names a quantization; quantized runs store their decoder weights in fewer bytes (fp8: 1, AWQ/GPTQ: 0.5) while embeddings, the output head and norms stay bf16, and scales are not counted.",
    tr: "Bir çalıştırmanın sunucu komutu tensör, ardışık düzen (pipeline) ya da veri paralel boyutu belirtmedikçe senaryonun tamamını tek bir GPU karşılar (belirtiyorsa aşağıya bakın); senaryo tablosu tek GPU içindir. Çalıştırma bir nicemleme belirtmedikçe ağırlıklar ve KV önbelleği bf16'dır; nicemlenmiş çalıştırmalarda katman ağırlıkları daha az bayt tutar (fp8: 1, AWQ/GPTQ: 0,5), gömme katmanı, çıkış katmanı ve normlar bf16 kalır, ölçek değerleri sayılmaz."
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
    en: "Tensor and pipeline parallel (tp × pp GPUs): the GPUs pool their peak compute, memory bandwidth and memory, the weights are split among them without copies, and each KV head is kept on max(1, tp/K) GPUs (K KV heads), so tensor parallel beyond K stores and reads that many copies of the KV cache. The work is assumed to split evenly; pipeline bubbles and the extra weight reads of micro-batches are ignored.",
    tr: "Tensör ve ardışık düzen paraleli (tp × pp GPU): GPU'lar tepe hesaplama güçlerini, bellek bant genişliklerini ve belleklerini birleştirir; ağırlıklar kopyalanmadan aralarında bölünür ve her KV başı max(1, tp/K) GPU'da tutulur (K KV başı), bu yüzden K'yı aşan tensör paraleli KV önbelleğinin o kadar kopyasını saklar ve okur. İşin eşit bölündüğü varsayılır; ardışık düzen boşlukları ve mikro yığınların ek ağırlık okumaları yok sayılır."
  },
  {
    en: `The interconnect's cost (λ: one direction of the GPU's link in the GPU table): every processed token's hidden state (d values, bf16) is all-reduced twice per layer under tensor parallel, a ring sending 2(tp−1)/tp of it per GPU, and handed on once per pipeline stage; its time X/λ is a third lower bound beside F/Π and B/β. All-reduce latency, the logits' gather and the overlap of communication with compute are left out, which can only raise the ceiling; at small batches latency is a large part of a decode step. The realistic ceiling derates λ to ${DEFAULT_LINK_UTIL}, a stated choice.`,
    tr: `Bağlantının maliyeti (λ: GPU tablosundaki GPU bağlantısının tek yönü): tensör paralelde işlenen her tokenin gizli durumu (d değer, bf16) katman başına iki kez all-reduce edilir, halka yöntemi GPU başına bunun 2(tp−1)/tp kadarını gönderir; ardışık düzende her aşamada bir kez sonrakine aktarılır. Bunun süresi X/λ, F/Π ve B/β'nın yanında üçüncü bir alt sınırdır. All-reduce gecikmesi, logit'lerin toplanması ve iletişimin hesaplamayla örtüşmesi hesaba katılmaz; bu yalnızca tavanı yükseltebilir; küçük yığınlarda gecikme bir çözme adımının büyük bir kısmıdır. Gerçekçi tavan λ'yı ${String(DEFAULT_LINK_UTIL).replace(".", ",")} oranına indirir; bu belirtilmiş bir seçimdir.`
  },
  {
    en: "Data parallel (dp copies): each copy holds all the weights on its own tp × pp GPUs and serves an even share of the requests and of the concurrency; the busiest copy, with ⌈N/dp⌉ requests, sets the time, and the ceiling is all N requests' tokens over it. Copies are assumed not to slow each other (they share the host's CPUs, PCIe and power: --parallel's interference pairs measure that).",
    tr: "Veri paraleli (dp kopya): her kopya tüm ağırlıkları kendi tp × pp GPU'sunda tutar ve isteklerin ve eşzamanlılığın eşit bir payını karşılar; ⌈N/dp⌉ istekle en yüklü kopya süreyi belirler ve tavan, N isteğin tamamının tokenlarının bu süreye bölümüdür. Kopyaların birbirini yavaşlatmadığı varsayılır (sunucunun CPU'larını, PCIe'sini ve gücünü paylaşırlar: --parallel'in girişim çiftleri bunu ölçer)."
  },
  {
    en: `Binding resource: ${BINDING_RULE}.`,
    tr: "Bağlayıcı kaynak: F/Π ≥ B/β ise hesaplama; değilse n'nin bir KV kapasitesi terimi O−1'i aşıyorsa KV kapasitesi; aşmıyorsa bant genişliği; birden çok GPU'da X/λ ikisini de aşıyorsa bağlantı."
  },
  {
    en: "Peaks are boost-clock datasheet figures; a GPU at its power limit can run below them. Anything the model leaves out can only lower the true limit, so a run measured above its hard ceiling means the model or the data is wrong.",
    tr: "Tepe değerleri, veri sayfasındaki artırılmış saat hızı değerleridir; güç sınırındaki bir GPU bunların altında çalışabilir. Modelin dışarıda bıraktığı her şey gerçek sınırı yalnızca düşürebilir; bu yüzden sert tavanın üzerinde ölçülen bir çalıştırma, modelde ya da veride bir hata olduğunu gösterir."
  }
];
