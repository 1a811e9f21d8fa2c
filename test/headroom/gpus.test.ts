import {describe, expect, it} from "vitest";
import {findGpu, parseGpuTable, peakFlops, readGpuTable, resolveGpu} from "../../loaders/headroom/gpus.js";

describe("GPU table", () => {
  const table = readGpuTable();

  it("holds the A100 SXM4 80GB, H100 SXM and H200 SXM with dense peaks, bandwidth and memory", () => {
    expect(table.map((g) => g.id)).toEqual(["a100-sxm4-80gb", "h100-sxm", "h200-sxm"]);
    const [a100, h100, h200] = table;
    expect([a100.bf16Flops.value, a100.fp8Flops.value, a100.hbmBandwidth.value]).toEqual([312e12, null, 2.039e12]);
    expect([h100.bf16Flops.value, h100.fp8Flops.value, h100.hbmBandwidth.value]).toEqual([
      989.4e12, 1978.9e12, 3.35e12
    ]);
    expect([h200.bf16Flops.value, h200.fp8Flops.value, h200.hbmBandwidth.value]).toEqual([989.4e12, 1978.9e12, 4.8e12]);
    // 81,251.2 MiB (torch: 79.35 GiB) and 150,109,880,320 B read on an H200 (torch: 139.80 GiB).
    expect(a100.memoryBytes.value).toBe(85_198_045_184);
    expect(h200.memoryBytes.value).toBe(150_109_880_320);
    expect((a100.memoryBytes.value / 2 ** 30).toFixed(2)).toBe("79.35");
  });

  it("gives every figure a source", () => {
    for (const gpu of table) {
      for (const figure of [gpu.bf16Flops, gpu.fp8Flops, gpu.hbmBandwidth, gpu.memoryBytes]) {
        expect(figure.source.length).toBeGreaterThan(20);
      }
    }
  });

  it("ridge points are those of headroom-model.md (153, 295, 206 FLOP/byte)", () => {
    expect(table.map((g) => Math.round(g.bf16Flops.value / g.hbmBandwidth.value))).toEqual([153, 295, 206]);
  });

  it("resolves ids and nvidia-smi names", () => {
    expect(resolveGpu(table, "a100-sxm4-80gb").id).toBe("a100-sxm4-80gb");
    expect(resolveGpu(table, "NVIDIA A100-SXM4-80GB").id).toBe("a100-sxm4-80gb");
    expect(resolveGpu(table, "nvidia a100 sxm4 80gb").id).toBe("a100-sxm4-80gb");
    expect(resolveGpu(table, "NVIDIA H200").id).toBe("h200-sxm");
    expect(resolveGpu(table, "NVIDIA H100 80GB HBM3").id).toBe("h100-sxm");
    expect(findGpu(table, "NVIDIA H100 PCIe")).toBeNull();
    expect(findGpu(table, "NVIDIA H200 NVL")).toBeNull();
    expect(() => resolveGpu(table, "rtx4090")).toThrow(
      'unknown GPU "rtx4090" (known: a100-sxm4-80gb, h100-sxm, h200-sxm)'
    );
  });

  it("uses the FP8 peak only where the GPU has one", () => {
    expect(peakFlops(table[0], "fp8")).toBe(312e12);
    expect(peakFlops(table[2], "fp8")).toBe(1978.9e12);
    expect(peakFlops(table[2], "bf16")).toBe(989.4e12);
  });

  it("names the file and line of a figure without a source", () => {
    const yaml = [
      "gpus:",
      "  - id: x",
      "    name: X",
      "    memory_name: 1 GB",
      "    bf16_flops: {value: 1.0e+12, source: datasheet}",
      "    fp8_flops: {value: null, source: none}",
      "    hbm_bandwidth: {value: 1.0e+12}",
      "    memory_bytes: {value: 1000, source: measured}"
    ].join("\n");
    expect(() => parseGpuTable(yaml, "g.yaml")).toThrow(
      /^g\.yaml:7: gpus\[0\]\.hbm_bandwidth: every figure needs a "source"$/
    );
  });
});
