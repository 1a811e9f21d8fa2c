// GPU samples from `nvidia-smi --query-gpu=… --format=csv,noheader,nounits -lms N`, and their window summaries.

export const GPU_FIELDS = ["timestamp", "index", "power.draw", "clocks.sm", "memory.used", "utilization.gpu"] as const;

/** nvidia-smi's sampling loop: one CSV line per GPU every intervalMs, until it is stopped; `gpus`: only those
 * (nvidia-smi's indices, its `-i`), as a server placed on them sees them. */
export function gpuSampleArgv(
  intervalMs: number,
  command = "nvidia-smi",
  gpus: readonly number[] | null = null
): string[] {
  return [
    command,
    `--query-gpu=${GPU_FIELDS.join(",")}`,
    "--format=csv,noheader,nounits",
    ...(gpus ? ["-i", gpus.join(",")] : []),
    "-lms",
    String(intervalMs)
  ];
}

export interface GpuSample {
  /** Epoch milliseconds (nvidia-smi prints local time; it runs on this machine, so local time is read). */
  t: number;
  index: number;
  power_w: number | null;
  sm_clock_mhz: number | null;
  memory_used_mib: number | null;
  utilization_pct: number | null;
}

// nvidia-smi writes "[N/A]" or "[Not Supported]" (with nounits, sometimes "N/A") for fields a GPU does not report.
const number = (cell: string): number | null => {
  const n = Number(cell);
  return cell !== "" && Number.isFinite(n) ? n : null;
};

const STAMP = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?$/;

export function parseGpuSamples(text: string): {samples: GpuSample[]; errors: {line: number; message: string}[]} {
  const samples: GpuSample[] = [];
  const errors: {line: number; message: string}[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const cells = lines[i].split(",").map((c) => c.trim());
    const stamp = STAMP.exec(cells[0]);
    if (cells.length !== GPU_FIELDS.length || !stamp) {
      errors.push({line: i + 1, message: `expected ${GPU_FIELDS.join(", ")}; got '${lines[i].slice(0, 80)}'`});
      continue;
    }
    const [, y, mo, d, h, mi, s, ms] = stamp;
    const t = new Date(+y, +mo - 1, +d, +h, +mi, +s, Number((ms ?? "0").padEnd(3, "0"))).getTime();
    samples.push({
      t,
      index: Number(cells[1]),
      power_w: number(cells[2]),
      sm_clock_mhz: number(cells[3]),
      memory_used_mib: number(cells[4]),
      utilization_pct: number(cells[5])
    });
  }
  return {samples, errors};
}

export const GPU_COLUMNS = [
  "gpu_power_w_mean",
  "gpu_sm_clock_mhz_mean",
  "gpu_memory_used_gb_max",
  "gpu_utilization_mean"
] as const;

export type GpuColumn = (typeof GPU_COLUMNS)[number];

/** Means over every GPU's samples inside the window (per GPU, not summed); memory in GiB (nvidia-smi's MiB / 1024). */
export function summarizeGpu(
  samples: GpuSample[],
  window: {start: number; end: number}
): Record<GpuColumn, number | null> {
  const inside = samples.filter((s) => s.t >= window.start && s.t <= window.end);
  const values = (key: keyof GpuSample): number[] =>
    inside.map((s) => s[key]).filter((v): v is number => typeof v === "number");
  const mean = (list: number[]): number | null =>
    list.length ? Number((list.reduce((a, b) => a + b, 0) / list.length).toFixed(3)) : null;
  const memory = values("memory_used_mib");
  return {
    gpu_power_w_mean: mean(values("power_w")),
    gpu_sm_clock_mhz_mean: mean(values("sm_clock_mhz")),
    gpu_memory_used_gb_max: memory.length ? Number((Math.max(...memory) / 1024).toFixed(3)) : null,
    gpu_utilization_mean: mean(values("utilization_pct"))
  };
}

/** One GPU sample inside the measured window, for a run page's time chart. */
export interface GpuTimelinePoint {
  /** Seconds from the window's start. */
  s: number;
  /** nvidia-smi's GPU index. */
  gpu: number;
  utilization_pct: number | null;
  power_w: number | null;
  memory_used_gib: number | null;
}

/** The samples inside the window, every GPU's, in time order; memory in GiB as the summary gives it. */
export function gpuTimeline(samples: GpuSample[], window: {start: number; end: number}): GpuTimelinePoint[] {
  const round = (value: number, digits: number) => Number(value.toFixed(digits));
  return samples
    .filter((s) => s.t >= window.start && s.t <= window.end)
    .sort((a, b) => a.t - b.t || a.index - b.index)
    .map((s) => ({
      s: round((s.t - window.start) / 1000, 3),
      gpu: s.index,
      utilization_pct: s.utilization_pct,
      power_w: s.power_w,
      memory_used_gib: s.memory_used_mib === null ? null : round(s.memory_used_mib / 1024, 3)
    }));
}
