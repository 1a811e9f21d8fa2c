// Parameter, FLOP-per-token and byte-per-token counts of a model (headroom-model.md §2).
import type {ModelDims} from "./model-config.js";
import {PRECISIONS, type Precision} from "./precision.js";

/** Bytes of one bf16 element (weights that are not quantized, and the KV cache). */
export const BF16_BYTES = 2;

export interface ModelCounts {
  /** P_layer = 2dHh (q,o) + 2dKh (k,v) + 3df (SwiGLU) + 2d (norms) + 2h (q/k norms, where the family has them). */
  layerParams: number;
  /** P_L = L · P_layer */
  layersParams: number;
  /** P_emb = V · d (one embedding matrix). */
  embeddingParams: number;
  /** P_total = P_L + (1 or 2) · P_emb + d (final norm). */
  totalParams: number;
  /** P_total without the embedding matrices. */
  nonEmbeddingParams: number;
  /** 4 · L · H · h: FLOPs of one (query, key) pair of attention (QKᵀ and PV, 2 per MAC). */
  attentionFlopsPerPair: number;
  /** 2 · L · K · h · bytes: K and V of one token, all layers. */
  kvBytesPerToken: number;
}

export function modelCounts(dims: ModelDims, kvElementBytes = BF16_BYTES): ModelCounts {
  const {hidden: d, ffn: f, layers: L, heads: H, kvHeads: K, headDim: h, vocab: V} = dims;
  const layerParams = 2 * d * H * h + 2 * d * K * h + 3 * d * f + 2 * d + (dims.qkNorm ? 2 * h : 0);
  const layersParams = L * layerParams;
  const embeddingParams = V * d;
  const embeddingMatrices = dims.tiedEmbeddings ? 1 : 2;
  const totalParams = layersParams + embeddingMatrices * embeddingParams + d;
  return {
    layerParams,
    layersParams,
    embeddingParams,
    totalParams,
    nonEmbeddingParams: totalParams - embeddingMatrices * embeddingParams,
    attentionFlopsPerPair: 4 * L * H * h,
    kvBytesPerToken: 2 * L * K * h * kvElementBytes
  };
}

export interface WeightBytes {
  /** Bytes the weights occupy in GPU memory (every matrix once, norms included). */
  resident: number;
  /** W = bytes read per forward iteration: the layers and the lm_head; the input embedding is a gather. */
  streamedPerStep: number;
}

export function weightBytes(counts: ModelCounts, dims: ModelDims, precision: Precision = PRECISIONS.bf16): WeightBytes {
  // Norm weights (2d + 2h per layer, d final) stay bf16 under every quantization; they are a rounding error here.
  const layerNorms = dims.layers * (2 * dims.hidden + (dims.qkNorm ? 2 * dims.headDim : 0));
  const layerBytes = (counts.layersParams - layerNorms) * precision.layerWeightBytes + layerNorms * BF16_BYTES;
  const embeddingBytes = counts.embeddingParams * BF16_BYTES;
  const embeddingMatrices = dims.tiedEmbeddings ? 1 : 2;
  return {
    resident: layerBytes + embeddingMatrices * embeddingBytes + dims.hidden * BF16_BYTES,
    streamedPerStep: layerBytes + embeddingBytes
  };
}
