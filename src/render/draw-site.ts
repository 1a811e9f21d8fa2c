// Draws every page of a study once: each page's fragments go into the page store (a file named by their digest), and
// the list of pages (site.json) says which file each page reads, its Markdown source, its title and its search text.
import {readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import type {StudyData} from "../../loaders/analysis/report.js";
import {runPageLayout} from "../../loaders/pages/run-pages.js";
import {listRunDirs} from "../../loaders/runs/read-runs.js";
import * as runSets from "../components/runSets.js";
import type {Memo} from "./memo.js";
import {siteFragments, StoredPage, type PageDrawer} from "./page-fragments.js";
import {pageText} from "./page-text.js";
import type {DrawnPage, DrawnSite, PageStore} from "./store.js";

const SOURCES = resolve(import.meta.dirname, "..");

/** Pages the sidebar lists (every page but the run sets' and the runs'), which the search index holds. */
export function listedSource(source: string): boolean {
  return !/(^|\/)runs\/(\[run\]|set\/|detail\/)/.test(source);
}

export interface DrawOptions {
  mode: DrawnSite["mode"];
  output?: string;
  base?: string;
  siteIndex?: boolean;
  /** What an earlier build drew (an incremental build, dev); null draws every page. */
  memo: Memo | null;
}

export async function drawSite(
  study: StudyData,
  dir: string,
  store: PageStore,
  options: DrawOptions
): Promise<DrawnSite> {
  const {memo} = options;
  const sources = new Map<string, string>();
  const source = (name: string) => {
    let text = sources.get(name);
    if (text === undefined) sources.set(name, (text = readFileSync(join(SOURCES, name), "utf8")));
    return text;
  };
  const keep: PageDrawer = async (path, info, make) => {
    const key = memo?.key(path, info) ?? null;
    const kept = memo?.get(key);
    if (kept) {
      info.title = kept.title;
      return new StoredPage(kept.digest, kept.text);
    }
    const fragments = await make();
    drawnNow++;
    const digest = store.putFragments(fragments);
    const text = listedSource(info.source)
      ? store.putText(pageText(source(info.source), fragments, info.title))
      : undefined;
    memo?.set(key, {digest, title: info.title, ...(text ? {text} : {})});
    return new StoredPage(digest, text);
  };
  const pages: DrawnPage[] = [];
  let drawnNow = 0;
  await siteFragments(
    study,
    dir,
    (path, drawn, info) => {
      const {digest, text} = drawn as StoredPage;
      pages.push({
        path,
        source: info.source,
        title: info.title,
        ...(info.name ? {name: info.name} : {}),
        ...(info.heading ? {heading: info.heading} : {}),
        digest,
        ...(text ? {text} : {})
      });
    },
    keep
  );
  if (memo)
    process.stderr.write(
      `render: ${pages.length} pages, ${drawnNow} drawn, ${pages.length - drawnNow} as drawn before\n`
    );
  return {
    study: dir,
    title: study.report.study.title,
    sets: runPageLayout(listRunDirs(join(dir, "runs")), runSets).sets,
    mode: options.mode,
    ...(options.output ? {output: options.output} : {}),
    ...(options.base ? {base: options.base} : {}),
    ...(options.siteIndex ? {siteIndex: true} : {}),
    pages
  };
}
