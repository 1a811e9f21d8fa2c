// nvidia-smi sample lines (the -lms loop's shape, incl. fields a GPU does not report) and their window summaries.
import {describe, expect, it} from "vitest";
import {gpuSampleArgv, parseGpuSamples, summarizeGpu} from "../../loaders/telemetry/gpu.js";

const at = (hms: string): number => new Date(`2026-12-01T${hms}`).getTime();

describe("GPU samples", () => {
  const text = [
    "2026/12/01 21:40:00.000, 0, 600.00, 1980, 130000, 90",
    "2026/12/01 21:40:00.000, 1, 400.00, 1780, 120000, 70",
    "2026/12/01 21:40:01.000, 0, 700.00, 1980, 131072, 100",
    "2026/12/01 21:40:01.000, 1, [N/A], [Not Supported], 121000, 80",
    "2026/12/01 21:40:05.5, 0, 80.00, 345, 3, 0",
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.",
    ""
  ].join("\n");

  it("reads each line's local timestamp, index and numbers; '[N/A]' is no value, other lines are named", () => {
    const {samples, errors} = parseGpuSamples(text);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toEqual({
      t: at("21:40:00.000"),
      index: 0,
      power_w: 600,
      sm_clock_mhz: 1980,
      memory_used_mib: 130000,
      utilization_pct: 90
    });
    expect(samples[3]).toMatchObject({index: 1, power_w: null, sm_clock_mhz: null, memory_used_mib: 121000});
    expect(samples[4].t).toBe(at("21:40:05.500"));
    expect(errors.map((e) => e.line)).toEqual([6]);
  });

  it("summarizes the window per GPU sample: means, memory max in GiB", () => {
    const {samples} = parseGpuSamples(text);
    // The idle sample at 21:40:05.5 is outside the window.
    const columns = summarizeGpu(samples, {start: at("21:40:00.000"), end: at("21:40:02.000")});
    expect(columns).toEqual({
      gpu_power_w_mean: 566.667, // (600 + 400 + 700) / 3: the N/A sample has no power
      gpu_sm_clock_mhz_mean: 1913.333, // (1980 + 1780 + 1980) / 3
      gpu_memory_used_gb_max: 128, // 131072 MiB
      gpu_utilization_mean: 85
    });
    expect(summarizeGpu([], {start: 0, end: 1})).toEqual({
      gpu_power_w_mean: null,
      gpu_sm_clock_mhz_mean: null,
      gpu_memory_used_gb_max: null,
      gpu_utilization_mean: null
    });
  });

  it("asks nvidia-smi for its sampling loop", () => {
    expect(gpuSampleArgv(1000)).toEqual([
      "nvidia-smi",
      "--query-gpu=timestamp,index,power.draw,clocks.sm,memory.used,utilization.gpu",
      "--format=csv,noheader,nounits",
      "-lms",
      "1000"
    ]);
  });
});
