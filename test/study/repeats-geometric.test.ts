// A step decided by the geometric mean over two scenarios, with repeats: kept only when the geometric-mean gain's
// interval lies above zero (delta method, loaders/stats/geometric-gain.ts), else "within noise" with the interval.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {exactRepeats, writeRepeatStudy} from "../support/repeat-study.js";

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "tps-repeats-geo-"));
});
afterAll(() => rmSync(root, {recursive: true, force: true}));

// A second scenario and the geometric-mean rule on the one step.
const twoScenarios = (yaml: string) =>
  yaml
    .replace(
      "steps:",
      "  long:\n    name: Long prompt\n    dataset: random\n    input_len: 4000\n    output_len: 200\n    num_prompts: 500\n    seed: 42\nsteps:"
    )
    .replace("    scenarios: [short]", "    scenarios: [short, long]\n    decision: geometric-mean");

async function step(name: string, gain: number) {
  const base = {short: exactRepeats("geo-short", 2250, 67.5, 5), long: exactRepeats("geo-long", 1800, 54, 5)};
  const shifted = (xs: number[], mean: number) => xs.map((v) => +(v + gain * mean).toFixed(2));
  const dir = join(root, name);
  writeRepeatStudy(
    dir,
    {
      "base@short": base.short,
      "base@long": base.long,
      "tuned@short": shifted(base.short, 2250),
      "tuned@long": shifted(base.long, 1800)
    },
    undefined,
    "",
    twoScenarios
  );
  const {report} = await loadStudy(dir);
  return report.steps[0];
}

describe("geometric-mean decisions with repeats, 3 % noise, 5 repeats a side", () => {
  it("0.4 % better on both scenarios: within noise, the baseline stays, the interval is given", async () => {
    const s = await step("small", 0.004);
    expect(s.decision?.rule).toBe("geometric-mean");
    expect(s.verdict.kind).toBe("within-noise");
    expect(s.verdict.gain_percent).toBeCloseTo(0.4, 1);
    expect(s.verdict.gain_interval!.low).toBeLessThan(0);
    expect(s.verdict.gain_interval!.high).toBeGreaterThan(0.4);
    expect(s.verdict.winner?.candidate).toBe("base");
  });

  it("12 % better on both: kept, with an interval above zero", async () => {
    const s = await step("large", 0.12);
    expect(s.verdict.kind).toBe("improved");
    expect(s.verdict.winner?.candidate).toBe("tuned");
    expect(s.verdict.gain_percent).toBeCloseTo(12, 1);
    expect(s.verdict.gain_interval!.low).toBeGreaterThan(0);
  });
});
