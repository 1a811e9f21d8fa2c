// A write-up's latency claim printed with a trailing zero ("3.70 s", decimals: 2) is checked at the precision it was
// printed with, and its recomputed value shown at that precision. Qwen3.5-35B-A3B on H200 (latency) showed "3.70 s"
// against "3.7 s", and the check read 3.7 at one decimal, so a run of 3.66 s confirmed it.
import {describe, expect, it} from "vitest";
import type {Derived} from "../../loaders/analysis/derive.js";
import {checkWriteupClaim} from "../../loaders/analysis/claims-writeup.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import type {PlanClaim, StudyPlan} from "../../loaders/study/plan.js";

const claim = (value: number): PlanClaim =>
  ({kind: "value", run: "r", metric: "mean_e2el_ms", unit: "s", value, decimals: 2}) as unknown as PlanClaim;
const check = (ms: number, value = 3.7) =>
  checkWriteupClaim(claim(value), {} as StudyPlan, {} as Derived, [
    {run: "r", status: "ok", mean_e2el_ms: ms} as unknown as RunRow
  ])!;

describe("a write-up's value claim in seconds, printed with a trailing zero", () => {
  it("shows the recomputed value at the published precision", () => {
    expect(check(3700)).toMatchObject({published: "3.70 s", recomputed: "3.70 s", status: "confirmed"});
  });

  it("is contradicted by a run 0.04 s away, which rounds to the same one decimal", () => {
    expect(check(3660)).toMatchObject({published: "3.70 s", recomputed: "3.66 s", status: "contradicted"});
    expect(check(3704)).toMatchObject({recomputed: "3.70 s", status: "confirmed"});
  });
});

// A latency page prints each mean latency to 0.01 s (5.32 s, 3.28 s), and its speed-up from the figures before they
// were rounded: 1.63× lies within what 5.315–5.325 s against 3.275–3.285 s allow (1.618× to 1.626×, which rounds to
// 1.63), so the printed figures cannot contradict it. Qwen3.5-35B-A3B on H200 (latency) read 1.62× and contradicted it.
describe("a speed-up of two latencies printed to 0.01 s", () => {
  const speedup = (factor: number, run: number, against: number) =>
    checkWriteupClaim(
      {kind: "speedup", run: "r", against: "b", metric: "mean_e2el_ms", factor, decimals: 2} as unknown as PlanClaim,
      {} as StudyPlan,
      {} as Derived,
      [
        {run: "r", status: "ok", mean_e2el_ms: run} as unknown as RunRow,
        {run: "b", status: "ok", mean_e2el_ms: against} as unknown as RunRow
      ]
    )!;

  it("holds a factor the rounded figures allow, and shows the ratio of the figures as printed", () => {
    expect(speedup(1.63, 3280, 5320)).toMatchObject({
      recomputed: "1.62× faster",
      status: "confirmed",
      detail: "the figures as printed allow 1.618× to 1.626×"
    });
    // 1.626× rounds to 1.63 at most: 1.64 is past what the printed figures allow.
    expect(speedup(1.64, 3280, 5320)).toMatchObject({status: "contradicted"});
  });

  it("takes a latency printed in ms at its own precision: 0.01 ms, no range worth the name", () => {
    expect(speedup(1.63, 3280.01, 5320.02)).toMatchObject({status: "contradicted"});
  });
});
