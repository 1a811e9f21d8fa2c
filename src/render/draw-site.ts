// Draws a study's pages once: each page's fragments go into the page store (a file named by their digest), and the list
// of pages says which file each page reads, its Markdown source, its title and its search text. In a study of run sets
// the runs' own pages (most of a large study's pages) are drawn by a second process beside the rest (src/render/main.ts).
import {readFileSync} from "node:fs";
import {join, resolve} from "node:path";
import type {StudyData} from "../../loaders/analysis/report.js";
import type {RunPageLayout} from "../../loaders/pages/run-pages.js";
import type {StudyPlan} from "../../loaders/study/plan.js";
import type {Memo} from "./memo.js";
import {
  runPageFragments,
  siteFragments,
  StoredPage,
  type PageDrawer,
  type PageInfo,
  type SiteParts
} from "./page-fragments.js";
import {frontMatter, pageText} from "./page-text.js";
import type {DrawnPage, DrawnSite, PageStore} from "./store.js";

const SOURCES = resolve(import.meta.dirname, "..");

/** Whether the renderer gives a page's search text: a page the sidebar lists (every page but the run sets' and the
 * runs'), which its source must keep out of Framework's own index (index: false), else the index holds it twice. */
export function hasSearchText(info: Pick<PageInfo, "source" | "listed">): boolean {
  return !/(^|\/)runs\/(\[run\]|set\/|detail\/)/.test(info.source) && info.listed !== false;
}

/** Keeps what is drawn in `store` and lists it; with `memo`, a page whose input is unchanged is taken as drawn before. */
class Drawing {
  readonly pages: DrawnPage[] = [];
  private drawn = 0;
  private readonly sources = new Map<string, string>();
  private readonly indexChecked = new Set<string>();

  constructor(
    private readonly store: PageStore,
    private readonly memo: Memo | null
  ) {}

  readonly keep: PageDrawer = async (path, info, make) => {
    const key = this.memo?.key(path, info) ?? null;
    const kept = this.memo?.get(key);
    if (kept) {
      info.title = kept.title;
      return new StoredPage(kept.digest, kept.text);
    }
    const fragments = await make();
    this.drawn++;
    const digest = this.store.putFragments(fragments);
    const text = hasSearchText(info)
      ? this.store.putText(pageText(this.indexedSource(info.source), fragments, info.title))
      : undefined;
    this.memo?.set(key, {digest, title: info.title, ...(text ? {text} : {})});
    return new StoredPage(digest, text);
  };

  readonly list = (path: string, drawn: unknown, info: Parameters<PageDrawer>[1]): void => {
    const {digest, text} = drawn as StoredPage;
    this.pages.push({
      path,
      source: info.source,
      title: info.title,
      ...(info.name ? {name: info.name} : {}),
      ...(info.heading ? {heading: info.heading} : {}),
      ...(info.listed === false ? {listed: false as const} : {}),
      digest,
      ...(text ? {text} : {})
    });
  };

  /** The source of a page whose search text the renderer gives, which must keep Framework from indexing it too. */
  private indexedSource(name: string): string {
    const text = this.source(name);
    if (!this.indexChecked.has(name) && frontMatter(text).data.index !== false)
      throw new Error(`src/${name}:1: its front matter needs "index: false": the renderer gives its search text`);
    this.indexChecked.add(name);
    return text;
  }

  private source(name: string): string {
    let text = this.sources.get(name);
    if (text === undefined) this.sources.set(name, (text = readFileSync(join(SOURCES, name), "utf8")));
    return text;
  }

  /** What the renderer says of its drawing (bench/dev-refresh.ts reads it). */
  report(what: string): void {
    const {length} = this.pages;
    process.stderr.write(`render: ${length} ${what}, ${this.drawn} drawn, ${length - this.drawn} as drawn before\n`);
  }
}

export interface DrawOptions {
  mode: DrawnSite["mode"];
  output?: string;
  base?: string;
  siteIndex?: boolean;
  /** What an earlier build drew (an incremental build, dev); null draws every page. */
  memo: Memo | null;
  layout: RunPageLayout;
  parts?: SiteParts;
}

/** Every page of the study (in run sets, with `parts`, all runs' own pages, the first, or none). */
export async function drawSite(
  study: StudyData,
  dir: string,
  store: PageStore,
  options: DrawOptions
): Promise<DrawnSite> {
  const drawing = new Drawing(store, options.memo);
  await siteFragments(study, dir, drawing.list, drawing.keep, options.parts);
  drawing.report("pages");
  return {
    study: dir,
    title: study.report.study.title,
    sets: options.layout.sets,
    mode: options.mode,
    ...(options.output ? {output: options.output} : {}),
    ...(options.base ? {base: options.base} : {}),
    ...(options.siteIndex ? {siteIndex: true} : {}),
    pages: drawing.pages
  };
}

/** The runs' own pages of a study in run sets, drawn from the plan and each run's folder alone. */
export async function drawRunPages(
  dir: string,
  plan: StudyPlan,
  layout: RunPageLayout,
  store: PageStore,
  memo: Memo | null
): Promise<DrawnPage[]> {
  const drawing = new Drawing(store, memo);
  await runPageFragments(dir, plan, layout, layout.members.flat(), drawing.list, drawing.keep);
  drawing.report("run pages");
  return drawing.pages;
}
