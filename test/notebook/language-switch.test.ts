// Issue 43, item 3: a page in one language. The header's switch links the twin when it exists, and otherwise says
// that the other language has no such page instead of linking a 404 (a broken link Framework warns of).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join, resolve} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {languageSwitch} from "../../src/build/header.js";
import {pageSourceExists, userPages} from "../../loaders/pages/page-source.js";

const ROOT = resolve(import.meta.dirname, "../..");
const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, {recursive: true, force: true})));

function source(files: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "tps-pages-"));
  made.push(dir);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), {recursive: true});
    writeFileSync(join(dir, file), "# page\n");
  }
  return dir;
}

describe("whether a page has a source", () => {
  it("finds Markdown pages, page loaders, index pages and parameterized routes", () => {
    const root = source([
      "index.md",
      "explore.md",
      "best.md.ts",
      "runs/index.md",
      "runs/[run].md",
      "steps/[step].md",
      "tr/index.md",
      "tr/steps/[step].md"
    ]);
    const exists = (path: string) => pageSourceExists(root, path);
    expect(
      ["/", "/explore", "/best", "/runs/", "/runs/a--b--c", "/steps/x", "/tr/", "/tr/steps/x"].map(exists)
    ).toEqual([true, true, true, true, true, true, true, true]);
    expect(["/tr/explore", "/tr/best", "/tr/runs/", "/tr/runs/a", "/nope", "/runs/a/b"].map(exists)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false
    ]);
  });

  it("holds for every page of the repository's site and its twin", () => {
    const exists = (path: string) => pageSourceExists(join(ROOT, "src"), path);
    const paths = ["/", "/setup", "/summary", "/steps/quantization", "/runs/", "/runs/x--y--z", "/runs/set/2"];
    for (const path of [...paths, "/runs/detail/x--y--z", "/headroom", "/explore"]) {
      expect(exists(path), path).toBe(true);
      expect(exists(path === "/" ? "/tr/" : `/tr${path}`), path).toBe(true);
    }
  });
});

describe("the language switch", () => {
  it("links the twin where there is one", () => {
    expect(languageSwitch({path: "/explore"}, () => true)).toContain('<a href="/tr/explore" hreflang="tr"');
    expect(languageSwitch({path: "/tr/steps/x"}, () => true)).toContain('<a href="/steps/x" hreflang="en"');
  });

  it("says there is no such page in the other language, with no link, where there is none", () => {
    const english = languageSwitch({path: "/my-question"}, (path) => path !== "/tr/my-question");
    expect(english).not.toContain("<a ");
    expect(english).toContain('lang="tr"');
    expect(english).toContain("Bu sayfanın Türkçesi yok");
    const turkish = languageSwitch({path: "/tr/sorum"}, (path) => path !== "/sorum");
    expect(turkish).not.toContain("<a ");
    expect(turkish).toContain("This page has no English version");
  });
});

describe("a user's pages", () => {
  it("are the pages the drawn sidebar does not list, titled by their front matter or first heading", () => {
    const root = source(["index.md", "setup.md", "tr/index.md", "tr/setup.md", "404.md", "steps/[step].md"]);
    writeFileSync(join(root, "explore.md"), "---\ntitle: Explore the data\nnotebook: true\n---\n\n# Explore\n");
    writeFileSync(join(root, "my-question.md"), "# Is FP8 worth it?\n\nText.\n");
    mkdirSync(join(root, "notebooks"));
    writeFileSync(join(root, "notebooks", "ttft.md"), "No heading here.\n");
    writeFileSync(join(root, "best.md.ts"), "process.stdout.write('# Best')\n");
    writeFileSync(join(root, "tr", "sorum.md"), "---\ntitle: 'Sorum'\n---\n");
    const listed = new Set(["/setup", "/tr/setup"]);
    expect(userPages(root, "en", listed)).toEqual([
      {name: "best", path: "/best"},
      {name: "Explore the data", path: "/explore"},
      {name: "Is FP8 worth it?", path: "/my-question"},
      {name: "ttft", path: "/notebooks/ttft"}
    ]);
    expect(userPages(root, "tr", listed)).toEqual([{name: "Sorum", path: "/tr/sorum"}]);
  });

  it("in the repository: the data dictionary, and the example notebook in each language", () => {
    const drawn = ["/setup", "/summary", "/notes", "/quality", "/headroom", "/tune", "/runs/"];
    const listed = new Set([...drawn, ...drawn.map((p) => `/tr${p}`)]);
    expect(userPages(join(ROOT, "src"), "en", listed)).toEqual([
      {name: "Data dictionary", path: "/dictionary"},
      {name: "Explore the data", path: "/explore"}
    ]);
    expect(userPages(join(ROOT, "src"), "tr", listed)).toEqual([{name: "Verileri keşfedin", path: "/tr/explore"}]);
  });
});
