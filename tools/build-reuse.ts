// The second half of an incremental build: the pages Framework skipped (src/render/page-reuse.ts) are taken from the
// last output, with the names of the files this build hashed differently (the search index, the downloads) put in.
import {createHash} from "node:crypto";
import {existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {writeFileAtomic} from "../loaders/files/write-atomic.js";
import {
  NEXT_GLOBAL,
  NEXT_PAGES,
  NEXT_SEARCH,
  pageFile,
  readRecord,
  RECORD,
  SEARCH,
  type SetPagesRecord,
  type SiteRecord
} from "../src/render/page-reuse.js";
import {pageDigests} from "../src/render/fragment-splice.js";
import {isSetPage, setTemplateDigest} from "../src/render/set-pages.js";
import type {RunPageLayout} from "../loaders/pages/run-pages.js";

const root = resolve(import.meta.dirname, "..");

/** Where what the last build of `output` made is kept: in Framework's cache, which `npm run clean` empties. */
export function reuseDirFor(output: string): string {
  const id = createHash("sha256").update(resolve(output)).digest("hex").slice(0, 16);
  return join(root, "src/.observablehq/cache/.reuse", id);
}

/** Framework's hashed files ("_observablehq/search.d81a5b91.js") by their name without the hash. */
function hashedFiles(output: string): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (dir: string): void => {
    if (!existsSync(join(output, dir))) return;
    for (const entry of readdirSync(join(output, dir), {withFileTypes: true})) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else files.set(path.replace(/\.[0-9a-f]{8}(\.[^./]+)$/, "$1"), path);
    }
  };
  for (const dir of ["_observablehq", "_file", "_import", "_npm"]) visit(dir);
  return files;
}

/** Thrown when a kept page refers to a file this build did not make: the build is then made whole. */
export class ReuseError extends Error {}

// Where a page names one of Framework's hashed files: the path from its folder on, up to a quote, a space or a tag.
const HASHED_REF = /_(?:observablehq|file|import|npm)\/[^"'`\s<>]*/g;

/** The hashed files' paths a page names, each once. */
export function hashedRefs(page: string): string[] {
  return [...new Set(page.match(HASHED_REF))];
}

/** Puts the pages Framework skipped into `built` from `previous`; the paths of those pages. With the last build's
 * `record`, a page whose named files (refs) include no renamed one is linked without being read. */
export function placeKeptPages(dir: string, previous: string, built: string, record?: SiteRecord | null): string[] {
  const kept: string[] = [];
  for (const line of readFileSync(join(dir, NEXT_PAGES), "utf8").split("\n")) {
    if (!line) continue;
    const [path, , skipped] = JSON.parse(line) as [string, string, boolean];
    if (skipped) kept.push(path);
  }
  if (!kept.length) return kept;
  const before = hashedFiles(previous);
  const now = hashedFiles(built);
  const renamed: [string, string][] = [];
  for (const [name, path] of before) {
    const current = now.get(name);
    if (!current) throw new ReuseError(`${join(previous, path)} has no counterpart in this build`);
    if (current !== path) renamed.push([path, current]);
  }
  for (const path of kept) {
    const from = join(previous, pageFile(path));
    const to = join(built, pageFile(path));
    mkdirSync(dirname(to), {recursive: true});
    const refs = record?.pages[path]?.refs;
    if (refs && !renamed.some(([was]) => refs.some((ref) => ref.includes(was)))) {
      linkSync(from, to);
      continue;
    }
    // Most kept pages name no renamed file (only the downloads and the index change with a run): read as bytes and
    // searched, they are linked without being decoded and rewritten (179 MB of step pages at 1000× the seed).
    const bytes = readFileSync(from);
    if (!renamed.some(([was]) => bytes.includes(was))) {
      linkSync(from, to);
      continue;
    }
    const page = bytes.toString("utf8");
    let rewritten = page;
    for (const [was, is] of renamed) rewritten = rewritten.replaceAll(was, is);
    if (rewritten === page) linkSync(from, to);
    else writeFileSync(to, rewritten);
  }
  return kept;
}

/** Links into `built` each set page of `previous` whose fragments and template (the first set page as Framework built
 * it) are unchanged: at 1000× the seed one new run changes one of 340, and writing them all took 2 s. Returns the
 * pages linked, and what the next build compares with. */
export function placeKeptSetPages(
  pagesFile: string,
  built: string,
  previous: string | null,
  record: SiteRecord | null,
  layout: RunPageLayout
): {kept: Set<string>; sets: SetPagesRecord | undefined} {
  const kept = new Set<string>();
  const template = setTemplateDigest(built, layout);
  if (template === null) return {kept, sets: undefined};
  const pages: SetPagesRecord["pages"] = {};
  for (const [path, digest] of pageDigests(pagesFile, isSetPage)) pages[path] = {digest};
  if (previous && record?.sets?.template === template)
    for (const [path, {digest}] of Object.entries(pages)) {
      const was = record.sets.pages[path];
      const from = join(previous, pageFile(path));
      const to = join(built, pageFile(path));
      // The first set page of each language is Framework's own, already in `built`; a kept file must be as written.
      if (was?.digest !== digest || existsSync(to)) continue;
      const stat = statSync(from, {throwIfNoEntry: false});
      if (!stat || stat.size !== was.size || stat.mtimeMs !== was.mtimeMs) continue;
      mkdirSync(dirname(to), {recursive: true});
      linkSync(from, to);
      kept.add(path);
    }
  return {kept, sets: {template, pages}};
}

/** After the build is in place: what the next build may take from it. */
export function keepRecord(
  dir: string,
  output: string,
  shells: Record<string, string>,
  sets?: SetPagesRecord,
  last?: SiteRecord | null
): void {
  const global = readFileSync(join(dir, NEXT_GLOBAL), "utf8");
  const pages: SiteRecord["pages"] = {};
  for (const line of readFileSync(join(dir, NEXT_PAGES), "utf8").split("\n")) {
    if (!line) continue;
    const [path, hash] = JSON.parse(line) as [string, string];
    const file = join(output, pageFile(path));
    const stat = statSync(file);
    // A kept page linked unread names what it named; any other was written by this build, and is read once.
    const was = last?.pages[path];
    const refs =
      was?.refs && was.size === stat.size && was.mtimeMs === stat.mtimeMs
        ? was.refs
        : hashedRefs(readFileSync(file, "utf8"));
    pages[path] = {hash, size: stat.size, mtimeMs: stat.mtimeMs, refs};
  }
  for (const [path, page] of Object.entries(sets?.pages ?? {})) {
    const stat = statSync(join(output, pageFile(path)));
    Object.assign(page, {size: stat.size, mtimeMs: stat.mtimeMs});
  }
  writeFileAtomic(join(dir, SEARCH), readFileSync(join(dir, NEXT_SEARCH)));
  writeFileAtomic(join(dir, RECORD), JSON.stringify({global, pages, shells, sets} satisfies SiteRecord));
}

/** Forgets the last build of `output` (a build that keeps nothing wrote it). */
export function forgetRecord(output: string): void {
  rmSync(join(reuseDirFor(output), RECORD), {force: true});
}

export {readRecord};
