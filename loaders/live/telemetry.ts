// During one benchmark: scrape the engine's Prometheus endpoint (before, every interval, after) into metrics.jsonl and
// run nvidia-smi's sampling loop into gpu.csv; telemetry.json records the measured window and why anything is absent.
import {spawn, type ChildProcess} from "node:child_process";
import {closeSync, createWriteStream, openSync, rmSync, statSync, writeFileSync, type WriteStream} from "node:fs";
import http from "node:http";
import {join} from "node:path";
import {finished} from "node:stream/promises";
import {gpuSampleArgv} from "../telemetry/gpu.js";
import {writingTo} from "../files/write-error.js";
import {timerMs} from "../timer.js";

export const METRICS_FILE = "metrics.jsonl";
export const GPU_FILE = "gpu.csv";
export const TELEMETRY_FILE = "telemetry.json";

/** A scrape answer larger than this is dropped whole (a runaway label set must not fill the run folder). */
export const MAX_SCRAPE_BYTES = 8 * 1024 * 1024;
/** metrics.jsonl stops growing here: well below what the run reader reads, so the run's telemetry stays readable. */
export const MAX_METRICS_FILE_BYTES = 128 * 1024 * 1024;

export interface TelemetryOptions {
  /** The engine's Prometheus URL; null: no server metrics. */
  metricsUrl: string | null;
  intervalMs: number;
  /** nvidia-smi's sampling argv; null: no GPU samples. */
  gpuArgv: string[] | null;
  env?: NodeJS.ProcessEnv;
  /** Cap on metrics.jsonl (default MAX_METRICS_FILE_BYTES). */
  maxFileBytes?: number;
}

/** telemetry.json: what was recorded and over which window; `absent` says why a part has nothing. */
export interface TelemetryRecord {
  window: {start: string; end: string} | null;
  metrics: {
    url: string | null;
    interval_s: number;
    scrapes: number;
    failed: number;
    file: string | null;
    absent: string | null;
    /** The first failure's reason, when some scrapes failed. */
    error: string | null;
    /** Scrapes answered but not written: metrics.jsonl had reached its cap. */
    dropped: number;
    dropped_reason: string | null;
  };
  gpu: {argv: string[] | null; file: string | null; absent: string | null};
}

const iso = (ms: number): string => new Date(ms).toISOString();
// One connection kept open between scrapes: a new TCP handshake per second costs more than the request.
const agent = new http.Agent({keepAlive: true, maxSockets: 1});

/** One scrape, ended at `deadlineMs` however the answer trickles, or at once when `signal` aborts (null then). */
function get(url: string, deadlineMs: number, signal: AbortSignal): Promise<{text: string} | {error: string} | null> {
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const end = (result: {text: string} | {error: string} | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      resolve(result);
      request.destroy();
    };
    const abort = (): void => end(null);
    const request = http.get(url, {agent}, (response) => {
      const parts: Buffer[] = [];
      let size = 0;
      response.on("data", (part: Buffer) => {
        size += part.length;
        if (size > MAX_SCRAPE_BYTES)
          end({error: `GET ${url} answered more than ${MAX_SCRAPE_BYTES} bytes; that scrape is dropped`});
        else parts.push(part);
      });
      response.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        if (response.statusCode !== 200) end({error: `GET ${url} answered HTTP ${response.statusCode}`});
        else if (!/^\s*(#|[A-Za-z_:])/.test(text))
          end({error: `GET ${url} answered something that is not Prometheus text`});
        else end({text});
      });
      response.on("error", (error) => end({error: `GET ${url}: ${error.message}`}));
    });
    request.on("error", (error) => end({error: `GET ${url}: ${error.message}`}));
    // The whole answer within the deadline: a socket that keeps sending never resets it.
    timer = setTimeout(() => end({error: `GET ${url}: no whole answer within ${deadlineMs} ms`}), deadlineMs);
    if (signal.aborted) abort();
    else signal.addEventListener("abort", abort, {once: true});
  });
}

export class TelemetrySession {
  private readonly record: TelemetryRecord;
  private out: WriteStream | null = null;
  /** The first failed write to metrics.jsonl (a full disk), raised by stop() naming the file. */
  private outError: NodeJS.ErrnoException | null = null;
  private timer: NodeJS.Timeout | null = null;
  private pending: Promise<void> = Promise.resolve();
  private gpu: ChildProcess | null = null;
  private gpuExit: Promise<void> = Promise.resolve();
  private gpuError: string | null = null;
  private windowStart: number | null = null;
  private stopped: Promise<TelemetryRecord> | null = null;
  private next = 0;
  /** Aborts the scrape in flight when the run is interrupted. */
  private readonly interrupt = new AbortController();
  private written = 0;

  constructor(
    private readonly dir: string,
    private readonly options: TelemetryOptions
  ) {
    this.record = {
      window: null,
      metrics: {
        url: options.metricsUrl,
        interval_s: options.intervalMs / 1000,
        scrapes: 0,
        failed: 0,
        file: null,
        absent: options.metricsUrl ? null : "metrics are off (serve.metrics: false)",
        error: null,
        dropped: 0,
        dropped_reason: null
      },
      gpu: {argv: options.gpuArgv, file: null, absent: options.gpuArgv ? null : "GPU sampling is off"}
    };
  }

  /** The "before" scrape, then one every interval; nvidia-smi's loop alongside. */
  start(): void {
    if (this.options.metricsUrl) {
      this.next = Date.now();
      this.tick();
    }
    if (this.options.gpuArgv) this.startGpu(this.options.gpuArgv);
  }

  /** The measured run begins (the client's warm-up is over). */
  markStart(at = Date.now()): void {
    this.windowStart ??= at;
  }

  /** The client has exited: the "after" scrape (not when interrupted: that run is not kept), nvidia-smi stopped,
   * telemetry.json written. Safe to call twice. */
  stop(clientStart: number, clientEnd = Date.now(), after = true): Promise<TelemetryRecord> {
    this.stopped ??= this.finish(clientStart, clientEnd, after);
    return this.stopped;
  }

  private busy = false;

  private tick(): void {
    // A scrape still waiting for its answer makes this tick skip: slow answers never bunch scrapes up.
    if (!this.busy) {
      this.busy = true;
      this.pending = this.pending.then(() => this.scrape()).finally(() => (this.busy = false));
    }
    // Due times on a fixed grid.
    this.next += this.options.intervalMs;
    this.timer = setTimeout(() => this.tick(), timerMs(Math.max(0, this.next - Date.now())));
    this.timer.unref();
  }

  private async scrape(last = false): Promise<void> {
    const deadline = Math.min(5000, Math.max(1000, this.options.intervalMs));
    const result = await get(this.options.metricsUrl!, deadline, this.interrupt.signal);
    if (result === null) return;
    const t = Date.now();
    if ("error" in result) {
      this.record.metrics.failed += 1;
      this.record.metrics.error ??= result.error;
      return;
    }
    const line = JSON.stringify({t: iso(t), text: result.text}) + "\n";
    const bytes = Buffer.byteLength(line);
    const cap = this.options.maxFileBytes ?? MAX_METRICS_FILE_BYTES;
    // The last eighth of the cap is kept for the "after" scrape: the window's counters are read against it.
    if (this.written + bytes > (last ? cap : cap - Math.floor(cap / 8))) {
      const metrics = this.record.metrics;
      metrics.dropped += 1;
      metrics.dropped_reason = `${METRICS_FILE} reached its cap of ${cap} bytes: ${metrics.dropped} later scrape(s) dropped, ${last ? "the last one too" : "the last one kept"}`;
      return;
    }
    if (!this.out) {
      this.out = createWriteStream(join(this.dir, METRICS_FILE), {flags: "a"});
      this.out.on("error", (error: NodeJS.ErrnoException) => (this.outError ??= error));
    }
    this.out.write(line);
    this.written += bytes;
    this.record.metrics.scrapes += 1;
  }

  private startGpu(argv: string[]): void {
    const fd = openSync(join(this.dir, GPU_FILE), "w");
    try {
      const child = spawn(argv[0], argv.slice(1), {stdio: ["ignore", fd, "pipe"], env: this.options.env});
      this.gpu = child;
      let stderr = "";
      child.stderr?.on("data", (part: Buffer) => (stderr = (stderr + part.toString("utf8")).slice(-2000)));
      this.gpuExit = new Promise((resolve) => {
        child.once("error", (error) => {
          const code = (error as NodeJS.ErrnoException).code;
          this.gpuError = code === "ENOENT" ? `${argv[0]} not found` : `${argv[0]} could not start: ${error.message}`;
          resolve();
        });
        child.once("exit", (code, signal) => {
          if (code !== 0 && signal === null && !this.gpuError) {
            const last = stderr.trim().split("\n").pop();
            this.gpuError = `${argv[0]} exited with code ${code}${last ? `: ${last}` : ""}`;
          }
          resolve();
        });
      });
    } finally {
      closeSync(fd);
    }
  }

  private async finish(clientStart: number, clientEnd: number, after: boolean): Promise<TelemetryRecord> {
    if (this.timer) clearTimeout(this.timer);
    const start = this.windowStart ?? clientStart;
    this.record.window = {start: iso(start), end: iso(Math.max(start, clientEnd))};
    if (this.options.metricsUrl) {
      if (after) this.pending = this.pending.then(() => this.scrape(true));
      else this.interrupt.abort();
      await this.pending;
      if (this.out) await finished(this.out.end()).catch(() => {});
      if (this.record.metrics.scrapes) this.record.metrics.file = METRICS_FILE;
      else this.record.metrics.absent = this.record.metrics.error ?? "no scrape answered";
    }
    if (this.gpu) {
      if (this.gpu.exitCode === null && this.gpu.signalCode === null) this.gpu.kill("SIGTERM");
      await this.gpuExit;
      const file = join(this.dir, GPU_FILE);
      if (this.gpuError || statSync(file).size === 0) {
        this.record.gpu.absent = this.gpuError ?? `${this.options.gpuArgv![0]} printed no sample`;
        rmSync(file, {force: true});
      } else this.record.gpu.file = GPU_FILE;
    }
    if (this.outError) {
      // Raised once nvidia-smi is stopped; a stream's write errors carry no path.
      this.outError.path ??= join(this.dir, METRICS_FILE);
      throw this.outError;
    }
    // Telemetry turned off (serve.metrics: false) leaves the run folder as it was before telemetry existed.
    if (this.options.metricsUrl || this.options.gpuArgv) {
      const file = join(this.dir, TELEMETRY_FILE);
      writingTo(file, () => writeFileSync(file, JSON.stringify(this.record, null, 2) + "\n"));
    }
    return this.record;
  }
}

/** The session a live benchmark starts: metrics at the engine's route, nvidia-smi from PATH (the server's GPUs only,
 * where it was placed on some). */
export function telemetryFor(
  dir: string,
  settings: {metrics: boolean; scrapeIntervalS: number},
  baseUrl: string,
  metricsPath: string,
  env?: NodeJS.ProcessEnv,
  gpus: readonly number[] | null = null
): TelemetrySession {
  const intervalMs = Math.round(settings.scrapeIntervalS * 1000);
  return new TelemetrySession(dir, {
    metricsUrl: settings.metrics ? baseUrl + metricsPath : null,
    intervalMs,
    gpuArgv: settings.metrics ? gpuSampleArgv(intervalMs, "nvidia-smi", gpus) : null,
    env
  });
}
