// What a run's quantization label means for the model: bytes per layer weight and which peak rate applies.

export interface Precision {
  /** The quantization label it was resolved from (bf16, fp8, awq, …). */
  label: string;
  /** Bytes per weight of the decoder layers' linear layers (embeddings, lm_head and norms stay bf16). */
  layerWeightBytes: number;
  /** Matmul data type whose peak bounds the compute time: fp8 only where the GPU has FP8 tensor cores. */
  math: "bf16" | "fp8";
}

/** Quantization label → precision. Scales and zero-points are left out: fewer bytes can only raise the ceiling. */
export const PRECISIONS: Record<string, Precision> = {
  bf16: {label: "bf16", layerWeightBytes: 2, math: "bf16"},
  fp16: {label: "fp16", layerWeightBytes: 2, math: "bf16"},
  fp8: {label: "fp8", layerWeightBytes: 1, math: "fp8"},
  awq: {label: "awq", layerWeightBytes: 0.5, math: "bf16"},
  gptq: {label: "gptq", layerWeightBytes: 0.5, math: "bf16"},
  int4: {label: "int4", layerWeightBytes: 0.5, math: "bf16"}
};

/** Label → precision; null, "", "none" and "auto" mean bf16; null for a label the model has no byte count for. */
export function knownPrecision(label: string | null | undefined): Precision | null {
  const key = (label ?? "").trim().toLowerCase();
  if (key === "" || key === "none" || key === "auto" || key === "bfloat16") return PRECISIONS.bf16;
  return Object.hasOwn(PRECISIONS, key) ? PRECISIONS[key] : null;
}

/** The quantization labels the ceiling model knows, as a finding lists them. */
export const KNOWN_PRECISIONS = Object.keys(PRECISIONS).join(", ");

/** Label → precision. Throws on an unknown label, naming the known ones. */
export function resolvePrecision(label: string | null | undefined): Precision {
  const precision = knownPrecision(label);
  if (!precision) throw new Error(`unknown quantization "${label}" (known: ${KNOWN_PRECISIONS})`);
  return precision;
}
