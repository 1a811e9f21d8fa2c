// The Headroom sentences the numbers decide: why a resource binds, and how far a gain moves toward the ceiling.
import type {HeadroomScenario} from "../../loaders/analysis/headroom.js";
import type {Finding} from "../../loaders/finding.js";
import {formatCount, formatFixed, formatPercent, formatShare} from "./format.js";
import {fill, t, type Lang, type StringKey} from "./i18n.js";
import type {Binding, HeadroomHeadline} from "./headroomRuns.js";

export function bindingName(binding: Binding, lang: Lang): string {
  return t(`binding_${binding}`, lang);
}

const BINDING_SENTENCES: Record<Binding, StringKey> = {
  compute: "bindsCompute",
  bandwidth: "bindsBandwidth",
  "kv-capacity": "bindsKvCapacity",
  interconnect: "bindsInterconnect"
};

/** One sentence on why the scenario's binding resource binds, with the model's times and capacities. */
export function bindingSentence(scenario: HeadroomScenario, lang: Lang): string {
  const compute = `${formatFixed(scenario.compute_s)} s`;
  const memory = `${formatFixed(scenario.memory_s)} s`;
  const kv = formatCount(scenario.kv_capacity_tokens);
  const n = scenario.max_concurrent;
  const sequences = fill(n === 1 ? "oneSequence" : "sequences", lang, {count: formatCount(n)});
  return fill(BINDING_SENTENCES[scenario.binding], lang, {compute, memory, kv, sequences});
}

const BINDING_MEANINGS: Record<Binding, StringKey> = {
  compute: "computeMeaning",
  bandwidth: "bandwidthMeaning",
  "kv-capacity": "kvCapacityMeaning",
  interconnect: "interconnectMeaning"
};

/** What each resource means, for the resources that bind somewhere in the study. */
export function bindingMeaning(binding: Binding, lang: Lang): string {
  return t(BINDING_MEANINGS[binding], lang);
}

/** How far the headline's change moves the configuration toward its ceiling, in points of the ceiling. */
export function ceilingGapSentence(headline: HeadroomHeadline, lang: Lang): string {
  const {baselineRatio, recommendedRatio, pointsGained, pointsToCeiling} = headline;
  if (baselineRatio == null || recommendedRatio == null || pointsGained == null || pointsToCeiling == null) return "";
  const base = formatShare(baselineRatio);
  const recommended = formatShare(recommendedRatio);
  const change = formatPercent(headline.changePercent);
  const points = formatFixed(Math.abs(pointsGained), 1);
  const gap = formatFixed(pointsToCeiling, 1);
  return fill(pointsGained >= 0 ? "ceilingGapCloser" : "ceilingGapFurther", lang, {
    base,
    recommended,
    change,
    points,
    gap
  });
}

/** Why the study has no headroom, from the finding the loader left. */
export function headroomUnavailableText(report: {findings: readonly Finding[]}, lang: Lang): string {
  const finding = report.findings.find((f) => f.code === "headroom-unavailable");
  const reason = finding?.text?.[lang] ?? finding?.message ?? t("noReasonRecorded", lang);
  return fill("headroomUnavailable", lang, {reason});
}
