// Attainment, Wilson's interval and goodput on a hand-made 100-request --save-detailed result.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {readResultJson} from "../../loaders/requests/stream-result-json.js";
import {conformingAt, PLAN_TARGETS, requestGrid, wilson} from "../../loaders/analysis/slo.js";
import type {PlanSlo} from "../../loaders/study/plan.js";

const dir = mkdtempSync(join(tmpdir(), "tps-slo-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** 100 requests of 100 input and 10 output tokens: 3 failed; 7 with a 2.5 s TTFT; 5 with 60 ms steps; 85 within. */
function hundredRequests(): string {
  const ttfts: number[] = [];
  const itls: number[][] = [];
  const errors: string[] = [];
  for (let i = 0; i < 100; i++) {
    const failed = i < 3;
    const slowStart = i >= 3 && i < 10;
    const slowSteps = i >= 10 && i < 15;
    ttfts.push(failed ? 0 : slowStart ? 2.5 : 0.5);
    itls.push(failed ? [] : Array.from({length: 9}, () => (slowSteps ? 0.06 : 0.02)));
    errors.push(failed ? "Internal Server Error" : "");
  }
  return JSON.stringify({
    duration: 10,
    completed: 97,
    failed: 3,
    total_input_tokens: 9700,
    total_output_tokens: 970,
    input_lens: Array(100).fill(100),
    output_lens: Array.from({length: 100}, (_, i) => (i < 3 ? 0 : 10)),
    ttfts,
    itls,
    errors
  });
}

describe("SLO attainment", () => {
  const slo: PlanSlo = {
    limits: [
      {metric: "ttft_ms", statistic: "p99", limit: 2000},
      {metric: "tpot_ms", statistic: "p99", limit: 50}
    ],
    attainment: 0.95
  };

  it("counts the requests that meet every limit; failed ones are misses", () => {
    const file = join(dir, "result.json");
    writeFileSync(file, hundredRequests());
    const [record] = readResultJson(file);
    expect(record.perRequest).not.toBeNull();
    // TPOT of a normal request: (0.5 + 9 × 0.02 − 0.5) / (10 − 1) s = 20 ms; of a slow-step one 60 ms.
    expect(record.perRequest!.tpot_ms[20]).toBeCloseTo(20, 9);
    expect(record.perRequest!.tpot_ms[12]).toBeCloseTo(60, 9);
    const grid = requestGrid(record.perRequest!, slo);
    const at = conformingAt(grid, PLAN_TARGETS);
    const c = {requests: grid.requests, conforming: at.requests, tokens: at.tokens};
    expect(c).toEqual({requests: 100, conforming: 85, tokens: 85 * 110});
    // Goodput over the 10 s run: 8.5 req/s, 935 tok/s.
    expect(c.conforming / 10).toBe(8.5);
    expect(c.tokens / 10).toBe(935);
  });

  it("gives Wilson's interval: 85 of 100 at 95 % is [0.76716, 0.90694]", () => {
    // z = 1.959964; center (0.85 + z²/200) / (1 + z²/100), half-width z/(1 + z²/100) · √(0.85·0.15/100 + z²/40000).
    const w = wilson(85, 100, 0.95)!;
    expect(w.low).toBeCloseTo(0.7671644, 6);
    expect(w.high).toBeCloseTo(0.9069401, 6);
    expect(wilson(0, 0, 0.95)).toBeNull();
    expect(wilson(100, 100, 0.95)!.high).toBe(1);
  });
});
