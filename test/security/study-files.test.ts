// Issue 47, case 15, and the audit it asks for: every file of a study the CLI reads (the plan, second-look.json, the
// model config the plan names, runs/.lock and the runner's process record, an existing study's imported runs, a
// cluster task manifest) is read as run files are: regular files only, size-bounded, a one-line error naming the file.
// Each command ends within 20 s (killed otherwise) and 512 MB.
import {spawnSync} from "node:child_process";
import {mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {MAX_STUDY_FILE_BYTES} from "../../loaders/files/regular-files.js";
import {writeInteractionStudy} from "../support/interaction-study.js";
import {writeSweepExperiment} from "../support/sweep-experiment.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-study-files-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const mkfifo = (path: string) => expect(spawnSync("mkfifo", [path]).status).toBe(0);
const HUGE = 3 * 1024 ** 3;

/** The CLI under /usr/bin/time, killed at 20 s: exit code (137 when killed), stdout, stderr lines, peak memory (MB). */
function tps(...args: string[]): {code: number | null; stdout: string; lines: string[]; mb: number} {
  return tpsWith({}, ...args);
}

function tpsWith(
  env: Record<string, string>,
  ...args: string[]
): {code: number | null; stdout: string; lines: string[]; mb: number} {
  const r = spawnSync(
    "/usr/bin/time",
    ["-f", "%M", "timeout", "-s", "KILL", "20", process.execPath, "bin/tps-report.js", ...args],
    {encoding: "utf8", timeout: 40_000, killSignal: "SIGKILL", env: {...process.env, TPS_REPORT_DEBUG: "", ...env}}
  );
  const lines = r.stderr.trimEnd().split("\n");
  const kb = Number(lines.at(-1));
  const own = lines.slice(0, -1).filter((line) => !line.startsWith("Command exited with non-zero status"));
  return {code: r.status, stdout: r.stdout, lines: own, mb: kb / 1024};
}

function study(): string {
  const dir = join(tmp, "study");
  writeInteractionStudy(dir, true);
  return dir;
}

describe("second-look.json", () => {
  it("a FIFO nobody writes: check and the dry run end at once with one line", () => {
    const dir = study();
    const file = join(dir, "second-look.json");
    mkfifo(file);
    const check = tps("check", dir);
    expect([check.code, check.lines]).toEqual([
      2,
      [`tps-report check: ${file}:1: is a FIFO; only regular files are read`, "1 error"]
    ]);
    const dry = tps("run", dir, "--second-look", "--dry-run");
    expect([dry.code, dry.lines]).toEqual([1, [`tps-report run: ${file}:1: is a FIFO; only regular files are read`]]);
  });

  it("a link to /dev/zero", () => {
    const dir = study();
    const file = join(dir, "second-look.json");
    symlinkSync("/dev/zero", file);
    const problem = `${file}:1: is a symbolic link (to /dev/zero); only regular files inside the study are read`;
    const check = tps("check", dir);
    expect([check.code, check.lines]).toEqual([2, [`tps-report check: ${problem}`, "1 error"]]);
    const dry = tps("run", dir, "--second-look", "--dry-run");
    expect([dry.code, dry.lines]).toEqual([1, [`tps-report run: ${problem}`]]);
  });

  it("a 3 GB file: refused by its size, without reading it", () => {
    const dir = study();
    const file = join(dir, "second-look.json");
    writeFileSync(file, "");
    truncateSync(file, HUGE);
    const check = tps("check", dir);
    expect([check.code, check.lines]).toEqual([
      2,
      [
        `tps-report check: ${file}:1: has ${HUGE} bytes, more than the ${MAX_STUDY_FILE_BYTES} a study file may have; not read`,
        "1 error"
      ]
    ]);
    expect(check.mb).toBeLessThan(512);
  });
});

describe("tune.json and grid.json (written by tps-report tune)", () => {
  it.each(["tune.json", "grid.json"])(
    "%s as a FIFO, a link to /dev/zero, a 3 GB file: check ends with one line",
    (name) => {
      const dir = study();
      const file = join(dir, name);
      mkfifo(file);
      const fifo = tps("check", dir);
      expect([fifo.code, fifo.lines]).toEqual([
        2,
        [`tps-report check: ${file}:1: is a FIFO; only regular files are read`, "1 error"]
      ]);
      rmSync(file);
      symlinkSync("/dev/zero", file);
      const link = tps("check", dir);
      expect([link.code, link.lines]).toEqual([
        2,
        [
          `tps-report check: ${file}:1: is a symbolic link (to /dev/zero); only regular files inside the study are read`,
          "1 error"
        ]
      ]);
      rmSync(file);
      writeFileSync(file, "");
      truncateSync(file, HUGE);
      const huge = tps("check", dir);
      expect([huge.code, huge.lines]).toEqual([
        2,
        [
          `tps-report check: ${file}:1: has ${HUGE} bytes, more than the ${MAX_STUDY_FILE_BYTES} a study file may have; not read`,
          "1 error"
        ]
      ]);
      expect(huge.mb).toBeLessThan(512);
    }
  );
});

describe("study.yaml", () => {
  it("a 3 GB plan: compare, history and run --dry-run refuse it in one line", () => {
    const dir = study();
    const file = join(dir, "study.yaml");
    truncateSync(file, HUGE);
    const problem = `${file}:1: has ${HUGE} bytes, more than the ${MAX_STUDY_FILE_BYTES} a study file may have; not read`;
    const compare = tps("compare", dir, dir);
    expect([compare.code, compare.lines]).toEqual([2, [`tps-report compare: ${problem}`]]);
    expect(compare.mb).toBeLessThan(512);
    const history = tps("history", dir, dir);
    expect([history.code, history.lines]).toEqual([2, [`tps-report history: ${problem}`]]);
    const dry = tps("run", dir, "--dry-run");
    expect([dry.code, dry.lines]).toEqual([1, [`tps-report run: ${problem}`]]);
  });

  it("a link to /dev/zero, and a FIFO: not a file", () => {
    const dir = study();
    const file = join(dir, "study.yaml");
    rmSync(file);
    symlinkSync("/dev/zero", file);
    expect(tps("check", dir).lines).toEqual([`tps-report check: ${file} is not a file`]);
    rmSync(file);
    mkfifo(file);
    expect(tps("compare", dir, dir).lines).toEqual([`tps-report compare: ${file} is not a file`]);
  });
});

describe("files a study's plan or runs folder names", () => {
  it("model.config naming a FIFO or /dev/zero: check ends, naming the file", () => {
    const dir = study();
    const plan = join(dir, "study.yaml");
    const fifo = join(tmp, "config.json");
    mkfifo(fifo);
    for (const config of [fifo, "/dev/zero"]) {
      writeFileSync(
        plan,
        readFileSync(plan, "utf8").replace(
          /model: \{name: org\/model.*\}/,
          `model: {name: org/model, config: ${config}}`
        )
      );
      // As any config that cannot be read: no ceiling, and a warning naming the file.
      const check = tps("check", dir);
      expect(check.code).toBe(0);
      expect(check.stdout).toContain(
        `  warning ${plan}: ${config}: is a ${config === fifo ? "FIFO" : "device"}; only regular files are read [headroom-unavailable]`
      );
    }
  });

  it("runs/.lock as a FIFO: taken over as a lock no process holds (run ends, import writes)", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const dir = join(tmp, "imported");
    expect(tps("import", exp, "--into", dir).code).toBe(0);
    mkfifo(join(dir, "runs", ".lock"));
    const again = tps("import", exp, "--into", dir);
    expect(again.code).toBe(0);
    expect(readdirSync(join(dir, "runs"))).not.toContain(".lock");
  });

  it("runs/.processes.json as a FIFO: a study's run ends, its runs recorded", () => {
    const dir = study();
    mkfifo(join(dir, "runs", ".processes.json"));
    // A `vllm` that exits at once: every run fails at the server's start, after the leftovers were looked for.
    const bin = join(tmp, "bin");
    spawnSync("mkdir", [bin]);
    writeFileSync(join(bin, "vllm"), "#!/bin/sh\nexit 0\n", {mode: 0o755});
    const path = `${bin}:${process.env.PATH}`;
    const run = tpsWith(
      {PATH: path},
      "run",
      dir,
      "--only",
      "seqs--base",
      "--ready-timeout-s",
      "1",
      "--port",
      "1",
      "--force"
    );
    // It ends, its runs recorded; every one failed, so the command exits 1 and says so (issue 46 item 11).
    expect(run.code).toBe(1);
    expect(run.lines).toContain("3 runs recorded: 0 ok, 3 failed");
    expect(run.lines).toContain("tps-report run: every run failed (3 of 3)");
  });

  it("an imported run's run.json or copied result as a FIFO: importing into the study again names it", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const dir = join(tmp, "imported");
    expect(tps("import", exp, "--into", dir).code).toBe(0);
    const [first, second] = readdirSync(join(dir, "runs")).filter((name) => !name.startsWith("."));
    const meta = join(dir, "runs", first, "run.json");
    rmSync(meta);
    mkfifo(meta);
    const again = tps("import", exp, "--into", dir);
    expect([again.code, again.lines]).toEqual([
      1,
      [`tps-report import: ${meta}: is a FIFO; only regular files are read`, "tps-report import: nothing was written"]
    ]);
    rmSync(meta);
    rmSync(join(dir, "runs", first), {recursive: true});
    const copied = readdirSync(join(dir, "runs", second)).find((name) => name !== "run.json")!;
    const result = join(dir, "runs", second, copied);
    rmSync(result);
    mkfifo(result);
    const third = tps("import", exp, "--into", dir);
    expect(third.code).toBe(1);
    expect(third.lines[0]).toBe(`tps-report import: ${result}: is a FIFO; only regular files are read`);
  });

  it("a cluster task manifest (tasks.json) as a FIFO: gather ends with one line", () => {
    const dir = study();
    const tasks = join(tmp, "tasks");
    spawnSync("mkdir", [tasks]);
    mkfifo(join(tasks, "tasks.json"));
    const gather = tps("gather", dir, tasks);
    expect(gather.code).toBe(1);
    expect(gather.lines).toEqual([
      `tps-report gather: ${join(tasks, "tasks.json")}:1: is a FIFO; only regular files are read`
    ]);
  });
});
