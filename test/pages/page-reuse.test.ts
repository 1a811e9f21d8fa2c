// Framework's build loop asks the reuse module about every path it builds, files included (the downloads): a file is
// never a kept page, and asking the renderer for it would wait until the renderer has drawn every page.
import {mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, expect, it} from "vitest";
import {installPageReuse, type PageReuse} from "../../src/render/page-reuse.js";

const dir = mkdtempSync(join(tmpdir(), "tps-reuse-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

it("answers no for a file or module without asking the renderer, and asks it for a page", () => {
  const asked: string[] = [];
  installPageReuse({
    dir,
    output: join(dir, "out"),
    global: "g",
    pages: {
      page: () => undefined,
      digest: (path) => {
        asked.push(path);
        return "d";
      }
    },
    title: () => null,
    always: () => false
  });
  const reuse = (globalThis as Record<symbol, unknown>)[Symbol.for("tps-report.page-reuse")] as PageReuse;
  expect(reuse.page("/data/runs.csv")).toBe(false);
  expect(reuse.page("/tr/data/aggregate.parquet")).toBe(false);
  expect(reuse.page("/components/sloExplorer.js")).toBe(false);
  expect(asked).toEqual([]);
  // No record of a last build: a page is built, but it is asked for.
  expect(reuse.page("/steps/quantization")).toBe(false);
  expect(reuse.page("/runs/index")).toBe(false);
  expect(asked).toEqual(["/steps/quantization", "/runs/"]);
});
