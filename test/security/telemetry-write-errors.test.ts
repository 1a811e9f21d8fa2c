// Case 7 of issue 15, the telemetry files: a write that fails (here /dev/full, ENOSPC) is raised naming the file it
// was for (fs write errors carry no path), never as an unhandled stream error.
import {mkdtempSync, rmSync, symlinkSync} from "node:fs";
import http from "node:http";
import type {AddressInfo} from "node:net";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {METRICS_FILE, TELEMETRY_FILE, TelemetrySession} from "../../loaders/live/telemetry.js";
import {writeErrorLine} from "../../loaders/files/write-error.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

/** A run folder whose file `name` is the always-full /dev/full. */
function fullAt(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "tps-full-"));
  made.push(dir);
  symlinkSync("/dev/full", join(dir, name));
  return dir;
}

async function failure(promise: Promise<unknown>): Promise<NodeJS.ErrnoException> {
  try {
    await promise;
  } catch (error) {
    return error as NodeJS.ErrnoException;
  }
  throw new Error("the write succeeded");
}

describe.skipIf(process.platform !== "linux")("telemetry on a full disk", () => {
  it("names telemetry.json when writing it fails", async () => {
    const dir = fullAt(TELEMETRY_FILE);
    // Nothing listens on port 1: every scrape fails, and telemetry.json is still written.
    const session = new TelemetrySession(dir, {
      metricsUrl: "http://127.0.0.1:1/metrics",
      intervalMs: 1000,
      gpuArgv: null
    });
    session.start();
    const error = await failure(session.stop(Date.now()));
    expect(error.code).toBe("ENOSPC");
    expect(writeErrorLine(error)).toMatch(
      new RegExp(`^cannot write ${join(dir, TELEMETRY_FILE)} \\(write: no space left on the device, ENOSPC\\)`)
    );
  });

  it("names metrics.jsonl when a scrape cannot be written", async () => {
    const server = http.createServer((_, res) => res.end("# TYPE up gauge\nup 1\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const dir = fullAt(METRICS_FILE);
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      const session = new TelemetrySession(dir, {metricsUrl: url, intervalMs: 1000, gpuArgv: null});
      session.start();
      const error = await failure(session.stop(Date.now()));
      expect(error.code).toBe("ENOSPC");
      expect(writeErrorLine(error)).toMatch(
        new RegExp(`^cannot write ${join(dir, METRICS_FILE)} \\(write: no space left on the device, ENOSPC\\)`)
      );
    } finally {
      server.close();
    }
  });
});
