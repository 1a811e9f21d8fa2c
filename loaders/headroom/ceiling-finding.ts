// A run measured above its hard ceiling is impossible: report it as a validation error, never clip it.
import {FINDING_FORMS, type Finding} from "../finding.js";
import {fillForm} from "../text.js";
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
    message: fillForm(FINDING_FORMS.aboveCeiling, {
      ratio: headroom.ceiling_ratio.toFixed(3),
      ceiling: c.ceilingTps.toFixed(1),
      gpu: c.gpu,
      precision: c.precision,
      prompts: c.scenario.numPrompts,
      input: c.scenario.inputLen.toFixed(2),
      output: c.scenario.outputLen.toFixed(2)
    }),
    run,
    file: source.file,
    line: source.line
  };
}
