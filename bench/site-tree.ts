// A private copy of the site sources to build from, so benchmark builds never touch the working tree's cache or dist.
import {cpSync, existsSync, mkdirSync, rmSync, symlinkSync} from "node:fs";
import {join, resolve} from "node:path";

/** What `npm run build` and `build:incremental` read; node_modules is linked, not copied. */
const COPIED = ["src", "loaders", "data", "tools", "observablehq.config.ts", "package.json", "tsconfig.json"];

export function prepareSiteTree(repo: string, tree: string): string {
  rmSync(tree, {recursive: true, force: true});
  mkdirSync(tree, {recursive: true});
  for (const entry of COPIED) {
    const from = join(repo, entry);
    if (!existsSync(from)) continue;
    cpSync(from, join(tree, entry), {
      recursive: true,
      filter: (path) => !path.includes(`${join("src", ".observablehq")}`)
    });
  }
  symlinkSync(resolve(repo, "node_modules"), join(tree, "node_modules"), "dir");
  return tree;
}
