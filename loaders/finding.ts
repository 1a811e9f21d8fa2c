// A finding of check: what is wrong or worth knowing, and where.
import type {Text} from "./text.js";

export type Severity = "error" | "warning" | "info";
export interface Finding {
  severity: Severity;
  code: string;
  message: string;
  run: string | null;
  file: string | null;
  line: number | null;
  /** The message in both page languages, where a page shows it (`message` is text.en). */
  text?: Text;
}

/** The messages of findings that a study's own files cause, each as its one form (filled by fillForm in text.ts). The
 * quality page reads a message back by its form (src/components/libraryText.ts) and says it in the page's language,
 * so a new message gets a form here and its words there. */
export const FINDING_FORMS = {
  servedModelDiffers:
    "the server command serves '{served}' but the run is recorded as '{model}' (study model {study}); the published command may be a typo, or the run measured another model",
  metricWindow:
    "{metric} is printed as {printed} but {formula} = {computed}: the tool measured it over {window} s, not the {duration} s it prints as the duration",
  metricInconsistent: "{metric} is printed as {printed} but {formula} = {computed}",
  requestsOverPlan: "{completed} requests completed of {planned} planned",
  requestsOverPlanFailed: "{completed} requests completed and {failed} failed of {planned} planned",
  requestsFailed: "{failed} of {total} requests failed",
  inputTokensBelow: "{metric} is {printed}, {off}% below {completed} requests × {length} input tokens = {wanted}",
  inputTokensAbove: "{metric} is {printed}, {off}% above {completed} requests × {length} input tokens = {wanted}",
  outputTokensAbove: "{metric} is {printed}, {off}% above {completed} requests × {length} output tokens = {wanted}",
  outputTokensBelow:
    "{metric} is {printed}, {off}% below {completed} requests × {length} output tokens = {wanted} (requests stopped early: the benchmark was likely run without --ignore-eos)",
  inputsDiffer:
    "scenario {scenario}: total_input_tokens {tokens} differs from the other runs' {usual}; the runs did not send the same prompts",
  recommendedNotWinner:
    "step {step}: candidate '{candidate}' is marked recommended but is not the selection winner '{winner}' ({command}) with arguments added",
  headlineNotRecommended:
    "scenario {scenario}: step {step}'s candidate '{candidate}' is not the recommended configuration '{winner}' (with arguments added); left out of the headline",
  headlineIncomplete: "scenario {scenario}: no {metric} for {run}; left out of the headline",
  notANumber: '"{label}:" prints {word}, not a number: kept as text',
  bannerless:
    'lines {first}-{last} hold a result block without its "Serving Benchmark Result" banner, from its first line to its closing rule: read as whole',
  impossiblePeak:
    "{metric} cannot be true: a peak of {peak} output tokens/s is more than the {tokens} tokens generated in the whole {duration} s run; kept as text, in no mean",
  impossibleConcurrency:
    "{metric} cannot be true: {concurrent} requests at once is more than the {sent} requests sent; kept as text, in no mean",
  partialResult:
    "the result accounts for {sent} of the {planned} requests its workload sends ({completed} completed); the other {missing} are in none of its figures",
  partialResultFailed:
    "the result accounts for {sent} of the {planned} requests its workload sends ({completed} completed, {failed} failed); the other {missing} are in none of its figures",
  placeholder: "placeholder {value}: fill in the real value",
  decisionDefault:
    "selection step '{step}' has {count} scenarios and no 'decision'; the geometric mean of the ratios to the incumbent decides",
  baselineMissing: "the baseline run {run} has no {metric}; gains cannot be computed",
  // {reason}: why its curve is never within the SLO, itself a form (loaders/analysis/ladder.ts), said in turn.
  baselineOutsideSlo:
    "the baseline ({label}) is {reason}; the steps decide among the candidates that meet the SLO, and no gain over the baseline can be given",
  decisionIncomplete:
    "step {step}: no candidate has a {metric} ratio to the incumbent on every scenario ({scenarios}), so the geometric mean cannot decide",
  headroomQuantizationAssumed:
    "{key}: its quantization is not recorded (quantization in study.yaml), so its ceilings assume bf16",
  headroomPrecisionUnknown:
    '{key}: no ceiling for its runs, since its quantization "{label}" is not one the ceiling model knows ({known})',
  headroomRunPrecisionUnknown:
    '{run}: no ceiling, since its quantization "{label}" is not one the ceiling model knows ({known})',
  aboveCeiling:
    "measured total token throughput is {ratio}× the hard ceiling of {ceiling} tok/s ({gpu}, {precision}, N={prompts}, I={input}, O={output}): the model or the data is wrong",
  // A study.yaml finding: where in the plan, then the message (one of the forms above, read back in turn).
  atPath: "{path}: {message}"
} as const;
/** Its type, for the components, which take only types from the library. */
export type FindingForms = typeof FINDING_FORMS;
