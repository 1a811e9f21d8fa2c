// The scraping session against the fixture server's engine-shaped /metrics, a dead endpoint, a fake and a missing
// nvidia-smi; and the run-folder reader on what it wrote.
import {mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {TelemetrySession, type TelemetryRecord} from "../../loaders/live/telemetry.js";
import {gpuSampleArgv} from "../../loaders/telemetry/gpu.js";
import {readTelemetry} from "../../loaders/telemetry/read.js";
import {startFixtureServer} from "../support/fixture-server.js";

const FAKE_BIN = resolve(import.meta.dirname, "../support/bin");
const dirs: string[] = [];
const folder = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "tps-telemetry-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, {recursive: true, force: true})));
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const meta = {id: "run", started_at: null, ended_at: null};

async function record(
  dir: string,
  metricsUrl: string | null,
  gpuArgv: string[] | null,
  during: () => Promise<void>,
  env: NodeJS.ProcessEnv = process.env
): Promise<TelemetryRecord> {
  const session = new TelemetrySession(dir, {metricsUrl, intervalMs: 100, gpuArgv, env});
  const started = Date.now();
  session.start();
  await during();
  return session.stop(started);
}

describe("TelemetrySession", () => {
  it("scrapes before, during and after; keeps each scrape's text; samples the GPU through nvidia-smi's loop", async () => {
    const fixture = await startFixtureServer({metrics: {engine: "sglang", kvPerRequest: 0.1, preemptions: 2}});
    const dir = folder();
    const env = {...process.env, PATH: `${FAKE_BIN}:${process.env.PATH}`};
    try {
      const result = await record(dir, `${fixture.baseUrl}/metrics`, gpuSampleArgv(100), () => sleep(1000), env);
      expect(result.metrics.absent).toBeNull();
      expect(result.metrics.failed).toBe(0);
      // One before, about ten during, one after: a loaded machine may skip ticks, never add one.
      expect(result.metrics.scrapes).toBeGreaterThanOrEqual(3);
      expect(result.metrics.scrapes).toBeLessThanOrEqual(12);
      expect(result.gpu).toEqual({argv: gpuSampleArgv(100), file: "gpu.csv", absent: null});
      expect(readdirSync(dir).sort()).toEqual(["gpu.csv", "metrics.jsonl", "telemetry.json"]);
      const lines = readFileSync(join(dir, "metrics.jsonl"), "utf8").trim().split("\n");
      expect(lines).toHaveLength(result.metrics.scrapes);
      const first = JSON.parse(lines[0]);
      expect(Object.keys(first)).toEqual(["t", "text"]);
      expect(first.text).toContain('sglang:num_retracted_requests_total{model_name="fixture-model"} 2.0');
      expect(JSON.parse(readFileSync(join(dir, "telemetry.json"), "utf8"))).toEqual(result);

      const {telemetry, findings} = readTelemetry(dir, meta, (n) => n);
      expect(findings).toEqual([]);
      expect(telemetry!.columns).toMatchObject({
        requests_running_max: 0,
        kv_cache_usage_max: 0,
        preemptions: 0,
        prefix_cache_hit_rate: 0,
        gpu_power_w_mean: 612.45,
        gpu_sm_clock_mhz_mean: 1980,
        gpu_memory_used_gb_max: 127.453,
        gpu_utilization_mean: 97
      });
      expect(telemetry!.absent).toEqual({metrics: null, gpu: null});
    } finally {
      await fixture.close();
    }
  });

  it("a dead endpoint and a missing nvidia-smi: nothing recorded, telemetry marked absent with the reasons", async () => {
    const port = await freePort();
    const dir = folder();
    const url = `http://127.0.0.1:${port}/metrics`;
    const result = await record(dir, url, gpuSampleArgv(100, "nvidia-smi-not-here"), () => sleep(250));
    expect(result.metrics.scrapes).toBe(0);
    expect(result.metrics.absent).toBe(`GET ${url}: connect ECONNREFUSED 127.0.0.1:${port}`);
    expect(result.gpu.absent).toBe("nvidia-smi-not-here not found");
    expect(readdirSync(dir)).toEqual(["telemetry.json"]);
    const {telemetry} = readTelemetry(dir, meta, (n) => n);
    expect(telemetry!.absent).toEqual({metrics: result.metrics.absent, gpu: "nvidia-smi-not-here not found"});
    expect(Object.values(telemetry!.columns).every((v) => v === null)).toBe(true);
  });

  it("telemetry off (serve.metrics: false): nothing is written to the run folder", async () => {
    const dir = folder();
    const result = await record(dir, null, null, () => sleep(50));
    expect(result.metrics.absent).toBe("metrics are off (serve.metrics: false)");
    expect(readdirSync(dir)).toEqual([]);
    expect(readTelemetry(dir, meta, (n) => n).telemetry).toBeNull();
  });

  it("a server without metrics (404) and an nvidia-smi that fails: the reasons say so", async () => {
    const fixture = await startFixtureServer();
    const dir = folder();
    const env = {...process.env, PATH: `${FAKE_BIN}:${process.env.PATH}`, FAKE_SMI_FAIL: "1"};
    try {
      const result = await record(dir, `${fixture.baseUrl}/metrics`, gpuSampleArgv(100), () => sleep(150), env);
      expect(result.metrics.absent).toBe(`GET ${fixture.baseUrl}/metrics answered HTTP 404`);
      expect(result.gpu.absent).toBe(
        "nvidia-smi exited with code 9: NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure that the latest NVIDIA driver is installed and running."
      );
    } finally {
      await fixture.close();
    }
  });
});

describe("readTelemetry", () => {
  it("names unreadable scrape lines and leaves them out; refuses a symbolic link", () => {
    const dir = folder();
    const scrape = (t: string, v: number) =>
      JSON.stringify({t, text: `vllm:num_requests_running{engine="0"} ${v}\nbad line{\n`});
    writeFileSync(
      join(dir, "metrics.jsonl"),
      [scrape("2026-12-01T21:00:00.000Z", 4), "{not json", scrape("2026-12-01T21:00:01.000Z", 6)].join("\n") + "\n"
    );
    const secret = join(folder(), "secret.csv");
    writeFileSync(secret, "2026/12/01 21:00:00.000, 0, 1, 1, 1, 1\n");
    symlinkSync(secret, join(dir, "gpu.csv"));
    const {telemetry, findings} = readTelemetry(
      dir,
      {id: "r", started_at: "2026-12-01T21:00:00.000Z", ended_at: "2026-12-01T21:00:01.000Z"},
      (n) => `runs/r/${n}`
    );
    expect(telemetry!.columns.requests_running_max).toBe(6);
    expect(telemetry!.columns.requests_running_mean).toBe(5);
    expect(telemetry!.absent.gpu).toBe("no gpu.csv in the run folder");
    expect(findings.map((f) => [f.file, f.line, f.message])).toEqual([
      [
        "runs/r/metrics.jsonl",
        1,
        "1 exposition line(s) unreadable (first: line 2 of the scrape, value 'line{' is not a number); the rest is used"
      ],
      ["runs/r/metrics.jsonl", 2, "line is not JSON; this scrape is left out"],
      [
        "runs/r/metrics.jsonl",
        3,
        "1 exposition line(s) unreadable (first: line 2 of the scrape, value 'line{' is not a number); the rest is used"
      ],
      [
        "runs/r/gpu.csv",
        null,
        `gpu.csv is a symbolic link (to ${secret}); only regular files inside the study are read`
      ]
    ]);
    expect(findings.map((f) => [f.severity, f.code])).toEqual([
      ["warning", "telemetry-unreadable"],
      ["warning", "telemetry-unreadable"],
      ["warning", "telemetry-unreadable"],
      ["error", "run-file-refused"]
    ]);
  });
});
