// The stamp writes a page from its source's built page. Each part it replaces must be where and as Framework writes it:
// a layout it does not know stops the build, naming the page and the part (each was a silent failure before: the page
// kept the template's title, switch, sidebar or pager, or its run pages kept the whole sidebar).
import {describe, expect, it} from "vitest";
import {
  FrameworkContractError,
  shellHeading,
  shellOpening,
  shellPager,
  shellSearchBox,
  shellTitle,
  sidebarEntry
} from "../../src/build/framework.js";
import {languageSwitch} from "../../src/build/header.js";
import {marker} from "../../src/build/placeholders.js";
import {stampPage, stampSite} from "../../src/build/stamp.js";
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {pageFile} from "../../src/build/framework.js";
import {drawnSite} from "../support/drawn-site.js";

const pages = [
  {path: "/setup", source: "setup.md"},
  {path: "/steps/a", source: "steps/[step].md", title: "1. Alpha", name: "Alpha", fragments: {intro: {text: "A & B"}}},
  {
    path: "/steps/b",
    source: "steps/[step].md",
    title: "2. Beta",
    name: "Beta",
    fragments: {intro: {html: '<h3 id="x">X</h3>'}}
  },
  {path: "/summary", source: "summary.md"}
];
const view = drawnSite(pages);
const [, a, b] = view.site!.pages;

// The first step's page as Framework builds it: the parts the stamp replaces, around the marker.
const built = [
  shellOpening(null) + shellTitle("1. Alpha", "tps-report"),
  languageSwitch({path: "/steps/a"}, () => true, "../tr/steps/a"),
  `${sidebarEntry("/steps/a", "/steps/a", true)}Alpha</a></li>`,
  `${sidebarEntry("/steps/a", "/steps/b", false)}Beta</a></li>`,
  shellHeading("title", "1. Alpha"),
  `<p>${marker("intro")}</p>`,
  `${shellPager("/steps/a", {name: "Goal and setup", path: "/setup"}, {name: "Summary of optimization options", path: "/summary"})}`
].join("\n");

describe("a page written from its source's first page", () => {
  it("gets its own title, h1, language switch, sidebar entry, pager and fragments", () => {
    const html = stampPage(built, a, b, {intro: {html: `<h3 id="x">X</h3>`}}, view, "steps/b.html");
    expect(html).toBe(
      [
        shellOpening("en") + shellTitle("2. Beta", "tps-report"),
        languageSwitch({path: "/steps/b"}, () => true, "../tr/steps/b"),
        `${sidebarEntry("/steps/a", "/steps/a", false)}Alpha</a></li>`,
        `${sidebarEntry("/steps/a", "/steps/b", true)}Beta</a></li>`,
        shellHeading("title", "2. Beta"),
        `<p><h3 id="x"><a class="observablehq-header-anchor" href="#x">X</a></h3></p>`,
        shellPager(
          "/steps/b",
          {name: "Alpha", path: "/steps/a"},
          {name: "Summary of optimization options", path: "/summary"}
        )
      ].join("\n")
    );
  });

  it("the first page itself gets the pager of the whole sidebar, and its text escaped as Framework writes text", () => {
    const html = stampPage(built, a, a, {intro: {text: "A & <B>"}}, view, "steps/a.html");
    expect(html).toContain("<p>A &amp; &lt;B&gt;</p>");
    expect(html).toContain(
      shellPager("/steps/a", {name: "Goal and setup", path: "/setup"}, {name: "Beta", path: "/steps/b"})
    );
  });

  it("names the page and the fragment a marker has none for", () => {
    expect(() => stampPage(built, a, b, {}, view, "dist/steps/b.html")).toThrow(
      'dist/steps/b.html: no fragment "intro" for /steps/b'
    );
  });

  const broken: [string, string, string][] = [
    ["html tag", "<html>", '<html lang="en">'],
    ["title", "<title>1. Alpha | tps-report</title>", "<title>1. Alpha – tps-report</title>"],
    ["h1", 'class="observablehq-header-anchor"', 'class="header-anchor"'],
    ["language switch", 'href="../tr/steps/a"', 'href="/tr/steps/a"'],
    ["active sidebar entry", "observablehq-link observablehq-link-active", "observablehq-link observablehq-active"],
    ["pager", '<a rel="prev"', '<a rel="previous"'],
    ["pager", '<footer id="observablehq-footer">\n<nav>', '<footer id="observablehq-footer"><nav>']
  ];
  for (const [part, from, to] of broken)
    it(`stops at a ${part} laid out otherwise (${JSON.stringify(to).slice(0, 40)})`, () => {
      expect(built).toContain(from);
      const changed = built.replace(from, to);
      expect(() => stampPage(changed, a, b, {intro: {text: "x"}}, view, "dist/steps/b.html")).toThrow(
        FrameworkContractError
      );
      expect(() => stampPage(changed, a, b, {intro: {text: "x"}}, view, "dist/steps/b.html")).toThrow(
        new RegExp(`^dist/steps/b\\.html: no ${part} as Framework 1\\.13\\.4 writes it`)
      );
    });
});

describe("a block whose download links Framework resolved beside its marker", () => {
  const setup = view.site!.pages[0];
  const block = `<p>Every run is in <a download="" href="./data/runs.csv">runs.csv</a>; <a href="./runs/set/3#r1">r1</a>.</p>`;
  const resolved = `<a download="" href="./_file/data/runs.1a2b3c4d.csv"></a>`;
  const page = (links: string) =>
    `${shellOpening(null)}<main>${marker("commands")}<tps-downloads data-name="commands">${links}</tps-downloads></main>`;

  it("gets each link as Framework wrote it, the rest of the block as drawn, and no trace of the links beside it", () => {
    expect(stampPage(page(resolved), setup, setup, {commands: {html: block}}, view, "dist/setup.html")).toBe(
      `${shellOpening("en")}<main><p>Every run is in <a download="" href="./_file/data/runs.1a2b3c4d.csv">runs.csv</a>; <a href="./runs/set/3#r1">r1</a>.</p></main>`
    );
  });

  it("stops the build when Framework resolved another number of links than the block has", () => {
    for (const links of ["", resolved + resolved])
      expect(() => stampPage(page(links), setup, setup, {commands: {html: block}}, view, "dist/setup.html")).toThrow(
        new RegExp(
          `^dist/setup\\.html: the block "commands" has 1 download link\\(s\\), and Framework 1\\.13\\.4 resolved ${links ? 2 : 0}`
        )
      );
    // A block with a download link and a marker but nothing beside it: a page of a template naming a file.
    expect(() =>
      stampPage(
        `${shellOpening(null)}<main>${marker("commands")}</main>`,
        setup,
        setup,
        {commands: {html: block}},
        view,
        "dist/setup.html"
      )
    ).toThrow(FrameworkContractError);
  });
});

describe("a source's built page that still holds a placeholder", () => {
  it("stops the build: Framework was not handed the page's markers (silent before: {{names}} stayed in the pages)", () => {
    const out = mkdtempSync(join(tmpdir(), "tps-stamp-"));
    const site = drawnSite([
      {path: "/notes", source: "notes.md", fragments: {notes: {text: "n"}, caveat: {text: "c"}}}
    ]);
    const file = pageFile(out, "/notes");
    mkdirSync(dirname(file), {recursive: true});
    writeFileSync(file, `${shellOpening(null)}<main><p>{{notes}}</p></main>`);
    expect(() => stampSite(site, out, null)).toThrow(
      `${file}: "{{notes}}</p></main>" left by Framework's build of notes.md`
    );
    writeFileSync(file, `${shellOpening(null)}<main>${marker("notes")}${marker("caveat")}</main>`);
    // Framework's own 404 page, which the stamp gives its language.
    writeFileSync(pageFile(out, "/404"), `${shellOpening(null)}<main>404</main>`);
    expect(stampSite(site, out, null).written).toBe(1);
    expect(readFileSync(pageFile(out, "/404"), "utf8")).toBe(`${shellOpening("en")}<main>404</main>`);
    rmSync(out, {recursive: true, force: true});
  });
});

describe("a Turkish page's search box", () => {
  // Framework writes "Search" in the box on every page; a Turkish page's box read it so.
  const turkish = (box: string) => {
    const out = mkdtempSync(join(tmpdir(), "tps-stamp-"));
    const site = drawnSite([{path: "/tr/notes", source: "tr/notes.md", fragments: {notes: {text: "n"}}}]);
    const file = pageFile(out, "/tr/notes");
    mkdirSync(dirname(file), {recursive: true});
    writeFileSync(file, `${shellOpening(null)}${box}<main>${marker("notes")}</main>`);
    return {out, file, stamp: () => stampSite(site, out, null)};
  };

  it("reads Ara", () => {
    const {out, file, stamp} = turkish(shellSearchBox("Search"));
    expect(stamp().written).toBe(1);
    expect(readFileSync(file, "utf8")).toBe(`${shellOpening("tr")}${shellSearchBox("Ara")}<main>n</main>`);
    rmSync(out, {recursive: true, force: true});
  });

  it("stops the build when Framework writes the box otherwise", () => {
    const {out, file, stamp} = turkish(
      shellSearchBox("Search").replace('placeholder="Search"', 'placeholder="Search…"')
    );
    expect(stamp).toThrow(new RegExp(`^${file}: no search box as Framework 1\\.13\\.4 writes it`));
    rmSync(out, {recursive: true, force: true});
  });
});
