// The renderer's memo of drawn pages is shared by renderers that may overlap: `npm run dev` starts a new one on each
// reload while the last may still be drawing. One renderer's prune must not take what another is writing or wrote.
import {existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, expect, it} from "vitest";
import {pageMemo} from "../../src/render/page-memo.js";

let dir = "";
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const draw = (text: string) => async () => ({title: {text}});

it("keeps what a later renderer wrote and a temporary file being written, and removes an old unused page", async () => {
  dir = mkdtempSync(join(tmpdir(), "tps-memo-"));
  const old = join(dir, `${"0".repeat(64)}.json`);
  writeFileSync(old, "{}");
  utimesSync(old, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
  const earlier = pageMemo(dir, "v1", 0);
  const later = pageMemo(dir, "v1", 0);
  await later.page("/steps/a", {runs: 2}, draw("a"));
  const writing = join(dir, `${"1".repeat(64)}.json.4242.tmp`);
  writeFileSync(writing, "{");
  await earlier.page("/steps/b", {runs: 1}, draw("b"));
  earlier.prune();
  expect(existsSync(old)).toBe(false);
  expect(existsSync(writing)).toBe(true);
  expect(readdirSync(dir).filter((name) => name.endsWith(".json"))).toHaveLength(2);
  // The later renderer's page is still there for it, and taken from the memo, not drawn again.
  const again = await later.page("/steps/a", {runs: 2}, async () => {
    throw new Error("drawn again");
  });
  expect(JSON.parse(again.json!)).toEqual({title: {text: "a"}});
});

it("draws a page again if its entry went away after it was seen", async () => {
  dir = mkdtempSync(join(tmpdir(), "tps-memo-"));
  const memo = pageMemo(dir, "v1", 0);
  await memo.page("/", {runs: 1}, draw("home"));
  for (const name of readdirSync(dir)) rmSync(join(dir, name));
  const page = await memo.page("/", {runs: 1}, draw("home again"));
  expect(JSON.parse(page.json!)).toEqual({title: {text: "home again"}});
});

it("a build's memo hands a page it holds over by key, unread, and reads each input once for both languages", async () => {
  dir = mkdtempSync(join(tmpdir(), "tps-memo-"));
  const input = {runs: 3};
  const first = await pageMemo(dir, "v1", 0, true).page("/steps/a", input, draw("a"));
  expect(JSON.parse(first.json!)).toEqual({title: {text: "a"}});
  // The entry is not read: a damaged one would fail to parse if it were.
  writeFileSync(join(dir, `${first.key}.json`), "not json");
  const memo = pageMemo(dir, "v1", 0, true);
  const held = await memo.page("/steps/a", input, draw("drawn again"));
  expect(held).toMatchObject({json: null, key: first.key});
  // The same input under another path (the Turkish page) is its own entry.
  const tr = await memo.page("/tr/steps/a", input, draw("tr"));
  expect(tr.key).not.toBe(first.key);
  expect(JSON.parse(tr.json!)).toEqual({title: {text: "tr"}});
  // npm run dev's memo reads what it holds.
  const dev = await pageMemo(dir, "v1", 0).page("/tr/steps/a", input, draw("drawn again"));
  expect(JSON.parse(dev.json!)).toEqual({title: {text: "tr"}});
});
