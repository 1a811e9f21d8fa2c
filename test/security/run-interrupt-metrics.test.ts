// Issue 29, case 2 (acceptance): a /metrics answer that never finishes cannot keep `tps-report run` alive, and
// Ctrl-C ends the run within 2 s. A real CLI process, a fixture server on loopback trickling one byte every 300 ms.
import {afterAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {FIXTURE_SERVER, removeStudies, runCli, runsFolder, stillAlive, tps, writeStudy} from "../live/live-study.js";

afterAll(removeStudies);

describe("tps-report run against a trickling /metrics", () => {
  it("Ctrl-C mid-benchmark ends the run within 2 s, exit 130, nothing partial kept", async () => {
    const port = await freePort();
    // 30 tokens 200 ms apart: the benchmark runs about 6 s, scraped every 0.2 s.
    const server = [...FIXTURE_SERVER, "--first-token-ms", "20", "--token-gap-ms", "200"];
    const study = writeStudy({
      port,
      serve: {scrape_interval_s: 0.2, bench_timeout_s: 30},
      scenarios: {slow: {input_len: 8, output_len: 30, num_prompts: 2}},
      steps: [
        {
          id: "s",
          scenarios: ["slow"],
          candidates: [{id: "stuck-metrics", server: [...server, "--metrics", "vllm", "--metrics-trickle-ms", "300"]}]
        }
      ]
    });
    let sentAt = 0;
    const run = await runCli(tps(study), {
      onStderr: (text, pid) => {
        if (!sentAt && /s--stuck-metrics--slow: benchmarking/.test(text)) {
          sentAt = -1;
          // Two seconds into the benchmark: several scrapes have started and met the trickle.
          setTimeout(() => {
            sentAt = Date.now();
            process.kill(-pid, "SIGINT");
          }, 2000);
        }
      }
    });
    const took = Date.now() - sentAt;
    expect(sentAt).toBeGreaterThan(0);
    expect(run.code).toBe(130);
    expect(took).toBeLessThan(2000);
    expect(run.stderr).toContain("SIGINT: stopping the server and the benchmark");
    expect(runsFolder(study)).toEqual([]);
    expect(stillAlive(run.descendants)).toEqual([]);
  }, 60_000);
});
