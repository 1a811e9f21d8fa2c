// Every link of a built site checked as a browser follows it: each local link reaches a built page, and its fragment an
// element of that page, on every page (Framework checks only the links of the pages it builds).
import {readdirSync, readFileSync, statSync} from "node:fs";
import {join, posix, relative} from "node:path";

/** Every page file under root, by its path relative to root. */
export function pageFiles(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pageFiles(root, path);
    return name.endsWith(".html") ? [relative(root, path)] : [];
  });
}

/** Every link of the built pages that reaches no built file, or no element with its fragment's id, and every file a
 * page names (scripts, styles, downloads) that is not there. */
export function brokenLinks(root: string, built: string[] = pageFiles(root)): string[] {
  const broken: string[] = [];
  const files = new Set(built);
  for (const page of built) {
    const html = readFileSync(join(root, page), "utf8");
    for (const [, asset] of html.matchAll(
      /\b(?:href|src)="([^"#:]*_(?:observablehq|file|import|npm|node)\/[^"#]*)"/g
    )) {
      const file = posix.normalize(posix.join(posix.dirname(page), decodeURI(asset)));
      if (!statSync(join(root, file), {throwIfNoEntry: false})?.isFile())
        broken.push(`${page} → ${asset} (no such file)`);
    }
    for (const [, href] of html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)) {
      if (/^(\w+:|#|\/)/.test(href) || href.includes("_observablehq") || href.includes("_file/")) continue;
      const [path, hash] = decodeURI(href).split("#");
      let target = posix.normalize(posix.join(posix.dirname(page), path)).replace(/^\.\/?$/, "");
      if (target === "" || target.endsWith("/")) target += "index.html";
      else if (!target.endsWith(".html")) target += ".html";
      if (!files.has(target)) broken.push(`${page} → ${href}`);
      else if (hash && !readFileSync(join(root, target), "utf8").includes(`id="${encodeURI(hash)}"`))
        broken.push(`${page} → ${href} (no such id)`);
    }
  }
  return broken;
}
