// `npm run build` has Framework build the first page of each source, with markers for the drawn blocks, and the stamp
// writes every page from those (src/build/stamp.ts). The pages must be what Framework's own pipeline makes of every page
// (npm run build -- --framework-pages): built both ways, every page compares equal as elements, attributes, resolved
// links and text.
import {readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {join, relative} from "node:path";
import {stripVTControlCharacters} from "node:util";
import {afterAll, describe, expect, it} from "vitest";
import {shellOpening, shellSearchBox} from "../../src/build/framework.js";
import {t, type Lang} from "../../src/components/i18n.js";
import {canonicalPage} from "../support/page-canonical.js";
import {buildSite} from "../site/build.js";
import {brokenLinks} from "../support/site-links.js";
import {RUN_SETS, sharedLadderSite, sharedRunSetsSite, sharedSeedSite, SHARED_BASE} from "../support/shared-build.js";

const ROOT = "test/.tmp/stamp-site";

function pages(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(root, path);
    return name.endsWith(".html") ? [relative(root, path)] : [];
  });
}

const SHARED = {seed: sharedSeedSite, ladder: sharedLadderSite, sets: sharedRunSetsSite};

afterAll(() => rmSync(ROOT, {recursive: true, force: true}));

describe.each([
  ["the seed", "seed", undefined],
  ["a ladder study with the SLO explorer", "ladder", undefined],
  ["the seed in run sets", "sets", RUN_SETS]
])("%s built by the stamp", (_name, kind, env) => {
  it("equals Framework's own build page for page, and leaves no marker", async () => {
    // The stamped builds are the ones the browser tests share (built once per code).
    const shared = await SHARED[kind as keyof typeof SHARED]();
    const study = shared.study;
    const framework = join(ROOT, kind, "framework");
    const {output: spliced, log} = shared;
    const base = kind === "seed" ? SHARED_BASE : undefined;
    const frameworkLog = await buildSite({study, output: framework, command: "framework", env, base});
    const built = pages(framework);
    expect(pages(spliced).sort()).toEqual([...built].sort());
    expect(built.filter((page) => /(^|\/)runs\/detail\//.test(page)).length).toBe(env ? 34 : 0);
    let markers = 0;
    for (const page of built) {
      const stamped = readFileSync(join(spliced, page), "utf8");
      if (stamped.includes("<tps-fragment")) markers++;
      // The parts the stamp adds to what Framework writes: the page's language in its <html> tag, and a Turkish page's
      // search box in Turkish.
      const lang = page.startsWith("tr/") ? "tr" : "en";
      const opening = shellOpening(lang);
      expect(stamped.startsWith(opening), page).toBe(true);
      const box = (lang: Lang) => shellSearchBox(t("searchBox", lang));
      if (lang === "tr") expect(stamped, page).not.toContain(box("en"));
      const html = shellOpening(null) + stamped.slice(opening.length).replace(box(lang), box("en"));
      const ours = canonicalPage(html, page);
      const theirs = canonicalPage(readFileSync(join(framework, page), "utf8"), page);
      // The first line that differs, with the page: thousands of lines compared whole say nothing useful.
      const at = ours.findIndex((line, i) => line !== theirs[i]);
      expect([page, at < 0 ? null : ours[at], at < 0 ? null : theirs[at], ours.length]).toEqual([
        page,
        null,
        null,
        theirs.length
      ]);
    }
    expect(markers).toBe(0);
    // Framework checked the links of what it was handed; every link of every page must reach a page, and a fragment an
    // element of it.
    const check = (text: string) => /\d+ links? validated|broken links?/.exec(stripVTControlCharacters(text))?.[0];
    if (log) expect(check(log)).toMatch(/^\d+ links validated$/);
    expect(check(frameworkLog)).toMatch(/^\d+ links validated$/);
    expect(brokenLinks(spliced, pages(spliced))).toEqual([]);
  }, 600_000);
});
