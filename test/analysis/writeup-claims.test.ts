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
