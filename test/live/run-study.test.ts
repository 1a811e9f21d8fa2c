// A whole study run live against the loopback fixture server: results, every failure mode as a recorded failed run,
// byte-for-byte output, untouched arguments, no process left behind, and the report built from the fresh runs.
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, relative} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {expectedLiveCommands} from "../../loaders/command/argv.js";
import {recordedClientArgv} from "../../loaders/live/recorded-argv.js";
import {freePort, portFree} from "../../loaders/live/port.js";
import {selectRuns} from "../../loaders/live/selection.js";
import {groupMembers} from "../../loaders/live/process-group.js";
import {Progress} from "../../loaders/live/progress.js";
import {runStudy, type RunStudyResult} from "../../loaders/live/runner.js";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {
  FAILING_SERVER,
  FIXTURE_SERVER,
  readRunJson,
  runsFolder,
  STAND_IN_BENCH,
  stillAlive,
  writeStudy,
  removeStudies
} from "./live-study.js";

const ARCHIVE_KEYS = [
  "id",
  "study",
  "step",
  "candidate",
  "scenario",
  "engine",
  "engine_version",
  "model",
  "quantization",
  "gpu",
  "gpu_count",
  "server_argv",
  "bench_argv",
  "status",
  "error",
  "started_at",
  "ended_at",
  "origin"
];
const NASTY_MODEL = `fixture model; $(touch PWNED) \`id\` 'q' "dq" | & > < * ~`;
const NASTY_NOTE = `note=two words; rm -rf $HOME && echo 'x' "y" | cat > /dev/null *\nnext line`;

let study: string;
let port: number;
let result: RunStudyResult;
let data: StudyData;
let log = "";
const groups: number[] = [];
const tee = join(mkdtempSync(join(tmpdir(), "tps-tee-")), "stdout.bin");

beforeAll(async () => {
  port = await freePort();
  study = writeStudy({
    port,
    serve: {ready_timeout_s: 3},
    scenarios: {
      tiny: {input_len: 16, output_len: 4, num_prompts: 6},
      small: {input_len: 32, output_len: 8, num_prompts: 6}
    },
    steps: [
      {
        id: "engines",
        scenarios: ["tiny", "small"],
        candidates: [{id: "fast", server: [...FIXTURE_SERVER, "--first-token-ms", "20", "--token-gap-ms", "5"]}]
      },
      {
        id: "odd",
        scenarios: ["tiny"],
        candidates: [
          {
            id: "args",
            model: NASTY_MODEL,
            server: [...FIXTURE_SERVER, "--port", "{port}", "--model", NASTY_MODEL],
            bench_args: ["--metadata", NASTY_NOTE, "--stand-in-tee", tee]
          }
        ]
      },
      {
        id: "failures",
        scenarios: ["tiny"],
        candidates: [
          {id: "unsupported", server: FAILING_SERVER},
          {id: "never-ready", server: [...FIXTURE_SERVER, "--never-ready"]},
          {id: "crash", server: [...FIXTURE_SERVER, "--die-after-requests", "3", "--token-gap-ms", "30"]},
          {id: "bench-exit", server: FIXTURE_SERVER, bench_args: ["--stand-in-exit", "4"]}
        ]
      }
    ]
  });
  const stream = {write: (text: string) => ((log += text), true)} as unknown as NodeJS.WritableStream;
  result = await runStudy(loadStudyPlan(study), {
    progress: new Progress({stream, live: false}),
    onSpawn: (_, proc) => groups.push(proc.pid)
  });
  data = await loadStudy(study);
  if (process.env.TPS_LIVE_TEST_LOG) process.stderr.write(log);
}, 120_000);

afterAll(() => {
  removeStudies();
  rmSync(dirname(tee), {recursive: true, force: true});
  for (const pgid of groups) for (const pid of groupMembers(pgid)) process.kill(pid, "SIGKILL");
});

describe("a study run live against the fixture server", () => {
  it("records every planned run, and nothing else, in the runs folder", () => {
    expect(result.interrupted).toBe(false);
    expect(result.runs.map((r) => [r.id, r.status, r.failed_phase ?? null])).toEqual([
      ["engines--fast--tiny", "ok", null],
      ["engines--fast--small", "ok", null],
      ["odd--args--tiny", "ok", null],
      ["failures--unsupported--tiny", "failed", "server-start"],
      ["failures--never-ready--tiny", "failed", "server-start"],
      ["failures--crash--tiny", "failed", "server-crash"],
      ["failures--bench-exit--tiny", "failed", "benchmark"]
    ]);
    expect(runsFolder(study)).toEqual(result.runs.map((r) => r.id).sort());
  });

  it("writes run.json with the archive's fields in the archive's order", () => {
    const ok = readRunJson(study, "engines--fast--tiny");
    expect(Object.keys(ok)).toEqual(ARCHIVE_KEYS);
    expect(ok).toMatchObject({
      study: "live-test",
      step: "engines",
      candidate: "fast",
      scenario: "tiny",
      engine: "fixture",
      engine_version: "fixture",
      model: "fixture-model",
      quantization: "bf16",
      gpu_count: 1,
      status: "ok",
      error: null,
      origin: {kind: "live", command: "tps-report run", engine_version_from: "endpoint GET /version"}
    });
    expect(ok.server_argv.slice(-4)).toEqual(["--host", "127.0.0.1", "--port", String(port)]);
    expect(ok.bench_argv.slice(-9)).toEqual([
      ...["--host", "127.0.0.1", "--port", String(port)],
      ...["--save-result", "--result-dir", "runs/engines--fast--tiny", "--result-filename", "result.json"]
    ]);
    expect(Date.parse(ok.started_at)).toBeLessThan(Date.parse(ok.ended_at));
    const failed = readRunJson(study, "failures--crash--tiny");
    expect(Object.keys(failed)).toEqual([...ARCHIVE_KEYS, "failed_phase", "log_tail"]);
  });

  it("records where the server listened, so a validator can rebuild the exact commands", () => {
    const plan = loadStudyPlan(study);
    for (const run of selectRuns(plan)) {
      const meta = readRunJson(study, run.run);
      expect(meta.origin.serve).toEqual({host: "127.0.0.1", port, client: "vllm"});
      const expected = expectedLiveCommands(
        plan,
        run.candidate,
        run.scenario,
        join(study, "runs", run.run),
        meta.origin.serve
      );
      // The record names the run folder relative to the study, so it reads the same on any machine.
      const portable = recordedClientArgv(expected.bench, false, join(study, "runs", run.run), run.run);
      expect([meta.server_argv, meta.bench_argv]).toEqual([expected.server, portable]);
    }
  });

  it("one server serves all scenarios of its configuration, and its log goes with each run", () => {
    const second = readFileSync(join(study, "runs", "engines--fast--small", "server.log"), "utf8");
    expect(second.match(/^listening on \d+$/gm)).toEqual([`listening on ${port}`]);
    for (const id of ["engines--fast--tiny", "engines--fast--small"])
      // telemetry.json: the fixture serves no /metrics and this machine has no nvidia-smi, so it says why both are absent.
      expect(readdir(id)).toEqual([
        "bench.log",
        "bench.stderr.log",
        "result.json",
        "run.json",
        "server.log",
        "telemetry.json"
      ]);
    const saved = JSON.parse(readFileSync(join(study, "runs", "engines--fast--small", "result.json"), "utf8"));
    expect([saved.completed, saved.total_output_tokens, saved.total_input_tokens]).toEqual([6, 48, 192]);
  });

  it("keeps the benchmark's stdout byte for byte", () => {
    const kept = readFileSync(join(study, "runs", "odd--args--tiny", "bench.log"));
    expect(kept.equals(readFileSync(tee))).toBe(true);
    expect(kept.subarray(0, 15)).toEqual(
      Buffer.from([0x70, 0x72, 0x65, 0x70, 0x0d, 0x50, 0x52, 0x45, 0x50, 0x0d, 0x0a, 0xc5, 0x9f, 0xff, 0x0a])
    );
  });

  it("passes arguments with spaces and shell metacharacters through untouched", () => {
    const meta = readRunJson(study, "odd--args--tiny");
    const log = readFileSync(join(study, "runs", "odd--args--tiny", "bench.log"), "utf8");
    const received = JSON.parse(/^argv: (.*)$/m.exec(log)![1]);
    // The stand-in got exactly the recorded argv after the interpreter and its script (its run folder, temporary
    // then, is recorded relative to the study).
    const own = new RegExp(`^${join(study, "runs")}/\\.odd--args--tiny\\.tmp-\\d+`);
    expect(received.map((a: string) => a.replace(own, "runs/odd--args--tiny"))).toEqual(
      meta.bench_argv.slice(STAND_IN_BENCH.length)
    );
    expect(received).toContain(NASTY_NOTE);
    expect(received[received.indexOf("--model") + 1]).toBe(NASTY_MODEL);
    // The server got its --model untouched: it lists that exact id.
    expect(log).toContain(`served models: ${JSON.stringify([NASTY_MODEL])}`);
    const saved = JSON.parse(readFileSync(join(study, "runs", "odd--args--tiny", "result.json"), "utf8"));
    expect(saved.note).toBe(NASTY_NOTE.slice("note=".length));
    expect(existsSync("PWNED") || existsSync(join(study, "PWNED"))).toBe(false);
  });

  it("an unsupported model is a failed run with the engine's error and the server log's tail", () => {
    const meta = readRunJson(study, "failures--unsupported--tiny");
    expect(meta.status).toBe("failed");
    expect(meta.error).toBe(
      "server exited with code 1 before it was ready: RuntimeError: Unsupported SM version for FP8 block scaling GEMM"
    );
    expect(meta.log_tail).toEqual({
      file: "server.log",
      lines: [
        "loading model",
        "Traceback (most recent call last):",
        "RuntimeError: Unsupported SM version for FP8 block scaling GEMM"
      ]
    });
    expect(readdir("failures--unsupported--tiny")).toEqual(["run.json", "server.log"]);
    expect(meta.engine_version).toBe("fixture");
    expect(meta.origin.engine_version_from).toBe("plan");
  });

  it("a server that never becomes ready fails after the readiness timeout", () => {
    const meta = readRunJson(study, "failures--never-ready--tiny");
    expect(meta.error).toBe("server was not ready within 3 s (no 200 from /health or /v1/models)");
    const seconds = (Date.parse(meta.ended_at) - Date.parse(meta.started_at)) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThan(10);
  });

  it("a server dying mid-benchmark is a server crash, with its exit and log", () => {
    const meta = readRunJson(study, "failures--crash--tiny");
    expect(meta.error).toBe("server exited with code 3 during the benchmark");
    expect(meta.log_tail.file).toBe("server.log");
    expect(meta.log_tail.lines.at(-1)).toBe("fixture-server: dying after requests");
    expect(readFileSync(join(study, "runs", "failures--crash--tiny", "bench.log"), "utf8")).toContain(
      "Starting main benchmark run"
    );
  });

  it("a benchmark exiting non-zero is a failed run with its error line", () => {
    const meta = readRunJson(study, "failures--bench-exit--tiny");
    expect(meta.error).toBe("benchmark exited with code 4: RuntimeError: stand-in failure on purpose (exit 4)");
    expect(meta.log_tail.file).toBe("bench.stderr.log");
  });

  it("leaves no process behind and the port free", async () => {
    expect(groups.length).toBeGreaterThanOrEqual(6 + 5);
    expect(groups.flatMap((pgid) => groupMembers(pgid))).toEqual([]);
    expect(stillAlive(groups)).toEqual([]);
    expect(await portFree("127.0.0.1", port)).toBe(true);
  });

  it("reports progress: runs done / total, phases, elapsed and time left", () => {
    expect(log).toMatch(/\[1\/7\] engines--fast--tiny: starting server — /);
    expect(log).toMatch(/\[1\/7\] engines--fast--tiny: warming — /);
    expect(log).toMatch(/\[1\/7\] engines--fast--tiny: benchmarking/);
    expect(log).toMatch(/\[1\/7\] engines--fast--tiny: ok \(elapsed \d+s, about \d+s left\)/);
    expect(log).toMatch(/\[7\/7\] failures--bench-exit--tiny: failed — benchmark exited with code 4/);
    expect(log).toMatch(/engines--fast server: stopping server/);
  });

  it("the report builds from the fresh runs: each value is the one the benchmark printed", () => {
    expect(data.rows).toHaveLength(7);
    for (const id of ["engines--fast--tiny", "engines--fast--small", "odd--args--tiny"]) {
      const row = data.rows.find((r) => r.run === id)!;
      const printed = readFileSync(join(study, "runs", id, "bench.log"), "utf8");
      const value = (label: string) => Number(new RegExp(`^${label}\\s+([\\d.]+)`, "m").exec(printed)![1]);
      expect(row.status).toBe("ok");
      expect(row.total_token_throughput).toBe(value("Total Token throughput \\(tok/s\\):"));
      expect(row.mean_ttft_ms).toBe(value("Mean TTFT \\(ms\\):"));
      expect(row.source_file).toBe(relative(process.cwd(), join(study, "runs", id, "bench.log")));
    }
    expect(data.rows.find((r) => r.run === "failures--crash--tiny")).toMatchObject({
      status: "failed",
      failed_phase: "server-crash",
      error: "server exited with code 3 during the benchmark"
    });
    expect(data.report.steps.map((s) => s.id)).toEqual(["engines", "odd", "failures"]);
    expect(data.report.findings.filter((f) => f.severity === "error")).toEqual([]);
    // Live commands carry host, port and result flags; validation knows them, so they are not "different from the plan".
    expect(data.report.findings.filter((f) => /argv-differs/.test(f.code))).toEqual([]);
  });
});

function readdir(id: string): string[] {
  return readdirSync(join(study, "runs", id)).sort();
}
