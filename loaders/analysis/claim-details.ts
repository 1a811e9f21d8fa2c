// What a claim's check says beside its figures, each as its one form (filled by fillForm in text.ts). The quality
// page reads a detail back by its form (src/components/libraryText.ts) and says it in the page's language, so a new
// detail gets a form here and its words there.
/** How a latency claim is estimated where a result block prints no end-to-end latency (vLLM's figures imply it). */
const LATENCY_ESTIMATE = "mean TTFT + mean TPOT × (output tokens per request − 1)";

export const CLAIM_DETAILS = {
  insideInterval: "the published {published} lies inside the {level} interval {range} of the repeats",
  outsideInterval: "the published {published} lies outside the {level} interval {range} of the repeats",
  noStepResult: "no result to compute the step's gain from",
  withinNoise: "the step's best gained {gain} on average, within noise",
  noImprovement: "no candidate beat the best configuration so far ({label}), so the step has no gain",
  noPair: "no baseline/recommended pair",
  noPairForWorkload: "no baseline/recommended pair for this workload",
  spelledOtherwise: "the same command, spelled otherwise (option order or an option's alias)",
  winnerExtended: "the selection's winner with {added} added",
  modelFolder: "the same command, with the model {id} given as the folder {folder}",
  ratioRounded: "the figures as printed allow {low}× to {high}×",
  copies: "{recommended} × {copies} copies against {baseline} tok/s",
  perGpu: "per GPU: {recommended} / {recommendedGpus} against {baseline} / {baselineGpus} tok/s",
  pageRecommended: "{run}: the write-up's recommendation, not the selection's winner",
  notInRuns: "not in the runs",
  faster: "{factor}× faster",
  slower: "{factor}× slower",
  inverseOfBaseline:
    "the published figure equals (new − old) / new = {inverse}; relative to the baseline it is {change}",
  inverseOf: "the published figure equals (new − old) / new = {inverse}; relative to {against} it is {change}",
  differenceOff: "the difference is {delta}, not {published}",
  requestsShare: "{completed} of the {planned} requests the workload sends",
  noRequestCount: "the run prints no completed requests, or its workload no request count",
  noRun: "no run {run}",
  notPrinted: "the result blocks print no {metric}",
  runNotPrinted: "its result block prints no {metric}",
  noLatency: "the result blocks print no end-to-end latency",
  runNoLatency: "its result block prints no end-to-end latency",
  runFailed: "run {run} failed ({error})",
  latencyEstimate: `${LATENCY_ESTIMATE} gives {value} {unit}`,
  latencyEstimates: `${LATENCY_ESTIMATE} gives {baseline} s against {recommended} s, {factor}×`,
  latencyOrder: `${LATENCY_ESTIMATE} orders them {order}`,
  latencySpeedup: `the published figure is the speed-up of the mean latency, {before} s → {after} s (${LATENCY_ESTIMATE}): {gain}%, not a throughput gain`,
  sloDecided: "decided within the SLO ({limits}): {candidate} at {load}",
  sloNever: "{candidate} is never within the SLO",
  sloWinsToo: "it wins without the SLO too",
  sloFloodWinner: "without the SLO (highest throughput at any load) {candidate} would win, at {load}",
  sloWithin: "within the SLO: {candidate} at {load} against {incumbent} at {incumbentLoad}",
  sloFloodGain:
    "the published figure equals the gain without the SLO, {gain} ({candidate} at {load} against {incumbent} at {incumbentLoad}), which the SLO objective does not use",
  latencySpeedupRounded: `the published figure is the speed-up of the mean latency, {before} s → {after} s (${LATENCY_ESTIMATE}, each rounded to 0.01 s as the write-up prints it): {gain}%, not a throughput gain`
} as const;
/** Its type, for the components, which take only types from the library. */
export type ClaimDetails = typeof CLAIM_DETAILS;

/** A detail of several parts, joined as the quality page splits it again; null when no part has anything to say. */
export const joinDetails = (...parts: (string | null)[]): string | null => parts.filter(Boolean).join("; ") || null;
