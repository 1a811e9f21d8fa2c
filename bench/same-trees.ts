// Two built sites compared file by file: the paths that differ (or exist on one side only), none when they are equal.
import {existsSync, readdirSync, readFileSync, statSync} from "node:fs";
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

/** What Framework writes into a page of each file the page attaches (a notebook page): the file's modification time,
 * which is when that build ran its loader; `npm run build:reproducible` pins it. */
export function undated(html: string): string {
  return html.replace(/"lastModified":\d+/g, '"lastModified":0');
}

/** Two builds of the same input compared file by file, but for the dates of the files a page attaches. */
export function sameBuilds(a: string, b: string): string[] {
  return sameTrees(a, b).filter(
    (file) =>
      !file.endsWith(".html") ||
      !existsSync(join(a, file)) ||
      !existsSync(join(b, file)) ||
      undated(readFileSync(join(a, file), "utf8")) !== undated(readFileSync(join(b, file), "utf8"))
  );
}
