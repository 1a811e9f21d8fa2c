// The search space in the plan: knobs as value lists and ranges, constraints, objective and budget; a plan that cannot
// be searched is refused in one line naming the plan's file and the line at fault.
import {describe, expect, it} from "vitest";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {configurations} from "../../loaders/study/search-space.js";
import {meets, parseConstraint} from "../../loaders/study/constraint.js";
import {syntheticPlanYaml} from "../support/search-simulation.js";
import {syntheticTuneYaml} from "../support/synthetic-engine.js";

const parse = (text: string) => parseStudyPlan(text, "study.yaml", "/tmp/none");

/** The one error line a plan gives, and the line of the plan's text containing `marker` (1-based). */
function refusal(text: string, marker: string): {message: string; expectedLine: number} {
  let message = "parsed";
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(PlanError);
    message = (error as Error).message;
  }
  const expectedLine = text.split("\n").findIndex((line) => line.includes(marker)) + 1;
  expect(expectedLine).toBeGreaterThan(0);
  return {message, expectedLine};
}

const plan = (tune: string) => syntheticPlanYaml(tune);

describe("a search space in the plan", () => {
  it("reads knobs (log range, categorical), the budget, the start and the study's repeats", () => {
    const space = parse(plan(syntheticTuneYaml(24))).search_space!;
    expect(space.knobs.map((k) => [k.name, k.flag, k.values.length, k.scale, k.numeric])).toEqual([
      ["max_batch_tokens", "--max-batch-tokens", 6, "log", true],
      ["max_requests_per_batch", "--max-requests-per-batch", 6, "log", true],
      ["scheduler", "--scheduler", 2, "list", false]
    ]);
    expect(space.knobs[0].values).toEqual([512, 1024, 2048, 4096, 8192, 16384]);
    expect([space.size, space.start, space.top, space.repeats, space.budget]).toEqual([72, 7, 2, 3, {runs: 24}]);
    expect([space.objective, space.strategy, space.scenario]).toEqual(["total_token_throughput", "guided", "tiny"]);
  });

  it("integer ranges take a step; constraints leave out what they refuse", () => {
    const tune = syntheticTuneYaml(
      40,
      `  constraints:\n    - "max_batch_tokens >= 2048 unless scheduler == 'prefill_first'"\n`
    ).replace("range: {min: 8, max: 256, scale: log}", "range: {min: 8, max: 40, step: 16}");
    const space = parse(plan(tune)).search_space!;
    expect(space.knobs[1].values).toEqual([8, 24, 40]);
    // fifo keeps 2048, 4096, 8192, 16384 (4 × 3); prefill_first all 6 × 3.
    expect(space.size).toBe(4 * 3 + 6 * 3);
    expect(
      configurations(
        space,
        space.constraints.map((c) => c.tree)
      )
    ).toHaveLength(30);
  });

  it("the constraint language: and, or, not, unless, arithmetic, quoted words", () => {
    const c = {a: 4096, b: 64, s: "fifo", on: "on"};
    expect(meets(parseConstraint("a * b <= 262144 and s == 'fifo'"), c)).toBe(true);
    expect(meets(parseConstraint("a >= 8192 unless on == 'on'"), c)).toBe(true);
    expect(meets(parseConstraint("not (a > 1000) or b / 2 == 32"), c)).toBe(true);
    expect(meets(parseConstraint("a - b < 0"), c)).toBe(false);
    expect(() => parseConstraint("a >=")).toThrow(/ends where a value was expected/);
  });
});

describe("plans that cannot be searched: one line each, with the plan's file and line", () => {
  const oneLine = (message: string) => expect(message.split("\n")).toHaveLength(1);

  it("an empty space: no knob at all", () => {
    const text = plan(syntheticTuneYaml(24).replace(/  knobs:\n(    - .*\n)+/, "  knobs: []\n"));
    const {message, expectedLine} = refusal(text, "knobs: []");
    oneLine(message);
    expect(message).toBe(`study.yaml:${expectedLine}: tune.knobs: the search space is empty: give at least one knob`);
  });

  it("an empty space: a knob with no values, and a range whose min is above its max", () => {
    const empty = refusal(
      plan(syntheticTuneYaml(24).replace("values: [fifo, prefill_first]", "values: []")),
      "values: []"
    );
    oneLine(empty.message);
    expect(empty.message).toBe(
      `study.yaml:${empty.expectedLine}: tune.knobs[2].values: an empty knob: give at least one value`
    );
    const backwards = refusal(
      plan(syntheticTuneYaml(24).replace("range: {min: 512, max: 16384", "range: {min: 16384, max: 512")),
      "min: 16384"
    );
    oneLine(backwards.message);
    expect(backwards.message).toBe(
      `study.yaml:${backwards.expectedLine}: tune.knobs[0].range: an empty knob: the range's min 16384 is above its max 512`
    );
  });

  it("a budget below the start batch (and the leaders' repeats)", () => {
    const {message, expectedLine} = refusal(plan(syntheticTuneYaml(10)), "budget: {runs: 10}");
    oneLine(message);
    expect(message).toBe(
      `study.yaml:${expectedLine}: tune.budget.runs: a budget of 10 runs is below the start batch (7 configurations, 7 runs) plus measuring the 3 leaders again with 3 repeats (6 runs): give at least 13`
    );
  });

  it("a constraint no configuration meets names that constraint's line", () => {
    const text = plan(
      syntheticTuneYaml(
        24,
        `  constraints:\n    - "max_batch_tokens >= 1024"\n    - "max_batch_tokens * max_requests_per_batch < 4096"\n`
      )
    );
    const {message, expectedLine} = refusal(text, "< 4096");
    oneLine(message);
    expect(message).toBe(
      `study.yaml:${expectedLine}: tune.constraints[1]: no configuration meets this constraint together with the ones before it (60 of the space's 72 were left before it)`
    );
  });

  it("a knob the engine rejects (not among its options)", () => {
    const text = plan(
      syntheticTuneYaml(24).replace(
        "  budget:",
        "    - {name: chunked_prefill, flag: --enable-chunked-prefill, values: [on, off]}\n  budget:"
      )
    );
    const {message, expectedLine} = refusal(text, "--enable-chunked-prefill");
    oneLine(message);
    expect(message).toBe(
      `study.yaml:${expectedLine}: tune.knobs[3].flag: engine 'synthetic' does not take --enable-chunked-prefill (its options under engines.synthetic.options: --max-batch-tokens, --max-requests-per-batch, --scheduler)`
    );
  });

  it("a constraint that names no knob, or does not parse", () => {
    const unknown = refusal(plan(syntheticTuneYaml(24, `  constraints: ["max_tokens >= 8"]\n`)), "max_tokens >= 8");
    oneLine(unknown.message);
    expect(unknown.message).toMatch(
      new RegExp(`^study\\.yaml:${unknown.expectedLine}: tune\\.constraints\\[0\\]: unknown knob 'max_tokens'`)
    );
    const broken = refusal(plan(syntheticTuneYaml(24, `  constraints: ["scheduler == "]\n`)), "scheduler == ");
    expect(broken.message).toBe(
      `study.yaml:${broken.expectedLine}: tune.constraints[0]: not a constraint: the constraint ends where a value was expected`
    );
  });

  it("an objective the search cannot maximize, and max_throughput_within_slo without a ladder", () => {
    const latency = refusal(plan(syntheticTuneYaml(24, "  objective: mean_ttft_ms\n")), "objective: mean_ttft_ms");
    expect(latency.message).toMatch(
      new RegExp(
        `^study\\.yaml:${latency.expectedLine}: tune\\.objective: the search maximizes a throughput; 'mean_ttft_ms' is not one`
      )
    );
    const slo = refusal(
      plan(syntheticTuneYaml(24, "  objective: max_throughput_within_slo\n")).replace(
        "repeats: 3",
        "repeats: 3\nslo: {tpot_ms: {p99: 50}}"
      ),
      "scenario: tiny"
    );
    expect(slo.message).toBe(
      `study.yaml:${slo.expectedLine}: tune.scenario: 'max_throughput_within_slo' judges each configuration's load points against the SLO: give scenario 'tiny' 'loads' (one level is enough)`
    );
  });
});
