// One measured run against its ceiling: the scenario is rebuilt from the run's actual token totals.
import {scenarioCeiling, type BindingResource, type Ceiling, type CeilingOptions} from "./ceiling.js";
import type {Gpu} from "./gpus.js";
import type {ModelDims} from "./model-config.js";
import {resolvePrecision} from "./precision.js";

/** What a run's result block says (vLLM `--save-result` names) plus its quantization label. */
export interface MeasuredRun {
  /** Completed requests, N. */
  completed: number;
  total_input_tokens: number;
  total_output_tokens: number;
  /** Seconds. */
  duration: number;
  /** (input + output tokens) / duration, as printed. */
  total_token_throughput: number;
  quantization?: string | null;
}

export interface RunHeadroom {
  /** Mean lengths the scenario was built from: I = total_input_tokens/N, O = total_output_tokens/N. */
  input_len: number;
  output_len: number;
  ceiling_tps: number;
  realistic_tps: number;
  no_overlap_tps: number;
  /** measured total_token_throughput / ceiling_tps; above 1 means the model or the data is wrong. */
  ceiling_ratio: number;
  /** measured / realistic_tps. */
  realistic_ratio: number;
  /** F / duration / 1e12: the model's FLOPs over the measured time. */
  effective_tflops: number;
  /** effective FLOP/s over the peak used for the ceiling. */
  effective_mfu: number;
  binding: BindingResource;
  ceiling: Ceiling;
}

export function runHeadroom(run: MeasuredRun, dims: ModelDims, gpu: Gpu, options: CeilingOptions = {}): RunHeadroom {
  const N = run.completed;
  for (const key of [
    "completed",
    "total_input_tokens",
    "total_output_tokens",
    "duration",
    "total_token_throughput"
  ] as const) {
    if (!Number.isFinite(run[key]) || run[key] <= 0)
      throw new RangeError(`run: "${key}" must be a positive number, got ${run[key]}`);
  }
  const precision = options.precision ?? resolvePrecision(run.quantization);
  const ceiling = scenarioCeiling(
    dims,
    gpu,
    {numPrompts: N, inputLen: run.total_input_tokens / N, outputLen: run.total_output_tokens / N},
    {...options, precision}
  );
  // The whole server's FLOPs (every copy's) over the measured time, against every copy's peak.
  const copies = N / ceiling.parallel.requestsPerCopy;
  const effectiveFlops = (ceiling.flops.total * copies) / run.duration;
  return {
    input_len: ceiling.scenario.inputLen,
    output_len: ceiling.scenario.outputLen,
    ceiling_tps: ceiling.ceilingTps,
    realistic_tps: ceiling.realisticTps,
    no_overlap_tps: ceiling.noOverlapTps,
    ceiling_ratio: run.total_token_throughput / ceiling.ceilingTps,
    realistic_ratio: run.total_token_throughput / ceiling.realisticTps,
    effective_tflops: effectiveFlops / 1e12,
    effective_mfu: effectiveFlops / (ceiling.peakFlops * ceiling.parallel.dp),
    binding: ceiling.binding,
    ceiling
  };
}
