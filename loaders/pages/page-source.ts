// Whether a site path has a page in the source folder: a Markdown file, a page loader (name.md.ts, name.md.js, …), an
// index page, or a parameterized route ([step].md, [run]/index.md) that serves it, as Framework routes them.
import {readdirSync} from "node:fs";
import {join} from "node:path";

// The folders' listings, read once: a site of many runs asks once per run page.
const listings = new Map<string, string[]>();
function entries(dir: string): string[] {
  let names = listings.get(dir);
  if (!names) {
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    listings.set(dir, names);
  }
  return names;
}

const PARAM = /^\[[^\]]+\]/;

/** Names in `dir` that match `segment`: the segment itself, or a [param] name that takes any value. */
function matching(dir: string, name: (entry: string) => string | null, segment: string): string[] {
  const found: string[] = [];
  for (const entry of entries(dir)) {
    const base = name(entry);
    if (base === null) continue;
    if (base === segment || PARAM.test(base)) found.push(entry);
  }
  // An exact name wins over a parameter, as Framework matches it.
  return found.sort((a, b) => Number(PARAM.test(a)) - Number(PARAM.test(b)));
}

const pageName = (entry: string): string | null => /^(.+)\.md(?:\.\w+)?$/.exec(entry)?.[1] ?? null;

function exists(dir: string, segments: readonly string[]): boolean {
  const [segment, ...rest] = segments;
  if (!rest.length) return matching(dir, pageName, segment).length > 0;
  return matching(dir, (entry) => (entry.includes(".") ? null : entry), segment).some((sub) =>
    exists(join(dir, sub), rest)
  );
}

/** Whether the page at `path` ("/", "/explore", "/runs/", "/tr/steps/x") has a source under `root`. */
export function pageSourceExists(root: string, path: string): boolean {
  const segments = path.replace(/^\//, "").split("/");
  if (segments.at(-1) === "") segments[segments.length - 1] = "index";
  return exists(root, segments);
}
