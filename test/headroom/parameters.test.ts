import {describe, expect, it} from "vitest";
import {readModelConfig} from "../../loaders/headroom/model-config.js";
import {modelCounts, weightBytes} from "../../loaders/headroom/parameters.js";
import {PRECISIONS} from "../../loaders/headroom/precision.js";
import {TINY} from "./tiny-config.js";

describe("Qwen3-32B counts from its config.json", () => {
  const counts = modelCounts(readModelConfig("data/models/qwen3-32b.config.json"));

  it("reproduces the published safetensors parameter count exactly", () => {
    expect(counts.totalParams).toBe(32_762_123_264);
  });

  it("has the per-layer, layer and embedding counts of headroom-model.md §2", () => {
    expect(counts.layerParams).toBe(487_598_336);
    expect(counts.layersParams).toBe(31_206_293_504);
    expect(counts.embeddingParams).toBe(777_912_320);
    // Model card: 31.2B non-embedding.
    expect(counts.nonEmbeddingParams).toBe(31_206_298_624);
  });

  it("stores 256 KiB of bf16 KV per token and costs 2.10 MFLOP per attention pair", () => {
    expect(counts.kvBytesPerToken).toBe(262_144);
    expect(counts.attentionFlopsPerPair).toBe(2_097_152);
  });

  it("streams 63.97 GB of weights per iteration and keeps 65.52 GB resident in bf16", () => {
    const bytes = weightBytes(counts, readModelConfig("qwen3-32b"));
    expect(bytes.streamedPerStep).toBe((31_206_293_504 + 777_912_320) * 2);
    expect(bytes.streamedPerStep).toBe(63_968_411_648);
    expect(bytes.resident).toBe(32_762_123_264 * 2);
  });

  it("halves the decoder weights for fp8 and quarters them for AWQ, keeping embeddings and norms bf16", () => {
    const dims = readModelConfig("qwen3-32b");
    const norms = 64 * (2 * 5120 + 2 * 128);
    const linear = 31_206_293_504 - norms;
    expect(weightBytes(counts, dims, PRECISIONS.fp8).streamedPerStep).toBe(linear + norms * 2 + 777_912_320 * 2);
    expect(weightBytes(counts, dims, PRECISIONS.awq).resident).toBe(
      linear * 0.5 + norms * 2 + 2 * 777_912_320 * 2 + 5120 * 2
    );
  });
});

describe("Qwen3-14B and Qwen3-8B", () => {
  it("match the model cards' 14.8B / 13.2B and 8.2B headlines", () => {
    const c14 = modelCounts(readModelConfig("qwen3-14b"));
    // 40 × (2·5120·40·128 + 2·5120·8·128 + 3·5120·17408 + 2·5120 + 2·128) + 2·151936·5120 + 5120
    expect(c14.layerParams).toBe(52_428_800 + 10_485_760 + 267_386_880 + 10_240 + 256);
    expect(c14.totalParams).toBe(14_768_307_200);
    expect(c14.nonEmbeddingParams).toBe(13_212_482_560);
    expect(c14.kvBytesPerToken).toBe(2 * 40 * 8 * 128 * 2);
    const c8 = modelCounts(readModelConfig("qwen3-8b"));
    expect(c8.layerParams).toBe(2 * 4096 * 32 * 128 + 2 * 4096 * 8 * 128 + 3 * 4096 * 12288 + 2 * 4096 + 2 * 128);
    expect(c8.totalParams).toBe(8_190_735_360);
    expect(c8.kvBytesPerToken).toBe(147_456);
  });
});

describe("a tiny configuration counted by hand", () => {
  const counts = modelCounts(TINY);

  it("counts parameters term by term", () => {
    // q,o: 2·4·2·2 = 32; k,v: 2·4·1·2 = 16; SwiGLU: 3·4·8 = 96; norms: 2·4 = 8; q/k norms: 2·2 = 4.
    expect(counts.layerParams).toBe(156);
    expect(counts.layersParams).toBe(312);
    expect(counts.embeddingParams).toBe(40);
    // 312 + 2·40 + final norm 4
    expect(counts.totalParams).toBe(396);
    expect(counts.attentionFlopsPerPair).toBe(4 * 2 * 2 * 2);
    expect(counts.kvBytesPerToken).toBe(2 * 2 * 1 * 2 * 2);
  });

  it("counts one embedding matrix when tied, and no q/k norms for llama", () => {
    const tied = modelCounts({...TINY, tiedEmbeddings: true});
    expect(tied.totalParams).toBe(312 + 40 + 4);
    const llama = modelCounts({...TINY, qkNorm: false});
    expect(llama.layerParams).toBe(152);
  });

  it("streams layers + lm_head per step and keeps everything resident", () => {
    expect(weightBytes(counts, TINY)).toEqual({resident: 792, streamedPerStep: 704});
  });
});
