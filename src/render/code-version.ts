// What an incremental build's kept pages were made by: a kept page is reused only when every file that draws or builds a
// page is byte for byte the one that made it.
import {createHash} from "node:crypto";
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
import {join, resolve} from "node:path";

const root = resolve(import.meta.dirname, "../..");
const SOURCES = ["src", "loaders", "tools", "patches", "observablehq.config.ts", "package-lock.json"];

/** A digest of the code that builds the site (src/ without Framework's cache, the library, the build, the patches). */
export function codeVersion(): string {
  const hash = createHash("sha256").update(process.version);
  const visit = (path: string, name: string): void => {
    // A copy of the site sources (bench/site-tree.ts) may leave out the patches and the lock file.
    if (name === ".observablehq" || name === "node_modules" || !existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const child of readdirSync(path).sort()) visit(join(path, child), child);
      return;
    }
    hash
      .update(`${path.slice(root.length)}\0`)
      .update(readFileSync(path))
      .update("\0");
  };
  for (const source of SOURCES) visit(join(root, source), source);
  return hash.digest("hex");
}
