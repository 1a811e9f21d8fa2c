// Two built sites compared file by file: the paths that differ (or exist on one side only), none when they are equal.
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join, relative} from "node:path";

function files(root: string, dir = root, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files(root, path, out);
    else out.push(relative(root, path));
  }
  return out;
}

export function sameTrees(a: string, b: string): string[] {
  const left = new Set(files(a));
  const right = new Set(files(b));
  const differing = [...left].filter(
    (f) => !right.has(f) || !readFileSync(join(a, f)).equals(readFileSync(join(b, f)))
  );
  for (const f of right) if (!left.has(f)) differing.push(f);
  return differing.sort();
}
