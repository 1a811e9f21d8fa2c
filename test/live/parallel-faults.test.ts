// --parallel when something goes wrong: plans the host cannot serve (one line naming study.yaml and the line), a
// server that dies and leaves its GPUs to the next configuration, Ctrl-C and --resume; and a pin one at a time.
import {readFileSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {Progress} from "../../loaders/live/progress.js";
import {LiveError, runStudy} from "../../loaders/live/runner.js";
import {parseGpuSamples} from "../../loaders/telemetry/gpu.js";
import {loadStudyPlan, PlanError} from "../../loaders/study/plan.js";
import {fakeHost} from "./bundled-fixtures.js";
import {
  type CandidateSpec,
  FAILING_SERVER,
  FIXTURE_SERVER,
  readRunJson,
  removeStudies,
  runCli,
  runsFolder,
  STAND_IN_BENCH,
  stillAlive,
  tps,
  writeStudy
} from "./live-study.js";

const quiet = (): Progress =>
  new Progress({stream: {write: () => true} as unknown as NodeJS.WritableStream, live: false});
const QUICK = ["--ready-after-ms", "200", "--first-token-ms", "50", "--token-gap-ms", "50"];

afterAll(removeStudies);

async function study(candidates: CandidateSpec[], plan: Record<string, unknown> = {}): Promise<string> {
  return writeStudy({
    port: await freePort(),
    client: STAND_IN_BENCH,
    scenarios: {tiny: {input_len: 8, output_len: 6, num_prompts: 2}},
    serve: {ready_timeout_s: 30, bench_timeout_s: 30, stop_grace_s: 2, scrape_interval_s: 0.5},
    steps: [{id: "s", scenarios: ["tiny"], candidates}],
    plan
  });
}

/** The line (from 1) of study.yaml on which `pattern` first matches at or after the line matching `after`. */
function lineOf(dir: string, pattern: RegExp, after?: RegExp): number {
  const lines = readFileSync(join(dir, "study.yaml"), "utf8").split("\n");
  const from = after ? lines.findIndex((l) => after.test(l)) : 0;
  return lines.findIndex((l, i) => i >= from && pattern.test(l)) + 1;
}

async function refusal(dir: string, parallel = true): Promise<string> {
  try {
    await runStudy(loadStudyPlan(dir), {parallel, progress: quiet(), env: fakeHost(8)});
  } catch (error) {
    expect(error).toBeInstanceOf(LiveError);
    return (error as Error).message;
  }
  throw new Error("the study ran");
}

describe("plans the host cannot serve", () => {
  it("a candidate needing more GPUs than the host has: one line naming the file and the line of its flag", async () => {
    const dir = await study([
      {id: "small", server: [...FIXTURE_SERVER, "--tensor-parallel-size", "2"]},
      {id: "big", server: [...FIXTURE_SERVER, "--tensor-parallel-size", "16"]}
    ]);
    const line = lineOf(dir, /--tensor-parallel-size/, /id: big$/);
    expect(await refusal(dir)).toBe(
      `${join(dir, "study.yaml")}:${line}: steps[0].candidates[1].server[2]: needs 16 GPUs (--tensor-parallel-size 16) but this host has 8 (nvidia-smi: 0, 1, 2, 3, 4, 5, 6, 7)`
    );
    // One at a time too: the server could never start here.
    expect(await refusal(dir, false)).toContain(`:${line}: steps[0].candidates[1].server[2]: needs 16 GPUs`);
    expect(runsFolder(dir)).toEqual([]);
  });

  it("two candidates pinned to the same GPU: one line naming the second pin's line and the first's", async () => {
    const dir = await study([
      {id: "a", server: FIXTURE_SERVER, gpus: [2, 3]},
      {id: "b", server: FIXTURE_SERVER, gpus: [3]}
    ]);
    const first = lineOf(dir, /gpus:/);
    const second = lineOf(dir, /gpus:/, /id: b$/);
    expect(await refusal(dir)).toBe(
      `${join(dir, "study.yaml")}:${second}: steps[0].candidates[1].gpus: pinned to GPU 3, as s--a is (${join(dir, "study.yaml")}:${first}); --parallel runs them side by side, so a GPU is pinned once`
    );
  });

  it("the CLI prints that one line and starts nothing", async () => {
    const dir = await study([{id: "a", server: FIXTURE_SERVER, gpus: [9]}]);
    const done = await runCli(tps(dir, "--parallel"), {env: fakeHost(8)});
    expect(done.code).toBe(1);
    expect(done.stderr.trim().split("\n")).toEqual([
      `tps-report run: ${join(dir, "study.yaml")}:${lineOf(dir, /gpus:/)}: steps[0].candidates[0].gpus: pinned to GPU 9, which this host does not have (it has 8 (nvidia-smi: 0, 1, 2, 3, 4, 5, 6, 7))`
    ]);
    expect(runsFolder(dir)).toEqual([]);
  }, 30_000);

  it("a gpus that contradicts the flags is refused when the plan is read, at its line", async () => {
    const dir = await study([{id: "a", server: [...FIXTURE_SERVER, "-tp", "4"], gpus: 2}]);
    expect(() => loadStudyPlan(dir)).toThrow(PlanError);
    expect(() => loadStudyPlan(dir)).toThrow(
      `${join(dir, "study.yaml")}:${lineOf(dir, /gpus:/)}: steps[0].candidates[0].gpus: gpus says 2 GPUs but -tp 4 in the server command needs 4`
    );
  });

  it("--parallel on a host whose GPUs nvidia-smi cannot list says so", async () => {
    const dir = await study([{id: "a", server: FIXTURE_SERVER}]);
    await expect(
      runStudy(loadStudyPlan(dir), {parallel: true, progress: quiet(), env: {...fakeHost(8), FAKE_SMI_GPUS: "0"}})
    ).rejects.toThrow(
      "--parallel places each server on GPUs of this host, but they are unknown: nvidia-smi listed no GPU"
    );
  });
});

describe("a server that dies", () => {
  it("frees its GPUs for the next configuration, which does not wait for the others", async () => {
    const dir = await study([
      {id: "dies", server: FAILING_SERVER},
      {id: "long", server: [...FIXTURE_SERVER, "--ready-after-ms", "200", "--token-gap-ms", "400"]},
      {id: "next", server: [...FIXTURE_SERVER, ...QUICK]}
    ]);
    const result = await runStudy(loadStudyPlan(dir), {parallel: true, progress: quiet(), env: fakeHost(2)});
    expect(Object.fromEntries(result.runs.map((r) => [r.id, r.failed_phase ?? r.status]))).toEqual({
      "s--dies--tiny": "server-start",
      "s--long--tiny": "ok",
      "s--next--tiny": "ok"
    });
    const [dies, long, next] = ["dies", "long", "next"].map((c) => readRunJson(dir, `s--${c}--tiny`));
    expect(next.origin.placement.gpus_visible).toBe(dies.origin.placement.gpus_visible);
    expect(Date.parse(next.origin.server_started_at)).toBeGreaterThanOrEqual(Date.parse(dies.ended_at));
    expect(Date.parse(next.ended_at)).toBeLessThan(Date.parse(long.ended_at));
  }, 60_000);
});

describe("Ctrl-C and --resume side by side", () => {
  it("stops every server and benchmark, keeps what finished; --resume --parallel runs the rest", async () => {
    const hold = join(await study([{id: "unused", server: FIXTURE_SERVER}]), "hold");
    const held = [...FIXTURE_SERVER, ...QUICK, "--hold-until", hold, "--hold-from", "1"];
    const dir = await study([
      {id: "quick", server: [...FIXTURE_SERVER, ...QUICK]},
      {id: "held-a", server: held},
      {id: "held-b", server: held}
    ]);
    let sent = false;
    const interrupted = await runCli(tps(dir, "--parallel"), {
      env: fakeHost(4),
      onStderr: (text, pid) => {
        // The quick run is done and both held benchmarks are under way: Ctrl-C.
        if (!sent && /s--quick--tiny \(GPU \d\): ok/.test(text) && (text.match(/benchmarking/g) ?? []).length >= 3) {
          sent = true;
          setTimeout(() => process.kill(-pid, "SIGINT"), 200);
        }
      }
    });
    expect(sent).toBe(true);
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain("1 run recorded: 1 ok, 0 failed; interrupted, 2 not run");
    expect(runsFolder(dir)).toEqual(["s--quick--tiny"]);
    expect(stillAlive(interrupted.descendants)).toEqual([]);

    writeFileSync(hold, "");
    const resumed = await runCli(tps(dir, "--parallel", "--resume"), {env: fakeHost(4)});
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain("2 runs recorded: 2 ok, 0 failed; 1 already complete, skipped");
    expect(runsFolder(dir)).toEqual(["s--held-a--tiny", "s--held-b--tiny", "s--quick--tiny"]);
    expect(stillAlive(resumed.descendants)).toEqual([]);
  }, 90_000);
});

describe("a pinned candidate one at a time", () => {
  it("runs on its GPUs and samples only them", async () => {
    const dir = await study([{id: "a", server: [...FIXTURE_SERVER, ...QUICK], gpus: [5, 6]}]);
    const result = await runStudy(loadStudyPlan(dir), {progress: quiet(), env: fakeHost(8)});
    expect(result.runs.map((r) => r.status)).toEqual(["ok"]);
    const meta = readRunJson(dir, "s--a--tiny");
    expect([meta.origin.placement.gpus_visible, meta.gpu_count, meta.gpu]).toEqual(["5,6", 2, "NVIDIA H200"]);
    expect(readFileSync(join(dir, "runs", "s--a--tiny", "server.log"), "utf8")).toContain("gpus: 5,6");
    const {samples} = parseGpuSamples(readFileSync(join(dir, "runs", "s--a--tiny", "gpu.csv"), "utf8"));
    expect([...new Set(samples.map((s) => s.index))]).toEqual([5, 6]);
  }, 30_000);
});
