// A gain's interval: Welch's on the difference of the means, as a percentage of the first.
import type {Summary} from "../stats/summary.js";
import {geometricGain} from "../stats/geometric-gain.js";
import {welch} from "../stats/welch.js";

/** A relative change's interval at the study's confidence (Welch's t), percent; absent for single runs. */
export interface GainInterval {
  low: number;
  high: number;
  confidence: number;
  /** "log": Welch's interval would fall below −100 % (a negative throughput), so this is the log-ratio interval. */
  scale?: "log";
}
/** Welch's interval of after over before, percent; null when either side ran once or both are the same point (no
 * interval of a configuration against itself). Where Welch's would reach −100 % (a negative throughput), the log-ratio
 * interval (delta method), which respects the bound. */
export function interval(before: Summary | null, after: Summary | null, confidence: number): GainInterval | null {
  if (!before || !after || before === after) return null;
  const c = welch(before, after, confidence);
  if (!c) return null;
  if (c.gain_low <= -100) {
    const g = geometricGain([{before, after}], confidence);
    if (g) return {low: g.gain_low, high: g.gain_high, confidence, scale: "log"};
  }
  return {low: c.gain_low, high: c.gain_high, confidence};
}
