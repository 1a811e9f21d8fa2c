// Issue 47 item 1: live mode judges each ladder level by the build's SLO rule, so a level whose requests fail cannot
// meet the SLO (vLLM writes 0 for the latencies of a run whose every request failed). Before, the statistic alone was
// held to the limit: 0 ms is within any, and a goodput search "met the SLO" at the ladder's highest level.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {judgeRun, LadderGuard} from "../../loaders/live/ladder-guard.js";
import {loadStudyPlan, plannedRuns} from "../../loaders/study/plan.js";
import {requests, studyAModels, writeH100Study} from "../support/h100-ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-judge-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

function study() {
  const dir = join(root, "study");
  const models = studyAModels();
  // chunked: every request fails at c16; at c64 a third of them fail, the rest well within both limits.
  models.chunked[16] = [0, 1, 2].map(() => ({ttft_ms: 260, tpot_ms: 51, failed: requests(16), power_w: 346})) as never;
  models.chunked[64] = [0, 1, 2].map(() => ({ttft_ms: 300, tpot_ms: 40, failed: 86, power_w: 634})) as never;
  writeH100Study(dir, models, {id: "judge"});
  const plan = loadStudyPlan(dir);
  const judge = (run: string) =>
    judgeRun(
      plan,
      plannedRuns(plan).find((p) => p.run === run)!,
      join(dir, "runs", run)
    );
  return {plan, dir, judge};
}

describe("a ladder level judged live", () => {
  const {plan, dir, judge} = study();

  it("breaks the SLO when every request failed, though its latencies read 0", () => {
    expect(judge("sched--chunked--chat--c16")).toEqual({
      broken: true,
      why: "concurrency 16: the run failed (every request failed (0 of 64 completed))"
    });
  });

  it("breaks it when failed requests bring the share within every limit under the plan's attainment", () => {
    // 170 of 256 requests within both limits: 66.4 % < 95 %.
    expect(judge("sched--chunked--chat--c64")).toEqual({
      broken: true,
      why: "concurrency 64: 66.4 % of 256 requests within every limit < 95 %"
    });
  });

  it("meets it where every request meets both limits, and says with which figures", () => {
    expect(judge("sched--chunked--chat--c4").why).toMatch(
      /^concurrency 4: within the SLO \(100 % of 32 requests within every limit, p99 TTFT \d+(\.\d)? ms, p99 TPOT \d+(\.\d)? ms\)$/
    );
  });

  it("so a goodput search stops below the failing levels instead of meeting the SLO at the top", () => {
    const searching = {
      ...plan,
      scenarios: plan.scenarios.map((s) => ({...s, search: {kind: "goodput" as const, tolerance: 0.1, max_probes: 16}}))
    };
    const runs = plannedRuns(searching).filter((r) => r.candidate.id === "chunked" && r.repeat === 1);
    const guard = new LadderGuard(searching, runs, (run) => judgeRun(searching, run, join(dir, "runs", run.run)));
    // Doubling from c1: c1 and c4 run (c2 is no level of this ladder), c16 breaks it.
    for (const level of [1, 4, 16]) guard.after(runs.find((r) => r.scenario.load?.value === level)!);
    const [outcome] = guard.outcomes();
    expect(outcome.limit).toBe(4);
    expect(outcome.broken_at).toBe(16);
  });
});
