// Issue 29, case 10: an import stopped by Ctrl-C says so in one line, naming the study and what became of its
// temporary folder, and exits 130. A real child process gets a real SIGINT once its temporary folder exists.
import {spawn} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {ImportInterrupted, importResults, importResultsUntil} from "../../loaders/import/index.js";
import {writeExperiment} from "../../bench/import-speed.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-interrupt-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

/** Runs `import SOURCE --into STUDY` and sends SIGINT once `staged()` finds its temporary folder (polled, 60 s at most). */
function interruptedImport(
  source: string,
  study: string,
  staged: () => string | undefined
): Promise<{code: number | null; signal: string | null; stdout: string; stderr: string; stage: string | undefined}> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["bin/tps-report.js", "import", source, "--into", study], {
      stdio: ["ignore", "pipe", "pipe"]
    });
    let stdout = "";
    let stderr = "";
    let stage: string | undefined;
    child.stdout.on("data", (part) => (stdout += part));
    child.stderr.on("data", (part) => (stderr += part));
    const deadline = Date.now() + 60_000;
    const poll = setInterval(() => {
      stage = staged();
      if (stage) child.kill("SIGINT");
      if (stage || Date.now() > deadline) clearInterval(poll);
    }, 2);
    child.on("exit", (code, signal) => {
      clearInterval(poll);
      resolve({code, signal, stdout, stderr, stage});
    });
  });
}

describe("an import interrupted by Ctrl-C", () => {
  it("into a new study: one line naming the study and its removed temporary folder, exit 130, nothing left", async () => {
    const source = join(tmp, "exp");
    writeExperiment(source, 3000);
    const parent = join(tmp, "out");
    mkdirSync(parent);
    const study = join(parent, "study");
    const run = await interruptedImport(source, study, () => readdirSync(parent).find((n) => n.startsWith(".import-")));
    expect(run.stage).toMatch(/^\.import-\d+-\d+\.tmp$/);
    expect(run.stderr).toBe(
      `tps-report import: interrupted (SIGINT); nothing was written to ${study}; its temporary ${join(parent, run.stage!)} removed\n`
    );
    expect(run.stdout).toBe("");
    expect([run.code, run.signal]).toEqual([130, null]);
    expect(readdirSync(parent)).toEqual([]);
  }, 120_000);

  it("into an existing study: its runs and lock as they were, the staged runs removed, exit 130", async () => {
    const source = join(tmp, "exp");
    writeExperiment(source, 3000);
    const study = join(tmp, "study");
    importResults([source], study);
    const runs = join(study, "runs");
    const before = readdirSync(runs).sort();
    const kept = before.slice(0, 10);
    for (const id of before.slice(10)) rmSync(join(runs, id), {recursive: true});
    const run = await interruptedImport(source, study, () => readdirSync(runs).find((n) => n.startsWith(".import-")));
    expect(run.stage).toMatch(/^\.import-\d+-\d+$/);
    expect(run.stderr).toBe(
      `tps-report import: interrupted (SIGINT); nothing was written to ${study}; its temporary ${join(runs, run.stage!)} removed\n`
    );
    expect([run.code, run.signal]).toEqual([130, null]);
    // No run added, and neither the stage nor runs/.lock left (readdir lists dot files).
    expect(readdirSync(runs).sort()).toEqual(kept);
  }, 120_000);

  it("before anything is written: no temporary folder, and the study's folder is never made", async () => {
    const source = join(tmp, "exp");
    writeExperiment(source, 20);
    const study = join(tmp, "new", "study");
    const stop = new AbortController();
    stop.abort();
    const error = await importResultsUntil([source], study, stop.signal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportInterrupted);
    expect((error as ImportInterrupted).temp).toEqual([]);
    expect(existsSync(join(tmp, "new"))).toBe(false);
  });
});
