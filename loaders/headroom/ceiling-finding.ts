// A run measured above its hard ceiling is impossible: report it as a validation error, never clip it.
import type {Finding} from "../finding.js";
import type {RunHeadroom} from "./run-headroom.js";

export const ABOVE_CEILING = "above-ceiling";

/** An error finding when measured > ceiling, else null; file/line point at the run's result block. */
export function ceilingFinding(
  run: string,
  headroom: RunHeadroom,
  source: {file: string | null; line: number | null} = {file: null, line: null}
): Finding | null {
  if (headroom.ceiling_ratio <= 1) return null;
  const c = headroom.ceiling;
  return {
    severity: "error",
    code: ABOVE_CEILING,
    message:
      `measured total token throughput is ${headroom.ceiling_ratio.toFixed(3)}× the hard ceiling of ` +
      `${c.ceilingTps.toFixed(1)} tok/s (${c.gpu}, ${c.precision}, N=${c.scenario.numPrompts}, ` +
      `I=${c.scenario.inputLen.toFixed(2)}, O=${c.scenario.outputLen.toFixed(2)}): the model or the data is wrong`,
    run,
    file: source.file,
    line: source.line
  };
}
