// Energy and cost per token from what a run recorded: its GPUs' mean power over the measured window (gpu.csv), its
// duration and its tokens; and from the plan's price per GPU-hour, tokens per dollar. Nothing is estimated: a run
// without power samples has no energy figure, and says so (power_samples 0, or null without telemetry).
import type {RunRecord} from "../runs/read-runs.js";
import type {RunRow} from "../runs/rows.js";
import type {StudyPlan} from "../study/plan.js";
import {runEnergy} from "../telemetry/energy.js";

export const ENERGY_COLUMNS = [
  "power_samples",
  "j_per_output_token",
  "j_per_token",
  "output_tokens_per_dollar",
  "tokens_per_dollar"
] as const;

export type EnergyColumn = (typeof ENERGY_COLUMNS)[number];

/** What each column means, for the exports' documentation and the pages. */
export const ENERGY_COLUMN_FORMULAS: Record<EnergyColumn, string> = {
  power_samples:
    "GPU power samples (nvidia-smi, gpu.csv) inside the run's measured window, every GPU's; 0: none were recorded there, empty: the run recorded no telemetry; without samples there is no energy figure",
  j_per_output_token:
    "joules per output token = mean GPU power (W, per GPU, over the window) × GPUs × benchmark duration (s) / output tokens",
  j_per_token:
    "joules per token = mean GPU power (W, per GPU, over the window) × GPUs × benchmark duration (s) / (input + output tokens)",
  output_tokens_per_dollar:
    "output tokens per dollar = output tokens / (price per GPU-hour (the plan's hardware.price_per_hour) × GPUs × duration / 3600); empty without a price",
  tokens_per_dollar:
    "input + output tokens per dollar = (input + output tokens) / (price per GPU-hour × GPUs × duration / 3600); empty without a price"
};

/** Adds ENERGY_COLUMNS to every row of a study where some run recorded telemetry or the plan sets a price. */
export function addEnergyColumns(plan: StudyPlan, records: readonly RunRecord[], rows: RunRow[]): void {
  const price = plan.hardware.price_per_hour ?? null;
  if (price == null && !records.some((r) => r.telemetry)) return;
  const byRun = new Map(records.map((r) => [r.meta.id, r]));
  for (const row of rows) {
    const telemetry = byRun.get(row.run)?.telemetry;
    row.power_samples = telemetry ? (telemetry.power_samples ?? null) : null;
    Object.assign(row, energyColumns(row, price));
  }
}

/** A run row's energy and cost columns (its power_samples already set); nothing for a run that did not succeed. */
export function energyColumns(
  row: RunRow,
  price: number | null
): Record<Exclude<EnergyColumn, "power_samples">, number | null> {
  const num = (x: unknown) => (typeof x === "number" ? x : null);
  const e = runEnergy({
    power_w: num(row.gpu_power_w_mean),
    power_samples: num(row.power_samples),
    gpus: row.gpu_count,
    duration_s: num(row.duration),
    input_tokens: num(row.total_input_tokens),
    output_tokens: num(row.total_output_tokens),
    price_per_hour: price
  });
  const ok = row.status === "ok";
  return {
    j_per_output_token: ok ? e.j_per_output_token : null,
    j_per_token: ok ? e.j_per_token : null,
    output_tokens_per_dollar: ok ? e.output_tokens_per_dollar : null,
    tokens_per_dollar: ok ? e.tokens_per_dollar : null
  };
}
