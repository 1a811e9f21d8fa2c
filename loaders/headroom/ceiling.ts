// The physical ceiling on total token throughput for a scenario on one GPU (headroom-model.md §2), and on a server of
// several: tensor and pipeline parallel split the weights and the KV cache over GPUs joined by their interconnect,
// data parallel runs copies side by side, each with its share of the requests.
import {peakFlops, type Gpu} from "./gpus.js";
import type {ModelDims} from "./model-config.js";
import {modelCounts, weightBytes, type ModelCounts, type WeightBytes} from "./parameters.js";
import {PRECISIONS, type Precision} from "./precision.js";

/** N requests of I input and O output tokens; I and O may be means (non-integer), O ≥ 1. */
export interface Scenario {
  numPrompts: number;
  inputLen: number;
  outputLen: number;
}

export interface CeilingOptions {
  /** Fraction of GPU memory the engine may use for weights + KV (vLLM's default 0.90). */
  memUtil?: number;
  /** Model FLOP utilisation of the realistic variant. */
  mfu?: number;
  /** Memory bandwidth utilisation of the realistic variant. */
  mbu?: number;
  precision?: Precision;
  /** Requests in flight at most (a concurrency ladder's level): the batch that decodes together is capped at it. */
  concurrency?: number;
  /** The server's parallel degrees (tensor, pipeline, data); 1 each by default: one GPU. */
  parallel?: Partial<Parallel>;
  /** Interconnect bandwidth utilisation of the realistic ceiling. */
  linkUtil?: number;
}

export interface Parallel {
  tp: number;
  pp: number;
  dp: number;
}

export const DEFAULT_MEM_UTIL = 0.9;
export const DEFAULT_MFU = 0.65;
export const DEFAULT_MBU = 0.82;
export const DEFAULT_LINK_UTIL = 0.8;
/** Bytes of one element of the activations the GPUs of a server exchange (bf16 whatever the weights are). */
const ACTIVATION_BYTES = 2;

export type BindingResource = "compute" | "bandwidth" | "kv-capacity" | "interconnect";

/**
 * Rule: compute binds when the compute time is at least the memory time; otherwise kv-capacity binds when a KV-capacity
 * term of the iteration count n exceeds the O−1 decode steps, and bandwidth binds when it does not.
 */
export const BINDING_RULE =
  "compute if F/Π ≥ B/β; else kv-capacity if a KV-capacity term of n exceeds O−1; else bandwidth; on several GPUs, interconnect where X/λ exceeds both";

export interface Ceiling {
  scenario: Scenario;
  gpu: string;
  precision: string;
  /** Parallel degrees and the GPUs of the server (tp × pp × dp). With dp > 1 the work figures below are those of the
   * busiest copy, which serves ⌈N/dp⌉ of the requests; the throughputs are the whole server's. */
  parallel: Parallel & {gpus: number; requestsPerCopy: number};
  counts: ModelCounts;
  weights: WeightBytes;
  /** Π, β, M of one copy's GPUs together (tp × pp of them), and the fractions used. */
  peakFlops: number;
  bandwidth: number;
  memoryBytes: number;
  memUtil: number;
  mfu: number;
  mbu: number;
  /** Σ_{k=1..O−1} (I+k): keys the O−1 decode steps of one request attend to. */
  decodeContext: number;
  flops: {prefill: number; decode: number; total: number};
  /** C: tokens of KV that fit in memUtil·M beside the weights. */
  kvCapacityTokens: number;
  /** ⌊C/(I+1)⌋ (at least 1), capped at the concurrency where one is given: sequences that decode together. */
  maxConcurrent: number;
  iterations: {
    /** n = max of the three terms below. */
    count: number;
    decodeSteps: number;
    concurrencyLimited: number;
    kvLimited: number;
  };
  bytes: {weights: number; kvReads: number; kvWrites: number; total: number};
  /** Tensor and pipeline parallel: bytes each GPU sends over its link (λ, one direction) and X/λ; null on one GPU. */
  interconnect: {bandwidth: number; bytesPerGpu: number; time: number} | null;
  /** F/Π and B/β at peak, seconds. */
  computeTime: number;
  memoryTime: number;
  /** T_LB = max(F/Π, B/β, X/λ). */
  lowerBoundTime: number;
  /** Total tokens N·(I+O). */
  totalTokens: number;
  /** N(I+O)/T_LB: the hard ceiling, tok/s. */
  ceilingTps: number;
  /** Same with Π·mfu and β·mbu. */
  realisticTps: number;
  /** N(I+O) / (F_prefill/Π + max(F_decode/Π, B/β)): no prefill/decode overlap, at peak. */
  noOverlapTps: number;
  /** [low, high] of the realistic and no-overlap figures: the practically reachable band. */
  band: [number, number];
  binding: BindingResource;
  realisticBinding: BindingResource;
}

/** ⌈x⌉ that forgives float noise (N·(O−1) built from a mean O can land at 201217.99999998). */
function ceilTolerant(x: number): number {
  const nearest = Math.round(x);
  return Math.abs(x - nearest) <= 1e-9 * Math.max(1, Math.abs(x)) ? nearest : Math.ceil(x);
}

function floorTolerant(x: number): number {
  const nearest = Math.round(x);
  return Math.abs(x - nearest) <= 1e-9 * Math.max(1, Math.abs(x)) ? nearest : Math.floor(x);
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new RangeError(message);
}

export function scenarioCeiling(dims: ModelDims, gpu: Gpu, scenario: Scenario, options: CeilingOptions = {}): Ceiling {
  const {numPrompts: requests, inputLen: I, outputLen: O} = scenario;
  const memUtil = options.memUtil ?? DEFAULT_MEM_UTIL;
  const mfu = options.mfu ?? DEFAULT_MFU;
  const mbu = options.mbu ?? DEFAULT_MBU;
  const linkUtil = options.linkUtil ?? DEFAULT_LINK_UTIL;
  const precision = options.precision ?? PRECISIONS.bf16;
  const {tp = 1, pp = 1, dp = 1} = options.parallel ?? {};
  check(Number.isInteger(requests) && requests > 0, `number of prompts must be a positive integer, got ${requests}`);
  for (const [name, value] of [
    ["tensor parallel size", tp],
    ["pipeline parallel size", pp],
    ["data parallel size", dp]
  ] as const)
    check(Number.isInteger(value) && value >= 1, `${name} must be a whole number from 1, got ${value}`);
  check(pp <= dims.layers, `pipeline parallel size ${pp} exceeds the model's ${dims.layers} layers`);
  const link = tp * pp > 1 ? gpu.interconnectBandwidth?.value : undefined;
  check(
    tp * pp === 1 || link != null,
    `${gpu.id} has no interconnect bandwidth in the GPU table (data/gpus/gpus.yaml), which tensor and pipeline parallel need`
  );
  // Data parallel: copies side by side, requests (and the concurrency) shared evenly; the busiest copy sets the time.
  const N = Math.ceil(requests / dp);
  check(Number.isFinite(I) && I >= 1, `input length must be at least 1 token, got ${I}`);
  check(Number.isFinite(O) && O >= 1, `output length must be at least 1 token, got ${O}`);
  for (const [name, value] of [
    ["memory utilisation", memUtil],
    ["MFU", mfu],
    ["MBU", mbu],
    ["interconnect utilisation", linkUtil]
  ] as const) {
    check(value > 0 && value <= 1, `${name} must be in (0, 1], got ${value}`);
  }

  const counts = modelCounts(dims);
  const weights = weightBytes(counts, dims, precision);
  // One copy's GPUs pool their compute, bandwidth and memory; the weights are split, not copied, among them.
  const gpus = tp * pp;
  const Pi = gpus * peakFlops(gpu, precision.math);
  const beta = gpus * gpu.hbmBandwidth.value;
  const M = gpus * gpu.memoryBytes.value;
  const {layersParams: PL, embeddingParams: Pemb, attentionFlopsPerPair: ac} = counts;
  // Tensor parallel beyond the KV heads keeps each head on tp/K GPUs: that much more KV per token, written and read.
  const skv = counts.kvBytesPerToken * Math.max(1, tp / dims.kvHeads);

  // Closed form of Σ_{k=1..O−1}(I+k) = (O−1)·I + (O−1)·O/2, valid for a mean (non-integer) O.
  const decodeContext = (O - 1) * I + ((O - 1) * O) / 2;
  const flopsPrefill = N * (2 * PL * I + 2 * Pemb + (ac * I * (I + 1)) / 2);
  const flopsDecode = N * ((O - 1) * (2 * PL + 2 * Pemb) + ac * decodeContext);
  const flops = flopsPrefill + flopsDecode;

  const C = (memUtil * M - weights.resident) / skv;
  check(
    C > 0,
    `the weights (${(weights.resident / 1e9).toFixed(2)} GB) do not fit in ${memUtil} × ${(M / 2 ** 30).toFixed(2)} GiB of ${gpu.id}`
  );
  // At a concurrency level at most that many sequences decode together: few streams of the weights serve few tokens.
  const kvConcurrent = Math.max(1, floorTolerant(C / (I + 1)));
  const concurrency = options.concurrency != null ? Math.ceil(Math.floor(options.concurrency) / dp) : null;
  const maxConcurrent = concurrency != null ? Math.max(1, Math.min(kvConcurrent, concurrency)) : kvConcurrent;
  const decodeSteps = O - 1;
  const concurrencyLimited = ceilTolerant((N * (O - 1)) / maxConcurrent);
  const kvLimited = (N * decodeContext) / C;
  const n = Math.max(decodeSteps, concurrencyLimited, kvLimited);

  const bytesWeights = n * weights.streamedPerStep;
  const kvReads = N * decodeContext * skv;
  const kvWrites = N * (I + O) * skv;
  const bytes = bytesWeights + kvReads + kvWrites;

  // Every processed token (I of a prefill, O−1 decode steps) crosses the interconnect: tensor parallel all-reduces its
  // hidden state twice a layer (a ring sends 2(tp−1)/tp of it per GPU), a pipeline stage hands it to the next.
  const tokensProcessed = N * (I + O - 1);
  const hiddenBytes = dims.hidden * ACTIVATION_BYTES;
  const allReduceBytes = tp > 1 ? 2 * (dims.layers / pp) * ((2 * (tp - 1)) / tp) * hiddenBytes : 0;
  const stageBytes = pp > 1 ? hiddenBytes : 0;
  const interconnect =
    link != null
      ? {
          bandwidth: link,
          bytesPerGpu: tokensProcessed * (allReduceBytes + stageBytes),
          time: (tokensProcessed * (allReduceBytes + stageBytes)) / link
        }
      : null;
  const linkTime = interconnect?.time ?? 0;

  const computeTime = flops / Pi;
  const memoryTime = bytes / beta;
  const lowerBoundTime = Math.max(computeTime, memoryTime, linkTime);
  // The whole server's tokens over the busiest copy's time.
  const totalTokens = requests * (I + O);
  const realisticTime = Math.max(computeTime / mfu, memoryTime / mbu, linkTime / linkUtil);
  const noOverlapTime = flopsPrefill / Pi + Math.max(flopsDecode / Pi, memoryTime, linkTime);
  const ceilingTps = totalTokens / lowerBoundTime;
  const realisticTps = totalTokens / realisticTime;
  const noOverlapTps = totalTokens / noOverlapTime;

  // KV capacity binds only where memory, not the client's concurrency, caps the batch (a small batch streams weights).
  const kvBinds = Math.max(ceilTolerant((N * (O - 1)) / kvConcurrent), kvLimited) > decodeSteps;
  const bindingOf = (tc: number, tm: number, tl: number): BindingResource =>
    tl > tc && tl > tm ? "interconnect" : tc >= tm ? "compute" : kvBinds ? "kv-capacity" : "bandwidth";

  return {
    scenario: {numPrompts: requests, inputLen: I, outputLen: O},
    gpu: gpu.id,
    precision: precision.label,
    parallel: {tp, pp, dp, gpus: gpus * dp, requestsPerCopy: N},
    counts,
    weights,
    peakFlops: Pi,
    bandwidth: beta,
    memoryBytes: M,
    memUtil,
    mfu,
    mbu,
    decodeContext,
    flops: {prefill: flopsPrefill, decode: flopsDecode, total: flops},
    kvCapacityTokens: C,
    maxConcurrent,
    iterations: {count: n, decodeSteps, concurrencyLimited, kvLimited},
    bytes: {weights: bytesWeights, kvReads, kvWrites, total: bytes},
    interconnect,
    computeTime,
    memoryTime,
    lowerBoundTime,
    totalTokens,
    ceilingTps,
    realisticTps,
    noOverlapTps,
    band: [Math.min(realisticTps, noOverlapTps), Math.max(realisticTps, noOverlapTps)],
    binding: bindingOf(computeTime, memoryTime, linkTime),
    realisticBinding: bindingOf(computeTime / mfu, memoryTime / mbu, linkTime / linkUtil)
  };
}
