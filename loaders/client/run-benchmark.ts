// The native `vllm bench serve`: dataset → arrival process → streaming requests → vLLM's metrics, printed block and
// --save-result JSON. Also measures the client's own load (event-loop delay, CPU, send lag) so its queueing shows.
import {randomBytes} from "node:crypto";
import {mkdirSync} from "node:fs";
import {join} from "node:path";
import {monitorEventLoopDelay} from "node:perf_hooks";
import {arrivalOffsets} from "./arrival.js";
import {randomDatasetParallel} from "./dataset-random-parallel.js";
import {shareGptDataset} from "./dataset-sharegpt.js";
import {openConnections, type Connections} from "./connections.js";
import {calculateMetrics, type BenchmarkMetrics, type GoodputMetric} from "./metrics.js";
import {percentile} from "./percentile.js";
import {floatRepr} from "./python-format.js";
import {requestBody, sendRequest, type Endpoint, type RequestContext} from "./request-openai.js";
import {pythonJson, resultDate, resultFileName, resultJson} from "./result-json.js";
import {summaryBlock} from "./summary-block.js";
import {loadTokenizer, type BenchTokenizer} from "./tokenizer.js";
import {turnClock} from "./turn-clock.js";
import {beforeMeasuring} from "./warmup.js";
import type {RequestOutput, SampleRequest} from "./types.js";
import {writeFileAtomic} from "../files/write-atomic.js";

export interface BenchmarkOptions {
  baseUrl: string;
  endpoint?: Endpoint;
  /** Model name; asked from /v1/models when absent. */
  model?: string;
  /** Name sent in requests when it differs from --model (vLLM's --served-model-name). */
  servedModelName?: string;
  /** Backend name written to the JSON (`openai-chat` for chat, `openai` for completions by default). */
  backend?: string;
  label?: string;
  datasetName?: "random" | "sharegpt";
  datasetPath?: string;
  randomInputLen?: number;
  randomOutputLen?: number;
  randomRangeRatio?: number;
  randomPrefixLen?: number;
  sharegptOutputLen?: number;
  /** Requests built by the caller instead of a dataset. */
  requests?: SampleRequest[];
  numPrompts?: number;
  seed?: number;
  requestRate?: number;
  burstiness?: number;
  maxConcurrency?: number;
  /** tokenizer.json path/folder, model id, or a loaded tokenizer. */
  tokenizer?: string | BenchTokenizer;
  ignoreEos?: boolean;
  percentileMetrics?: string[];
  metricPercentiles?: number[];
  goodput?: Partial<Record<GoodputMetric, number>>;
  extraBody?: Record<string, unknown>;
  headers?: Record<string, string>;
  requestIdPrefix?: string;
  requestTimeoutS?: number;
  metadata?: Record<string, string>;
  saveResult?: boolean;
  saveDetailed?: boolean;
  resultDir?: string;
  resultFilename?: string;
  /** Where progress lines and the block go (default stdout). */
  log?: (line: string) => void;
  /** Monotonic clock in ms (default performance.now). */
  now?: () => number;
  /** Connections to use (and leave open) instead of fresh ones; lets runs reuse warm connections. */
  connections?: Connections;
  /**
   * Open the connections (one per concurrent request, GET /health) before the clock starts, so TCP set-up is not in
   * the first wave's TTFT. Off by default: `vllm bench serve` connects inside the measured run.
   */
  prewarmConnections?: boolean;
  /** Requests sent before the clock starts, not measured (vLLM's --num-warmups; default 0). */
  numWarmups?: number;
  /** Seconds to keep sending the first prompt until the server answers it (--ready-check-timeout-sec; 0 skips). */
  readyCheckTimeoutS?: number;
}

export interface ClientOverhead {
  /** CPU time of this process over the run, as a fraction of one core. */
  cpu_fraction_of_one_core: number;
  event_loop_delay_mean_ms: number;
  event_loop_delay_p99_ms: number;
  event_loop_delay_max_ms: number;
  /** How late requests were sent against their arrival schedule (excludes concurrency-limit waits). */
  send_lag_p99_ms: number;
  send_lag_max_ms: number;
}

export interface BenchmarkRun {
  /** The --save-result JSON object (per-request arrays only with saveDetailed). */
  result: Record<string, unknown>;
  /** The printed "Serving Benchmark Result" block, no trailing newline. */
  block: string;
  metrics: BenchmarkMetrics;
  outputs: RequestOutput[];
  overhead: ClientOverhead;
  /** Written result file, when saveResult. */
  resultPath?: string;
}

class Semaphore {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  acquire(): Promise<void> | null {
    if (this.free > 0) {
      this.free--;
      return null;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

// Timers fire late by up to a millisecond; the last stretch yields with setImmediate so I/O keeps flowing.
async function until(due: number, now: () => number): Promise<void> {
  for (;;) {
    const wait = due - now();
    if (wait <= 0) return;
    if (wait > 2) await new Promise((resolve) => setTimeout(resolve, wait - 1.5));
    else await new Promise((resolve) => setImmediate(resolve));
  }
}

async function firstModel(baseUrl: string): Promise<string> {
  const response = await fetch(new URL("/v1/models", baseUrl));
  if (!response.ok) throw new Error(`GET ${baseUrl}/v1/models answered HTTP ${response.status}`);
  const body = (await response.json()) as {data?: Array<{id?: string}>};
  const id = body.data?.[0]?.id;
  if (!id) throw new Error(`GET ${baseUrl}/v1/models lists no model`);
  return id;
}

export async function runBenchmark(options: BenchmarkOptions): Promise<BenchmarkRun> {
  const log = options.log ?? ((line: string) => process.stdout.write(line + "\n"));
  const now = options.now ?? (() => performance.now());
  const endpoint = options.endpoint ?? "/v1/chat/completions";
  if (endpoint !== "/v1/chat/completions" && endpoint !== "/v1/completions") {
    throw new Error(`--endpoint must be /v1/chat/completions or /v1/completions, got ${endpoint}`);
  }
  const backend = options.backend ?? (endpoint === "/v1/chat/completions" ? "openai-chat" : "openai");
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const model = options.model ?? (await firstModel(baseUrl));
  const seed = options.seed ?? 0;
  const requestRate = options.requestRate ?? Infinity;
  const burstiness = options.burstiness ?? 1;
  const maxConcurrency = options.maxConcurrency;
  if (maxConcurrency !== undefined && !(Number.isInteger(maxConcurrency) && maxConcurrency > 0)) {
    throw new Error(`--max-concurrency must be a positive integer, got ${maxConcurrency}`);
  }
  const percentileMetrics = options.percentileMetrics ?? ["ttft", "tpot", "itl"];
  const percentiles = options.metricPercentiles ?? [99];
  const datasetName = options.datasetName ?? "random";
  const requestIdPrefix = options.requestIdPrefix ?? `bench-${randomBytes(4).toString("hex")}-`;

  const tokenizer =
    typeof options.tokenizer === "object" ? options.tokenizer : await loadTokenizer(options.tokenizer, model);
  let requests: SampleRequest[];
  let numPrompts: number;
  if (options.requests) {
    requests = options.requests;
    numPrompts = requests.length;
  } else {
    numPrompts = options.numPrompts ?? 1000;
    if (datasetName === "random") {
      if (options.datasetPath) throw new Error("--dataset-name random takes no --dataset-path");
      const made = await randomDatasetParallel(
        tokenizer,
        {
          numPrompts,
          inputLen: options.randomInputLen ?? 1024,
          outputLen: options.randomOutputLen ?? 128,
          rangeRatio: options.randomRangeRatio ?? 0,
          prefixLen: options.randomPrefixLen ?? 0,
          seed,
          requestIdPrefix
        },
        log
      );
      if (made.tokenMismatch !== 0) {
        log(
          `WARNING: across all generated prompts there were ${Math.abs(made.tokenMismatch)} ` +
            `${made.tokenMismatch > 0 ? "more" : "fewer"} tokens than asked after decoding and re-encoding.`
        );
      }
      requests = made.requests;
    } else if (datasetName === "sharegpt") {
      if (!options.datasetPath) throw new Error("--dataset-name sharegpt needs --dataset-path");
      requests = shareGptDataset(tokenizer, {
        path: options.datasetPath,
        numPrompts,
        seed,
        outputLen: options.sharegptOutputLen,
        requestIdPrefix
      });
    } else throw new Error(`--dataset-name must be random or sharegpt, got ${String(datasetName)}`);
  }
  if (!requests.length) throw new Error("no requests to send");
  // vLLM ignores EOS for the random dataset so every request generates exactly what it asked for.
  const ignoreEos = options.ignoreEos ?? datasetName === "random";

  const url = new URL(baseUrl + endpoint);
  const connections = options.connections ?? openConnections(url, maxConcurrency ?? Infinity);
  const context: RequestContext = {
    url,
    endpoint,
    model: options.servedModelName ?? model,
    connections,
    ignoreEos,
    extraBody: options.extraBody,
    headers: options.headers,
    timeoutMs: (options.requestTimeoutS ?? 6 * 3600) * 1000,
    now,
    arrivalNow: turnClock(now)
  };
  const offsets = arrivalOffsets(requests.length, requestRate, burstiness, seed);
  // Bodies are serialized before the clock starts so sending costs the client as little as possible.
  const bodies = requests.map((request) => JSON.stringify(requestBody(context, request)));
  try {
    await beforeMeasuring(
      context,
      requests,
      {readyCheckTimeoutS: options.readyCheckTimeoutS ?? 0, numWarmups: options.numWarmups ?? 0, maxConcurrency},
      log
    );
  } catch (error) {
    if (!options.connections) connections.destroy();
    throw error;
  }
  if (options.prewarmConnections) await connections.prewarm(Math.min(requests.length, maxConcurrency ?? Infinity));

  log("Starting main benchmark run...");
  log(`Traffic request rate: ${Number.isFinite(requestRate) ? floatRepr(requestRate) : "inf"}`);
  log(`Burstiness factor: ${floatRepr(burstiness)} (${burstiness === 1 ? "Poisson process" : "Gamma distribution"})`);
  log(`Maximum request concurrency: ${maxConcurrency ?? "None"}`);

  const semaphore = maxConcurrency !== undefined ? new Semaphore(maxConcurrency) : null;
  const loopDelay = monitorEventLoopDelay({resolution: 1});
  const sendLags: number[] = [];
  let outputs: RequestOutput[];
  let durationS: number;
  let cpu: NodeJS.CpuUsage;
  try {
    loopDelay.enable();
    const cpuBefore = process.cpuUsage();
    const tasks: Array<Promise<RequestOutput>> = [];
    const start = now();
    for (let i = 0; i < requests.length; i++) {
      const due = start + offsets[i] * 1000;
      // Every send yields one event-loop turn first, so chunks already arriving are read (and timed) between sends
      // instead of queueing behind a burst of request writes.
      if (i > 0) await new Promise((resolve) => setImmediate(resolve));
      await until(due, now);
      const arrival = now();
      sendLags.push(Math.max(0, arrival - due));
      const request = requests[i];
      tasks.push(
        (async () => {
          const pending = semaphore?.acquire();
          if (pending) await pending;
          try {
            return await sendRequest(context, request, arrival, bodies[i]);
          } finally {
            semaphore?.release();
          }
        })()
      );
    }
    outputs = await Promise.all(tasks);
    durationS = (now() - start) / 1000;
    cpu = process.cpuUsage(cpuBefore);
  } finally {
    loopDelay.disable();
    if (!options.connections) connections.destroy();
  }

  const failures = outputs.filter((output) => !output.success);
  if (failures.length) {
    log("Failed requests during benchmark run detected (capping to 10):");
    failures.slice(0, 10).forEach((output, i) => log(`Error ${i}: ${output.error}`));
  }
  const metrics = calculateMetrics({
    outputs,
    durationS,
    countTokens: (text) => tokenizer.encode(text, false).length,
    percentiles,
    goodput: options.goodput
  });
  const goodput = Object.keys(options.goodput ?? {}).length > 0;
  const block = summaryBlock({
    metrics,
    durationS,
    requestRate,
    maxConcurrency,
    percentileMetrics,
    percentiles,
    goodput
  });
  log(block);

  const overhead: ClientOverhead = {
    cpu_fraction_of_one_core: (cpu.user + cpu.system) / 1000 / (durationS * 1000),
    event_loop_delay_mean_ms: loopDelay.count ? loopDelay.mean / 1e6 : 0,
    event_loop_delay_p99_ms: loopDelay.count ? loopDelay.percentile(99) / 1e6 : 0,
    event_loop_delay_max_ms: loopDelay.count ? loopDelay.max / 1e6 : 0,
    send_lag_p99_ms: percentile(sendLags, 99),
    send_lag_max_ms: sendLags.reduce((a, b) => Math.max(a, b), 0)
  };
  log(
    `Client overhead: CPU ${(overhead.cpu_fraction_of_one_core * 100).toFixed(1)}% of one core, ` +
      `event-loop delay p99 ${overhead.event_loop_delay_p99_ms.toFixed(2)} ms (max ${overhead.event_loop_delay_max_ms.toFixed(2)} ms), ` +
      `send lag p99 ${overhead.send_lag_p99_ms.toFixed(2)} ms`
  );

  const date = resultDate();
  const result = resultJson({
    date,
    backend,
    label: options.label ?? null,
    modelId: model,
    tokenizerId: tokenizer.id,
    numPrompts,
    metadata: options.metadata,
    requestRate,
    burstiness,
    maxConcurrency,
    durationS,
    metrics,
    outputs,
    goodput,
    percentileMetrics,
    saveDetailed: options.saveDetailed ?? false,
    clientOverhead: {...overhead}
  });
  let resultPath: string | undefined;
  if (options.saveResult) {
    const name =
      options.resultFilename ??
      resultFileName({label: options.label ?? null, backend, requestRate, maxConcurrency, modelId: model, date});
    if (options.resultDir) mkdirSync(options.resultDir, {recursive: true});
    resultPath = options.resultDir ? join(options.resultDir, name) : name;
    writeFileAtomic(resultPath, pythonJson(result));
  }
  return {result, block, metrics, outputs, overhead, resultPath};
}
