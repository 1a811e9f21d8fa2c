// The data and page loaders under src/ and what each printed last, which Framework keeps in its cache: its build
// takes a cached output as it is, however old, so a build forgets them all and each loader runs afresh.
import {readdirSync, rmSync} from "node:fs";
import {join, relative} from "node:path";
import {loaderCache} from "./framework.js";

/** Framework loaders are `name.ext.ts` files under src/ (src/data/runs.csv.ts, src/best-runs.md.ts). */
export function dataLoaders(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, {withFileTypes: true})) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.[a-z0-9]+\.ts$/.test(entry.name) && !entry.name.endsWith(".d.ts")) found.push(path);
    }
  };
  walk(join(root, "src"));
  return found.sort();
}

/** Removes every loader's cached output: a study other than the last build's, or one with runs added since, would
 * otherwise be shown through what the loaders printed for the last. */
export function forgetLoaderOutputs(root: string): void {
  const sources = join(root, "src");
  for (const loader of dataLoaders(root))
    rmSync(loaderCache(sources, relative(sources, loader).replace(/\.ts$/, "")), {force: true});
}
