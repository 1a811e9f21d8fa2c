// `tps-report run` as a user runs it: Ctrl-C mid-run and --resume, a hanging benchmark, the machine's problems
// (port taken, executable missing, runs in the way), and the Framework loader running a study in live mode.
import {spawn} from "node:child_process";
import {mkdirSync, readFileSync, writeFileSync} from "node:fs";
import {createServer} from "node:net";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {freePort, portFree} from "../../loaders/live/port.js";
import {FIXTURE_SERVER, readRunJson, ROOT, runsFolder, stillAlive, watchDescendants, writeStudy} from "./live-study.js";

interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  descendants: number[];
}

/** Runs a command from the repository root, watching every process it starts; `onStderr` may signal it. */
function runCli(
  argv: string[],
  options: {env?: NodeJS.ProcessEnv; onStderr?: (text: string, pid: number) => void; timeoutMs?: number} = {}
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, {cwd: ROOT, env: {...process.env, ...options.env}});
    const watch = watchDescendants(child.pid!);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => {
      stderr += d;
      options.onStderr?.(stderr, child.pid!);
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`timed out: ${argv.join(" ")}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      watch.stop();
      resolve({code, signal, stdout, stderr, descendants: [...watch.seen]});
    });
  });
}

const tps = (...args: string[]): string[] => ["bin/tps-report.js", "run", ...args];
const scenarios = {
  a: {input_len: 8, output_len: 30, num_prompts: 4},
  b: {input_len: 8, output_len: 30, num_prompts: 4},
  c: {input_len: 8, output_len: 30, num_prompts: 4}
};

describe("tps-report run", () => {
  it("Ctrl-C mid-run stops server and benchmark, keeps no partial run; --resume completes the study", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      scenarios,
      steps: [
        {
          id: "s",
          scenarios: ["a", "b", "c"],
          candidates: [{id: "slow", server: [...FIXTURE_SERVER, "--first-token-ms", "50", "--token-gap-ms", "40"]}]
        }
      ]
    });
    let sent = false;
    const interrupted = await runCli(tps(study), {
      onStderr: (text, pid) => {
        if (!sent && /\[2\/3\] s--slow--b: benchmarking/.test(text)) {
          sent = true;
          // The benchmark is mid-way (30 tokens, 40 ms apart): a terminal's Ctrl-C sends SIGINT.
          setTimeout(() => process.kill(pid, "SIGINT"), 300);
        }
      }
    });
    expect(sent).toBe(true);
    expect(interrupted.code).toBe(130);
    expect(interrupted.stderr).toContain("SIGINT: stopping the server and the benchmark");
    expect(interrupted.stderr).toContain("1 run recorded: 1 ok, 0 failed; interrupted, 2 not run");
    // Only the run that finished; no temporary folder, no server log left in runs/.
    expect(runsFolder(study)).toEqual(["s--slow--a"]);
    expect(interrupted.descendants.length).toBeGreaterThanOrEqual(3);
    expect(stillAlive(interrupted.descendants)).toEqual([]);
    expect(await portFree("127.0.0.1", port)).toBe(true);
    const first = readFileSync(join(study, "runs", "s--slow--a", "run.json"), "utf8");

    const resumed = await runCli(tps(study, "--resume"));
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain("2 runs recorded: 2 ok, 0 failed; 1 already complete, skipped");
    expect(resumed.stderr).toMatch(/\[2\/3\] s--slow--b: starting server/);
    expect(runsFolder(study)).toEqual(["s--slow--a", "s--slow--b", "s--slow--c"]);
    expect(readFileSync(join(study, "runs", "s--slow--a", "run.json"), "utf8")).toBe(first);
    expect(readRunJson(study, "s--slow--b").status).toBe("ok");
    expect(stillAlive(resumed.descendants)).toEqual([]);
  }, 60_000);

  it("a benchmark hanging past --timeout-s is stopped (children too) and recorded as a timeout", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      serve: {stop_grace_s: 1},
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [
            {
              id: "hang",
              server: FIXTURE_SERVER,
              bench_args: ["--stand-in-hang", "--stand-in-ignore-term", "--stand-in-spawn-child"]
            }
          ]
        }
      ]
    });
    const started = Date.now();
    const done = await runCli(tps(study, "--timeout-s", "2"));
    expect(done.code).toBe(0);
    const meta = readRunJson(study, "s--hang--tiny");
    expect(meta.status).toBe("failed");
    expect(meta.failed_phase).toBe("timeout");
    expect(meta.error).toBe("benchmark did not finish within 2 s and was stopped");
    expect(readFileSync(join(study, "runs", "s--hang--tiny", "bench.log"), "utf8")).toContain(
      "stand-in: ignoring SIGTERM"
    );
    // Server, stand-in, and the child the stand-in left behind: all gone.
    expect(done.descendants.length).toBeGreaterThanOrEqual(3);
    expect(stillAlive(done.descendants)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(20_000);
  }, 30_000);

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

  it("usage errors exit 2", async () => {
    expect((await runCli(tps())).code).toBe(2);
    expect((await runCli(tps("x", "--timeout-s", "0"))).stderr).toContain("--timeout-s needs a whole number");
    expect((await runCli(tps("x", "--resume", "--force"))).code).toBe(2);
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
    expect(meta.bench_argv.slice(1, 5)).toEqual([
      join(ROOT, "bin/tps-report.js"),
      "bench",
      "--model",
      "Qwen/Qwen3-32B"
    ]);
    const log = readFileSync(join(study, "runs", "s--x--tiny", "bench.log"), "utf8");
    expect(log).toMatch(/^Successful requests:\s+6\s*$/m);
    expect(JSON.parse(readFileSync(join(study, "runs", "s--x--tiny", "result.json"), "utf8")).completed).toBe(6);
  }, 60_000);
});
