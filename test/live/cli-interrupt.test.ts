// Stopping `tps-report run` midway: Ctrl-C (once, twice) and a benchmark that hangs past its limit. Nothing partial
// is kept, no process outlives the command, and --resume completes the study.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {freePort, portFree} from "../../loaders/live/port.js";
import {
  FIXTURE_SERVER,
  readRunJson,
  runCli,
  runsFolder,
  stillAlive,
  tps,
  writeStudy,
  removeStudies
} from "./live-study.js";

afterAll(removeStudies);

const scenarios = {
  a: {input_len: 8, output_len: 30, num_prompts: 4},
  b: {input_len: 8, output_len: 30, num_prompts: 4},
  c: {input_len: 8, output_len: 30, num_prompts: 4}
};

describe("stopping tps-report run", () => {
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
          // The benchmark is mid-way (30 tokens, 40 ms apart): Ctrl-C sends SIGINT to the terminal's job.
          setTimeout(() => process.kill(-pid, "SIGINT"), 300);
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
    // The stand-in must be running, ignoring SIGTERM, when the timeout hits: started through tsx it takes ~1.5 s at a
    // load of 10 on 2 cores, so a 2 s timeout sometimes killed it before it began (its bench.log empty).
    const timeoutS = 8;
    const started = Date.now();
    const done = await runCli(tps(study, "--timeout-s", String(timeoutS)));
    // Its only run failed: the command says so and exits 1 (issue 46, item 11).
    expect(done.code).toBe(1);
    expect(done.stderr).toContain("tps-report run: every run failed (1 of 1)");
    const meta = readRunJson(study, "s--hang--tiny");
    expect(meta.status).toBe("failed");
    expect(meta.failed_phase).toBe("timeout");
    expect(meta.error).toBe(`benchmark did not finish within ${timeoutS} s and was stopped`);
    expect(readFileSync(join(study, "runs", "s--hang--tiny", "bench.log"), "utf8")).toContain(
      "stand-in: ignoring SIGTERM"
    );
    // Server, stand-in, and the child the stand-in left behind: all gone.
    expect(done.descendants.length).toBeGreaterThanOrEqual(3);
    expect(stillAlive(done.descendants)).toEqual([]);
    expect(Date.now() - started).toBeLessThan((timeoutS + 18) * 1000);
  }, 40_000);

  it("a second Ctrl-C skips the grace period: a benchmark ignoring SIGTERM is killed at once", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      serve: {stop_grace_s: 30},
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [{id: "stuck", server: FIXTURE_SERVER, bench_args: ["--stand-in-hang", "--stand-in-ignore-term"]}]
        }
      ]
    });
    let firstAt = 0;
    const done = await runCli(tps(study), {
      onStderr: (text, pid) => {
        if (!firstAt && /s--stuck--tiny: benchmarking/.test(text)) {
          firstAt = Date.now();
          process.kill(-pid, "SIGINT");
          setTimeout(() => process.kill(-pid, "SIGINT"), 500);
        }
      }
    });
    expect(done.code).toBe(130);
    expect(done.stderr).toContain("SIGINT: killing them now");
    // Without the second Ctrl-C the benchmark would get 10 s and the server 30 s to stop.
    expect(Date.now() - firstAt).toBeLessThan(8000);
    expect(runsFolder(study)).toEqual([]);
    expect(stillAlive(done.descendants)).toEqual([]);
  }, 30_000);
});
