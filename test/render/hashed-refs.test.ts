// A kept page is linked unread when the hashed files it names were not renamed: what it names must be read whole from
// the page, in each form Framework writes a name (a link, a module import, a stylesheet url), however the path starts.
import {describe, expect, it} from "vitest";
import {hashedRefs} from "../../tools/build-reuse.js";

describe("the hashed files a page names", () => {
  it("are found in links, imports and urls, each once", () => {
    const page = [
      `<link rel="modulepreload" href="./_observablehq/client.d10d8454.js">`,
      `<a download href="../_file/data/runs.615cd127.csv">runs.csv</a>`,
      `<script type="module">import("../_import/components/sloExplorer.e8304f79.js")</script>`,
      `<style>.x{background:url(./_file/img/a.1234abcd.png)}</style>`,
      `<a href='../_file/data/runs.615cd127.csv'>again</a>`
    ].join("\n");
    const refs = hashedRefs(page);
    for (const name of [
      "_observablehq/client.d10d8454.js",
      "_file/data/runs.615cd127.csv",
      "_import/components/sloExplorer.e8304f79.js",
      "_file/img/a.1234abcd.png"
    ])
      expect(refs.some((ref) => ref.includes(name))).toBe(true);
    expect(refs.filter((ref) => ref === "_file/data/runs.615cd127.csv")).toHaveLength(1);
  });

  it("are none in a page that names no hashed file", () => {
    expect(hashedRefs("<h1>Runs</h1><p>17,000 runs in _files and file/_x</p>")).toEqual([]);
  });
});
