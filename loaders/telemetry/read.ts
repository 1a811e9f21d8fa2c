// Reads a run folder's telemetry (telemetry.json, metrics.jsonl, gpu.csv; live, imported or cluster runs alike) into
// its summary columns and time line. Files are read under the run reader's rules (study/run-files.ts).
import {existsSync, readFileSync} from "node:fs";
import {join} from "node:path";
import type {Finding} from "../finding.js";
import {runFileState} from "../files/regular-files.js";
import {parseExposition} from "./exposition.js";
import {GPU_COLUMNS, gpuTimeline, parseGpuSamples, summarizeGpu, type GpuColumn, type GpuTimelinePoint} from "./gpu.js";
import {SERVER_COLUMNS, summarizeScrapes, type Scrape, type ServerColumn, type TimelinePoint} from "./summary.js";

export const TELEMETRY_COLUMNS: readonly string[] = [...SERVER_COLUMNS, ...GPU_COLUMNS];

export interface RunTelemetry {
  columns: Record<ServerColumn | GpuColumn, number | null>;
  timeline: TimelinePoint[];
  /** gpu.csv's samples inside the window (empty without them). */
  gpu_timeline: GpuTimelinePoint[];
  /** Why server metrics or GPU samples are missing (null where they were recorded). */
  absent: {metrics: string | null; gpu: string | null};
  /** GPU power samples inside the window, every GPU's (0: none, and no energy can be told). */
  power_samples?: number;
  window: {start: string; end: string} | null;
}

const FILES = {record: "telemetry.json", metrics: "metrics.jsonl", gpu: "gpu.csv"} as const;

/** The file's text when the run reader's rules allow it (a regular file inside the study, of bounded size). */
function readRegular(dir: string, name: string, fail: (message: string) => void): string | null {
  const state = runFileState(dir, name);
  if (state.kind === "refused") fail(`${name} ${state.problem}`);
  return state.kind === "ok" ? readFileSync(join(dir, name), "utf8") : null;
}

export function readTelemetry(
  dir: string,
  meta: {id: string; started_at: string | null; ended_at: string | null},
  relName: (name: string) => string
): {telemetry: RunTelemetry | null; findings: Finding[]} {
  const findings: Finding[] = [];
  if (
    !existsSync(join(dir, FILES.record)) &&
    !existsSync(join(dir, FILES.metrics)) &&
    !existsSync(join(dir, FILES.gpu))
  )
    return {telemetry: null, findings};
  const finding = (file: string, line: number | null, message: string): void => {
    findings.push({
      severity: "warning",
      code: "telemetry-unreadable",
      message,
      run: meta.id,
      file: relName(file),
      line
    });
  }; // A file the run reader's rules forbid is the same error as for its logs (issue 15): named, never opened.
  const refused = (file: string) => (message: string) =>
    findings.push({
      severity: "error",
      code: "run-file-refused",
      message,
      run: meta.id,
      file: relName(file),
      line: null
    });

  let record: {
    window?: {start: string; end: string} | null;
    metrics?: {absent?: string | null; dropped?: number; dropped_reason?: string | null};
    gpu?: {absent?: string | null};
  } = {};
  const recordText = readRegular(dir, FILES.record, refused(FILES.record));
  if (recordText !== null) {
    try {
      record = JSON.parse(recordText);
    } catch (error) {
      finding(FILES.record, 1, `telemetry.json does not parse: ${(error as Error).message}`);
    }
  }
  if (record.metrics?.dropped)
    findings.push({
      severity: "warning",
      code: "telemetry-dropped",
      message: record.metrics.dropped_reason ?? `${record.metrics.dropped} scrape(s) were not written`,
      run: meta.id,
      file: relName(FILES.record),
      line: null
    });

  const scrapes: Scrape[] = [];
  const metricsText = readRegular(dir, FILES.metrics, refused(FILES.metrics));
  if (metricsText !== null) {
    const lines = metricsText.split("\n");
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      let entry: {t?: unknown; text?: unknown};
      try {
        entry = JSON.parse(lines[i]);
      } catch {
        finding(FILES.metrics, i + 1, "line is not JSON; this scrape is left out");
        continue;
      }
      const t = typeof entry.t === "string" ? Date.parse(entry.t) : NaN;
      if (Number.isNaN(t) || typeof entry.text !== "string") {
        finding(FILES.metrics, i + 1, "a scrape needs 't' (ISO time) and 'text'; this one is left out");
        continue;
      }
      const parsed = parseExposition(entry.text);
      if (parsed.errors.length)
        finding(
          FILES.metrics,
          i + 1,
          `${parsed.errors.length} exposition line(s) unreadable (first: line ${parsed.errors[0].line} of the scrape, ${parsed.errors[0].message}); the rest is used`
        );
      scrapes.push({t, samples: parsed.samples});
    }
  }

  const gpuText = readRegular(dir, FILES.gpu, refused(FILES.gpu));
  const gpu = gpuText === null ? null : parseGpuSamples(gpuText);
  for (const error of gpu?.errors.slice(0, 1) ?? [])
    finding(
      FILES.gpu,
      error.line,
      `${gpu!.errors.length} line(s) unreadable (first: ${error.message}); the rest is used`
    );

  // The recorded window; a folder without one (imported) is measured from the run's start to its end.
  const span = (times: number[]): {start: number; end: number} =>
    times.length ? {start: Math.min(...times), end: Math.max(...times)} : {start: 0, end: 0};
  const window =
    record.window && !Number.isNaN(Date.parse(record.window.start))
      ? {start: Date.parse(record.window.start), end: Date.parse(record.window.end)}
      : meta.started_at && meta.ended_at
        ? {start: Date.parse(meta.started_at), end: Date.parse(meta.ended_at)}
        : span(scrapes.map((s) => s.t));
  const server = summarizeScrapes(scrapes, window);
  const gpuColumns = summarizeGpu(gpu?.samples ?? [], window);
  const powerSamples = (gpu?.samples ?? []).filter(
    (x) => x.t >= window.start && x.t <= window.end && x.power_w != null
  ).length;
  return {
    telemetry: {
      columns: {...server.columns, ...gpuColumns},
      timeline: server.timeline,
      gpu_timeline: gpuTimeline(gpu?.samples ?? [], window),
      power_samples: powerSamples,
      absent: {
        metrics: scrapes.length ? null : (record.metrics?.absent ?? "no metrics.jsonl in the run folder"),
        gpu: gpu?.samples.length ? null : (record.gpu?.absent ?? "no gpu.csv in the run folder")
      },
      window: {start: new Date(window.start).toISOString(), end: new Date(window.end).toISOString()}
    },
    findings
  };
}
