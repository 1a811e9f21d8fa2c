// Before the measured run, as vLLM's serve.py does it: an optional ready check (a prompt sent every 5 s until it succeeds
// or the time is up) and optional warm-up requests, neither of them measured. Unlike serve.py, which sends the first
// measured prompt, they send that prompt reversed: a prompt the benchmark measures must reach the server cold, or a
// prefix cache serves it from memory (issue 46 item 9: a fifth of a small run's prompts were cache hits).
import {sendRequest, type RequestContext} from "./request-openai.js";
import type {RequestOutput, SampleRequest} from "./types.js";

const RETRY_S = 5;

/** Sends `request` until one succeeds or `timeoutS` has passed; returns the last output. */
export async function waitForEndpoint(
  context: RequestContext,
  request: SampleRequest,
  timeoutS: number,
  log: (line: string) => void
): Promise<RequestOutput> {
  const deadline = context.now() + timeoutS * 1000;
  log(`Waiting for endpoint to become up in ${timeoutS} seconds`);
  let output: RequestOutput | null = null;
  let attempt = 0;
  // A probe with a sliver of time left would only time out and hide the server's last answer.
  while (deadline - context.now() > 50) {
    const probe = {...request, requestId: `${request.requestId}-ready-${attempt++}`};
    const left = deadline - context.now();
    output = await sendRequest(
      {...context, timeoutMs: Math.max(1, Math.min(context.timeoutMs, left))},
      probe,
      context.now()
    );
    if (output.success) return output;
    log(`WARNING: Endpoint is not ready. Error='${output.error.trimEnd().split("\n").pop()}'`);
    const pause = Math.min(RETRY_S * 1000, deadline - context.now());
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
  }
  if (!output) throw new Error(`Endpoint readiness timed out after ${timeoutS}s.`);
  if (!output.error) output.error = `Endpoint readiness timed out after ${timeoutS}s.`;
  return output;
}

/** The prompt the ready check and the warm-ups send: the first measured one reversed, so its first tokens (all a prefix
 * cache keys on) differ from every measured prompt's; never one of them. */
export function warmupRequest(first: SampleRequest, measured: readonly SampleRequest[] = [first]): SampleRequest {
  let prompt = [...first.prompt].reverse().join("");
  const sent = new Set(measured.map((r) => r.prompt));
  while (sent.has(prompt) || measured.some((r) => r.prompt.startsWith(prompt.slice(0, 16)))) prompt = `~${prompt}`;
  return {...first, prompt};
}

/** The ready check and warm-up of one benchmark; throws when the ready check fails. `measured`: every prompt the
 * benchmark will time, none of which is sent here. */
export async function beforeMeasuring(
  context: RequestContext,
  measured: SampleRequest | readonly SampleRequest[],
  options: {readyCheckTimeoutS: number; numWarmups: number; maxConcurrency?: number},
  log: (line: string) => void
): Promise<void> {
  const all = Array.isArray(measured) ? measured : [measured as SampleRequest];
  const first = warmupRequest(all[0], all);
  log("Starting initial single prompt test run...");
  if (options.readyCheckTimeoutS > 0) {
    const output = await waitForEndpoint(context, first, options.readyCheckTimeoutS, log);
    if (!output.success)
      throw new Error(
        `Initial test run failed - Please make sure benchmark arguments are correctly specified. Error: ${output.error}`
      );
    log("Initial test run completed.");
  } else log("Skipping endpoint ready check.");
  if (options.numWarmups <= 0) return;
  log(`Warming up with ${options.numWarmups} requests...`);
  const limit = options.maxConcurrency ?? options.numWarmups;
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < options.numWarmups) {
      const i = next++;
      await sendRequest(context, {...first, requestId: `${first.requestId}-warmup-${i}`}, context.now());
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, options.numWarmups)}, lane));
  log("Warmup run completed.");
}
