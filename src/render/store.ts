// A drawn site on disk: each page's fragments in a file named by the digest of its content, and one list of the pages
// (site.json) that the build, Framework's config and the stamp read. One folder per output (a build's) or for dev.
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {join, resolve} from "node:path";
import {writeFileAtomic} from "../../loaders/files/write-atomic.js";
import type {PageFragments} from "./fragment.js";

/** A page as drawn. `path` is the page's ("/", "/tr/steps/a", "/runs/set/3"), `source` its Markdown file under src/. */
export interface DrawnPage {
  path: string;
  source: string;
  /** What the page's {{title}} reads (its h1); null for a page without one. */
  title: string | null;
  /** Its name in the sidebar, where that is not its title (a step's, without its number). */
  name?: string;
  /** "plain": its h1 has no self-link (a run's own page in a study of run sets, as it always had). */
  heading?: "plain";
  /** false: built, but in neither the sidebar nor the search index (the search's page before tps-report tune ran). */
  listed?: false;
  /** The page's fragments: pages/<digest>.json. */
  digest: string;
  /** Its text as the search index takes it (pages/<text>.txt), for a page the sidebar lists. */
  text?: string;
}

export interface DrawnSite {
  /** The study folder the pages were drawn from. */
  study: string;
  /** The study's title, in both languages (the footer). */
  title: {en: string; tr: string};
  /** Run sets (0: a page per run), which every page's head states. */
  sets: number;
  /** "stamp": Framework builds the first page of each source and the stamp writes the rest (npm run build);
   * "fill": Framework makes every page itself (npm run dev). */
  mode: "stamp" | "fill";
  /** Where Framework writes its build (the build's staging folder). */
  output?: string;
  /** Where the site is served from (TPS_REPORT_BASE), which the 404 page names. */
  base?: string;
  /** The site index a study of many links up to (npm run build:site). */
  siteIndex?: boolean;
  pages: DrawnPage[];
}

/** What dev's config reads when the site could not be drawn: the page shows it. */
export interface DrawError {
  error: string;
}

export const SITE_FILE = "site.json";
/** In a study of run sets, the runs' own pages, drawn beside the rest by a process of their own. */
export const RUN_PAGES_FILE = "site-runs.json";

/** Set by the build and dev for Framework's process (its config and its data loaders): the state folder to read. */
export const STATE_ENV = "TPS_REPORT_SITE_STATE";

/** The folder a build of `output` keeps its drawn site and record in; `npm run clean` empties it. */
export function stateFolder(root: string, output: string | "dev"): string {
  const name = output === "dev" ? "dev" : createHash("sha256").update(resolve(output)).digest("hex").slice(0, 16);
  return join(root, "src", ".observablehq", "cache", ".site", name);
}

export function digestOf(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 32);
}

export class PageStore {
  readonly pages: string;

  constructor(readonly dir: string) {
    this.pages = join(dir, "pages");
    mkdirSync(this.pages, {recursive: true});
  }

  /** Keeps the fragments (once per content) and returns their digest. */
  putFragments(fragments: PageFragments): string {
    return this.put(JSON.stringify(fragments), "json");
  }

  putText(text: string): string {
    return this.put(text, "txt");
  }

  private put(content: string, ext: string): string {
    const digest = digestOf(content);
    const file = join(this.pages, `${digest}.${ext}`);
    if (!existsSync(file)) writeFileAtomic(file, content);
    return digest;
  }

  has(digest: string, ext = "json"): boolean {
    return existsSync(join(this.pages, `${digest}.${ext}`));
  }

  writeSite(site: DrawnSite | DrawError): void {
    this.write(SITE_FILE, site);
  }

  write(name: string, value: unknown): void {
    writeFileAtomic(join(this.dir, name), JSON.stringify(value));
  }

  /** Removes the page files no page of `site` and no memo entry names, and temporary files left by a killed writer. */
  prune(keep: Iterable<string>): void {
    const kept = new Set(keep);
    for (const name of readdirSync(this.pages)) {
      const digest = name.replace(/\.(json|txt)$/, "");
      if (kept.has(digest)) continue;
      const file = join(this.pages, name);
      // A temporary file is another writer's write in progress, unless it is old.
      if (
        !/\.(json|txt)$/.test(name) &&
        Date.now() - (statSync(file, {throwIfNoEntry: false})?.mtimeMs ?? 0) < 3_600_000
      )
        continue;
      rmSync(file, {force: true});
    }
  }
}

/** The drawn site of a state folder; a missing or unreadable file is an error naming it. */
export function readSite(dir: string): DrawnSite | DrawError {
  const file = join(dir, SITE_FILE);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new Error(`${file}: no drawn site; npm run dev and npm run build draw one before Framework starts`);
  }
  try {
    return JSON.parse(text) as DrawnSite | DrawError;
  } catch (error) {
    throw new Error(`${file}: unreadable (${(error as Error).message}); build again`);
  }
}

/** The page files a state folder's lists and memos name (what a prune keeps); a list that cannot be read names none. */
export function namedFiles(dir: string): string[] {
  const named: string[] = [];
  for (const name of [SITE_FILE, RUN_PAGES_FILE, "memo.json", "memo-runs.json"]) {
    let value: {pages?: DrawnPage[] | Record<string, {digest: string; text?: string}>};
    try {
      value = JSON.parse(readFileSync(join(dir, name), "utf8"));
    } catch {
      continue;
    }
    for (const page of Object.values(value.pages ?? {})) named.push(page.digest, ...(page.text ? [page.text] : []));
  }
  return named;
}
