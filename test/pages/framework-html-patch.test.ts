// Framework made a new JSDOM window for each piece of HTML it read (each page's head, header, body and footer, several
// times each), and made them its main cost. patches/@observablehq+framework+*.patch parses into one window it keeps.
// Each function must still give what a fresh window gives, whatever the piece of HTML before it held.
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {findAssets, parseHtml, rewriteHtml, rewriteHtmlPaths} from "@observablehq/framework/dist/html.js";

/** Framework's parse before the patch, which it still exports: a window of its own for each piece. */
function freshBody(html: string): HTMLElement {
  return parseHtml(html).document.body;
}

const PIECES = [
  `<link rel="icon" href="data:,"><meta name="x" content="3"><style>.a{fill:red}</style>`,
  `<a href="./steps/one">One</a> <a href="../tr/">TR</a><img src="./_file/a.png" srcset="./_file/a.png 1x">`,
  `\n<pre>\nkept</pre><table><tr><td>cell</td></tr></table>text &amp; more &lt;x&gt;`,
  `<template><p>inside</p></template><!-- a comment --><p>a<p>b`,
  `<div>before</body></html><p>after the body's end</p>`,
  `<head><title>t</title></head><h2 id="x">Heading</h2><script type="module" src="./a.js"></script>`,
  `<svg viewBox="0 0 10 10"><title>tip</title><path d="M0 0"/></svg><tps-fragment data-name="f"><a href="#x"></a></tps-fragment>`
];

describe("Framework's HTML parsing in one kept window", () => {
  it("is applied", () => {
    expect(readFileSync("node_modules/@observablehq/framework/dist/html.js", "utf8")).toMatch(/parseScratchHtml/);
  });

  it("gives the HTML a fresh window gives, whatever the piece before it held", () => {
    // Pieces with no path to rewrite: what comes back is the parse itself.
    const plain = PIECES.filter((piece) => !/\s(href|src|srcset)=/.test(piece));
    expect(plain.length).toBe(3);
    for (const previous of PIECES)
      for (const piece of plain) {
        rewriteHtmlPaths(previous, "/steps/a");
        expect(rewriteHtmlPaths(piece, "/steps/a")).toBe(freshBody(piece).innerHTML);
      }
  });

  it("finds the same assets and anchors, and rewrites the same HTML, after any earlier piece", () => {
    const resolvers = {
      resolveFile: (s: string) => `F(${s})`,
      resolveImport: (s: string) => `I(${s})`,
      resolveLink: (s: string) => `L(${s})`
    };
    for (const piece of PIECES) {
      const alone = {assets: findAssets(piece, "/steps/a"), html: rewriteHtml(piece, resolvers)};
      for (const previous of PIECES) {
        findAssets(previous, "/index");
        rewriteHtml(previous, resolvers);
        expect(findAssets(piece, "/steps/a")).toEqual(alone.assets);
        expect(rewriteHtml(piece, resolvers)).toBe(alone.html);
      }
    }
  });
});
