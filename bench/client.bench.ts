// `npm run bench:client`: how many chunks per second the native client can time, on one core, before its own
// queueing shows up. The fixture server runs in another process (on another core when taskset exists) and logs
// when it wrote every chunk on the shared monotonic clock; the error is the client's arrival time minus that.
// Then the cost of a live run's metrics scraping: the scraper's CPU at the default interval, and the client's timing
// error with and without a scraper hitting the same server (`npm run bench:client -- scrape` runs only that part).
// Not a test: prints a table for BENCHMARKS.md.
import {execFileSync, spawn} from "node:child_process";
import {cpus} from "node:os";
import {fileURLToPath} from "node:url";
import {runBenchmark} from "../loaders/client/run-benchmark.js";
import {percentile} from "../loaders/client/percentile.js";
import type {BenchTokenizer} from "../loaders/client/tokenizer.js";
import type {SampleRequest} from "../loaders/client/types.js";

const FIXTURE = fileURLToPath(new URL("../test/support/fixture-server.ts", import.meta.url));
const PROBE = fileURLToPath(new URL("./scrape-probe.ts", import.meta.url));
const hasTaskset = (() => {
  try {
    execFileSync("taskset", ["-V"], {stdio: "ignore"});
    return true;
  } catch {
    return false;
  }
})();
const cores = cpus().length;

// Output tokens are counted from usage; this stand-in is never asked to tokenize.
const tokenizer: BenchTokenizer = {
  id: "none",
  vocabSize: 1,
  specialIds: [],
  numSpecialTokensToAdd: 0,
  encode: (text) => Array.from(text.matchAll(/\S+/g), () => 0),
  decode: () => ""
};

async function startFixture(): Promise<{baseUrl: string; stop: () => void}> {
  // TPS_FIXTURE_JS: a bundled fixture, for machines that have node but no node_modules.
  const script = process.env.TPS_FIXTURE_JS ? [process.env.TPS_FIXTURE_JS] : ["--import", "tsx", FIXTURE];
  // vLLM-shaped /metrics, so the scraping part has a real exposition to fetch.
  const args = [...script, "--port", "0", "--max-lifetime-s", "900", "--metrics", "vllm"];
  const child =
    hasTaskset && cores > 1
      ? spawn("taskset", ["-c", "1", process.execPath, ...args], {stdio: ["ignore", "pipe", "inherit"]})
      : spawn(process.execPath, args, {stdio: ["ignore", "pipe", "inherit"]});
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (part: Buffer) => {
      out += part.toString();
      const match = /listening on (\d+)/.exec(out);
      if (match) resolve({baseUrl: `http://127.0.0.1:${match[1]}`, stop: () => child.kill("SIGTERM")});
    });
    child.once("exit", (code) => reject(new Error(`fixture exited with ${code}`)));
  });
}

interface Point {
  prewarm: boolean;
  streams: number;
  tokens: number;
  gapMs: number;
  target: number;
  achieved: number;
  chunks: number;
  failed: number;
  errP50: number;
  errP99: number;
  errMax: number;
  ttftErrP99: number;
  laterErrP99: number;
  cpu: number;
  loopP99: number;
}

async function measure(
  baseUrl: string,
  streams: number,
  tokens: number,
  gapMs: number,
  prewarm = false
): Promise<Point> {
  await fetch(`${baseUrl}/fixture/requests?clear=1`);
  const requests: SampleRequest[] = Array.from({length: streams}, (_, i) => ({
    prompt: "hi",
    promptLen: 1,
    expectedOutputLen: tokens,
    requestId: `b-${i}`
  }));
  // Arrivals spread over about one gap so the streams' chunks interleave instead of landing in bursts.
  const requestRate = gapMs > 0 ? (streams * 1000) / Math.max(gapMs, 1) : Infinity;
  const run = await runBenchmark({
    baseUrl,
    model: "fixture-model",
    tokenizer,
    requests,
    requestRate,
    seed: 0,
    extraBody: {fixture_first_token_ms: 0, fixture_token_gap_ms: gapMs},
    prewarmConnections: prewarm,
    log: () => {}
  });
  const served = (await (await fetch(`${baseUrl}/fixture/requests`)).json()) as {
    requests: Array<{requestId: string; chunkTimes: number[]}>;
  };
  const byId = new Map(served.requests.map((r) => [r.requestId, r.chunkTimes]));
  // performance.now() and process.hrtime share one monotonic clock; this is the offset between their origins.
  const offset = Number(process.hrtime.bigint()) / 1e6 - performance.now();
  const errors: number[] = [];
  const ttftErrors: number[] = [];
  const laterErrors: number[] = [];
  let first = Infinity;
  let last = -Infinity;
  let chunks = 0;
  run.outputs.forEach((output, i) => {
    const written = byId.get(`b-${i}`);
    if (!output.success || !written) return;
    let arrival = (output.startTime + output.ttft) * 1000 + offset;
    for (let k = 0; k < written.length && k <= output.itl.length; k++) {
      if (k > 0) arrival += output.itl[k - 1] * 1000;
      const error = arrival - written[k];
      errors.push(error);
      if (k === 0) ttftErrors.push(error);
      else laterErrors.push(error);
      first = Math.min(first, arrival);
      last = Math.max(last, arrival);
      chunks++;
    }
  });
  return {
    prewarm,
    streams,
    tokens,
    gapMs,
    target: gapMs > 0 ? (streams * 1000) / gapMs : Infinity,
    achieved: chunks / ((last - first) / 1000),
    chunks,
    failed: run.metrics.failed,
    errP50: percentile(errors, 50),
    errP99: percentile(errors, 99),
    errMax: errors.reduce((a, b) => Math.max(a, b), -Infinity),
    ttftErrP99: percentile(ttftErrors, 99),
    laterErrP99: percentile(laterErrors, 99),
    cpu: run.overhead.cpu_fraction_of_one_core,
    loopP99: run.overhead.event_loop_delay_p99_ms
  };
}

function row(p: Point): string {
  const f = (x: number, d = 2): string => (Number.isFinite(x) ? x.toFixed(d) : "flood");
  return `| ${p.streams}${p.prewarm ? " (prewarmed)" : ""} | ${p.tokens} | ${p.gapMs} | ${f(p.target, 0)} | ${f(p.achieved, 0)} | ${p.failed} | ${f(p.errP50)} | ${f(p.errP99)} | ${f(p.errMax)} | ${f(p.ttftErrP99)} | ${f(p.laterErrP99)} | ${f(p.cpu * 100, 0)}% | ${f(p.loopP99)} |`;
}

/** The scraper alone, in its own process as the runner is: CPU as a fraction of one core, bytes kept per scrape. */
function probe(
  url: string,
  intervalMs: number,
  durationMs: number
): Promise<{cpu_fraction: number; steady_cpu_fraction: number; scrapes: number; bytes: number}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", PROBE, url, String(intervalMs), String(durationMs)], {
      stdio: ["ignore", "pipe", "inherit"]
    });
    let out = "";
    child.stdout!.on("data", (part: Buffer) => (out += part.toString()));
    child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`probe exited ${code}`))));
  });
}

async function scraping(baseUrl: string): Promise<void> {
  const url = `${baseUrl}/metrics`;
  process.stdout.write(
    "\n| scraper | interval s | seconds | scrapes | bytes/scrape | scraper CPU, all (share of one core) | steady state |\n|---|---|---|---|---|---|---|\n"
  );
  for (const [intervalMs, durationMs] of [
    [1000, 20_000],
    [100, 10_000]
  ]) {
    const p = await probe(url, intervalMs, durationMs);
    process.stdout.write(
      `| alone | ${intervalMs / 1000} | ${(durationMs + 2000) / 1000} | ${p.scrapes} | ${Math.round(p.bytes / Math.max(1, p.scrapes))} | ${(p.cpu_fraction * 100).toFixed(2)}% | ${(p.steady_cpu_fraction * 100).toFixed(2)}% |\n`
    );
  }
  // The client's timing with a scraper at the default interval hitting the same server, and without: same load.
  process.stdout.write(
    "\n| client run | streams | tokens/stream | gap ms | achieved chunks/s | err p50 ms | err p99 ms | loop delay p99 ms |\n|---|---|---|---|---|---|---|---|\n"
  );
  const point = [500, 100, 20] as const;
  for (const withScraper of [false, true, false, true]) {
    // The probe's own start (node, tsx) is over before the client starts: in a live run the scraper is the runner's.
    const scraper = withScraper ? probe(url, 1000, 8000) : null;
    if (scraper) await new Promise((resolve) => setTimeout(resolve, 3000));
    const p = await measure(baseUrl, ...point);
    await scraper;
    const f = (x: number): string => x.toFixed(2);
    process.stdout.write(
      `| ${withScraper ? "with scraper (1 s)" : "no scraper"} | ${p.streams} | ${p.tokens} | ${p.gapMs} | ${p.achieved.toFixed(0)} | ${f(p.errP50)} | ${f(p.errP99)} | ${f(p.loopP99)} |\n`
    );
  }
}

async function main(): Promise<void> {
  if (hasTaskset && cores > 1) execFileSync("taskset", ["-a", "-cp", "0", String(process.pid)], {stdio: "ignore"});
  const fixture = await startFixture();
  try {
    process.stdout.write(
      `node ${process.version}, ${cpus()[0]?.model ?? "unknown CPU"} × ${cores}, ` +
        `client ${hasTaskset && cores > 1 ? "pinned to core 0, fixture to core 1" : "not pinned"}\n\n`
    );
    process.stdout.write(
      "| streams | tokens/stream | gap ms | target chunks/s | achieved chunks/s | failed | err p50 ms | err p99 ms | err max ms | first-chunk err p99 ms | later-chunk err p99 ms | client CPU | loop delay p99 ms |\n"
    );
    process.stdout.write("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    // Warm-up (JIT, connections) is not reported.
    await measure(fixture.baseUrl, 200, 20, 10);
    const plan: Array<[number, number, number, boolean?]> = [
      [100, 200, 10],
      [1000, 100, 20, true],
      [1000, 100, 10, true],
      [1000, 100, 100],
      [1000, 100, 50],
      [1000, 100, 25],
      [1000, 100, 20],
      [1000, 100, 15],
      [1000, 100, 10],
      [1000, 100, 7],
      [1000, 100, 5],
      [1000, 100, 0]
    ];
    if (process.argv.includes("scrape")) {
      await scraping(fixture.baseUrl);
      return;
    }
    const only = process.argv.slice(2).map(Number).filter(Number.isFinite);
    for (const [streams, tokens, gap, prewarm] of only.length === 3 ? [only as [number, number, number]] : plan) {
      process.stdout.write(row(await measure(fixture.baseUrl, streams, tokens, gap, prewarm)) + "\n");
    }
    if (only.length !== 3) await scraping(fixture.baseUrl);
  } finally {
    fixture.stop();
  }
}

await main();
