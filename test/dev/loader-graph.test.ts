// What `npm run dev` watches and re-runs: a study named by TPS_REPORT_STUDY outside data/ (the bench keeps its
// archives under .bench/) was not watched at all, and a dot anywhere in its path hid every change to it.
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {ignoredChange, loadersToRerun, watchedDirs} from "../../src/build/loader-graph.js";

const root = "/p";
const graph = new Map([
  ["/p/observablehq.config.ts", new Set(["/p/loaders/pages/home.ts"])],
  ["/p/src/data/runs.csv.ts", new Set(["/p/loaders/export/runs.ts"])]
]);

describe("watchedDirs", () => {
  it("watches the project's folders, which hold the seed study", () => {
    expect(watchedDirs(root, "data/studies/qwen3-32b-a100")).toEqual(["/p/loaders", "/p/data", "/p/src"]);
  });
  it("adds a study outside them, relative to the project or absolute", () => {
    expect(watchedDirs(root, ".bench/archive-1000x")).toEqual([
      "/p/loaders",
      "/p/data",
      "/p/src",
      "/p/.bench/archive-1000x"
    ]);
    expect(watchedDirs(root, "/studies/mine")).toEqual(["/p/loaders", "/p/data", "/p/src", "/studies/mine"]);
  });
});

describe("ignoredChange", () => {
  const study = "/p/.bench/archive-1000x";
  it("sees a run written into a study under a dot folder", () => {
    expect(ignoredChange(root, study, "runs/engine-selection--vllm--sharegpt")).toBe(false);
    expect(ignoredChange(root, study, join("runs", "engine-selection--vllm--sharegpt", "result.json"))).toBe(false);
  });
  it("leaves alone a live run not finished, editors' files and Framework's cache", () => {
    expect(ignoredChange(root, study, "runs/.engine-selection--vllm--sharegpt.live/bench.log")).toBe(true);
    expect(ignoredChange(root, "/p/src", "index.md~")).toBe(true);
    expect(ignoredChange(root, "/p/data", "studies/x/study.yaml.tmp")).toBe(true);
    expect(ignoredChange(root, "/p/src", ".observablehq/cache/data/runs.csv")).toBe(true);
    expect(ignoredChange(root, "/p/src", "index.md")).toBe(false);
  });
});

describe("loadersToRerun", () => {
  it("re-runs every loader for a file of the study, wherever it lies", () => {
    const all = [...graph.keys()];
    expect(loadersToRerun(root, graph, "/p/.bench/s/runs/r/result.json", "/p/.bench/s")).toEqual(all);
    expect(loadersToRerun(root, graph, "/p/data/studies/seed/study.yaml", "/p/.bench/s")).toEqual(all);
  });
  it("re-runs a loader for a library file it imports, and none for a file nothing reads", () => {
    expect(loadersToRerun(root, graph, "/p/loaders/export/runs.ts", "/p/.bench/s")).toEqual([
      "/p/src/data/runs.csv.ts"
    ]);
    expect(loadersToRerun(root, graph, "/p/.bench/other/study.yaml", "/p/.bench/s")).toEqual([]);
  });
});
