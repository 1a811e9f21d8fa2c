import {describe, expect, it} from "vitest";
import {parseModelConfig, readModelConfig, resolveModelConfigPath} from "../../loaders/headroom/model-config.js";

const BASE = {
  model_type: "qwen3",
  hidden_size: 4,
  intermediate_size: 8,
  num_hidden_layers: 2,
  num_attention_heads: 2,
  vocab_size: 10,
  tie_word_embeddings: false
};
const text = (config: object) => JSON.stringify(config, null, 2);

describe("model config reader", () => {
  it("reads the shipped Qwen3 configs with their real field values", () => {
    const dims = readModelConfig("qwen3-32b");
    expect(dims).toMatchObject({
      modelType: "qwen3",
      architecture: "Qwen3ForCausalLM",
      hidden: 5120,
      ffn: 25600,
      layers: 64,
      heads: 64,
      kvHeads: 8,
      headDim: 128,
      vocab: 151936,
      tiedEmbeddings: false,
      qkNorm: true,
      maxPositions: 40960,
      dtype: "bfloat16"
    });
    expect(readModelConfig("Qwen3-14B")).toMatchObject({hidden: 5120, ffn: 17408, layers: 40, heads: 40, kvHeads: 8});
    expect(readModelConfig("data/models/qwen3-8b.config.json")).toMatchObject({
      hidden: 4096,
      ffn: 12288,
      layers: 36,
      heads: 32
    });
  });

  it("defaults head_dim to hidden/heads and kv heads to heads, as Hugging Face does", () => {
    const dims = parseModelConfig(text({...BASE, model_type: "llama"}), "x.json");
    expect(dims.headDim).toBe(2);
    expect(dims.kvHeads).toBe(2);
    expect(dims.qkNorm).toBe(false);
  });

  it("names the file and the missing field", () => {
    const {intermediate_size: _, ...noFfn} = BASE;
    expect(() => parseModelConfig(text(noFfn), "m/config.json")).toThrow(
      /^m\/config\.json: missing field "intermediate_size"$/
    );
    const {tie_word_embeddings: __, ...noTie} = BASE;
    expect(() => parseModelConfig(text(noTie), "c.json")).toThrow(/c\.json: missing field "tie_word_embeddings"/);
  });

  it("names the line of a bad value", () => {
    const bad = text({...BASE, num_hidden_layers: "64"});
    // `{` is line 1, model_type line 2, hidden_size 3, intermediate_size 4, num_hidden_layers 5.
    expect(() => parseModelConfig(bad, "c.json")).toThrow(
      /^c\.json:5: "num_hidden_layers" must be a positive integer, got "64"$/
    );
  });

  it("names the line of a JSON syntax error", () => {
    expect(() => parseModelConfig('{\n  "hidden_size": 4,\n  oops\n}', "c.json")).toThrow(/^c\.json:3: not valid JSON/);
  });

  it("refuses what the count does not model", () => {
    expect(() => parseModelConfig(text({...BASE, model_type: "qwen2"}), "c.json")).toThrow(
      /model_type "qwen2" is not supported \(supported: qwen3, llama, mistral\)/
    );
    expect(() => parseModelConfig(text({...BASE, num_experts: 128}), "c.json")).toThrow(/mixture-of-experts/);
    expect(() => parseModelConfig(text({...BASE, attention_bias: true}), "c.json")).toThrow(
      /c\.json:\d+: "attention_bias": true is not modelled/
    );
    expect(() => parseModelConfig(text({...BASE, num_key_value_heads: 3}), "c.json")).toThrow(
      /not a multiple of num_key_value_heads 3/
    );
  });

  it("lists the shipped models when a name is unknown", () => {
    expect(() => resolveModelConfigPath("qwen3-70b")).toThrow(/known: qwen3-32b, qwen3-14b, qwen3-8b/);
  });
});
