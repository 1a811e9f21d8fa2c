// A page's text for the search index: the words Framework's index would read of the page, each once. At 1000× the
// seed the drawn pages held 39 MB of text, mostly numbers of long tables over again, and indexing it took 5.3 s of
// every build; the words alone are 2.5 MB. A page is found by a word whenever it holds it, as before.
import {describe, expect, it} from "vitest";
import {pageText} from "../../src/render/page-text.js";

describe("a page's search text", () => {
  const source = "---\ntitle: Steps\n---\n\n# {{title}}\n\nThe runs, by prefix caching:\n\n{{table}}\n";
  const table = {
    html: "<table><tr><td>Prefix caching</td><td>1144.68</td></tr><tr><td>prefix caching</td><td>1144.68</td></tr></table>"
  };

  it("holds each word once, in the order the page first says it, as its first use spells it", () => {
    expect(pageText(source, {table}, "Prefix caching")).toBe("Prefix caching The runs by 1144 68");
  });

  it("reads a word as the index does: accents out, and its case aside", () => {
    expect(pageText("# Ölçü\n\nolcu ölçü {{x}}\n", {x: {text: "Olcu"}}, null)).toBe("Olcu");
  });
});
