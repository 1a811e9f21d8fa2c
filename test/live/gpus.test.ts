// The pieces of --parallel: a candidate's GPU need from its engine's flags, the host's GPUs, which GPUs a server gets,
// the packing of configurations and gangs, and what side-by-side runs record about each other.
import {readFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {parseGpuSamples} from "../../loaders/telemetry/gpu.js";
import {gpuNeed} from "../../loaders/study/gpu-need.js";
import {parseHostGpus, queryHostGpus, visibleGpus} from "../../loaders/live/host-gpus.js";
import {GpuPool} from "../../loaders/live/gpu-pool.js";
import {runPacked, type Gang, type Member} from "../../loaders/live/packing.js";
import {HostActivity, PairMeeting} from "../../loaders/live/side-by-side.js";
import {fakeHost} from "./bundled-fixtures.js";

const need = (engine: string, server: string[], gpus?: number | number[], count = 1) =>
  gpuNeed({engine, server, ...(gpus !== undefined ? {gpus} : {})}, count);

describe("a candidate's GPU need", () => {
  it("reads each engine's own parallelism flags, in either spelling, the last one winning", () => {
    const vllm = ["vllm", "serve", "Qwen/Qwen3-32B"];
    expect(need("vllm", [...vllm, "--tensor-parallel-size", "4"])).toMatchObject({count: 4, tp: 4, from: "flags"});
    expect(need("vllm", [...vllm, "-tp", "2", "--data-parallel-size=2", "-pp", "2"])).toMatchObject({
      count: 8,
      stated: "-tp 2 × --data-parallel-size 2 × -pp 2",
      arg: 3
    });
    expect(need("vllm", [...vllm, "-tp", "2", "--tensor-parallel-size", "8"])).toMatchObject({count: 8});
    const sglang = ["python3", "-m", "sglang.launch_server", "--model-path", "Qwen/Qwen3-8B"];
    expect(need("sglang", [...sglang, "--tp", "2", "--dp-size", "2"])).toMatchObject({count: 4, tp: 2, dp: 2});
    expect(need("sglang", [...sglang, "--tp-size", "4", "--dp", "2", "--enable-dp-attention"])).toMatchObject({
      count: 4,
      stated: "--tp-size 4 × --dp 2 (dp inside tp)"
    });
    const trt = ["trtllm-serve", "Qwen/Qwen3-8B"];
    expect(need("trtllm", [...trt, "--tp_size", "2", "--pp_size", "2"])).toMatchObject({count: 4});
    // One engine's spelling means nothing to another: vLLM has no --tp.
    expect(need("vllm", [...vllm, "--tp", "4"])).toMatchObject({count: 1, from: "hardware"});
  });

  it("falls back on the plan's gpus, then on hardware.count; pins come from gpus or CUDA_VISIBLE_DEVICES", () => {
    expect(need("vllm", ["vllm", "serve", "m"], undefined, 8)).toMatchObject({count: 8, from: "hardware"});
    expect(need("vllm", ["vllm", "serve", "m"], 2)).toMatchObject({count: 2, from: "plan", pinned: null});
    expect(need("vllm", ["vllm", "serve", "m", "-tp", "2"], [4, 5])).toMatchObject({
      count: 2,
      from: "flags",
      pinned: [4, 5],
      pinnedBy: "plan"
    });
    expect(need("vllm", ["env", "CUDA_VISIBLE_DEVICES=6,7", "vllm", "serve", "m", "-tp", "2"])).toMatchObject({
      count: 2,
      pinned: [6, 7],
      pinnedBy: 1
    });
  });

  it("names what is wrong: a degree that is no whole number, a gpus the flags contradict, a pin twice", () => {
    expect(need("vllm", ["vllm", "serve", "m", "--tensor-parallel-size", "auto"])).toEqual({
      problem: '--tensor-parallel-size needs a whole number of GPUs from 1, got "auto"',
      at: 3
    });
    expect(need("vllm", ["vllm", "serve", "m", "-tp", "4"], 2)).toEqual({
      problem: "gpus says 2 GPUs but -tp 4 in the server command needs 4",
      at: "gpus"
    });
    expect(need("vllm", ["vllm", "serve", "m"], [1, 1])).toEqual({
      problem: "gpus lists a GPU twice (1, 1)",
      at: "gpus"
    });
    expect(need("vllm", ["CUDA_VISIBLE_DEVICES=0", "vllm", "serve", "m", "-tp", "2"])).toEqual({
      problem: "CUDA_VISIBLE_DEVICES=0 gives 1 GPU but -tp 2 needs 2",
      at: 0
    });
  });
});

describe("the host's GPUs", () => {
  it("reads nvidia-smi's index list and narrows it to CUDA_VISIBLE_DEVICES", () => {
    const all = parseHostGpus("0, NVIDIA H100 80GB HBM3, 81559 MiB\n1, NVIDIA H100 80GB HBM3, 81559 MiB\n");
    expect(all).toEqual([
      {index: 0, name: "NVIDIA H100 80GB HBM3", memory_total: "81559 MiB"},
      {index: 1, name: "NVIDIA H100 80GB HBM3", memory_total: "81559 MiB"}
    ]);
    if ("error" in all) throw new Error("unreadable");
    expect(visibleGpus(all, undefined)).toBe(all);
    expect(visibleGpus(all, "1")).toEqual([all[1]]);
    expect(visibleGpus(all, "")).toEqual([]);
    expect(visibleGpus(all, "GPU-5e3c")).toEqual({
      error: "CUDA_VISIBLE_DEVICES=GPU-5e3c names a GPU by 'GPU-5e3c'; --parallel places GPUs by index (0,1,…)"
    });
    expect(visibleGpus(all, "0,3")).toEqual({
      error: "CUDA_VISIBLE_DEVICES=0,3 names GPU 3, which nvidia-smi does not list (0, 1)"
    });
    expect(parseHostGpus("name, memory.total [MiB]\n")).toEqual({
      error: "expected 'index, name, memory.total'; got 'name, memory.total [MiB]'"
    });
  });

  it("asks nvidia-smi on the study's PATH, and says why when there is none", async () => {
    const host = await queryHostGpus({...fakeHost(4), CUDA_VISIBLE_DEVICES: "2,3"});
    expect(host).toMatchObject({visible: "2,3", error: null});
    expect(host.gpus.map((g) => [g.index, g.name])).toEqual([
      [2, "NVIDIA H200"],
      [3, "NVIDIA H200"]
    ]);
    expect(await queryHostGpus({PATH: "/nonexistent"})).toEqual({
      gpus: [],
      visible: null,
      error: "nvidia-smi not found"
    });
  });
});

describe("which GPUs a server gets", () => {
  it("an aligned block where one is free, else GPUs side by side, else the lowest free", () => {
    const pool = new GpuPool([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(pool.take(1)).toEqual([0]);
    expect(pool.take(4)).toEqual([4, 5, 6, 7]);
    expect(pool.take(2)).toEqual([2, 3]);
    expect(pool.take(2)).toBeNull();
    expect(pool.take(1)).toEqual([1]);
    pool.give([4, 5, 6, 7]);
    pool.give([0]);
    expect(pool.take(2, [5, 6])).toEqual([5, 6]);
    expect(pool.take(2)).toEqual([0, 4]);
    expect(pool.take(1, [5])).toBeNull();
  });
});

interface TestMember extends Member {
  name: string;
  ms: number;
  fail?: boolean;
}

describe("packing configurations onto the host", () => {
  const pack = async (gangs: Gang<TestMember>[], gpus = 4) => {
    const log: {name: string; gpus: number[]; start: number; end: number}[] = [];
    const t0 = performance.now();
    let stopped = false;
    const run = runPacked<TestMember>({
      pool: new GpuPool(Array.from({length: gpus}, (_, i) => i)),
      gangs,
      stopAll: () => (stopped = true),
      isStop: (error) => (error as Error).message === "stopped",
      start: async (member, taken) => {
        const start = performance.now() - t0;
        await new Promise((resolve) => setTimeout(resolve, stopped ? 0 : member.ms));
        log.push({name: member.name, gpus: taken, start, end: performance.now() - t0});
        if (member.fail) throw new Error(`${member.name} failed`);
        if (stopped) throw new Error("stopped");
      }
    });
    return {run, log};
  };
  const solo = (name: string, count: number, ms: number, extra: Partial<TestMember> = {}): Gang<TestMember> => ({
    members: [{name, count, pinned: null, ms, ...extra}],
    exclusive: false
  });

  it("starts what fits in plan order, and gives the GPUs of one that ends to the next that fits", async () => {
    const {run, log} = await pack([solo("a", 2, 60), solo("b", 4, 20), solo("c", 2, 20), solo("d", 1, 20)]);
    await run;
    const at = (name: string) => log.find((l) => l.name === name)!;
    // b (4) waits for a's two GPUs; c and d fill the other two meanwhile, without waiting behind b.
    expect(at("c").start).toBeLessThan(at("a").end);
    expect(at("b").start).toBeGreaterThanOrEqual(at("a").end);
    expect(at("b").gpus).toEqual([0, 1, 2, 3]);
  });

  it("an exclusive gang waits for an empty host and holds it; its members start together", async () => {
    const pair: Gang<TestMember> = {
      members: [
        {name: "p1", count: 1, pinned: null, ms: 40},
        {name: "p2", count: 1, pinned: null, ms: 40}
      ],
      exclusive: true
    };
    const {run, log} = await pack([solo("a", 1, 50), pair, solo("z", 1, 10)]);
    await run;
    const at = (name: string) => log.find((l) => l.name === name)!;
    expect(at("p1").start).toBeGreaterThanOrEqual(at("a").end);
    expect(Math.abs(at("p1").start - at("p2").start)).toBeLessThan(5);
    expect(at("z").start).toBeGreaterThanOrEqual(Math.max(at("p1").end, at("p2").end));
  });

  it("a failure stops the others and starts nothing more; the failure, not the stops, is what it throws", async () => {
    const {run, log} = await pack([solo("a", 2, 10, {fail: true}), solo("b", 2, 200), solo("c", 4, 10)]);
    await expect(run).rejects.toThrow("a failed");
    expect(log.map((l) => l.name).sort()).toEqual(["a", "b"]);
  });
});

describe("what side-by-side runs record", () => {
  it("each benchmark names every other one it overlapped, whenever that started", () => {
    const host = new HostActivity();
    host.begin("a");
    host.begin("b");
    expect(host.end("a")).toEqual(["b"]);
    host.begin("c");
    expect(host.end("b")).toEqual(["a", "c"]);
    expect(host.end("c")).toEqual(["b"]);
    host.begin("d");
    expect(host.end("d")).toEqual([]);
  });

  it("a pair's copies meet at each slot; one that has no such slot, or has left, keeps no one waiting", async () => {
    const meeting = new PairMeeting([new Set(["x", "y", "z"]), new Set(["x", "z"])]);
    let met = false;
    const first = meeting.arrive(0, "x").then(() => (met = true));
    await Promise.resolve();
    expect(met).toBe(false);
    await meeting.arrive(1, "x");
    await first;
    expect(met).toBe(true);
    // Copy 1 has no slot y (complete already): copy 0 goes on alone.
    await meeting.arrive(0, "y");
    const waiting = meeting.arrive(0, "z");
    meeting.leave(1);
    await waiting;
  });
});

describe("real nvidia-smi output (test/live/fixtures/README.md)", () => {
  const fixture = (name: string) => readFileSync(join(import.meta.dirname, "fixtures", name), "utf8");

  it("the host list of a lent H100 machine", () => {
    expect(parseHostGpus(fixture("nvidia-smi-index-h100.csv"))).toEqual([
      {index: 0, name: "NVIDIA H100 80GB HBM3", memory_total: "81559 MiB"}
    ]);
  });

  it("its sampling loop for GPU 0 only (-i 0): every sample names GPU 0", () => {
    const {samples, errors} = parseGpuSamples(fixture("nvidia-smi-sample-h100-i0.csv"));
    expect(errors).toEqual([]);
    expect(samples).toHaveLength(6);
    expect(new Set(samples.map((s) => s.index))).toEqual(new Set([0]));
    expect(samples[0]).toMatchObject({power_w: 72.43, sm_clock_mhz: 345, memory_used_mib: 0, utilization_pct: 0});
  });
});
