// The mlperf-endpoints ladder preset (issue 46): fixed-concurrency points, interactivity as 1000 / p90 TPOT (MLPerf
// Endpoints' tps_per_user) beside the median-based figure, and the Pareto frontier drawn as a step function.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {compareCurves} from "../../loaders/analysis/frontier.js";
import {parseStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {stepPages} from "../../loaders/pages/step.js";
import {curvesDefinitions, loadCurvesSpec} from "../../src/components/loadCurvesChart.js";
import {h100PlanYaml, studyAModels, writeH100Study} from "../support/h100-ladder-study.js";

const root = mkdtempSync(join(tmpdir(), "tps-mlperf-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const LADDER = "loads: {concurrency: [1, 4, 16, 64], prompts_per_load: 4}";
const plan = (loads: string) =>
  parseStudyPlan(h100PlanYaml(studyAModels()).replace(LADDER, loads), join(root, "study.yaml"), root);

/** vLLM's percentile: linear between the closest ranks. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
}

describe("the preset in a plan", () => {
  it("alone: a concurrency ladder of 8 points, 1 to 128 (MLPerf asks 7 to 32)", () => {
    const loads = plan("loads: {preset: mlperf-endpoints, prompts_per_load: 4}").scenarios[0].loads!;
    expect(loads).toMatchObject({
      kind: "concurrency",
      levels: [1, 2, 4, 8, 16, 32, 64, 128],
      preset: "mlperf-endpoints"
    });
  });

  it("with its own concurrency levels, those; with request rates, one line naming the file and line", () => {
    expect(plan(`loads: {preset: mlperf-endpoints, concurrency: [1, 4, 16, 64]}`).scenarios[0].loads!.levels).toEqual([
      1, 4, 16, 64
    ]);
    expect(() => plan("loads: {preset: mlperf-endpoints, request_rate: [1, 2]}")).toThrow(PlanError);
    try {
      plan("loads: {preset: mlperf-endpoints, request_rate: [1, 2]}");
    } catch (error) {
      expect((error as Error).message).toMatch(
        /study\.yaml:\d+: scenarios\.chat\.loads: give 'concurrency' or 'request_rate', one kind \(the mlperf-endpoints preset is a concurrency ladder\)$/
      );
    }
  });
});

describe("a study on the preset", () => {
  let study: StudyData;
  const dir = join(root, "preset");
  beforeAll(async () => {
    writeH100Study(dir, studyAModels(), {id: "h100-mlperf"});
    const file = join(dir, "study.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        LADDER,
        `loads: {preset: mlperf-endpoints, concurrency: [1, 4, 16, 64], prompts_per_load: 4}`
      )
    );
    study = await loadStudy(dir);
  });

  it("gives each run 1000 / p90 TPOT from its requests (the client printed only p99)", () => {
    const run = "sched--chunked--chat--c64--r2";
    const result = JSON.parse(readFileSync(join(dir, "runs", run, "result.json"), "utf8"));
    const tpots = result.latencies.map(
      (latency: number, i: number) => ((latency - result.ttfts[i]) / (result.output_lens[i] - 1)) * 1000
    );
    const row = study.rows.find((r) => r.run === run)!;
    expect(row.interactivity_p90).toBeCloseTo(1000 / percentile(tpots, 90), 9);
    expect(row.interactivity).toBeCloseTo(1000 / result.median_tpot_ms, 9);
  });

  it("draws interactivity as 1000 / p90 TPOT, names the median-based figure beside it, and the frontier as steps", () => {
    const [page] = [...stepPages(study.report, study.rows)];
    const scenario = page.curves!.scenarios[0];
    expect(scenario.interactivity).toBe("p90");
    const spec = loadCurvesSpec(
      page.curves!,
      scenario,
      {chunked: "Chunked prefill"},
      {lang: "en", width: 820, gpus: 1}
    );
    const text = JSON.stringify(spec);
    expect(text).toContain('"title":"interactivity (tok/s/user), log scale"');
    expect(curvesDefinitions(scenario, "en")).toContain("interactivity = 1000 / p90 TPOT (MLPerf Endpoints)");
    expect(text).toContain('"interpolate":"step-before"');
    const c64 = scenario.points.find((p) => p.key === "sched--chunked--chat--c64")!;
    expect(text).toContain(
      `${+c64.interactivity_p90!.toFixed(1)} tok/s/user (p90); ${+c64.interactivity!.toFixed(1)} tok/s/user (median)`
    );
  });

  it("compare reads two preset studies' frontiers at 1000 / p90 TPOT", () => {
    const side = {dir, plan: study.plan, rows: study.rows, runs: study.runs};
    const curves = compareCurves(side, side, {threshold: 0.05});
    expect(curves.interactivity).toBe("p90");
    expect(curves.rule).toContain("interactivity = 1000 / p90 TPOT");
    const top = curves.curves[0].base_frontier.at(-1)!;
    const point = study.report.ladder!.points.find((p) => p.key === top.point)!;
    expect(top.interactivity).toBeCloseTo(point.interactivity_p90!.mean, 9);
  });
});
