// Runs bench/ingest.ts in child processes, floor and ours alternately, and keeps the best time of each.
import {spawnSync} from "node:child_process";
import {fileURLToPath} from "node:url";
import type {IngestResult} from "./ingest.js";

const INGEST = fileURLToPath(new URL("./ingest.ts", import.meta.url));

export interface IngestionFigures {
  bytes: number;
  files: number;
  floor_seconds: number;
  ours_seconds: number;
  floor_mb_s: number;
  ours_mb_s: number;
  /** ours / floor throughput. */
  ratio: number;
  /** Of ours: study.yaml read and checked, in a fresh process (absent in results measured before it was). */
  plan_seconds?: number;
  ours_max_rss_mb: number;
  floor_max_rss_mb: number;
}

function ingestOnce(mode: IngestResult["mode"], dir: string): IngestResult {
  const child = spawnSync(process.execPath, [...process.execArgv, INGEST, mode, dir], {
    encoding: "utf8",
    maxBuffer: 1 << 20
  });
  if (child.status !== 0) throw new Error(`ingest ${mode} ${dir} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout.trim().split("\n").pop()!) as IngestResult;
}

export function measureIngestion(dir: string, reps: number): IngestionFigures {
  const floor: IngestResult[] = [];
  const ours: IngestResult[] = [];
  const plan: IngestResult[] = [];
  for (let i = 0; i < reps; i++) {
    floor.push(ingestOnce("floor", dir));
    ours.push(ingestOnce("ours", dir));
    plan.push(ingestOnce("plan", dir));
  }
  const best = (list: IngestResult[]) => list.reduce((a, b) => (b.seconds < a.seconds ? b : a));
  const f = best(floor);
  const o = best(ours);
  const mb = f.bytes / 1e6;
  return {
    bytes: f.bytes,
    files: f.files,
    floor_seconds: f.seconds,
    ours_seconds: o.seconds,
    floor_mb_s: mb / f.seconds,
    ours_mb_s: mb / o.seconds,
    ratio: f.seconds / o.seconds,
    plan_seconds: best(plan).seconds,
    ours_max_rss_mb: Math.max(...ours.map((r) => r.max_rss_mb)),
    floor_max_rss_mb: Math.max(...floor.map((r) => r.max_rss_mb))
  };
}
