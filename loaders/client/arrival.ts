// vLLM's request arrival process: all at once (rate inf), Poisson (burstiness 1) or gamma gaps, seeded with numpy's
// legacy global generator as `vllm bench serve` seeds it, then rescaled so the last arrival lands at n / rate.
import {NumpyLegacyRandom} from "./rng-mt19937.js";

/** Seconds from the start at which each request arrives. */
export function arrivalOffsets(count: number, requestRate: number, burstiness: number, seed: number): number[] {
  if (!(burstiness > 0)) throw new Error(`--burstiness must be positive, got ${burstiness}`);
  if (!(requestRate > 0)) throw new Error(`--request-rate must be positive or inf, got ${requestRate}`);
  if (count <= 0) return [];
  const delays: number[] = [];
  const rng = new NumpyLegacyRandom(seed);
  for (let i = 0; i < count; i++) {
    if (requestRate === Infinity) delays.push(0);
    else if (burstiness === Infinity) delays.push(1 / requestRate);
    else delays.push(rng.gamma(burstiness, 1 / (requestRate * burstiness)));
  }
  for (let i = 1; i < count; i++) delays[i] += delays[i - 1];
  const last = delays[count - 1];
  if (last !== 0) {
    const factor = count / requestRate / last;
    for (let i = 0; i < count; i++) delays[i] *= factor;
  }
  return delays;
}
