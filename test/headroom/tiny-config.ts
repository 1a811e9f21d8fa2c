// A qwen3-shaped toy small enough to count by hand in the tests.
import {parseModelConfig, type ModelDims} from "../../loaders/headroom/model-config.js";

/** d=4, ffn=8, L=2, H=2, K=1, h=2, V=10, untied, with q/k norms (a qwen3-shaped toy). */
export const TINY: ModelDims = parseModelConfig(
  JSON.stringify({
    model_type: "qwen3",
    architectures: ["Qwen3ForCausalLM"],
    hidden_size: 4,
    intermediate_size: 8,
    num_hidden_layers: 2,
    num_attention_heads: 2,
    num_key_value_heads: 1,
    head_dim: 2,
    vocab_size: 10,
    tie_word_embeddings: false
  }),
  "tiny.config.json"
);
