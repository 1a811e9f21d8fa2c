// bin/tps-report.js runs dist-cli/ only while it is newer than what it was bundled from, else the sources through tsx.
import {spawnSync} from "node:child_process";
import {cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {bundleFresh} from "../../bin/bundle-fresh.js";

const ROOT = resolve(import.meta.dirname, "../..");
const root = mkdtempSync(join(tmpdir(), "tps-bundle-fresh-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

const at = (seconds: number) => new Date(1767225600_000 + seconds * 1000);
function write(path: string, text: string, seconds: number): void {
  mkdirSync(join(root, path, ".."), {recursive: true});
  writeFileSync(join(root, path), text);
  utimesSync(join(root, path), at(seconds), at(seconds));
}

// A checkout of bin/ whose bundle says so, and whose sources cannot run (no loaders/cli/main.ts, no tsx).
cpSync(join(ROOT, "bin"), join(root, "bin"), {recursive: true});
write("loaders/cli/deep/a.ts", "", 10);
write("data/models/m.json", "{}", 10);
write("data/gpus/gpus.yaml", "", 10);
write("package.json", `{"type": "module"}`, 10);
write("package-lock.json", "{}", 10);
write("dist-cli/tps-report.mjs", 'process.stdout.write("the bundle\\n");\n', 20);
const run = () => spawnSync(process.execPath, [join(root, "bin/tps-report.js")], {encoding: "utf8"});

describe("bin/tps-report.js", () => {
  it("runs dist-cli/ while it is newer than loaders/, data/models/, data/gpus/gpus.yaml and the package files", () => {
    expect(bundleFresh(root)).toBe(true);
    expect(run().stdout).toBe("the bundle\n");
  });

  it("runs the sources once any of them is newer, a file deep in loaders/ too", () => {
    for (const path of [
      "loaders/cli/deep/a.ts",
      "data/models/m.json",
      "data/gpus/gpus.yaml",
      "package.json",
      "package-lock.json"
    ]) {
      utimesSync(join(root, path), at(30), at(30));
      expect(bundleFresh(root), path).toBe(false);
      const ran = run();
      expect(ran.stdout, path).toBe("");
      expect(ran.stderr, path).toMatch(/^tps-report: .*\(run 'npm ci' in the tps-report folder\)\n$/);
      utimesSync(join(root, path), at(10), at(10));
    }
    expect(bundleFresh(root)).toBe(true);
    rmSync(join(root, "dist-cli"), {recursive: true});
    expect(bundleFresh(root)).toBe(false);
  });
});
