// An incremental build (tools/build-incremental.ts) hands Framework only the pages whose drawn fragments or title
// changed since the last build of the same output; the others are taken from that output (tools/build-reuse.ts). A
// patch to Framework (patches/) asks this module, page by page, and for the search index entries of the pages it skips.
import {createHash} from "node:crypto";
import {existsSync, readFileSync, statSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import type {RenderedPages} from "./static-fragments.js";

/** Set by tools/build-incremental.ts: the folder that keeps what the last build of this output made. */
export const REUSE_ENV = "TPS_REPORT_REUSE";
/** Set with it: the output folder of that last build. */
export const REUSE_OUTPUT_ENV = "TPS_REPORT_REUSE_OUTPUT";

/** What a finished build leaves for the next (site.json): the built pages' digests, and their files as written. */
export interface SiteRecord {
  global: string;
  /** `refs`: the hashed files' paths the page names (_file/…, _observablehq/…), so that a kept page that names no
   * renamed file is linked unread. */
  pages: Record<string, {hash: string; size: number; mtimeMs: number; refs?: string[]}>;
  /** Digests of the shells run pages are written into, by language (run-details.ts). */
  shells: Record<string, string>;
  /** The set pages written from the first (set-pages.ts): the digest of what they were written from, and of each
   * one's fragments. */
  sets?: SetPagesRecord;
}

export interface SetPagesRecord {
  template: string;
  /** Each page's fragments' digest, and its file as written (absent until the build is in place). */
  pages: Record<string, {digest: string; size?: number; mtimeMs?: number}>;
}

/** A Framework page's search index entry as its search patch hands it over, its fields' text as the index counts it
 * (each field's number of distinct words, then each term and how often it occurs, in order of first occurrence);
 * null where the page is not indexed. */
export type SearchEntry = {id: string; title?: string | null; fields: [string, number, [string, number][]][]} | null;

export const RECORD = "site.json";
export const SEARCH = "search.jsonl";
export const NEXT_PAGES = "next-pages.jsonl";
export const NEXT_SEARCH = "next-search.jsonl";
export const NEXT_GLOBAL = "next-global.txt";

/** The file Framework writes a page path to ("/index" is index.html). */
export const pageFile = (path: string) => `${path}.html`;

export function readRecord(dir: string): SiteRecord | null {
  const file = join(dir, RECORD);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as SiteRecord) : null;
}

/** Lines of [path, …] JSON, by path. */
export function readLines<T>(file: string): Map<string, T> {
  const lines = new Map<string, T>();
  if (!existsSync(file)) return lines;
  for (const line of readFileSync(file, "utf8").split("\n"))
    if (line) {
      const [path, value] = JSON.parse(line) as [string, T];
      lines.set(path, value);
    }
  return lines;
}

export interface PageReuse {
  /** Whether Framework may skip the page: the last build's file stands for it. */
  page(path: string): boolean;
  /** The skipped page's search index entry, as the last build indexed it; undefined where it must be indexed. */
  searchEntry(path: string): SearchEntry | undefined;
  searched(path: string, entry: SearchEntry): void;
}

/**
 * Answers Framework's patch for this build. `global` digests what every page shows beside its fragments (the code,
 * the plan, the set count); `always` names pages built whatever changed (those the build writes others from).
 */
export function installPageReuse(options: {
  dir: string;
  output: string;
  global: string;
  pages: RenderedPages;
  title: (path: string) => string | null;
  always: (path: string) => boolean;
}): void {
  const {dir, output, global, pages, title, always} = options;
  const record = readRecord(dir);
  const last = record?.global === global ? record.pages : {};
  const lastSearch = readLines<SearchEntry>(join(dir, SEARCH));
  const reused = new Set<string>();
  const nextPages: string[] = [];
  const nextSearch: string[] = [];
  const kept = (path: string, hash: string): boolean => {
    const was = last[path];
    if (!was || was.hash !== hash) return false;
    try {
      // The file must still be the one that build wrote.
      const stat = statSync(join(output, pageFile(path)));
      return stat.size === was.size && stat.mtimeMs === was.mtimeMs;
    } catch {
      return false;
    }
  };
  const reuse: PageReuse = {
    page(path) {
      // Files and modules have an extension, pages none; asking the renderer for a file would wait until it finished.
      if (/\.[^/]*$/.test(path) || always(path)) return false;
      const digest = pages.digest(path.replace(/\/index$/, "/"));
      if (digest === undefined) return false;
      const hash = createHash("sha256")
        .update(`${digest}\0${title(path) ?? ""}`)
        .digest("hex");
      const skip = kept(path, hash);
      if (skip) {
        reused.add(path);
        pages.forget?.(path.replace(/\/index$/, "/"));
      }
      nextPages.push(JSON.stringify([path, hash, skip]));
      return skip;
    },
    searchEntry(path) {
      if (!reused.has(path)) return undefined;
      const entry = lastSearch.get(path);
      if (entry !== undefined) reuse.searched(path, entry);
      return entry;
    },
    searched(path, entry) {
      nextSearch.push(JSON.stringify([path, entry]));
    }
  };
  (globalThis as Record<symbol, unknown>)[Symbol.for("tps-report.page-reuse")] = reuse;
  // Framework's build ends by returning; the build tool takes these up only when the whole build succeeded.
  process.on("exit", () => {
    writeFileSync(join(dir, NEXT_PAGES), nextPages.map((line) => `${line}\n`).join(""));
    writeFileSync(join(dir, NEXT_SEARCH), nextSearch.map((line) => `${line}\n`).join(""));
    writeFileSync(join(dir, NEXT_GLOBAL), global);
  });
}
