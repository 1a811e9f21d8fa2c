// A throw-away copy of the project (its builds, edits and Framework's cache stay there), node_modules linked in.
import {cpSync, existsSync, mkdtempSync, symlinkSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");
const COPIED = [
  "src",
  "loaders",
  "data",
  "tools",
  "patches",
  "observablehq.config.ts",
  "package.json",
  "tsconfig.json"
];

/** A fresh copy of the project in a temporary folder; `prepare` runs in it before node_modules is linked. */
export function projectCopy(prefix = "tps-copy-", prepare: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const name of COPIED)
    if (existsSync(join(ROOT, name)))
      cpSync(join(ROOT, name), join(dir, name), {recursive: true, filter: (s) => !s.includes(".observablehq")});
  prepare(dir);
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  return dir;
}
