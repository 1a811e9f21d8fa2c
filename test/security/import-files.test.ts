// Issue 29, cases 5, 6 and 8: import and gather read only regular files of bounded size and bounded shape. A FIFO, a
// device, a link to one, a 1,000,000-key object and 100,000-deep nesting each end within 10 s and 512 MB with one line
// naming the file; a FIFO in one task's run no longer aborts gather.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {writeSweepExperiment} from "../support/sweep-experiment.js";
import {vllmResult} from "../support/vllm-result.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-files-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const mkfifo = (path: string) => expect(spawnSync("mkfifo", [path]).status).toBe(0);

/** The CLI under /usr/bin/time, killed at 20 s: exit code, stderr lines, seconds and peak memory (MB). */
function tps(args: string[]): {code: number | null; lines: string[]; seconds: number; mb: number} {
  const started = Date.now();
  // timeout kills the command itself (killing time would leave it running, reading /dev/zero on).
  const r = spawnSync(
    "/usr/bin/time",
    ["-f", "%M", "timeout", "-s", "KILL", "20", process.execPath, "bin/tps-report.js", ...args],
    {encoding: "utf8", timeout: 30_000, killSignal: "SIGKILL"}
  );
  const lines = r.stderr.trimEnd().split("\n");
  const kb = Number(lines.at(-1));
  // time's own lines: the status line and the peak memory.
  const own = lines.slice(0, -1).filter((line) => !line.startsWith("Command exited with non-zero status"));
  return {code: r.status, lines: own, seconds: (Date.now() - started) / 1000, mb: kb / 1024};
}

/** Import SOURCE into a new study: within 10 s and 512 MB, exit 1, the one problem line, nothing written. */
function refused(source: string, problem: string | RegExp): void {
  const study = join(tmp, "study");
  const r = tps(["import", source, "--into", study]);
  // The command's own start (tsx compiling on a shared machine) is not what is bounded: a trivial refusal's is taken off.
  expect(r.seconds - startup()).toBeLessThan(10);
  expect(r.mb).toBeLessThan(512);
  expect([r.code, r.lines.length, r.lines[1]]).toEqual([1, 2, "tps-report import: nothing was written"]);
  if (typeof problem === "string") expect(r.lines[0]).toBe(`tps-report import: ${problem}`);
  else expect(r.lines[0].slice("tps-report import: ".length)).toMatch(problem);
  expect(existsSync(study)).toBe(false);
}

let baseline: number | null = null;
/** Seconds the CLI takes to refuse a source that does not exist (measured once). */
function startup(): number {
  baseline ??= tps(["import", join(tmpdir(), "tps-no-such-source"), "--into", join(tmp, "none")]).seconds;
  return baseline;
}

const COMBO = "SERVE-max_num_seqs=64-BENCH-random_input_len=2000-random_output_len=100";

describe("import reads only regular files", () => {
  it("a FIFO named run=0.json in a sweep folder", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    rmSync(join(exp, COMBO, "run=0.json"));
    mkfifo(join(exp, COMBO, "run=0.json"));
    refused(exp, `${join(exp, COMBO, "run=0.json")}: is a FIFO; only regular files are read`);
  });

  it("a FIFO given as SOURCE", () => {
    mkfifo(join(tmp, "result.json"));
    refused(join(tmp, "result.json"), `${join(tmp, "result.json")}: is a FIFO; only regular files are read`);
  });

  it("/dev/zero given as SOURCE, and a link to it in a sweep folder", () => {
    refused("/dev/zero", "/dev/zero: is a device; only regular files are read");
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    rmSync(join(exp, COMBO, "run=1.json"));
    symlinkSync("/dev/zero", join(exp, COMBO, "run=1.json"));
    refused(
      exp,
      `${join(exp, COMBO, "run=1.json")}: is a symbolic link (to /dev/zero); only regular files inside the source are read`
    );
  });
});

describe("import's parsing is bounded", () => {
  const base = () =>
    JSON.stringify(vllmResult({model: "m", numPrompts: 10, inputLen: 100, outputLen: 10, duration: 1})).slice(0, -1);

  it("a result with 1,000,000 top-level keys", () => {
    const file = join(tmp, "wide.json");
    const keys = Array.from({length: 1_000_000}, (_, i) => `"k${i}":${i}`).join(",");
    writeFileSync(file, `${base()},${keys}}`);
    refused(file, new RegExp(`^${file}:1: an object with more than 10000 keys at column \\d+$`));
  });

  it("a result nested 100,000 levels deep, in a file and in a sweep's run", () => {
    const file = join(tmp, "deep.json");
    writeFileSync(file, `${base()},"x":${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}}`);
    refused(file, new RegExp(`^${file}:1: nested more than 64 levels deep at column \\d+$`));
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const run = join(exp, COMBO, "run=0.json");
    writeFileSync(run, `{"x":${"[".repeat(100_000)}${"]".repeat(100_000)}}`);
    refused(exp, new RegExp(`^${run}: nested more than 64 levels deep at column \\d+$`));
  });
});
