// The drawn site as Framework's config and the stamp see it: which page a path is, its fragments, what the sidebar
// lists (and so what the pager walks), which pages Framework builds, and the search index's entries.
import {existsSync, readdirSync, readFileSync} from "node:fs";
import {join, relative} from "node:path";
import type {PageFragments} from "../render/fragment.js";
import {userPages} from "../../loaders/pages/page-source.js";
import {languagePrefix} from "../components/links.js";
import {pageTitle} from "../render/page-text.js";
import {ReuseError} from "../render/memo.js";
import {digestOf, PageStore, readSite, RUN_PAGES_FILE, type DrawnPage, type DrawnSite} from "../render/store.js";

export interface SidebarPage {
  name: string;
  path: string;
  /** null: listed, but neither built by Framework nor in its pager (the stamp writes it, and the pagers around it). */
  pager?: null;
}

/** The order the sidebar lists the drawn pages in, by source ("steps" for every step). */
const SIDEBAR = [
  "setup.md",
  "steps/[step].md",
  "summary.md",
  "tune.md",
  "notes.md",
  "quality.md",
  "headroom.md",
  "runs/index.md"
];

const SITE_TITLE = "tps-report";
export const LANGUAGE_SECTION = {name: "Türkçe", path: "/tr/"};

/** A drawn page's path from Framework's ("/index", "/runs/index" are "/" and "/runs/"). */
export function drawnPath(frameworkPath: string): string {
  return frameworkPath.replace(/\/index$/, "/");
}

/** The route a parameterized source serves ("steps/[step].md" serves /steps/<anything>). */
function route(source: string): RegExp {
  const path = source.replace(/\.md$/, "").replace(/\[[^\]/]+\]/g, "[^/]+");
  return new RegExp(`^/${path}$`);
}

export class SiteView {
  readonly site: DrawnSite | null;
  readonly error: string | null;
  private readonly byPath = new Map<string, DrawnPage>();
  private readonly routes: RegExp[];
  private readonly store: PageStore;
  private readonly sources = new Map<string, string>();

  constructor(
    readonly state: string,
    /** Framework's source root (src/). */
    readonly root: string,
    /** With the runs' own pages a process of their own drew (the stamp's view; Framework's needs only the first). */
    withRunPages = false
  ) {
    const read = readSite(state);
    this.store = new PageStore(state);
    this.site = "error" in read ? null : read;
    this.error = "error" in read ? read.error : null;
    if (this.site && withRunPages && existsSync(join(state, RUN_PAGES_FILE))) {
      const {pages} = JSON.parse(readFileSync(join(state, RUN_PAGES_FILE), "utf8")) as {pages: DrawnPage[]};
      const drawn = new Set(this.site.pages.map((page) => page.path));
      this.site = {...this.site, pages: [...this.site.pages, ...pages.filter((page) => !drawn.has(page.path))]};
    }
    for (const page of this.site?.pages ?? []) this.byPath.set(page.path, page);
    // Every template under src/ serves its route, whether or not the study has pages of it (runs/[run].md in a study
    // of run sets): a path of such a route the study did not draw is no page.
    this.routes = this.sources_(root)
      .filter((source) => source.includes("["))
      .map(route);
  }

  /** The drawn page at Framework's path, or undefined. */
  page(frameworkPath: string): DrawnPage | undefined {
    return this.byPath.get(drawnPath(frameworkPath));
  }

  /** Whether the path is one of the drawn pages' routes: a step, a run set or a run, drawn or not. */
  ours(frameworkPath: string): boolean {
    const path = drawnPath(frameworkPath);
    return this.byPath.has(path) || this.routes.some((r) => r.test(path));
  }

  /** The page's fragments; `check`: against their digest, a file changed since it was written being a ReuseError (a
   * page an earlier build drew; this build's own it has just written). */
  fragments(page: DrawnPage, check = true): PageFragments {
    return JSON.parse(this.read(page.digest, "json", check)) as PageFragments;
  }

  private read(digest: string, ext: string, check = true): string {
    const file = join(this.store.pages, `${digest}.${ext}`);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch (error) {
      throw new ReuseError(`${file}: ${(error as Error).message}`);
    }
    if (check && digestOf(text) !== digest) throw new ReuseError(`${file} is not what was drawn`);
    return text;
  }

  /** Reads every search text the pages name, so that a file changed since it was drawn is found before Framework
   * builds the index from it. */
  verifyTexts(): void {
    for (const page of this.site?.pages ?? []) if (page.text) this.read(page.text, "txt");
  }

  /** A page's Markdown source, as Framework reads it. */
  source(name: string): string {
    let text = this.sources.get(name);
    if (text === undefined) this.sources.set(name, (text = readFileSync(join(this.root, name), "utf8")));
    return text;
  }

  /** The pages each language's sidebar lists, in order; a page a user added under src/ joins at the end. */
  sidebar(): Record<"en" | "tr", SidebarPage[]> {
    const lists = {en: [] as SidebarPage[], tr: [] as SidebarPage[]};
    const pages = this.site?.pages ?? [];
    const built = new Set(this.frameworkPaths());
    for (const lang of ["en", "tr"] as const) {
      const prefix = languagePrefix(lang);
      for (const source of SIDEBAR)
        for (const page of pages)
          if (page.source === `${prefix}${source}` && page.listed !== false) {
            const name = page.name ?? pageTitle(this.source(page.source), page.title) ?? page.path;
            // Framework builds every page its pager walks: the pages the stamp writes are kept out of it.
            const stamped = page.source.includes("[") && !built.has(page.path);
            lists[lang].push({name, path: page.path, ...(stamped ? {pager: null} : {})});
          }
    }
    for (const page of this.userPages()) (page.path.startsWith("/tr/") ? lists.tr : lists.en).push(page);
    return lists;
  }

  /** The Markdown pages under src/, by their path there, in order. */
  private sources_(root: string): string[] {
    const found: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        if (/^[._]/.test(entry.name) || entry.name === "node_modules") continue;
        const file = join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (entry.name.endsWith(".md")) found.push(relative(root, file));
      }
    };
    walk(root);
    return found;
  }

  /** Pages a user wrote under src/ (a Markdown page or a page loader the study does not draw): listed as they are, by
   * their title, English then Turkish. */
  userPages(): SidebarPage[] {
    const drawn = new Set((this.site?.pages ?? []).map((p) => p.path));
    return [...userPages(this.root, "en", drawn), ...userPages(this.root, "tr", drawn)];
  }

  /** The pager's neighbours of a listed page, as Framework walks the sidebar (the home page first, each language a
   * pager of its own); `framework`: as Framework's build walks it, without the pages the stamp writes. */
  pager(path: string, framework = false): {prev: SidebarPage | null; next: SidebarPage | null} | null {
    const sidebar = (this.lists ??= this.sidebar());
    for (const [first, pages] of [
      [{name: SITE_TITLE, path: "/"}, sidebar.en],
      [LANGUAGE_SECTION, sidebar.tr]
    ] as const) {
      const walk = ([first, ...pages] as SidebarPage[]).filter((page) => !framework || page.pager !== null);
      const at = walk.findIndex((page) => page.path === path);
      if (at >= 0) return {prev: walk[at - 1] ?? null, next: walk[at + 1] ?? null};
    }
    return null;
  }
  private lists?: Record<"en" | "tr", SidebarPage[]>;

  /** The parameterized pages Framework builds: in `npm run build` the first of each source (the stamp writes the
   * others from it), in dev every one. */
  frameworkPaths(): string[] {
    const seen = new Set<string>();
    const paths: string[] = [];
    for (const page of this.site?.pages ?? []) {
      if (!page.source.includes("[")) continue;
      if (this.site!.mode === "stamp" && seen.has(page.source)) continue;
      seen.add(page.source);
      paths.push(page.path);
    }
    return paths;
  }

  /** What the search index holds of the drawn pages the sidebar lists: their title and text, in the drawn order. */
  *searchEntries(): Generator<{path: string; title: string | null; text: string}> {
    for (const page of this.site?.pages ?? [])
      if (page.text)
        yield {
          path: page.path,
          title: pageTitle(this.source(page.source), page.title),
          text: this.read(page.text, "txt")
        };
  }
}
