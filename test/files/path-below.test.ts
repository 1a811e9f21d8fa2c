// A file named from a folder it lies below, else by its absolute path (a study in the repository, a write-up's source).
import {resolve} from "node:path";
import {describe, expect, it} from "vitest";
import {pathBelow} from "../../loaders/files/path-below.js";

describe("pathBelow", () => {
  it("names a file below the folder relative to it, anything else by its absolute path", () => {
    expect(pathBelow("/work/repo", "/work/repo/data/studies/seed")).toBe("data/studies/seed");
    // A relative path is taken from the working directory, as the processes that read it take it.
    expect(pathBelow(process.cwd(), "data/studies/seed")).toBe("data/studies/seed");
    expect(pathBelow("/work/repo", "data/studies/seed")).toBe(resolve("data/studies/seed"));
    expect(pathBelow("/work/repo", "/work/repo")).toBe("/work/repo");
    expect(pathBelow("/work/repo", "/work/repo-other/study")).toBe("/work/repo-other/study");
    expect(pathBelow("/work/repo", "/tmp/study")).toBe("/tmp/study");
  });
});
