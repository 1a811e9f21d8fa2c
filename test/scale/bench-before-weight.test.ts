// The bench weighs the version before by its own heaviest page of each kind: that version may name its pages otherwise.
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {dirname, join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {groupPages} from "../../bench/page-weight.js";
import {transferSection, type SizeResult} from "../../bench/report-markdown.js";

const dist = mkdtempSync(join(tmpdir(), "tps-before-weight-"));
afterAll(() => rmSync(dist, {recursive: true, force: true}));

function page(path: string, bytes: number): void {
  mkdirSync(dirname(join(dist, path)), {recursive: true});
  writeFileSync(join(dist, path), `<html>${"x".repeat(bytes)}</html>`);
}

describe("the version before, weighed page kind by page kind", () => {
  it("groups a before's own pages by kind, so only pages it has are opened", () => {
    page("index.html", 10);
    page("steps/b.html", 4000);
    page("steps/c.html", 10);
    page("runs/set/1.html", 50);
    const groups = groupPages(dist);
    expect(groups.map((g) => [g.kind, g.count, g.heaviest.page])).toEqual([
      ["/", 1, "/"],
      ["/runs/set/<set>", 1, "/runs/set/1"],
      ["/steps/<step>", 2, "/steps/b"]
    ]);
  });

  it("sets a before's heaviest page beside today's of the same kind, and a kind it lacks reads —", () => {
    const weight = (p: string) => ({
      page: p,
      html: {raw: 0, gzip: 0},
      js: {raw: 0, gzip: 0},
      css: {raw: 0, gzip: 0},
      data: {raw: 0, gzip: 0},
      total: {raw: 0, gzip: 0}
    });
    const size = {
      scale: 1000,
      pages: [
        {kind: "/", count: 2, heaviest: weight("/tr/")},
        {kind: "/runs/<run>", count: 4, heaviest: weight("/tr/runs/detail/r1")},
        {kind: "/steps/<step>", count: 4, heaviest: weight("/tr/steps/a")}
      ],
      transfer: [
        {page: "/tr/", bytes: 37 * 1024, requests: 5, interactive: false},
        {page: "/tr/runs/detail/r1", bytes: 29 * 1024, requests: 5, interactive: false},
        {page: "/tr/steps/a", bytes: 125 * 1024, requests: 9, interactive: false}
      ],
      before: {
        cold: null,
        version: "728b4dc",
        transfer: [
          {page: "/", bytes: 371 * 1024, requests: 75, interactive: false},
          {page: "/steps/b", bytes: 420 * 1024, requests: 80, interactive: false}
        ]
      }
    } as unknown as SizeResult;
    const rows = transferSection([size]).filter((l) => l.startsWith("| /"));
    expect(rows).toEqual([
      "| / | /tr/ (before: /) | 371 | 37 | 75 → 5 | 100 | ✓ |",
      "| /runs/<run> | /tr/runs/detail/r1 | — | 29 | — → 5 | 150 | ✓ |",
      "| /steps/<step> | /tr/steps/a (before: /steps/b) | 420 | 125 | 80 → 9 | 150 | ✓ |"
    ]);
  });
});
