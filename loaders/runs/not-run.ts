// A ladder level live mode left out: its run.json says failed with phase not-run (kept as written), but it is no
// failure. src/components/stepTable.ts twins this for the pages, which take no code from the library.
const PREFIX = "not run: ";

/** Why a run was not run, each form as run.json's error holds it after "not run: ". The pages read a reason back by
 * its form (src/components/libraryText.ts), so a new reason gets a form here and its words there. */
export const NOT_RUN_REASONS = {
  noResult: "the write-up gives no result for this configuration on this workload",
  ladderStopped: "the SLO was broken at two consecutive levels ({why})",
  searchMetAtTop: "the goodput search met the SLO at the ladder's highest level, {level}",
  searchBrokenAtFirst: "the goodput search found the SLO broken at its first level ({why})",
  searchLimit:
    "the goodput search found the limit: concurrency {lo} meets the SLO, {hi} breaks it (tolerance {tolerance})",
  searchProbes: "the goodput search made its {probes} probes",
  searchProbesBetween: "the goodput search made its {probes} probes: the limit lies between concurrency {lo} and {hi}",
  searchBrokenAt: "the goodput search found the SLO broken at concurrency {hi}"
} as const;
/** Its type, for the components, which take only types from the library. */
export type NotRunReasons = typeof NOT_RUN_REASONS;

/** run.json's error for a run not run, for this reason. */
export function notRunError(reason: string): string {
  return PREFIX + reason;
}

/** Why the run was left out (its error without the "not run: " lead); null for a run that ran or failed. */
export function notRunReason(run: {
  status: string;
  failed_phase?: string | null;
  error?: string | null;
}): string | null {
  if (run.status === "ok" || run.failed_phase !== "not-run") return null;
  const error = run.error ?? "";
  return error.startsWith(PREFIX) ? error.slice(PREFIX.length) : error;
}
