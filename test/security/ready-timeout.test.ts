// Case 11 of issue 15: the readiness limit can be set on the command line (--ready-timeout-s), over the plan's.
import {describe, expect, it, afterAll} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {NODE, readRunJson, removeStudies, runCli, tps, writeStudy} from "../live/live-study.js";

afterAll(removeStudies);

describe("--ready-timeout-s", () => {
  it("limits the wait for a server that never answers, and shows in --dry-run", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      serve: {ready_timeout_s: 600},
      steps: [
        {
          id: "s",
          scenarios: ["tiny"],
          candidates: [{id: "mute", server: [NODE, "-e", "setTimeout(() => {}, 60000)", "--", "{port}"]}]
        }
      ]
    });
    const dry = await runCli(tps(study, "--dry-run", "--ready-timeout-s", "2"));
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain("answers 200 (at most 2 s)");
    const started = Date.now();
    const run = await runCli(tps(study, "--ready-timeout-s=2"), {timeoutMs: 120_000});
    // Its one run failed: the command did not do its job (issue 46 item 11), and says so.
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("tps-report run: every run failed (1 of 1)");
    expect(Date.now() - started).toBeLessThan(60_000);
    const meta = readRunJson(study, "s--mute--tiny");
    expect(meta.failed_phase).toBe("server-start");
    expect(meta.error).toMatch(/^server was not ready within 2 s/);
    const bad = await runCli(tps(study, "--ready-timeout-s", "0"));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("tps-report run: --ready-timeout-s needs a whole number from 1\n");
  }, 150_000);
});
