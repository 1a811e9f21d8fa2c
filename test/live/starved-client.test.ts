// Why the seed plan's live run once measured TPOT 0 on a loaded machine, held as a test: its requests all start
// together, so when the client gets no CPU for a while every request's tokens wait in the socket and arrive in one
// read. The live run's fixture timing must leave a decode phase that such a stall cannot swallow whole.
import {afterAll, beforeAll, expect, it} from "vitest";
import {openConnections} from "../../loaders/client/connections.js";
import {calculateMetrics} from "../../loaders/client/metrics.js";
import {sendRequest, type RequestContext} from "../../loaders/client/request-openai.js";
import {startFixtureProcess, type FixtureProcess} from "../support/fixture-process.js";
import {LIVE_FIXTURE_TIMING, LIVE_OUTPUT_LEN} from "./live-study.js";

/** How long the client is starved: a scheduler on a 2-core machine with a busy core can hold a process this long. */
const STALL_MS = 100;
const REQUESTS = 4;

let fixture: FixtureProcess;
beforeAll(async () => {
  fixture = await startFixtureProcess(LIVE_FIXTURE_TIMING);
});
afterAll(() => fixture?.stop());

/** Keeps this process off the CPU's event loop, as a starved client is. */
function stall(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

it(`the live run's workload keeps TPOT above 0 when the client stalls ${STALL_MS} ms right after sending`, async () => {
  const url = new URL("/v1/completions", fixture.baseUrl);
  const connections = openConnections(url);
  await connections.prewarm(REQUESTS);
  const context: RequestContext = {
    url,
    endpoint: "/v1/completions",
    model: "fixture-model",
    connections,
    ignoreEos: true,
    timeoutMs: 30_000,
    now: () => performance.now()
  };
  const sent = Array.from({length: REQUESTS}, (_, i) =>
    sendRequest(
      context,
      {prompt: "the engine batches requests", promptLen: 4, expectedOutputLen: LIVE_OUTPUT_LEN, requestId: `r${i}`},
      performance.now()
    )
  );
  stall(STALL_MS);
  const outputs = await Promise.all(sent);
  connections.destroy();
  expect(outputs.map((o) => o.error)).toEqual(Array(REQUESTS).fill(""));
  expect(outputs.map((o) => o.outputTokens)).toEqual(Array(REQUESTS).fill(LIVE_OUTPUT_LEN));
  const metrics = calculateMetrics({outputs, durationS: 1, percentiles: [99]});
  // The live test's own assertion (seed-plan-native.test.ts): a run whose TPOT is 0 measured no decode at all.
  expect(metrics.latency.tpot.mean).toBeGreaterThan(0);
});
