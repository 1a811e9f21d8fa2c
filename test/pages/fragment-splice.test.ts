import {mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, describe, expect, it} from "vitest";
import {
  builtFile,
  fragmentMarker,
  spliceable,
  spliceBuiltPages,
  splicePage,
  withHeaderAnchors
} from "../../src/render/fragment-splice.js";
import {pageLine} from "../../src/render/page-line.js";
import {SerializedFragments} from "../../src/render/page-memo.js";

const table = `<table><thead><tr><th>candidate</th></tr></thead><tbody>${"<tr><td>vllm &amp; co</td></tr>".repeat(30)}</tbody></table>`;

describe("which drawn blocks bypass Framework", () => {
  it("takes a large table or chart", () => {
    expect(spliceable(table)).toBe(true);
  });
  it("leaves small blocks to Framework", () => {
    expect(spliceable("<p>a verdict</p>")).toBe(false);
  });
  it("leaves blocks with files Framework copies and hashes, or code it highlights", () => {
    const pad = "<p>x</p>".repeat(100);
    expect(spliceable(`${pad}<a download href="./data/runs.csv">runs.csv</a>`)).toBe(false);
    expect(spliceable(`${pad}<img src="./chart.png">`)).toBe(false);
    expect(spliceable(`${pad}<pre><code class="language-json">{}</code></pre>`)).toBe(false);
    expect(spliceable(`${pad}<a href="./runs/set/3#r1">r1</a>`)).toBe(true);
  });
});

describe("the marker Framework is handed", () => {
  it("holds the block's text as Framework's search index takes it: one line, without styles and tags", () => {
    const html = `<div><style>.a{}</style><h2 id="x">Scenario &lt;short&gt;</h2>\n<p>12.5 tok/s</p></div>`;
    expect(fragmentMarker("step-table", {html: html})).toBe(
      `<tps-fragment data-name="step-table">   Scenario &lt;short&gt;   12.5 tok/s  <i id="x"></i></tps-fragment>`
    );
  });
});

describe("the marker's links and anchors, for Framework's link check", () => {
  it("holds each link and each id of the block, empty", () => {
    const html = `<table id="runs"><tr id="r1"><td><a class="run" href="./runs/set/3#r1">r1</a></td></tr></table>`;
    expect(fragmentMarker("t", {html: html})).toBe(
      `<tps-fragment data-name="t">    r1    <a class="run" href="./runs/set/3#r1"></a><i id="runs"></i><i id="r1"></i></tps-fragment>`
    );
  });
  it("is replaced whole by its block", () => {
    const html = `<p id="a"><a href="#a">a</a></p>`;
    expect(splicePage(`<main>${fragmentMarker("t", {html: html})}</main>`, {t: {html}}, "x.html")).toBe(
      `<main>${html}</main>`
    );
  });
});

describe("putting the blocks back", () => {
  it("links each heading with an id to itself, as Framework does", () => {
    expect(withHeaderAnchors(`<h2 class="s" id="scenario-long">Long <em>prompts</em></h2><h5 id="z">z</h5>`)).toBe(
      `<h2 class="s" id="scenario-long"><a class="observablehq-header-anchor" href="#scenario-long">Long <em>prompts</em></a></h2><h5 id="z">z</h5>`
    );
  });
  it("replaces every marker by its block, the same block where a page uses it twice", () => {
    const page = `<main>${fragmentMarker("a", {html: table})}<p>prose</p><tps-fragment data-name="a">text</tps-fragment></main>`;
    expect(splicePage(page, {a: {html: table}}, "steps/x.html")).toBe(`<main>${table}<p>prose</p>${table}</main>`);
  });
  it("names the page and the marker when the block is missing", () => {
    expect(() => splicePage(`<tps-fragment data-name="gone">t</tps-fragment>`, {}, "dist/steps/x.html")).toThrow(
      `dist/steps/x.html: no drawn block for the marker "gone"`
    );
  });
  it("maps page paths to built files", () => {
    expect(builtFile("dist", "/")).toBe("dist/index.html");
    expect(builtFile("dist", "/tr/runs/")).toBe("dist/tr/runs/index.html");
    expect(builtFile("dist", "/steps/quantization")).toBe("dist/steps/quantization.html");
  });
});

describe("splicing a built site", () => {
  let dir = "";
  afterEach(() => rmSync(dir, {recursive: true, force: true}));

  it("puts the renderer's blocks into the pages that hold markers and leaves the others alone", () => {
    dir = mkdtempSync(join(tmpdir(), "splice-"));
    const output = join(dir, "dist");
    mkdirSync(join(output, "steps"), {recursive: true});
    writeFileSync(join(output, "index.html"), `<main>${fragmentMarker("t", {html: table})}</main>`);
    writeFileSync(join(output, "steps/a.html"), `<main><p>no markers</p></main>`);
    const pages = join(dir, "pages.jsonl");
    writeFileSync(
      pages,
      [JSON.stringify(["/", {t: {html: table}}]), JSON.stringify(["/steps/a", {t: {html: table}}]), ""].join("\n")
    );
    expect(spliceBuiltPages(pages, output)).toBe(1);
    expect(readFileSync(join(output, "index.html"), "utf8")).toBe(`<main>${table}</main>`);
    expect(readFileSync(join(output, "steps/a.html"), "utf8")).toBe(`<main><p>no markers</p></main>`);
  });

  it("reads a page an incremental build's memo held from the memo, not from the line", () => {
    dir = mkdtempSync(join(tmpdir(), "splice-"));
    const output = join(dir, "dist");
    mkdirSync(join(output, "steps"), {recursive: true});
    writeFileSync(join(output, "steps/a.html"), `<main>${fragmentMarker("t", {html: table})}</main>`);
    const memo = join(dir, "memo");
    const key = "c".repeat(64);
    mkdirSync(memo);
    writeFileSync(join(memo, `${key}.json`), JSON.stringify({t: {html: table}}));
    const pages = join(dir, "pages.jsonl");
    writeFileSync(pages, `${pageLine("/steps/a", new SerializedFragments(null, key))}\n`);
    expect(spliceBuiltPages(pages, output, new Set(), memo)).toBe(1);
    expect(readFileSync(join(output, "steps/a.html"), "utf8")).toBe(`<main>${table}</main>`);
  });
});
