// The small parts of live mode: failure lines, GPU listing, progress lines and time estimates, process groups.
import {spawnSync} from "node:child_process";
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {createServer} from "node:net";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {PassThrough} from "node:stream";
import {describe, expect, it} from "vitest";
import {parseGpuCsv, queryGpus, versionFromCli} from "../../loaders/live/environment.js";
import {failureLine, logTail} from "../../loaders/live/log-tail.js";
import {freePort, portFree} from "../../loaders/live/port.js";
import {groupMembers, spawnGroup, stopGroup} from "../../loaders/live/process-group.js";
import {formatDuration, Progress} from "../../loaders/live/progress.js";
import {NODE, stillAlive} from "./live-study.js";

describe("failure lines", () => {
  it("picks the exception that ended a Python traceback, behind log prefixes too", () => {
    expect(
      failureLine([
        "Traceback (most recent call last):",
        '  File "x.py", line 3, in <module>',
        "    raise RuntimeError(msg)",
        "RuntimeError: Unsupported SM version for FP8 block scaling GEMM"
      ])
    ).toBe("RuntimeError: Unsupported SM version for FP8 block scaling GEMM");
    expect(failureLine(["[TRT-LLM] [E] KeyError: 'weight'", "INFO: shutting down"])).toBe("KeyError: 'weight'");
    expect(
      failureLine([
        "ERROR 10-01 12:00:00 [core.py:700] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.",
        "ERROR 10-01 12:00:01 [core.py:701] EngineCore failed to start."
      ])
    ).toBe("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.");
    expect(failureLine(["[rank0]: out of memory while allocating KV cache"])).toBe(
      "[rank0]: out of memory while allocating KV cache"
    );
    expect(failureLine(["INFO: Application startup complete.", "all good"])).toBeNull();
  });

  it("log tails drop colours and progress-bar rewrites and keep the last lines", () => {
    const file = join(mkdtempSync(join(tmpdir(), "tps-tail-")), "log");
    const body = Array.from({length: 30}, (_, i) => `line ${i}`).join("\n");
    writeFileSync(file, `${body}\n\x1b[31mred\x1b[0m\n 10%|#   | 1/10\r 50%|#####  | 5/10\r\n\n`);
    expect(logTail(file, 3)).toEqual(["line 29", "red", " 50%|#####  | 5/10"]);
    expect(logTail(join(file, "missing"))).toEqual([]);
    rmSync(dirname(file), {recursive: true, force: true});
  });
});

describe("GPU and engine version", () => {
  it("reads nvidia-smi's CSV, one GPU a line", () => {
    const csv =
      "name, memory.total [MiB], driver_version\n" +
      "NVIDIA A100-SXM4-80GB, 81920 MiB, 535.104.05\n" +
      "NVIDIA A100-SXM4-80GB, 81920 MiB, 535.104.05\n";
    expect(parseGpuCsv(csv)).toEqual([
      {name: "NVIDIA A100-SXM4-80GB", memory_total: "81920 MiB", driver_version: "535.104.05"},
      {name: "NVIDIA A100-SXM4-80GB", memory_total: "81920 MiB", driver_version: "535.104.05"}
    ]);
    expect(parseGpuCsv("No devices were found\n")).toEqual([]);
    // Captured on a real H200 machine with the query live runs use.
    expect(parseGpuCsv(readFileSync(join(import.meta.dirname, "fixtures/nvidia-smi-h200.csv"), "utf8"))).toEqual([
      {name: "NVIDIA H200", memory_total: "143771 MiB", driver_version: "580.159.04"}
    ]);
  });

  it("says why no GPU is listed instead of failing", async () => {
    expect(await queryGpus(["no-such-nvidia-smi-here"])).toEqual({
      gpus: [],
      error: "no-such-nvidia-smi-here not found"
    });
    const fake = [
      NODE,
      "-e",
      "console.log('name, memory.total [MiB], driver_version\\nNVIDIA H200, 143771 MiB, 570.86.15')"
    ];
    expect((await queryGpus(fake)).gpus).toEqual([
      {name: "NVIDIA H200", memory_total: "143771 MiB", driver_version: "570.86.15"}
    ]);
  });

  it("takes the version from the last line a version command prints", async () => {
    const argv = [NODE, "-e", "console.log('[TensorRT-LLM] TensorRT-LLM version: 1.2.0rc1'); console.log('1.2.0rc1')"];
    expect(await versionFromCli(argv)).toEqual({version: "v1.2.0rc1", from: "cli"});
    expect(await versionFromCli([NODE, "-e", "process.exit(1)"])).toBeNull();
    expect(await versionFromCli(undefined)).toBeNull();
  });
});

describe("progress", () => {
  it("plain lines: runs done / total, phase, elapsed and the estimate from finished runs", () => {
    const stream = new PassThrough();
    let out = "";
    stream.on("data", (chunk) => (out += chunk));
    let now = Date.UTC(2025, 0, 1, 12, 0, 0);
    const progress = new Progress({stream, live: false, now: () => now});
    progress.begin(4, 1);
    expect(progress.remainingMs()).toBeNull();
    progress.runStart("s--a--x");
    progress.phase("starting server", "srv --port 8000");
    now += 90_000;
    progress.phase("benchmarking");
    now += 30_000;
    progress.runEnd("s--a--x", "ok");
    // 120 s for one run, two runs left → 240 s; 50 s into the next one → 190 s.
    expect(progress.remainingMs()).toBe(240_000);
    now += 50_000;
    expect(progress.remainingMs()).toBe(190_000);
    now -= 50_000;
    progress.end();
    expect(out.split("\n")).toEqual([
      "12:00:00 [2/4] s--a--x: starting server — srv --port 8000",
      "12:01:30 [2/4] s--a--x: benchmarking",
      "12:02:00 [2/4] s--a--x: ok (elapsed 2m 00s, about 4m 00s left)",
      ""
    ]);
  });

  it("on a terminal, redraws one status line and prints finished runs above it", () => {
    const stream = Object.assign(new PassThrough(), {columns: 200});
    let out = "";
    stream.on("data", (chunk) => (out += chunk));
    const progress = new Progress({stream, live: true, now: () => 0});
    progress.begin(2, 0);
    progress.runStart("a");
    progress.phase("warming");
    progress.end();
    expect(out).toBe("\r\x1b[2K[1/2] a: warming\n\r\x1b[2K[1/2] a · warming 0s · 0s elapsed\r\x1b[2K");
    expect(formatDuration(3_723_000)).toBe("1h 02m");
  });
});

describe("process groups and ports", () => {
  it("stopping a group also ends the children it started, even one ignoring SIGTERM", async () => {
    // The leader ignores SIGTERM before it says anything, so only SIGKILL can end it.
    const script = `
      process.on("SIGTERM", () => {});
      const {spawn} = require("node:child_process");
      const c = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], {stdio: "ignore"});
      console.log(c.pid);
      setInterval(() => {}, 1000);`;
    const proc = spawnGroup([NODE, "-e", script], {stdio: ["ignore", "pipe", "ignore"]});
    const childPid = await new Promise<number>((resolve) =>
      proc.child.stdout!.once("data", (d) => resolve(Number(String(d))))
    );
    expect(groupMembers(proc.pid).sort()).toEqual([proc.pid, childPid].sort());
    const started = Date.now();
    expect(await stopGroup(proc, 300)).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(stillAlive([proc.pid, childPid])).toEqual([]);
    expect((await proc.exited).signal).toBe("SIGKILL");
  });

  it("an executable that does not exist is reported, not thrown", async () => {
    const proc = spawnGroup(["no-such-server-binary"], {stdio: "ignore"});
    const exit = await proc.exited;
    expect((exit.error as NodeJS.ErrnoException).code).toBe("ENOENT");
    expect(await stopGroup(proc, 100)).toBe(true);
  });

  it("knows a taken port from a free one", async () => {
    const port = await freePort();
    expect(await portFree("127.0.0.1", port)).toBe(true);
    const holder = createServer().listen(port, "127.0.0.1");
    await new Promise((resolve) => holder.once("listening", resolve));
    expect(await portFree("127.0.0.1", port)).toBe(false);
    await new Promise((resolve) => holder.close(resolve));
    expect(spawnSync("true").status).toBe(0);
  });
});
