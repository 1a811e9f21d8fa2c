// Case 7 of issue 15: a full disk and a read-only runs folder, made real with a small tmpfs in a private mount
// namespace (unshare -m, so nothing outlives the test): one line naming the file and what to do, no stack, nothing
// partial left, and --resume completes the study once the disk has room again.
import {spawn, spawnSync} from "node:child_process";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {freePort} from "../../loaders/live/port.js";
import {FIXTURE_SERVER, removeStudies, ROOT, writeStudy} from "../live/live-study.js";

const made: string[] = [];
afterAll(() => {
  removeStudies();
  made.forEach((dir) => rmSync(dir, {recursive: true, force: true}));
});

/** Whether this machine lets the test mount a tmpfs in its own mount namespace (root, or CAP_SYS_ADMIN). */
const canMount =
  spawnSync("unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null"]).status === 0;

interface Step {
  code: number;
  stderr: string;
  runs: string[];
}

/** Runs `script` (sh, in a mount namespace of its own) and splits its output at the marker lines it prints. */
function inNamespace(script: string): Record<string, Step> {
  const result = spawnSync("unshare", ["-m", "sh", "-c", script], {cwd: ROOT, encoding: "utf8", timeout: 180_000});
  const steps: Record<string, Step> = {};
  for (const part of result.stdout.split("@@step ").slice(1)) {
    const [name, ...rest] = part.split("\n");
    const text = rest.join("\n");
    steps[name] = {
      code: Number(/@@code (\d+)/.exec(text)?.[1]),
      stderr: /@@stderr\n([\s\S]*?)@@end-stderr/.exec(text)?.[1] ?? "",
      runs: (/@@runs\n([\s\S]*?)@@end-runs/.exec(text)?.[1] ?? "").split("\n").filter(Boolean)
    };
  }
  if (!Object.keys(steps).length) throw new Error(`no output: ${result.stderr}`);
  return steps;
}

const step = (name: string, command: string, runs: string) =>
  `echo "@@step ${name}"; ${command} 2>/tmp/tps-step-$$; echo "@@code $?"; echo @@stderr; cat /tmp/tps-step-$$; ` +
  `echo @@end-stderr; echo @@runs; ls -A ${runs}; echo @@end-runs; rm -f /tmp/tps-step-$$`;

const noStack = (text: string) => expect(text).not.toMatch(/^\s+at /m);

describe.skipIf(!canMount)("write errors", () => {
  it("a full disk: one line naming the file, nothing partial, --resume completes", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      scenarios: {a: {input_len: 8, output_len: 4, num_prompts: 2}, b: {input_len: 8, output_len: 4, num_prompts: 2}},
      steps: [{id: "s", scenarios: ["a", "b"], candidates: [{id: "fast", server: FIXTURE_SERVER}]}]
    });
    const runs = `${study}/runs`;
    const tps = `${process.execPath} bin/tps-report.js run ${study}`;
    const steps = inNamespace(
      [
        `mkdir -p ${runs} && mount -t tmpfs -o size=${process.env.TPS_ENOSPC_KB ?? 64}k tmpfs ${runs}`,
        // Fill it up but for a few pages: room for the lock and logs, none for the whole run.
        `dd if=/dev/zero of=${runs}/.filler bs=4k count=${process.env.TPS_FILL_PAGES ?? 12} 2>/dev/null`,
        step("full", tps, runs),
        `rm ${runs}/.filler`,
        step("resume", `${tps} --resume`, runs)
      ].join("; ")
    );
    expect(steps.full.code).toBe(1);
    const lines = steps.full.stderr.trim().split("\n");
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^tps-report run: cannot write ${runs}/\\S+ \\(\\w+: no space left on the device, ENOSPC\\); free space on that disk, then run again with --resume`
      )
    );
    noStack(steps.full.stderr);
    // Nothing partial: only whole runs (if any) and the filler.
    expect(steps.full.runs.filter((n) => n !== ".filler" && !/^s--fast--[ab]$/.test(n))).toEqual([]);
    expect(steps.resume.code).toBe(0);
    expect(steps.resume.runs).toEqual(["s--fast--a", "s--fast--b"]);
  }, 200_000);

  it("a read-only runs folder: one line naming the folder, and --resume works once it is writable", async () => {
    const port = await freePort();
    const study = writeStudy({
      port,
      steps: [{id: "s", scenarios: ["tiny"], candidates: [{id: "fast", server: FIXTURE_SERVER}]}]
    });
    const runs = `${study}/runs`;
    const tps = `${process.execPath} bin/tps-report.js run ${study}`;
    const steps = inNamespace(
      [
        `mkdir -p ${runs} && mount -t tmpfs -o size=1m tmpfs ${runs} && mount -o remount,ro ${runs}`,
        step("readonly", tps, runs),
        `mount -o remount,rw ${runs}`,
        step("resume", `${tps} --resume`, runs)
      ].join("; ")
    );
    expect(steps.readonly.code).toBe(1);
    expect(steps.readonly.stderr.trim().split("\n")).toHaveLength(1);
    expect(steps.readonly.stderr).toMatch(
      new RegExp(
        `^tps-report run: cannot write ${runs}/\\S+ \\(open: read-only file system, EROFS\\); the file system is read-only`
      )
    );
    noStack(steps.readonly.stderr);
    expect(steps.readonly.runs).toEqual([]);
    expect(steps.resume.code).toBe(0);
    expect(steps.resume.runs).toEqual(["s--fast--tiny"]);
  }, 200_000);

  it("a read-only file system over the run's folder mid-run: the failed write is the error, not the cleanup", async () => {
    const port = await freePort();
    const gate = join(mkdtempSync(join(tmpdir(), "tps-gate-")), "open");
    made.push(dirname(gate));
    const study = writeStudy({
      port,
      scenarios: {a: {input_len: 8, output_len: 30, num_prompts: 4}},
      steps: [
        {
          id: "s",
          scenarios: ["a"],
          // The probe request passes; the measured ones wait for the gate, opened once the file system is mounted.
          candidates: [{id: "slow", server: [...FIXTURE_SERVER, "--hold-until", gate, "--hold-from", "1"]}]
        }
      ]
    });
    const runs = `${study}/runs`;
    const tps = `${process.execPath} bin/tps-report.js run ${study}`;
    const script = [
      `mkdir -p ${runs} && mount -t tmpfs -o size=1m tmpfs ${runs}`,
      `${tps}; echo "@@code $?"`,
      `for d in ${runs}/.*.tmp-*; do umount "$d"; done`,
      `${tps} --resume; echo "@@resume $?"`,
      `echo @@runs; ls -A ${runs}; echo @@end-runs`
    ].join("; ");
    const child = spawn("unshare", ["-m", "sh", "-c", script], {cwd: ROOT});
    let stdout = "";
    let stderr = "";
    let mounted = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => {
      stderr += d;
      if (!mounted && /s--slow--a: benchmarking/.test(stderr)) {
        // In the runner's mount namespace, an empty read-only file system over the run's temporary folder: the
        // runner's next write there fails (EROFS), and so does removing the folder afterwards (EBUSY).
        const ro = `d=$(ls -d ${runs}/.s--slow--a.tmp-*) && mount -t tmpfs -o ro tmpfs "$d" && echo "$d"`;
        mounted = spawnSync("nsenter", ["-t", String(child.pid), "-m", "sh", "-c", ro], {encoding: "utf8"}).stdout;
        writeFileSync(gate, "");
      }
    });
    await new Promise((resolve) => child.on("close", resolve));
    expect(mounted).toMatch(/\.s--slow--a\.tmp-\d+/);
    expect(stdout).toContain("@@code 1");
    const first = stderr.split("tps-report run: ");
    expect(first).toHaveLength(2);
    expect(first[1].split("\n")[0]).toMatch(/^cannot write \S+ \(\w+: read-only file system, EROFS\)/);
    // The cleanup that failed after it is a note, not the error.
    expect(first[0]).toMatch(/could not clean up: EBUSY/);
    noStack(stderr);
    expect(stdout).toContain("@@resume 0");
    expect(stdout.split("@@runs\n")[1].split("@@end-runs")[0].trim().split("\n")).toEqual(["s--slow--a"]);
  }, 200_000);
});
