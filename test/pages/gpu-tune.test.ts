// The search on a real GPU engine (data/studies/gpu-tune: gpu_engine_server.py on one H100, Qwen3-0.6B shape): the
// figures its tune page gives, from the run folders the GPU machine wrote.
import {beforeAll, describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import type {TuneReport} from "../../loaders/analysis/search-report.js";
import {tunePage} from "../../loaders/pages/tune.js";
import "../../src/render/dom.js";
import {tuneGreedyText, tuneRegretText} from "../../src/components/tuneView.js";

let tune: TuneReport;
let page: ReturnType<typeof tunePage>;

beforeAll(async () => {
  const {report} = await loadStudy("data/studies/gpu-tune");
  page = tunePage(report);
  tune = report.tune!;
});

describe("the search on one H100 against the grid", () => {
  it("6 runs: 3 start, 1 picked by the model, the leader and the greedy path's configuration measured again", () => {
    expect(tune.state).toBe("done");
    expect(tune.spent.runs).toBe(6);
    expect(tune.configurations.map((c) => [c.id, c.phase, c.status, c.confirmed, c.greedy])).toEqual([
      ["c001", "start", "ok", true, true],
      ["c002", "start", "ok", false, false],
      ["c003", "start", "outside-slo", true, false],
      ["c004", "search", "ok", false, false]
    ]);
    expect(tune.configurations[0].value).toBeCloseTo(1310.57, 2);
    expect(tune.configurations[0].n).toBe(2);
  });

  it("the leader (1024 batch tokens, 4 requests, prefill_first) falls outside the SLO once measured again: the greedy path's configuration stays", () => {
    const leader = tune.configurations[2];
    expect(leader.label).toBe("max_batch_tokens 1024, max_requests_per_batch 4, scheduler prefill_first");
    // 1954.6 and 1488.4 tok/s; two runs' p99 TPOT interval reaches past 239 ms.
    expect(leader.measured).toBeCloseTo(1721.5, 0);
    expect(tune.verdict).toMatchObject({kind: "no-improvement", winner: "c001", incumbent: "c001"});
    expect(tune.winner!.server_command).toMatch(/--max-batch-tokens 256 --max-requests-per-batch 16 --scheduler fifo$/);
    expect(tuneGreedyText(page, "en")).toContain("outside the SLO at the study's confidence) fell out.");
  });

  it("the grid ran 9 of its 18 configurations: regret 6.0 % against the best of those, with 6 runs to its 9", () => {
    const g = tune.grid!;
    expect([g.configurations, g.runs, g.complete, g.search_runs]).toEqual([18, 9, false, 6]);
    expect(g.not_run).toEqual(["g010", "g011", "g012", "g013", "g014", "g015", "g016", "g017", "g018"]);
    expect(g.best).toEqual({
      id: "g008",
      label: "max_batch_tokens 256, max_requests_per_batch 4, scheduler prefill_first",
      value: 1255.21
    });
    expect(g.winner_value).toBeCloseTo(1179.34, 2);
    expect(g.regret_percent!).toBeCloseTo(6.04, 2);
    expect(tuneRegretText(page, "en")).toContain("not complete: 9 configurations never ran");
  });
});
