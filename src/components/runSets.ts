// Where a run's page is: its own page, or above the per-run page limit the page of the set it hashes into.
// Shared by the browser (links) and the build (config, run archive), so both place every run the same way.

/** The name of the <meta> tag through which the build tells pages how many run sets there are (0: one page per run). */
export const RUN_SETS_META = "tps-report:run-sets";

/** Declares the set count in the page head, where links to runs read it (runHref), as they do in a built page: the
 * renderer's drawing of a study, and each test file's fresh start. */
export function declareRunSets(sets: number): void {
  let meta = document.head.querySelector(`meta[name="${RUN_SETS_META}"]`);
  if (!meta) {
    meta = document.createElement("meta");
    meta.setAttribute("name", RUN_SETS_META);
    document.head.append(meta);
  }
  meta.setAttribute("content", String(sets));
}

/** Above this many runs the report builds one page per set of runs instead of one per run. */
export const DEFAULT_RUN_PAGE_LIMIT = 500;

/** Runs per set, on average: a set page's data stays a few hundred KB. */
export const DEFAULT_RUNS_PER_SET = 100;

/** How many run sets an archive of `runs` runs gets: 0 when each run has its own page. */
export function runSetCount(runs: number, limit = DEFAULT_RUN_PAGE_LIMIT, perSet = DEFAULT_RUNS_PER_SET): number {
  return runs <= limit ? 0 : Math.ceil(runs / perSet);
}

/** The set a run belongs to: FNV-1a of its id, so a page can tell without a lookup table. */
export function runSetOf(run: string, sets: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < run.length; i++) hash = Math.imul(hash ^ run.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % sets;
}
