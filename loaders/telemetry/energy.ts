// Energy and cost of one run from what it recorded: its GPUs' mean power over the measured window (gpu.csv), the GPU
// count, the benchmark's duration and tokens, and a price per GPU-hour. Nothing is estimated: a missing factor (no
// power sample in the window, no duration) gives no figure.

export interface RunEnergyInput {
  /** Mean power per GPU over the window, W (gpu_power_w_mean). */
  power_w: number | null;
  /** Power samples inside the window; 0 or null: none, and no energy figure. */
  power_samples: number | null;
  gpus: number;
  duration_s: number | null;
  input_tokens: number | null;
  output_tokens: number | null;
  /** Dollars per GPU-hour; null: no cost figure. */
  price_per_hour: number | null;
}

export interface RunEnergy {
  /** Joules: mean power × GPUs × duration. */
  joules: number | null;
  j_per_output_token: number | null;
  j_per_token: number | null;
  output_tokens_per_dollar: number | null;
  tokens_per_dollar: number | null;
}

const positive = (x: number | null): x is number => x != null && Number.isFinite(x) && x > 0;

export function runEnergy(input: RunEnergyInput): RunEnergy {
  const {power_w, power_samples, gpus, duration_s, input_tokens, output_tokens, price_per_hour} = input;
  const total = input_tokens != null && output_tokens != null ? input_tokens + output_tokens : null;
  const joules =
    positive(power_samples) && power_w != null && positive(gpus) && positive(duration_s)
      ? power_w * gpus * duration_s
      : null;
  const dollars =
    positive(price_per_hour) && positive(gpus) && positive(duration_s)
      ? (price_per_hour * gpus * duration_s) / 3600
      : null;
  return {
    joules,
    j_per_output_token: joules != null && positive(output_tokens) ? joules / output_tokens : null,
    j_per_token: joules != null && positive(total) ? joules / total : null,
    output_tokens_per_dollar: dollars != null && output_tokens != null ? output_tokens / dollars : null,
    tokens_per_dollar: dollars != null && total != null ? total / dollars : null
  };
}
