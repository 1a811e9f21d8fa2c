// The renderer's line for a page: a page the memo held and one it drew must digest alike, or the next incremental
// build would build every memo page again; a line without fragments is read from the memo's file.
import {createHash} from "node:crypto";
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, expect, it} from "vitest";
import {lineDigest, lineFragments, linePath, pageLine} from "../../src/render/page-line.js";
import {SerializedFragments} from "../../src/render/page-memo.js";

let dir = "";
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const key = "ab".repeat(32);
const fragments = {title: {text: 'a "quoted" title"]'}, table: {html: "<p>1</p>"}};

it("a page drawn and the same page held by the memo digest alike, by their key", () => {
  const drawn = Buffer.from(pageLine("/steps/a", new SerializedFragments(JSON.stringify(fragments), key)));
  const held = Buffer.from(pageLine("/steps/a", new SerializedFragments(null, key)));
  expect(held.toString()).toBe(`["/steps/a",null,"${key}"]`);
  expect(lineDigest(drawn)).toBe(key);
  expect(lineDigest(held)).toBe(key);
  expect(linePath(held)).toBe("/steps/a");
});

it("a page drawn without a memo digests as its line's sha256, whatever its text ends with", () => {
  const line = Buffer.from(pageLine("/", fragments));
  expect(line.toString()).toBe(JSON.stringify(["/", fragments]));
  expect(lineDigest(line)).toBe(createHash("sha256").update(line).digest("hex"));
  expect(lineFragments(line)).toEqual(["/", fragments]);
});

it("a held page's fragments are read from the memo's file; without a memo, the line is named", () => {
  dir = mkdtempSync(join(tmpdir(), "tps-line-"));
  writeFileSync(join(dir, `${key}.json`), JSON.stringify(fragments));
  const held = Buffer.from(pageLine("/tr/steps/a", new SerializedFragments(null, key)));
  expect(lineFragments(held, dir)).toEqual(["/tr/steps/a", fragments]);
  expect(() => lineFragments(held, "")).toThrow(
    "/tr/steps/a: the renderer's line holds no fragments and names no memo entry"
  );
});
