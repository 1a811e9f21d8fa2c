// `tps-report run --parallel` on a fake 8-GPU host (test/support/bin/nvidia-smi with FAKE_SMI_GPUS=8) with fixture
// servers whose time is spent in timers (loading, first token, token gaps), as an engine's is spent on its GPU: the
// study of 8 one-GPU configurations side by side against the same study one server at a time; TP-2 and TP-4
// candidates packed without sharing a GPU; every run's GPU samples of its own GPUs only.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {parseGpuSamples} from "../../loaders/telemetry/gpu.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {loadStudy} from "../../loaders/analysis/report.js";
import {fakeHost} from "./bundled-fixtures.js";
import {FIXTURE_SERVER, readRunJson, removeStudies, STAND_IN_BENCH, writeStudy} from "./live-study.js";

const quiet = (): Progress =>
  new Progress({stream: {write: () => true} as unknown as NodeJS.WritableStream, live: false});

// A server loads for 0.6 s; a run sends 4 prompts at once, 12 tokens each, the first after 0.2 s, then one every
// 0.15 s: about 1.9 s of benchmark in which neither process uses the CPU.
const TIMING = ["--ready-after-ms", "600", "--first-token-ms", "200", "--token-gap-ms", "150"];
const SCENARIOS = {tiny: {input_len: 16, output_len: 12, num_prompts: 4}};

function study(candidates: {id: string; server: string[]}[], port: number): string {
  return writeStudy({
    port,
    client: STAND_IN_BENCH,
    scenarios: SCENARIOS,
    serve: {ready_timeout_s: 60, bench_timeout_s: 60, scrape_interval_s: 0.5},
    steps: [{id: "s", scenarios: ["tiny"], candidates}]
  });
}

async function timed(dir: string, parallel: boolean): Promise<{result: RunStudyResult; seconds: number}> {
  const started = performance.now();
  const result = await runStudy(loadStudyPlan(dir), {parallel, progress: quiet(), env: fakeHost(8)});
  return {result, seconds: (performance.now() - started) / 1000};
}

/** GPU indices of a run: those it was placed on, and those its samples name. */
function gpusOf(dir: string, id: string): {visible: number[]; sampled: number[]} {
  const meta = readRunJson(dir, id);
  const visible = String(meta.origin.placement.gpus_visible).split(",").map(Number);
  const {samples, errors} = parseGpuSamples(readFileSync(join(dir, "runs", id, "gpu.csv"), "utf8"));
  expect(errors).toEqual([]);
  return {visible, sampled: [...new Set(samples.map((s) => s.index))].sort((a, b) => a - b)};
}

afterAll(removeStudies);

describe("eight one-GPU configurations on an 8-GPU host", () => {
  let sequential: {result: RunStudyResult; seconds: number};
  let parallel: {result: RunStudyResult; seconds: number};
  let inOrder: string;
  let sideBySide: string;
  const ids = Array.from({length: 8}, (_, i) => `s--c${i}--tiny`);

  beforeAll(async () => {
    const candidates = Array.from({length: 8}, (_, i) => ({id: `c${i}`, server: [...FIXTURE_SERVER, ...TIMING]}));
    inOrder = study(candidates, await freePort());
    sideBySide = study(candidates, await freePort());
    sequential = await timed(inOrder, false);
    parallel = await timed(sideBySide, true);
  }, 240_000);

  it("finishes in about an eighth of the time the same study takes one server at a time", () => {
    expect(sequential.result.runs.map((r) => r.status)).toEqual(Array(8).fill("ok"));
    expect(parallel.result.runs.map((r) => r.status)).toEqual(Array(8).fill("ok"));
    const ratio = parallel.seconds / sequential.seconds;
    console.log(
      `8 configurations: ${sequential.seconds.toFixed(1)} s one at a time, ${parallel.seconds.toFixed(1)} s side by side (${ratio.toFixed(3)}, ideal 0.125)`
    );
    // An eighth plus what cannot overlap: starting 16 processes at once on a 2-core machine, the study's set-up.
    expect(ratio).toBeLessThan(0.25);
  });

  it("gives each server its own GPU, told by CUDA_VISIBLE_DEVICES, and records it", () => {
    const placed = ids.map((id) => gpusOf(sideBySide, id).visible);
    expect(placed.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const id of ids) {
      const log = readFileSync(join(sideBySide, "runs", id, "server.log"), "utf8");
      expect(log).toContain(`gpus: ${readRunJson(sideBySide, id).origin.placement.gpus_visible}`);
    }
    // One at a time, nothing is placed: the server sees what the host gives it, as before.
    expect(readRunJson(inOrder, ids[0]).origin.placement.gpus_visible).toBeUndefined();
  });

  it("no run's GPU samples include another run's GPU", () => {
    for (const id of ids) {
      const {visible, sampled} = gpusOf(sideBySide, id);
      expect(sampled).toEqual(visible);
      const telemetry = JSON.parse(readFileSync(join(sideBySide, "runs", id, "telemetry.json"), "utf8"));
      expect(telemetry.gpu.argv).toEqual(expect.arrayContaining(["-i", visible.join(",")]));
    }
  });

  it("check finds nothing wrong with runs made side by side", async () => {
    expect(await findings(sideBySide)).toEqual([]);
  });

  it("records which runs shared the host, both ways", () => {
    const shared = new Map(ids.map((id) => [id, readRunJson(sideBySide, id).origin.shared_host_with as string[]]));
    for (const [id, others] of shared) {
      expect(others).not.toContain(id);
      for (const other of others) expect(shared.get(other)).toContain(id);
    }
    // Side by side the benchmarks overlapped; one at a time nothing is recorded.
    expect([...shared.values()].some((others) => others.length > 0)).toBe(true);
    expect(readRunJson(inOrder, ids[0]).origin.shared_host_with).toBeUndefined();
  });
});

/** What check says about a study's runs, less the ceiling a plan without a GPU from the table cannot have. */
async function findings(dir: string): Promise<string[]> {
  const {report} = await loadStudy(dir);
  return report.findings
    .filter((f) => f.severity !== "info" && f.code !== "headroom-unavailable")
    .map((f) => `${f.code}: ${f.message}`);
}

describe("TP-2 and TP-4 candidates on an 8-GPU host", () => {
  let dir: string;
  let result: RunStudyResult;
  const tp = (n: number) => [...FIXTURE_SERVER, ...TIMING, "--tensor-parallel-size", String(n)];
  const plan = ["tp4-a", "tp2-a", "tp2-b", "tp4-b", "tp1-a", "tp2-c", "tp4-c", "tp1-b"].map((id) => ({id}));

  beforeAll(async () => {
    const size = (id: string) => Number(id.slice(2, 3));
    dir = study(
      plan.map(({id}) => ({id, server: tp(size(id))})),
      await freePort()
    );
    ({result} = await timed(dir, true));
  }, 120_000);

  it("packs them without overlap: no GPU serves two servers at once", () => {
    expect(result.runs.map((r) => r.status)).toEqual(Array(plan.length).fill("ok"));
    const spans = plan.map(({id}) => {
      const meta = readRunJson(dir, `s--${id}--tiny`);
      return {
        id,
        gpus: gpusOf(dir, `s--${id}--tiny`).visible,
        // The server's life: from its start to the end of its only run (it is stopped before its GPUs are free).
        from: Date.parse(meta.origin.server_started_at),
        to: Date.parse(meta.ended_at)
      };
    });
    for (const span of spans) expect(span.gpus).toHaveLength(Number(/\d$/.exec(span.id.split("-")[0])![0]));
    for (const a of spans)
      for (const b of spans) {
        if (a === b || !a.gpus.some((g) => b.gpus.includes(g))) continue;
        expect(a.to <= b.from || b.to <= a.from, `${a.id} and ${b.id} share a GPU at the same time`).toBe(true);
      }
    // Side by side indeed: the first two (4 + 2 GPUs) and more ran at once.
    const overlapping = spans.filter((s) => s !== spans[0] && s.from < spans[0].to && spans[0].from < s.to);
    expect(overlapping.length).toBeGreaterThan(0);
    // A TP-4 server takes an aligned block of four (GPUs 0–3 or 4–7) where one is free.
    expect([
      [0, 1, 2, 3],
      [4, 5, 6, 7]
    ]).toContainEqual(spans[0].gpus);
    for (const span of spans) expect(gpusOf(dir, `s--${span.id}--tiny`).sampled).toEqual(span.gpus);
  });

  it("check finds the runs as the plan says: commands on their own ports, GPU counts from the flags", async () => {
    expect(await findings(dir)).toEqual([]);
  });

  it("records each run's GPU count from its flags", () => {
    expect(readRunJson(dir, "s--tp4-a--tiny").gpu_count).toBe(4);
    expect(readRunJson(dir, "s--tp2-c--tiny").gpu_count).toBe(2);
    expect(readRunJson(dir, "s--tp1-b--tiny").gpu_count).toBe(1);
  });
});
