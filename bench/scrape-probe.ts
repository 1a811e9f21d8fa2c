// For `npm run bench:client`: one live run's scraper alone, in its own process as in `tps-report run`; prints the
// CPU it used (user + system) as a fraction of one core, in all and in steady state, and the bytes it kept.
//   tsx bench/scrape-probe.ts <metrics-url> <interval-ms> <duration-ms>
import {mkdtempSync, rmSync, statSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {TelemetrySession} from "../loaders/live/telemetry.js";

const [url, intervalMs, durationMs] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const dir = mkdtempSync(join(tmpdir(), "tps-scrape-probe-"));
try {
  const session = new TelemetrySession(dir, {metricsUrl: url, intervalMs, gpuArgv: null});
  const cpu = process.cpuUsage();
  const started = performance.now();
  session.start();
  // Steady state: from 2 s in (connection open, code warm) to the end; the total includes the first scrapes and stop.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const warm = process.cpuUsage();
  const warmAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  const steady = process.cpuUsage(warm);
  const steadyWall = performance.now() - warmAt;
  const record = await session.stop(Date.now() - durationMs);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - started;
  process.stdout.write(
    JSON.stringify({
      cpu_fraction: (used.user + used.system) / 1000 / wall,
      steady_cpu_fraction: (steady.user + steady.system) / 1000 / steadyWall,
      scrapes: record.metrics.scrapes,
      failed: record.metrics.failed,
      bytes: statSync(join(dir, "metrics.jsonl")).size
    }) + "\n"
  );
} finally {
  rmSync(dir, {recursive: true, force: true});
}
