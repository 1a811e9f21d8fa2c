// Limits longer than a Node timer holds (2^31 − 1 ms, 24.8 days): Node fires such a timer at once, so a limit meant as
// "no limit" ended every benchmark and every request as timed out the moment it started.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {runBenchmark} from "../../loaders/client/run-benchmark.js";
import {loadTokenizer} from "../../loaders/client/tokenizer.js";
import {runClient} from "../../loaders/live/client-process.js";
import {within} from "../../loaders/live/process-group.js";
import {TelemetrySession} from "../../loaders/live/telemetry.js";
import {startFixtureServer} from "../support/fixture-server.js";

const dir = mkdtempSync(join(tmpdir(), "tps-long-limits-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
// --timeout-s 3000000 and --request-timeout 3000000 as a user types them: about 35 days.
const LONG_S = 3_000_000;

it("a benchmark limit of 35 days lets the client finish", async () => {
  const outcome = await runClient(["sh", "-c", "sleep 0.3; echo done"], {
    stdoutFile: join(dir, "out"),
    stderrFile: join(dir, "err"),
    timeoutMs: LONG_S * 1000,
    serverExited: new Promise(() => {}),
    graceMs: () => 1000
  });
  expect(outcome).toEqual({kind: "exit", exit: {code: 0, signal: null}});
});

it("a request limit of 35 days lets every request finish", async () => {
  const fixture = await startFixtureServer();
  try {
    const run = await runBenchmark({
      baseUrl: fixture.baseUrl,
      model: "Qwen/Qwen3-32B",
      tokenizer: await loadTokenizer(undefined, "Qwen/Qwen3-32B"),
      numPrompts: 3,
      randomInputLen: 16,
      randomOutputLen: 3,
      requestTimeoutS: LONG_S,
      readyCheckTimeoutS: LONG_S,
      log: () => {}
    });
    expect(run.outputs.map((o) => o.error)).toEqual(["", "", ""]);
    expect(run.metrics.completed).toBe(3);
  } finally {
    await fixture.close();
  }
}, 30_000);

it("a stop grace of 35 days waits for the server to stop", async () => {
  const stopped = new Promise<string>((resolve) => setTimeout(() => resolve("stopped"), 200));
  expect(await within(stopped, LONG_S * 1000)).toBe("stopped");
});

it("a scrape interval of 35 days scrapes before and after, not without pause", async () => {
  const fixture = await startFixtureServer({metrics: {engine: "vllm"}});
  try {
    const session = new TelemetrySession(mkdtempSync(join(dir, "telemetry-")), {
      metricsUrl: `${fixture.baseUrl}/metrics`,
      intervalMs: LONG_S * 1000,
      gpuArgv: null
    });
    const started = Date.now();
    session.start();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const {scrapes, failed} = (await session.stop(started)).metrics;
    expect({scrapes, failed}).toEqual({scrapes: 2, failed: 0});
  } finally {
    await fixture.close();
  }
});
