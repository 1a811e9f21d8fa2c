// `tps-report run` as a user runs it: the machine's problems (port taken, executable missing, runs in the way),
// usage errors, and the Framework loader running a study in live mode.
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {createServer} from "node:net";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {parseRunArgs} from "../../loaders/cli/run.js";
import {freePort} from "../../loaders/live/port.js";
import {LiveError, runStudy} from "../../loaders/live/runner.js";
import {tryLockStudy} from "../../loaders/runs/study-lock.js";
import {loadStudyPlan} from "../../loaders/study/plan.js";
import {
  FAILING_SERVER,
  FIXTURE_SERVER,
  readRunJson,
  ROOT,
  runCli,
  runsFolder,
  stillAlive,
  tps,
  writeStudy,
  removeStudies
} from "./live-study.js";

afterAll(removeStudies);

describe("tps-report run", () => {
  it("refuses a port that another process holds, recording nothing", async () => {
    const port = await freePort();
    const holder = createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => holder.once("listening", resolve));
    try {
      const study = writeStudy({
        port,
        serve: {stop_grace_s: 1},
        steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FIXTURE_SERVER}]}]
      });
      const done = await runCli(tps(study));
      expect(done.code).toBe(1);
      expect(done.stderr).toContain(`port ${port} on 127.0.0.1 is in use by another process`);
      expect(runsFolder(study)).toEqual([]);
      expect(stillAlive(done.descendants)).toEqual([]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it("exits 1 when every run it ran failed, saying so after the summary (issue 46 item 11)", async () => {
    const study = writeStudy({
      port: await freePort(),
      serve: {stop_grace_s: 1},
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FAILING_SERVER}]}]
    });
    const done = await runCli(tps(study));
    expect(readRunJson(study, "s--x--tiny")).toMatchObject({status: "failed", failed_phase: "server-start"});
    expect(done.stderr).toContain("1 run recorded: 0 ok, 1 failed");
    expect(done.stderr.trimEnd().split("\n").at(-1)).toBe("tps-report run: every run failed (1 of 1)");
    expect(done.code).toBe(1);
  });

  it("names a server or client that is not installed, before starting anything", async () => {
    const study = writeStudy({
      port: await freePort(),
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: ["trtllm-serve-not-installed", "m"]}]}]
    });
    const done = await runCli(tps(study));
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("'trtllm-serve-not-installed' is not on PATH (server of s--x)");
    expect(runsFolder(study)).toEqual([]);
  });

  it("leaves complete runs alone unless told: --resume skips, --force replaces; stale temporaries are removed", async () => {
    const study = writeStudy({
      port: await freePort(),
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FIXTURE_SERVER}]}]
    });
    expect((await runCli(tps(study))).code).toBe(0);
    const before = readRunJson(study, "s--x--tiny");
    const refused = await runCli(tps(study));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("1 of the 1 selected runs exist already");
    // A temporary folder of a run whose process is gone (pid 2^22 + 1 is above Linux's pid limit).
    mkdirSync(join(study, "runs", ".s--x--tiny.tmp-4194305"));
    writeFileSync(join(study, "runs", ".s--x--tiny.tmp-4194305", "bench.log"), "half");
    const skipped = await runCli(tps(study, "--resume"));
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain("removed");
    expect(runsFolder(study)).toEqual(["s--x--tiny"]);
    expect(readRunJson(study, "s--x--tiny")).toEqual(before);
    const forced = await runCli(tps(study, "--force"));
    expect(forced.code).toBe(0);
    expect(readRunJson(study, "s--x--tiny").started_at).not.toBe(before.started_at);
    expect(runsFolder(study)).toEqual(["s--x--tiny"]);
  }, 30_000);

  it("refuses a study another tps-report is running", async () => {
    const study = writeStudy({
      port: await freePort(),
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FIXTURE_SERVER}]}]
    });
    mkdirSync(join(study, "runs"));
    const lock = tryLockStudy(join(study, "runs"));
    try {
      await expect(runStudy(loadStudyPlan(study))).rejects.toThrow(
        new LiveError(`another tps-report (pid ${process.pid}) is running live-test (${join(study, "runs", ".lock")})`)
      );
    } finally {
      if ("release" in lock) lock.release();
    }
    expect(runsFolder(study)).toEqual([]);
  });

  it("usage errors exit 2 and say what is wrong", async () => {
    expect((await runCli(tps())).code).toBe(2);
    expect(() => parseRunArgs(["x", "--timeout-s", "0"])).toThrow("--timeout-s needs a whole number");
    expect(() => parseRunArgs(["x", "--resume", "--force"])).toThrow("--resume and --force contradict each other");
    expect(() => parseRunArgs(["x", "--client", "python"])).toThrow("--client is 'vllm' or 'native'");
    expect(() => parseRunArgs(["x", "--only"])).toThrow("--only needs at least one step or run id");
    expect(parseRunArgs(["s", "--only", "a", "b--c", "--port=9000", "--timeout-s", "60", "--resume"])).toEqual({
      study: "s",
      only: ["a", "b--c"],
      dryRun: false,
      resume: true,
      force: false,
      port: 9000,
      timeoutS: 60
    });
  });
});

describe("loaders in live mode", () => {
  it("TPS_REPORT_LIVE=1: the runs loader executes the missing runs, then writes the table from them", async () => {
    const study = writeStudy({
      port: await freePort(),
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FIXTURE_SERVER}]}]
    });
    const env = {TPS_REPORT_LIVE: "1", TPS_REPORT_STUDY: study};
    const first = await runCli(["--import", "tsx", "src/data/runs.csv.ts"], {env});
    expect(first.code).toBe(0);
    expect(first.stderr).toContain("tps-report live: live-test: 1 run(s) executed (0 failed), 0 already complete");
    const [header, row] = first.stdout.trim().split("\n");
    expect(header.split(",")).toContain("total_token_throughput");
    expect(row).toContain("s--x--tiny");
    expect(stillAlive(first.descendants)).toEqual([]);
    // A second build reads what is there and runs nothing.
    const second = await runCli(["--import", "tsx", "src/data/runs.csv.ts"], {env});
    expect(second.stderr).toContain("0 run(s) executed (0 failed), 1 already complete");
    expect(second.stdout).toBe(first.stdout);
  }, 60_000);

  it("loaders started together run each benchmark once: one runs the study, the others wait and read", async () => {
    const study = writeStudy({
      port: await freePort(),
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "x", server: FIXTURE_SERVER}]}]
    });
    const env = {TPS_REPORT_LIVE: "1", TPS_REPORT_STUDY: study};
    const loaders = await Promise.all([
      runCli(["--import", "tsx", "src/data/runs.csv.ts"], {env}),
      runCli(["--import", "tsx", "src/data/report.json.ts"], {env})
    ]);
    expect(loaders.map((l) => l.code)).toEqual([0, 0]);
    const executed = loaders.map((l) => /(\d) run\(s\) executed/.exec(l.stderr)![1]).sort();
    expect(executed).toEqual(["0", "1"]);
    expect(loaders.some((l) => /waiting for tps-report \(pid \d+\) to finish running live-test/.test(l.stderr))).toBe(
      true
    );
    expect(readFileSync(join(study, "runs", "s--x--tiny", "server.log"), "utf8").match(/^listening on/gm)).toHaveLength(
      1
    );
    expect(runsFolder(study)).toEqual(["s--x--tiny"]);
  }, 60_000);

  it("--client native runs the study with tps-report bench", async () => {
    // The plan names vllm bench serve, which is not installed here: the native client takes its place.
    const study = writeStudy({
      port: await freePort(),
      client: ["vllm", "bench", "serve"],
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [{id: "x", model: "Qwen/Qwen3-32B", server: [...FIXTURE_SERVER, "--model", "Qwen/Qwen3-32B"]}]
        }
      ]
    });
    expect((await runCli(tps(study))).stderr).toContain("'vllm' is not on PATH (benchmark of s--x)");
    const done = await runCli(tps(study, "--client", "native"));
    expect(done.code).toBe(0);
    const meta = readRunJson(study, "s--x--tiny");
    expect(meta.status).toBe("ok");
    expect(meta.bench_argv.slice(0, 4)).toEqual(["tps-report", "bench", "--model", "Qwen/Qwen3-32B"]);
    const log = readFileSync(join(study, "runs", "s--x--tiny", "bench.log"), "utf8");
    expect(log).toMatch(/^Successful requests:\s+6\s*$/m);
    expect(JSON.parse(readFileSync(join(study, "runs", "s--x--tiny", "result.json"), "utf8")).completed).toBe(6);
  }, 60_000);
});
