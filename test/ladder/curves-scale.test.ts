// The load-curve panels on the real H200 ladder (data/studies/h200-ladder): a point of two repeats has a wide 95 %
// interval (t = 12.7), and the throughput axis drawn to hold it (45,000 tok/s/GPU) pressed every curve into its lowest
// tenth. The axis spans the points; an interval that runs past it is cut at the panel's edge.
import {describe, expect, it} from "vitest";
import {loadStudy} from "../../loaders/analysis/report.js";
import {stepCurves} from "../../loaders/pages/load-curves.js";
import {loadCurvesSpec} from "../../src/components/loadCurvesChart.js";

const STUDY = "data/studies/h200-ladder";

interface Layer {
  data: {values: {tps?: number; high?: number | null}[]};
  mark: {type: string; clip?: boolean};
  encoding: {y?: {field: string; scale?: {domain?: number[]}}; y2?: unknown};
}

describe("the load curves of the H200 ladder's batching step", async () => {
  const study = await loadStudy(STUDY);
  const step = study.report.steps.find((s) => s.id === "batching")!;
  const curves = stepCurves(study.report, step, study.rows)!;
  const chat = curves.scenarios[0];
  const spec = loadCurvesSpec(curves, chat, {}, {lang: "en", width: 900, gpus: 1}) as unknown as {
    vconcat: [{hconcat: [{layer: Layer[]}, {layer: Layer[]}]}];
  };
  const [interactivity] = spec.vconcat[0].hconcat;
  const points = interactivity.layer.flatMap((l) => l.data.values.flatMap((v) => (v.tps != null ? [v.tps] : [])));
  const intervals = interactivity.layer.find((l) => l.mark.type === "rule" && l.encoding.y2)!;

  it("has intervals that reach far above every point (the case)", () => {
    const highest = Math.max(...intervals.data.values.map((v) => v.high ?? 0));
    expect(highest).toBeGreaterThan(5 * Math.max(...points));
  });

  it("draws its throughput axis over the points, from 0 to the highest point, and cuts the intervals there", () => {
    const domains = interactivity.layer.flatMap((l) =>
      l.encoding.y?.scale?.domain ? [l.encoding.y.scale.domain] : []
    );
    expect(domains).toEqual([[0, Math.max(...points)]]);
    expect(intervals.mark.clip).toBe(true);
  });
});
