// A drawn site made by hand for unit tests of the build: its pages' fragments in a page store and its site.json, read
// against the real Markdown sources under src/.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, resolve} from "node:path";
import {afterAll} from "vitest";
import {SiteView} from "../../src/build/site-view.js";
import type {PageFragments} from "../../src/render/fragment.js";
import {PageStore, type DrawnSite} from "../../src/render/store.js";

export interface HandDrawnPage {
  path: string;
  source: string;
  title?: string | null;
  name?: string;
  fragments?: PageFragments;
}

export const SOURCES = resolve(import.meta.dirname, "../../src");

// The drawn sites of a test file go when its tests end.
const made: string[] = [];
afterAll(() => made.splice(0).forEach((dir) => rmSync(dir, {recursive: true, force: true})));

export function drawnSite(pages: HandDrawnPage[], mode: DrawnSite["mode"] = "stamp"): SiteView {
  const state = mkdtempSync(join(tmpdir(), "tps-drawn-"));
  made.push(state);
  const store = new PageStore(state);
  store.writeSite({
    study: "data/studies/qwen3-32b-a100",
    title: {en: "A study", tr: "Bir çalışma"},
    sets: 0,
    mode,
    pages: pages.map((page) => ({
      path: page.path,
      source: page.source,
      title: page.title ?? null,
      ...(page.name ? {name: page.name} : {}),
      digest: store.putFragments(page.fragments ?? {})
    }))
  });
  return new SiteView(state, SOURCES);
}
