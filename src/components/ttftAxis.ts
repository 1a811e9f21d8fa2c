// The load-curve chart's TTFT axis, shared by the chart (build time) and the SLO explorer (browser), which moves the
// target's line along it: kept apart so the explorer's page loads none of the chart's code.
import type {ScenarioCurves, StepCurves} from "../../loaders/pages/load-curves.js";
import type {Lang} from "./i18n.js";
import {explorerWords} from "./words-explorer.js";

const {fill} = explorerWords;

/** The TTFT panel's x axis when the plan sets a TTFT target: log, from the lower of the lowest point's TTFT (its mean
 * over the repeats) and a tenth of the target to the higher of the highest and ten times it (the slider's range), not
 * rounded, so the explorer can place the target's line anywhere the slider goes. `width`: the chart's, as
 * loadCurvesSpec takes it. */
export function ttftAxis(
  scenario: ScenarioCurves,
  curves: Pick<StepCurves, "slo">,
  width: number
): {domain: [number, number]; width: number} | null {
  const target = curves.slo?.limits.find((l) => l.metric === "ttft_ms")?.limit;
  if (target == null) return null;
  const bounds = scenario.points.flatMap((p) =>
    p.value != null && p.stats.ttft_ms?.mean != null ? [p.stats.ttft_ms.mean] : []
  );
  return {
    domain: [Math.min(target / 10, ...bounds), Math.max(target * 10, ...bounds)],
    width: panelWidth(width)
  };
}

/** Where a TTFT target sits on that axis, in pixels from its left end. */
export function ttftX(axis: {domain: [number, number]; width: number}, target: number): number {
  const [low, high] = axis.domain;
  return (axis.width * Math.log(target / low)) / Math.log(high / low);
}

/** "TTFT target: 2000.00 ms": the target line's tooltip. */
export function ttftTargetLabel(target: number, lang: Lang): string {
  return fill("ttftTarget", lang, {target: target.toFixed(2)});
}

/** Each of the two curve panels' width in a chart `width` wide. */
export const panelWidth = (width: number): number => Math.max(240, Math.floor((width - 40) / 2));
