// Issue 29, cases 2 and 7: a /metrics answer that never ends, one too large, and a run whose scrapes would outgrow what
// the run reader reads. Every scrape has a whole-scrape deadline, an interrupted run stops scraping at once, an answer
// past the size cap is a failed scrape with its reason, and metrics.jsonl stops at its cap saying what it dropped.
import {mkdtempSync, readFileSync, rmSync, statSync} from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {MAX_RUN_FILE_BYTES} from "../../loaders/files/regular-files.js";
import {
  MAX_METRICS_FILE_BYTES,
  MAX_SCRAPE_BYTES,
  METRICS_FILE,
  TelemetrySession
} from "../../loaders/live/telemetry.js";
import {readTelemetry} from "../../loaders/telemetry/read.js";

const made: string[] = [];
const servers: http.Server[] = [];
afterAll(async () => {
  made.forEach((dir) => rmSync(dir, {recursive: true, force: true}));
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "tps-telemetry-hostile-"));
  made.push(dir);
  return dir;
};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A loopback server whose /metrics answers as `answer` does; its URL. */
async function metricsServer(answer: (res: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((req, res) => answer(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
}

/** One byte every 300 ms, for as long as the connection lasts. */
function trickle(res: http.ServerResponse): void {
  res.writeHead(200, {"content-type": "text/plain"});
  res.write("# HELP x\n");
  const timer = setInterval(() => res.write("x"), 300);
  res.on("close", () => clearInterval(timer));
}

/** How long `promise` takes, or Infinity past `limitMs` (the test stays bounded either way). */
async function within(promise: Promise<unknown>, limitMs: number): Promise<number> {
  const start = Date.now();
  const late = Symbol();
  const result = await Promise.race([promise, sleep(limitMs).then(() => late)]);
  return result === late ? Infinity : Date.now() - start;
}

describe("telemetry against a hostile /metrics", () => {
  it("a trickling answer: each scrape ends at its 1 s deadline, recorded as failed, and stop() returns", async () => {
    const url = await metricsServer(trickle);
    const dir = folder();
    const session = new TelemetrySession(dir, {metricsUrl: url, intervalMs: 100, gpuArgv: null});
    const started = Date.now();
    session.start();
    await sleep(200);
    const took = await within(session.stop(started), 8000);
    expect(took).toBeLessThan(2500);
    const record = await session.stop(started);
    expect(record.metrics.scrapes).toBe(0);
    expect(record.metrics.failed).toBeGreaterThanOrEqual(1);
    expect(record.metrics.error).toBe(`GET ${url}: no whole answer within 1000 ms`);
  });

  it("an interrupted run (Ctrl-C) stops the scrape in flight at once", async () => {
    const url = await metricsServer(trickle);
    const session = new TelemetrySession(folder(), {metricsUrl: url, intervalMs: 5000, gpuArgv: null});
    const started = Date.now();
    session.start();
    await sleep(300);
    expect(await within(session.stop(started, Date.now(), false), 8000)).toBeLessThan(500);
  });

  it("an answer past the per-scrape cap is a failed scrape with its reason, never a cut one", async () => {
    const line = "vllm:num_requests_running 1\n";
    const body = line.repeat(Math.ceil((MAX_SCRAPE_BYTES + 1) / line.length));
    const url = await metricsServer((res) => res.end(body));
    const dir = folder();
    const session = new TelemetrySession(dir, {metricsUrl: url, intervalMs: 100, gpuArgv: null});
    const started = Date.now();
    session.start();
    await sleep(150);
    const record = await session.stop(started);
    expect(record.metrics.scrapes).toBe(0);
    expect(record.metrics.failed).toBeGreaterThanOrEqual(2);
    expect(record.metrics.error).toBe(
      `GET ${url} answered more than ${MAX_SCRAPE_BYTES} bytes; that scrape is dropped`
    );
    expect(statSync(join(dir, METRICS_FILE), {throwIfNoEntry: false})).toBeUndefined();
  });

  it("metrics.jsonl stops at its cap; the run keeps what fits and telemetry.json and check say what was dropped", async () => {
    expect(MAX_METRICS_FILE_BYTES).toBeLessThan(MAX_RUN_FILE_BYTES);
    const body = `vllm:num_requests_running{engine="0"} 3\n${"# padding\n".repeat(200)}`;
    const url = await metricsServer((res) => res.end(body));
    const dir = folder();
    const cap = 20_000;
    const session = new TelemetrySession(dir, {metricsUrl: url, intervalMs: 50, gpuArgv: null, maxFileBytes: cap});
    const started = Date.now();
    session.start();
    await sleep(1000);
    const record = await session.stop(started);
    const lines = readFileSync(join(dir, METRICS_FILE), "utf8").trim().split("\n");
    const lineBytes = Buffer.byteLength(lines[0]) + 1;
    expect(statSync(join(dir, METRICS_FILE)).size).toBe(lines.length * lineBytes);
    expect(statSync(join(dir, METRICS_FILE)).size).toBeLessThanOrEqual(cap);
    expect(record.metrics.scrapes).toBe(lines.length);
    expect(record.metrics.dropped).toBeGreaterThanOrEqual(1);
    expect(record.metrics.dropped_reason).toBe(
      `${METRICS_FILE} reached its cap of ${cap} bytes: ${record.metrics.dropped} later scrape(s) dropped, the last one kept`
    );
    // The last scrape (the "after" one) is kept: the window's counters need it.
    expect(JSON.parse(lines.at(-1)!).t >= new Date(started + 1000).toISOString()).toBe(true);
    const {findings} = readTelemetry(dir, {id: "r", started_at: null, ended_at: null}, (n) => `runs/r/${n}`);
    expect(findings.map((f) => [f.severity, f.code, f.file, f.message])).toEqual([
      ["warning", "telemetry-dropped", "runs/r/telemetry.json", record.metrics.dropped_reason]
    ]);
  });
});
