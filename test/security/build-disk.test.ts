// Issue 29, case 11: a build on a full, read-only or forbidden disk says so in one line naming the file or folder and
// the cause, never Framework's "Unexpected error … file an issue". Full and read-only disks are real: a small tmpfs
// in a private mount namespace (unshare -m, as import-disk.test.ts). Tests run as root here, where chmod 0555 does
// not stop a write, so the forbidden folder is tried as the unprivileged user 65534 (setpriv), a real EACCES too.
import {spawnSync} from "node:child_process";
import {chmodSync, mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {frameworkErrorLine as buildErrorLine} from "../../src/build/framework.js";

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));
const scratch = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "tps-build-disk-"));
  made.push(dir);
  return dir;
};

const canMount =
  spawnSync("unshare", ["-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt 2>/dev/null"]).status === 0;
const root = process.getuid?.() === 0;
const canDrop = root && spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "true"]).status === 0;
const build = ["--import", "tsx", "tools/build.ts"];
const lines = (text: string): string[] => text.split("\n").filter((line) => line !== "");

/** Runs a shell script in a private mount namespace; its stdout, split at "@@" marks. */
function inNamespace(script: string): string {
  return spawnSync("unshare", ["-m", "sh", "-c", script], {encoding: "utf8", timeout: 120_000}).stdout;
}

describe.skipIf(!canMount)("a build whose output folder cannot take files", () => {
  it("a read-only disk: one line naming the output folder, before any page is drawn", () => {
    const mnt = join(scratch(), "mnt");
    const out = inNamespace(`
      mkdir -p ${mnt} && mount -t tmpfs -o size=64k,ro tmpfs ${mnt} || exit 9
      TPS_REPORT_OUTPUT=${mnt}/dist ${process.execPath} ${build.join(" ")} 2>&1 >/dev/null; echo "@@code $?"
    `);
    expect(lines(out)).toEqual([
      `build: the output folder ${mnt}/dist is not writable (mkdir: read-only file system, EROFS); point TPS_REPORT_OUTPUT at a folder this user can write, then build again`,
      "@@code 1"
    ]);
  }, 120_000);

  it("a full disk: one line naming the output folder and the cause", () => {
    const mnt = join(scratch(), "mnt");
    const out = inNamespace(`
      mkdir -p ${mnt} && mount -t tmpfs -o size=64k tmpfs ${mnt} && mkdir ${mnt}/dist || exit 9
      dd if=/dev/zero of=${mnt}/filler bs=4k 2>/dev/null
      TPS_REPORT_OUTPUT=${mnt}/dist ${process.execPath} ${build.join(" ")} 2>&1 >/dev/null; echo "@@code $?"
    `);
    expect(lines(out)).toEqual([
      `build: the output folder ${mnt}/dist is not writable (write: no space left on the device, ENOSPC); free space on that disk, or point TPS_REPORT_OUTPUT at a folder this user can write, then build again`,
      "@@code 1"
    ]);
  }, 120_000);
});

describe.skipIf(!canDrop)("a build whose output folder this user may not write", () => {
  it("a folder of mode 0555: one line naming it (EACCES), as the unprivileged user", () => {
    const dir = join(scratch(), "readonly");
    mkdirSync(dir);
    chmodSync(dir, 0o555);
    chmodSync(resolve(dir, ".."), 0o755);
    const run = spawnSync("setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, ...build], {
      encoding: "utf8",
      timeout: 120_000,
      env: {...process.env, TPS_REPORT_OUTPUT: join(dir, "dist")}
    });
    expect(lines(run.stderr)).toEqual([
      `build: the output folder ${dir}/dist is not writable (mkdir: permission denied, EACCES); point TPS_REPORT_OUTPUT at a folder this user can write, then build again`
    ]);
    expect(run.status).toBe(1);
    // The 0555 folder itself as the output: its probe file is refused, and the line names the folder.
    const itself = spawnSync(
      "setpriv",
      ["--reuid=65534", "--regid=65534", "--clear-groups", process.execPath, ...build],
      {encoding: "utf8", timeout: 120_000, env: {...process.env, TPS_REPORT_OUTPUT: dir}}
    );
    expect(lines(itself.stderr)).toEqual([
      `build: the output folder ${dir} is not writable (open: permission denied, EACCES); point TPS_REPORT_OUTPUT at a folder this user can write, then build again`
    ]);
    expect(itself.status).toBe(1);
  }, 120_000);
});

describe.skipIf(!canMount)("a data loader on a full disk", () => {
  it("says which file it could not write and exits 74, instead of a truncated file and exit 0", () => {
    const mnt = join(scratch(), "mnt");
    const loader = (name: string) =>
      `${process.execPath} --import tsx src/data/${name}.ts 2>&1 > ${mnt}/${name}; echo "@@code $?"; echo "@@size $(stat -c %s ${mnt}/${name})"`;
    // report.json (32 KiB) starts with 16 KiB free: Node kept the short write's 16 KiB and exited 0.
    const out = inNamespace(`
      mkdir -p ${mnt} && mount -t tmpfs -o size=16k tmpfs ${mnt} || exit 9
      ${loader("report.json")}
      ${loader("runs.parquet")}
    `);
    expect(lines(out)).toEqual([
      `tps-report report.json: cannot write ${mnt}/report.json (write: no space left on the device, ENOSPC); free space on that disk, then build again`,
      "@@code 74",
      "@@size 16384",
      `tps-report runs.parquet: cannot write ${mnt}/runs.parquet (write: no space left on the device, ENOSPC); free space on that disk, then build again`,
      "@@code 74",
      "@@size 0"
    ]);
  }, 120_000);
});

describe.skipIf(!canMount)("live mode on a read-only study", () => {
  it("the build, a data loader and the page renderer each end in one line naming the file", () => {
    const mnt = join(scratch(), "mnt");
    const env = `TPS_REPORT_LIVE=1 TPS_REPORT_STUDY=${mnt}/study TPS_REPORT_OUTPUT=${scratch()}/dist`;
    const out = inNamespace(`
      mkdir -p ${mnt} && mount -t tmpfs -o size=8m tmpfs ${mnt} || exit 9
      cp -r data/studies/h200-live-ladder ${mnt}/study && mount -o remount,ro ${mnt} || exit 9
      ${env} ${process.execPath} ${build.join(" ")} 2>&1 >/dev/null; echo "@@code $?"
      ${env} ${process.execPath} --import tsx src/data/runs.csv.ts 2>&1 >/dev/null; echo "@@code $?"
      ${env} ${process.execPath} --import tsx src/render/main.ts --state ${scratch()}/state 2>&1 >/dev/null; echo "@@code $?"
    `);
    const lock = `${mnt}/study/runs/\\.lock\\.new-\\d+-[0-9a-f]+`;
    const line = (who: string) =>
      new RegExp(
        `^tps-report ${who}: cannot write ${lock} \\(open: read-only file system, EROFS\\); the file system is read-only: make it writable or run the study from a writable copy, then build again$`
      );
    const got = lines(out);
    expect(got).toHaveLength(6);
    // npm run build's one line is its renderer's, which met the read-only study first.
    expect(got[0]).toMatch(line("render"));
    expect(got[2]).toMatch(line("runs.csv"));
    expect(got[4]).toMatch(line("render"));
    expect([got[1], got[3], got[5]]).toEqual(["@@code 1", "@@code 74", "@@code 74"]);
  }, 180_000);
});

describe("Framework's last message on a disk error", () => {
  const folders = [
    {dir: "/srv/site", what: "the output folder"},
    {dir: "/repo/src/.observablehq/cache", what: "Framework's cache folder"}
  ];

  it("with a path: that file, the cause and what to do", () => {
    expect(
      buildErrorLine(
        "\n\x1b[31mUnexpected error:\x1b[39m EACCES: permission denied, open '/srv/site/_file/a.csv'",
        folders
      )
    ).toBe(
      "cannot write /srv/site/_file/a.csv (open: permission denied, EACCES); make that folder writable for this user, then build again"
    );
  });

  it("a copy names where it was going", () => {
    expect(
      buildErrorLine(
        "Unexpected error: EROFS: read-only file system, copyfile '/repo/src/x.png' -> '/srv/site/x.png'",
        folders
      )
    ).toBe(
      "cannot write /srv/site/x.png (copyfile: read-only file system, EROFS); the file system is read-only: make it writable or run the study from a writable copy, then build again"
    );
  });

  it("a loader or the page renderer of ours that already said why (exit 74): nothing more", () => {
    expect(buildErrorLine("Unexpected error: loader exited with code 74", folders)).toBe("");
    expect(buildErrorLine("Unexpected error: src/render/main.ts exited with code 74", folders)).toBe("");
  });

  it("anything else is Framework's to say", () => {
    expect(buildErrorLine("Unexpected error: loader exited with code 1", folders)).toBeNull();
    expect(buildErrorLine("Unexpected error: ENOENT: no such file or directory, open '/x'", folders)).toBeNull();
    expect(buildErrorLine("Nothing to build: no pages found", folders)).toBeNull();
  });

  it.skipIf(!canMount)(
    "without a path: the folder whose disk is full",
    () => {
      const mnt = join(scratch(), "mnt");
      const script = `import {frameworkErrorLine as buildErrorLine} from "${resolve("src/build/framework.ts")}";
      console.log(buildErrorLine("Unexpected error: ENOSPC: no space left on device, write", [
        {dir: "${tmpdir()}", what: "the cache folder"}, {dir: "${mnt}/dist", what: "the output folder"}]));`;
      const out = inNamespace(`
      mkdir -p ${mnt} && mount -t tmpfs -o size=16k tmpfs ${mnt} && mkdir ${mnt}/dist || exit 9
      dd if=/dev/zero of=${mnt}/filler bs=4k 2>/dev/null
      ${process.execPath} --import tsx --input-type=module -e '${script}'
    `);
      expect(lines(out)).toEqual([
        `cannot write the output folder ${mnt}/dist (write: no space left on the device, ENOSPC); free space on that disk, then build again`
      ]);
    },
    60_000
  );
});
