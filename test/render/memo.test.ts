// What an incremental build or dev drew before: a page is drawn again only when its input, its path or the code changed,
// and a memo that cannot be read is said so, never half used.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {Memo, ReuseError} from "../../src/render/memo.js";

const dir = mkdtempSync(join(tmpdir(), "tps-memo-"));
const file = join(dir, "memo.json");
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const info = (input: unknown) => ({source: "steps/[step].md", title: "1. A", input});

describe("the memo", () => {
  it("gives the next build what this one drew, for the same code, path and input", () => {
    const first = new Memo(file, "v1", false);
    const input = {runs: 3};
    first.set(first.key("/steps/a", info(input)), {digest: "d1", title: "1. A"});
    first.save();
    const next = new Memo(file, "v1", true);
    expect(next.get(next.key("/steps/a", info({runs: 3})))).toEqual({digest: "d1", title: "1. A"});
    expect(next.get(next.key("/steps/a", info({runs: 4})))).toBeUndefined();
    expect(next.get(next.key("/tr/steps/a", info({runs: 3})))).toBeUndefined();
    expect(new Memo(file, "v2", true).get(next.key("/steps/a", info({runs: 3})))).toBeUndefined();
  });

  it("keeps only what this build used, and keys a page drawn every time by nothing", () => {
    const memo = new Memo(file, "v1", true);
    expect(memo.key("/", info(null))).toBeNull();
    memo.save();
    expect(new Memo(file, "v1", true).get(memo.key("/steps/a", info({runs: 3})))).toBeUndefined();
  });

  it("says which file cannot be read, and npm run build (which reads none) ignores it", () => {
    writeFileSync(file, "\u0001{not what was written");
    expect(() => new Memo(file, "v1", true)).toThrow(ReuseError);
    expect(() => new Memo(file, "v1", true)).toThrow(`${file} is unreadable`);
    expect(() => new Memo(file, "v1", false)).not.toThrow();
  });
});
