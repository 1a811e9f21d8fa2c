// Framework's search index took 7.8 s of the 1000× build, most of it MiniSearch counting each of 8.5 million words one
// by one. patches/@observablehq+framework+*.patch counts each page's words once (indexedDocument) and adds the counts
// (addIndexed), which an incremental build keeps for the pages it does not build again. The index must be the one
// MiniSearch's own add makes, byte for byte.
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import MiniSearch from "minisearch";
import {describe, expect, it} from "vitest";
import {addIndexed, indexedDocument} from "@observablehq/framework/dist/search.js";

// Framework's options (dist/search.js), which the client reads back with the index.
const OPTIONS = {
  fields: ["title", "text", "keywords"],
  storeFields: ["title"],
  processTerm: (term: string) => ((term.match(/\p{N}/gu)?.length ?? 0) > 6 ? null : term.slice(0, 15).toLowerCase())
};

/** Real text: the report's pages in both languages and the README, with figures, ids and Turkish letters. */
function documents(): {id: string; title: string | null; text: string; keywords: string}[] {
  const files = ["README.md", "BENCHMARKS.md"];
  for (const dir of ["src", "src/tr", "src/steps", "src/tr/steps"])
    for (const name of readdirSync(dir)) if (name.endsWith(".md")) files.push(join(dir, name));
  return files.map((file, i) => ({
    id: `/${file}`,
    title: i % 3 === 0 ? null : file,
    text: readFileSync(file, "utf8")
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, ""),
    keywords: i % 2 ? "" : "study step run"
  }));
}

const json = (index: MiniSearch) =>
  JSON.stringify({options: {fields: OPTIONS.fields, storeFields: OPTIONS.storeFields}, ...index.toJSON()});

describe("Framework's search index from counted words", () => {
  it("is applied", () => {
    expect(readFileSync("node_modules/@observablehq/framework/dist/search.js", "utf8")).toMatch(/addIndexed/);
  });

  it("equals MiniSearch's own index of the same pages, in the same order", () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(15);
    const own = new MiniSearch(OPTIONS);
    for (const doc of docs) own.add(doc);
    const counted = new MiniSearch(OPTIONS);
    // Through JSON, as an incremental build keeps the counts between builds.
    for (const doc of docs) addIndexed(counted, JSON.parse(JSON.stringify(indexedDocument(doc))));
    expect(json(counted)).toBe(json(own));
    expect(counted.search("throughput").length).toBeGreaterThan(0);
  });

  it("refuses a page twice, as MiniSearch does", () => {
    const index = new MiniSearch(OPTIONS);
    const doc = indexedDocument({id: "/a", title: "A", text: "one two", keywords: ""});
    addIndexed(index, doc);
    expect(() => addIndexed(index, doc)).toThrow(/duplicate ID \/a/);
  });
});
