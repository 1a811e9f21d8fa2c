// Whether loaders run the benchmark first; kept apart from the runner so archive builds never load it.
export function liveModeRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return /^(1|true|yes)$/i.test(env.TPS_REPORT_LIVE ?? "");
}
