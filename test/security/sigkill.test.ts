// Case 5 of issue 15: a runner killed with SIGKILL leaves its server (and client) running; the next run stops them,
// says so, and completes the study.
import {afterAll, describe, expect, it} from "vitest";
import {shellLine} from "../../loaders/command/argv.js";
import {freePort, portFree} from "../../loaders/live/port.js";
import {
  FIXTURE_SERVER,
  readRunJson,
  removeStudies,
  runCli,
  runsFolder,
  stillAlive,
  tps,
  writeStudy
} from "../live/live-study.js";

afterAll(removeStudies);

describe("tps-report run killed with SIGKILL", () => {
  it("leaves orphans that --resume stops before it goes on", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      scenarios: {
        a: {input_len: 8, output_len: 40, num_prompts: 4},
        b: {input_len: 8, output_len: 10, num_prompts: 2}
      },
      steps: [
        {
          id: "s",
          scenarios: ["a", "b"],
          // Like vllm serve: the fixture server watches its parent, and its parent (sh) does not watch the runner.
          candidates: [
            {
              id: "slow",
              server: [
                "sh",
                "-c",
                `${shellLine(FIXTURE_SERVER)} --first-token-ms 50 --token-gap-ms 60 "$@" & wait`,
                "sh"
              ]
            }
          ]
        }
      ]
    });
    let sent = false;
    const killed = await runCli(tps(study), {
      onStderr: (text, pid) => {
        if (!sent && /\[1\/2\] s--slow--a: benchmarking/.test(text)) {
          sent = true;
          // Only the runner, the way the OOM killer picks one process.
          setTimeout(() => process.kill(pid, "SIGKILL"), 300);
        }
      }
    });
    expect(sent).toBe(true);
    expect(killed.signal).toBe("SIGKILL");
    // The server outlived its runner and holds the port.
    const orphans = stillAlive(killed.descendants);
    expect(orphans.length).toBeGreaterThan(0);
    expect(await portFree("127.0.0.1", port)).toBe(false);

    const resumed = await runCli(tps(study, "--resume"), {timeoutMs: 90_000});
    expect(resumed.stderr).toMatch(
      /stopped the server \([^)]+, process group \d+\) left running by tps-report pid \d+, which is gone/
    );
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toContain("2 runs recorded: 2 ok, 0 failed");
    expect(runsFolder(study)).toEqual(["s--slow--a", "s--slow--b"]);
    expect(readRunJson(study, "s--slow--a").status).toBe("ok");
    expect(stillAlive([...killed.descendants, ...resumed.descendants])).toEqual([]);
    expect(await portFree("127.0.0.1", port)).toBe(true);
  }, 150_000);
});
