// A ladder level live mode left out: its run.json says failed with phase not-run (kept as written), but it is no
// failure. src/components/stepTable.ts twins this for the pages, which take no code from the library.
const PREFIX = "not run: ";

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
