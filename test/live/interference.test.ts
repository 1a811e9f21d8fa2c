// The plan's `interference`: a configuration run alone and as two copies side by side (--parallel), what each run
// records of its neighbours, and check's verdict by the study's noise rule — live on a fake host whose servers slow
// each other down, and by hand on runs with known figures.
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {interferenceFindings, interferencePoints} from "../../loaders/analysis/interference.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import type {RunRecord} from "../../loaders/runs/read-runs.js";
import type {RunRow} from "../../loaders/runs/rows.js";
import {loadStudyPlan, parseStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {fakeHost} from "./bundled-fixtures.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, runsFolder, STAND_IN_BENCH, writeStudy} from "./live-study.js";

const quiet = (): Progress =>
  new Progress({stream: {write: () => true} as unknown as NodeJS.WritableStream, live: false});

afterAll(removeStudies);

describe("a configuration alone and beside its copy, on a host whose servers slow each other down", () => {
  let dir: string;
  let neighbours: string | undefined;
  afterAll(() => {
    if (neighbours) rmSync(neighbours, {recursive: true, force: true});
  });
  let result: RunStudyResult;
  const alone = (k: number) => `interference--s.a.alone--tiny${k > 1 ? `--r${k}` : ""}`;
  const copy = (c: number, k: number) => `interference--s.a.pair-${c}--tiny${k > 1 ? `--r${k}` : ""}`;

  beforeAll(async () => {
    // Each server marks the folder while it lives; a request that finds another's mark takes twice as long.
    neighbours = mkdtempSync(join(tmpdir(), "tps-neighbours-"));
    const server = [
      ...FIXTURE_SERVER,
      ...["--ready-after-ms", "200", "--first-token-ms", "100", "--token-gap-ms", "60"],
      ...["--neighbour-dir", neighbours, "--neighbour-factor", "2"]
    ];
    dir = writeStudy({
      port: await freePort(),
      client: STAND_IN_BENCH,
      scenarios: {tiny: {input_len: 8, output_len: 20, num_prompts: 4}},
      serve: {ready_timeout_s: 30, bench_timeout_s: 30, stop_grace_s: 2, scrape_interval_s: 0.5},
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "a", server}]}],
      plan: {interference: [{step: "s", candidate: "a", repeats: 3}]}
    });
    result = await runStudy(loadStudyPlan(dir), {parallel: true, progress: quiet(), env: fakeHost(4)});
  }, 120_000);

  it("runs the copy alone three times, then both copies side by side three times, as step interference", () => {
    expect(result.runs.every((r) => r.status === "ok")).toBe(true);
    expect(runsFolder(dir)).toEqual(
      [
        ...[1, 2, 3].map(alone),
        ...[1, 2, 3].map((k) => copy(1, k)),
        ...[1, 2, 3].map((k) => copy(2, k)),
        "s--a--tiny"
      ].sort()
    );
    // The same server command, on a port of its own.
    expect(readRunJson(dir, alone(1)).server_argv.slice(0, -1)).toEqual(
      readRunJson(dir, "s--a--tiny").server_argv.slice(0, -1)
    );
  });

  it("each run records its neighbours: none alone, its partner's run of the same repeat side by side", () => {
    for (const k of [1, 2, 3]) {
      expect(readRunJson(dir, alone(k)).origin.shared_host_with).toEqual([]);
      expect(readRunJson(dir, copy(1, k)).origin.shared_host_with).toEqual([copy(2, k)]);
      expect(readRunJson(dir, copy(2, k)).origin.shared_host_with).toEqual([copy(1, k)]);
      const [one, two] = [1, 2].map((c) => readRunJson(dir, copy(c, k)).origin.placement.gpus_visible);
      expect(one).not.toBe(two);
    }
  });

  it("check flags the slowdown as beyond the study's noise", async () => {
    const {report, rows} = await loadStudy(dir);
    const finding = report.findings.find((f) => f.code === "interference");
    expect(finding?.severity).toBe("warning");
    expect(finding?.message).toMatch(
      /^s--a on tiny: side by side its total_token_throughput is −\d+\.\d % against alone \(−\d+\.\d % to −\d+\.\d % at 95 %; 3 alone, 6 side by side\), beyond noise/
    );
    const mean = (ids: string[]) =>
      ids.reduce((s, id) => s + (rows.find((r) => r.run === id)!.total_token_throughput as number), 0) / ids.length;
    const change = (mean([1, 2, 3].flatMap((k) => [copy(1, k), copy(2, k)])) / mean([1, 2, 3].map(alone)) - 1) * 100;
    expect(finding?.message).toContain(`is −${Math.abs(change).toFixed(1)} %`);
    // Every token twice as late: about half the throughput.
    expect(change).toBeLessThan(-35);
  });
});

describe("check's verdict, by hand", () => {
  const plan = parseStudyPlan(
    [
      "id: by-hand",
      "title: by hand",
      "model: {name: m}",
      "hardware: {gpu: none, count: 1}",
      "engines: {e: {version: v1}}",
      "client: {argv: [vllm, bench, serve]}",
      "scenarios: {x: {dataset: random, input_len: 8, output_len: 8, num_prompts: 4}}",
      "steps: [{id: s, scenarios: [x], candidates: [{id: a, engine: e, server: [vllm, serve, m]}]}]",
      "interference: [{step: s, candidate: a}]"
    ].join("\n"),
    "/by-hand/study.yaml",
    "/by-hand"
  );
  const id = (c: string, k: number) => `interference--s.a.${c}--x${k > 1 ? `--r${k}` : ""}`;
  /** Runs of the pair with these throughputs; side-by-side copies name each other. */
  function runs(alone: number[], one: number[], two: number[]): {records: RunRecord[]; rows: RunRow[]} {
    const made: {id: string; value: number; shared: string[]}[] = [
      ...alone.map((value, i) => ({id: id("alone", i + 1), value, shared: []})),
      ...one.map((value, i) => ({id: id("pair-1", i + 1), value, shared: [id("pair-2", i + 1)]})),
      ...two.map((value, i) => ({id: id("pair-2", i + 1), value, shared: [id("pair-1", i + 1)]}))
    ];
    return {
      records: made.map((r) => ({meta: {id: r.id, origin: {shared_host_with: r.shared}}}) as unknown as RunRecord),
      rows: made.map(
        (r) =>
          ({
            run: r.id,
            step: "interference",
            candidate: r.id.split("--")[1],
            status: "ok",
            repeat: Number(/--r(\d+)$/.exec(r.id)?.[1] ?? 1),
            total_token_throughput: r.value
          }) as unknown as RunRow
      )
    };
  }

  it("a difference beyond noise: Welch's interval at the study's confidence lies below zero", () => {
    const {records, rows} = runs([100, 102, 98], [90, 91, 89], [90, 92, 88]);
    const [point] = interferencePoints(plan, records, rows);
    // Alone: mean 100, s² = 4 (n 3); side by side: mean 90, s² = 2 (n 6); se = √(4/3 + 2/6) = 1.291, Welch
    // df = 3.049, t = 3.165: −10 ± 4.09 %.
    expect(point).toMatchObject({key: "s--a", point: "x", verdict: "beyond noise", change_percent: -10});
    expect(point.low).toBeCloseTo(-14.07, 1);
    expect(point.high).toBeCloseTo(-5.93, 1);
    const [finding] = interferenceFindings(plan, records, rows);
    expect(finding).toMatchObject({severity: "warning", code: "interference"});
  });

  it("within noise, and unmeasured when a run did not run as planned", () => {
    const within = runs([100, 110, 90], [99, 104, 96], [101, 95, 105]);
    expect(interferencePoints(plan, within.records, within.rows)[0].verdict).toBe("within noise");
    expect(interferenceFindings(plan, within.records, within.rows)[0]).toMatchObject({
      severity: "info",
      code: "interference-within-noise"
    });
    // An "alone" run that had a neighbour is no sample of alone: one left is too few.
    const spoiled = runs([100, 101], [90], [90]);
    spoiled.records[0].meta.origin = {shared_host_with: ["someone"]};
    expect(interferencePoints(plan, spoiled.records, spoiled.rows)[0]).toMatchObject({
      verdict: "unmeasured",
      alone: [101],
      side_by_side: [90, 90]
    });
  });

  it("refuses an interference entry that names no candidate, at its line", () => {
    const text = [
      "id: bad",
      "title: bad",
      "model: {name: m}",
      "hardware: {gpu: none, count: 1}",
      "engines: {e: {version: v1}}",
      "client: {argv: [vllm, bench, serve]}",
      "scenarios: {x: {dataset: random, input_len: 8, output_len: 8, num_prompts: 4}}",
      "steps: [{id: s, scenarios: [x], candidates: [{id: a, engine: e, server: [vllm, serve, m]}]}]",
      "interference:",
      "  - {step: s, candidate: b}"
    ].join("\n");
    expect(() => parseStudyPlan(text, "/bad/study.yaml", "/bad")).toThrow(PlanError);
    expect(() => parseStudyPlan(text, "/bad/study.yaml", "/bad")).toThrow(
      "/bad/study.yaml:10: interference[0]: no candidate 'b' in step 's'"
    );
  });
});
