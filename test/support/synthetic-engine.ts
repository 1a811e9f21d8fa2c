// The synthetic engine's response surface: three interacting knobs spoken as the GPU engine server speaks them
// (--max-batch-tokens, --max-requests-per-batch, --scheduler), a crash region where batch tokens × requests exhaust
// memory, and 5 % run-to-run noise. The surface is known, so the true best configuration is known.
// fifo peaks at small batches; prefill_first rises with requests per batch, as long as the batch has the tokens to hold
// them, to a higher plateau beside the crash region, which a path that tunes one knob at a time from the defaults
// never reaches (from the defaults prefill_first loses).

export const BATCH_TOKENS = [512, 1024, 2048, 4096, 8192, 16384];
export const REQUESTS = [8, 16, 32, 64, 128, 256];
export const SCHEDULERS = ["fifo", "prefill_first"] as const;
export type Scheduler = (typeof SCHEDULERS)[number];
/** Run-to-run noise: the standard deviation of a run's throughput, relative to the surface. */
export const NOISE = 0.05;
/** The engine's defaults: what a server started without the options runs. */
export const DEFAULTS = {max_batch_tokens: 2048, max_requests_per_batch: 16, scheduler: "fifo" as Scheduler};

export interface SyntheticConfig {
  max_batch_tokens: number;
  max_requests_per_batch: number;
  scheduler: string;
}

/** Batch tokens × requests at or above this exhausts memory: the server dies while it loads. */
export const CRASH_PRODUCT = 8192 * 256;

export function crashes(c: SyntheticConfig): boolean {
  return c.max_batch_tokens * c.max_requests_per_batch >= CRASH_PRODUCT;
}

/** Total token throughput (tok/s) of a configuration with no noise; null in the crash region. */
export function surface(c: SyntheticConfig): number | null {
  if (crashes(c)) return null;
  const b = Math.log2(c.max_batch_tokens / 512);
  const r = Math.log2(c.max_requests_per_batch / 8);
  if (c.scheduler !== "prefill_first")
    return 720 * Math.exp(-((b - 1.5 - 0.3 * r) ** 2) / (2 * 1.3 ** 2)) * Math.exp(-((r - 2) ** 2) / (2 * 1.4 ** 2));
  // More requests per batch pay off up to where KV pressure preempts them, if the batch has the tokens to hold them.
  const requests = Math.exp(-((r - 3.6) ** 2) / (2 * 1.4 ** 2));
  const tokens = 1 / (1 + Math.exp(-1.8 * (b - 0.6 * r)));
  return 1000 * requests * tokens;
}

/** Every configuration of the grid. */
export function grid(): SyntheticConfig[] {
  return BATCH_TOKENS.flatMap((max_batch_tokens) =>
    REQUESTS.flatMap((max_requests_per_batch) =>
      SCHEDULERS.map((scheduler) => ({max_batch_tokens, max_requests_per_batch, scheduler}))
    )
  );
}

/** The true best configuration and its throughput. */
export function trueBest(): {config: SyntheticConfig; value: number} {
  let best: {config: SyntheticConfig; value: number} | null = null;
  for (const config of grid()) {
    const value = surface(config);
    if (value != null && (!best || value > best.value)) best = {config, value};
  }
  return best!;
}

/** The plan's `tune:` section for this engine: the grid as knobs, with the crash region left in (it is found by running). */
export function syntheticTuneYaml(budgetRuns: number, extra = ""): string {
  return `tune:
  scenario: tiny
  server: [synthetic-engine, "{model}"]
  knobs:
    - {name: max_batch_tokens, flag: --max-batch-tokens, range: {min: 512, max: 16384, scale: log}, default: ${DEFAULTS.max_batch_tokens}}
    - {name: max_requests_per_batch, flag: --max-requests-per-batch, range: {min: 8, max: 256, scale: log}, default: ${DEFAULTS.max_requests_per_batch}}
    - {name: scheduler, flag: --scheduler, values: [fifo, prefill_first], default: ${DEFAULTS.scheduler}}
  budget: {runs: ${budgetRuns}}
${extra}`;
}
