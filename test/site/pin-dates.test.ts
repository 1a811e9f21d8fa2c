// What build:reproducible pins: every file under Framework's loader cache dated SOURCE_DATE_EPOCH, else the last
// commit of data/, loaders/ and src/; a date it cannot read is one line.
import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {pinFileDates, SourceDateError, sourceDateEpoch} from "../../src/build/pin-dates.js";

const root = mkdtempSync(join(tmpdir(), "tps-pin-dates-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

describe("pinFileDates", () => {
  it("dates every file under the folder, nested ones too, and counts them; a missing folder has none", () => {
    const cache = join(root, "cache");
    mkdirSync(join(cache, "data", "deep"), {recursive: true});
    for (const file of ["report.json", "data/runs.csv", "data/deep/aggregate.parquet"])
      writeFileSync(join(cache, file), file);
    expect(pinFileDates(cache, 1767225600)).toBe(3);
    for (const file of ["report.json", "data/runs.csv", "data/deep/aggregate.parquet"])
      expect(statSync(join(cache, file)).mtimeMs, file).toBe(1767225600000);
    expect(pinFileDates(join(root, "absent"), 1767225600)).toBe(0);
  });

  it("dates only what is dated otherwise, and leaves hidden files and the names it is told to skip as they are", () => {
    const cache = join(root, "skipping");
    mkdirSync(join(cache, "data"), {recursive: true});
    mkdirSync(join(cache, ".site"), {recursive: true});
    for (const file of ["data/runs.csv", "_build.json", ".site/state.json"]) writeFileSync(join(cache, file), file);
    expect(pinFileDates(cache, 1767225600, ["_build.json"])).toBe(1);
    expect(pinFileDates(cache, 1767225600, ["_build.json"])).toBe(0);
    for (const file of ["_build.json", ".site/state.json"])
      expect(statSync(join(cache, file)).mtimeMs, file).not.toBe(1767225600000);
  });
});

describe("sourceDateEpoch", () => {
  it("SOURCE_DATE_EPOCH when set; else the last commit of data/, loaders/ and src/", () => {
    expect(sourceDateEpoch({SOURCE_DATE_EPOCH: "1767225600"})).toBe(1767225600);
    const commit = execFileSync("git", ["log", "-1", "--format=%ct", "--", "data", "loaders", "src"], {
      encoding: "utf8"
    });
    expect(sourceDateEpoch({})).toBe(Number(commit.trim()));
    expect(sourceDateEpoch({SOURCE_DATE_EPOCH: ""})).toBe(Number(commit.trim()));
  });

  it("a date that is not whole seconds, or no git history to date by: one line saying so", () => {
    expect(() => sourceDateEpoch({SOURCE_DATE_EPOCH: "2026-01-01"})).toThrow(
      new SourceDateError("SOURCE_DATE_EPOCH '2026-01-01' is not a whole number of seconds")
    );
    expect(() => sourceDateEpoch({}, root)).toThrow(SourceDateError);
  });
});
