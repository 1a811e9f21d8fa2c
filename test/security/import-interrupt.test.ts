// Issue 29, case 10: an import stopped by Ctrl-C says so in one line, naming the study and what became of its
// temporary folder, and exits 130. A real child process gets a real SIGINT once its temporary folder exists.
import {spawn, spawnSync} from "node:child_process";
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

const canMount =
  spawnSync("unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null"]).status === 0;

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

  // A temporary folder that cannot be removed: a tmpfs mounted on a folder made in it (in a private mount namespace,
  // beside the runs import writes) makes the removal fail with EBUSY, as a folder another process holds would.
  it.skipIf(!canMount)(
    "a temporary folder it cannot remove is named as left; the next import removes it",
    () => {
      const source = join(tmp, "exp");
      writeExperiment(source, 3000);
      const mnt = join(tmp, "mnt");
      mkdirSync(mnt);
      const tps = `${process.execPath} bin/tps-report.js import ${source} --into ${mnt}/study`;
      const out = spawnSync(
        "unshare",
        [
          "-m",
          "sh",
          "-c",
          `mount -t tmpfs -o size=200m tmpfs ${mnt} || exit 9
        ${tps} 2>${tmp}/err >/dev/null &
        pid=$!; i=0; stage=""
        while [ -z "$stage" ] && [ $i -lt 3000 ]; do
          stage=$(ls -d ${mnt}/.import-*.tmp 2>/dev/null | head -1); sleep 0.01; i=$((i+1))
        done
        mkdir "$stage/held" && mount -t tmpfs tmpfs "$stage/held" || exit 9
        kill -INT $pid; wait $pid; echo "@@code $?"; cat ${tmp}/err
        umount "$stage/held"
        ${tps} 2>&1 >/dev/null; echo "@@code $?"; ls -A ${mnt}`
        ],
        {encoding: "utf8", timeout: 120_000}
      ).stdout;
      const [code, interrupted, removed, next, left] = out.trimEnd().split("\n");
      const stage = /(\S+\/\.import-\d+-\d+\.tmp) is left/.exec(interrupted ?? "")?.[1];
      expect(stage?.startsWith(`${mnt}/.import-`)).toBe(true);
      expect([code, interrupted, removed, next, left]).toEqual([
        "@@code 130",
        `tps-report import: interrupted (SIGINT); nothing was written to ${mnt}/study; its temporary ${stage} is left for the next import, run or gather to remove`,
        `tps-report import: removed ${stage} (left by an interrupted import)`,
        "@@code 0",
        "study"
      ]);
    },
    120_000
  );

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
