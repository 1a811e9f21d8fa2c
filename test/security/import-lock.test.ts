// Issue 29, case 1: import takes the study lock run and gather take, so it refuses a busy study with gather's words,
// and two imports at once leave one winner and one clear message.
import {spawn, type ChildProcess} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {LOCK_FILE} from "../../loaders/runs/study-lock.js";
import {writeSaveResults} from "../support/sweep-experiment.js";

let tmp: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
  rmSync(tmp, {recursive: true, force: true});
});

/** A live process that is not this one: its pid holds the lock as another tps-report would. */
function livePid(): number {
  const child = spawn("sleep", ["60"], {stdio: "ignore"});
  children.push(child);
  return child.pid!;
}

/** Runs the CLI; resolves with its exit code and output (bounded by vitest's timeout). */
function tps(args: string[]): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["bin/tps-report.js", ...args], {stdio: ["ignore", "pipe", "pipe"]});
    children.push(child);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (part) => (stdout += part));
    child.stderr.on("data", (part) => (stderr += part));
    child.on("exit", (code) => resolve({code, stdout, stderr}));
  });
}

describe("import and the study lock", () => {
  it("refuses a study whose runs/.lock a live process holds, with gather's message, and writes nothing", () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    importResults(files, study);
    const gone = "sweep--max_num_seqs-64--random-2000-100-n100";
    rmSync(join(study, "runs", gone), {recursive: true});
    const pid = livePid();
    writeFileSync(join(study, "runs", LOCK_FILE), `${pid}\n`);
    expect(() => importResults(files, study)).toThrow(
      `another tps-report (pid ${pid}) is running study (${join(study, "runs", LOCK_FILE)})`
    );
    expect(existsSync(join(study, "runs", gone))).toBe(false);
    expect(readdirSync(join(study, "runs")).filter((n) => n.startsWith("."))).toEqual([LOCK_FILE]);
  });

  it("releases the lock when it is done, so the next import and run can take it", () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    importResults(files, study);
    rmSync(join(study, "runs", "sweep--max_num_seqs-64--random-2000-100-n100"), {recursive: true});
    expect(importResults(files, study).created).toEqual(["sweep--max_num_seqs-64--random-2000-100-n100"]);
    expect(readdirSync(join(study, "runs")).filter((n) => n.startsWith("."))).toEqual([]);
  });

  it("two imports at once, into a new study and into an existing one: one winner, one clear message", async () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    const both = await Promise.all([
      tps(["import", ...files, "--into", study]),
      tps(["import", ...files, "--into", study])
    ]);
    const codes = both.map((r) => r.code).sort();
    // Either both wrote the same study in turn (the second found every run unchanged), or the second was refused.
    for (const r of both)
      if (r.code !== 0)
        expect(r.stderr).toMatch(
          /^tps-report import: (another tps-report \(pid \d+\) is running|.*: another import created this study meanwhile)/
        );
    expect(codes[0]).toBe(0);
    expect(readdirSync(join(study, "runs")).sort()).toHaveLength(6);
    expect(readdirSync(tmp).filter((n) => n.includes("import"))).toEqual([]);

    rmSync(join(study, "runs", "sweep--max_num_seqs-64--random-2000-100-n100"), {recursive: true});
    rmSync(join(study, "runs", "sweep--max_num_seqs-128--random-2000-100-n100"), {recursive: true});
    const again = await Promise.all([
      tps(["import", ...files, "--into", study]),
      tps(["import", ...files, "--into", study])
    ]);
    for (const r of again)
      if (r.code !== 0)
        expect(r.stderr).toMatch(/^tps-report import: another tps-report \(pid \d+\) is running study /);
      else expect(r.stdout).toMatch(/6 runs \(0 failed\); (2 written, 4|0 written, 6) unchanged/);
    expect(again.some((r) => r.code === 0)).toBe(true);
    expect(readdirSync(join(study, "runs")).sort()).toHaveLength(6);
    expect(readdirSync(join(study, "runs")).filter((n) => n.startsWith("."))).toEqual([]);
  });
});
