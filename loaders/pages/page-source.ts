// Whether a site path has a page in the source folder: a Markdown file, a page loader (name.md.ts, name.md.js, …), an
// index page, or a parameterized route ([step].md, [run]/index.md) that serves it, as Framework routes them.
import {readdirSync, readFileSync} from "node:fs";
import {join, relative} from "node:path";

// The folders' listings, kept a second: a site of many runs asks once per run page, and in dev a page just added
// must be found.
const listings = new Map<string, {names: string[]; at: number}>();
function entries(dir: string): string[] {
  const kept = listings.get(dir);
  if (kept && Date.now() - kept.at < 1000) return kept.names;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    names = [];
  }
  listings.set(dir, {names, at: Date.now()});
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

export interface PageLink {
  name: string;
  path: string;
}

/** A Markdown page's title: its front matter's `title`, else its first `# ` heading, else its file's name. */
function pageTitle(text: string, fallback: string): string {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? "";
  const title = /^title:\s*(.+)$/m
    .exec(front)?.[1]
    ?.trim()
    .replace(/^(["'])(.*)\1$/, "$2");
  return title || /^# (.+)$/m.exec(text)?.[1]?.trim() || fallback;
}

/**
 * The pages under `root` a sidebar that lists `listed` leaves out, in one language (English: outside tr/; Turkish:
 * under tr/): a page a user added joins the site without a config edit. Parameterized routes, the 404 page and
 * folders starting with "." or "_" are no such pages.
 */
export function userPages(root: string, lang: "en" | "tr", listed: ReadonlySet<string>): PageLink[] {
  const found: PageLink[] = [];
  const visit = (dir: string, prefix: string): void => {
    for (const entry of entries(dir).slice().sort()) {
      if (/^[._]/.test(entry) || PARAM.test(entry)) continue;
      if (!entry.includes(".")) {
        if (lang === "en" && prefix === "" && entry === "tr") continue;
        visit(join(dir, entry), `${prefix}/${entry}`);
        continue;
      }
      const name = pageName(entry);
      if (name === null || name === "404") continue;
      const path = name === "index" ? `${prefix}/` : `${prefix}/${name}`;
      if (listed.has(path) || path === "/" || path === "/tr/") continue;
      const text = entry.endsWith(".md") ? readFileSync(join(dir, entry), "utf8") : "";
      found.push({name: pageTitle(text, name), path});
    }
  };
  visit(lang === "tr" ? join(root, "tr") : root, lang === "tr" ? "/tr" : "");
  return found;
}

/** The Markdown pages under `root` whose front matter says `notebook: true`, by their path there ("tr/explore.md"). */
export function notebookSources(root: string, dir = root): string[] {
  return readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return /^[._]/.test(entry.name) ? [] : notebookSources(root, path);
    if (!entry.name.endsWith(".md")) return [];
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path, "utf8"))?.[1] ?? "";
    return /^notebook: true$/m.test(front) ? [relative(root, path)] : [];
  });
}
