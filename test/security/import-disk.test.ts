// Issue 29, case 11: import on a full disk and on a read-only one, made real with a small tmpfs in a private mount
// namespace (unshare -m, as write-errors.test.ts does): one line naming the file and the cause, nothing partial left.
import {spawnSync} from "node:child_process";
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {writeSweepExperiment} from "../support/sweep-experiment.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

const canMount =
  spawnSync("unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null"]).status === 0;

describe.skipIf(!canMount)("import on a disk that cannot take it", () => {
  it("a full disk, then a read-only one: one line naming the file and the cause; nothing left behind", () => {
    const tmp = mkdtempSync(join(tmpdir(), "tps-import-disk-"));
    made.push(tmp);
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const mnt = join(tmp, "mnt");
    const script = `
      mkdir -p ${mnt} && mount -t tmpfs -o size=48k tmpfs ${mnt} || exit 9
      ${process.execPath} bin/tps-report.js import ${exp} --into ${mnt}/study 2>&1; echo "@@code $?"
      echo "@@left $(ls -A ${mnt} | tr '\\n' ' ')"
      mount -o remount,ro ${mnt} || exit 9
      ${process.execPath} bin/tps-report.js import ${exp} --into ${mnt}/study 2>&1; echo "@@code $?"
    `;
    const out = spawnSync("unshare", ["-m", "sh", "-c", script], {encoding: "utf8", timeout: 120_000}).stdout;
    const [full, ro] = out.split(/@@code \d+\n/).map((part) =>
      part
        .replace(/@@left.*\n/, "")
        .trimEnd()
        .split("\n")
    );
    expect(out.match(/@@code (\d+)/g)).toEqual(["@@code 1", "@@code 1"]);
    expect(full).toHaveLength(1);
    expect(full[0]).toMatch(
      new RegExp(
        `^tps-report import: cannot write ${mnt}/\\.import-\\d+-\\d+\\.tmp/\\S+ \\((write|open|mkdir): no space left on the device, ENOSPC\\); free space on that disk, then import again \\(nothing partial is kept\\)$`
      )
    );
    expect(/@@left (.*)\n/.exec(out)?.[1].trim()).toBe("");
    expect(ro).toEqual([
      `tps-report import: cannot write ${mnt}/.import-PID.tmp (mkdir: read-only file system, EROFS); the file system is read-only: make it writable or run the study from a writable copy, then import again (nothing partial is kept)`.replace(
        "PID",
        ro[0]?.match(/\.import-(\d+-\d+)\.tmp/)?.[1] ?? "?"
      )
    ]);
  });
});
