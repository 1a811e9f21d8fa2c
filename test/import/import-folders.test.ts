// Issue 29, cases 9 and 10: import into an existing empty folder, and temporary folders an interrupted import left
// behind, found and removed by the next import, run or gather.
import {spawnSync} from "node:child_process";
import {existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {importResults} from "../../loaders/import/index.js";
import {removeStale, removeStaleImports} from "../../loaders/runs/run-folder.js";
import {writeSaveResults, writeSweepExperiment} from "../support/sweep-experiment.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(join(tmpdir(), "tps-import-folders-"));
});
afterEach(() => rmSync(tmp, {recursive: true, force: true}));

const deadPid = (): number => spawnSync("true").pid!;

describe("import's folders", () => {
  it("imports into an existing empty folder", () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    mkdirSync(study);
    const report = importResults(files, study);
    expect([report.newStudy, report.created.length]).toEqual([true, 6]);
    expect(readdirSync(study).sort()).toEqual(["runs", "study.yaml"]);
  });

  it("removes what an import killed midway left beside the study and in its runs/, and says so", () => {
    const files = writeSaveResults(join(tmp, "results"));
    const study = join(tmp, "study");
    importResults(files, study);
    const dead = deadPid();
    const beside = join(tmp, `.import-${dead}-1700000000000.tmp`);
    const inside = join(study, "runs", `.import-${dead}-1700000000000`);
    mkdirSync(join(beside, "runs"), {recursive: true});
    mkdirSync(join(inside, "sweep--max_num_seqs-64--random-2000-100"), {recursive: true});
    // One of a live process is its own, still being written: left alone.
    const live = join(tmp, `.import-${process.pid}-1700000000000.tmp`);
    mkdirSync(live);
    const report = importResults(files, study);
    expect(report.removed).toEqual([beside, inside]);
    expect([existsSync(beside), existsSync(inside), existsSync(live)]).toEqual([false, false, true]);
  });

  it("run and gather find them too: removeStale clears runs/, removeStaleImports the study's parent folder", () => {
    const study = join(tmp, "study");
    mkdirSync(join(study, "runs"), {recursive: true});
    const dead = deadPid();
    mkdirSync(join(study, "runs", `.import-${dead}-5`));
    mkdirSync(join(tmp, `.import-${dead}-5.tmp`));
    writeFileSync(join(tmp, `.import-x-5.tmp`), "not ours");
    expect(removeStale(join(study, "runs"))).toEqual([`.import-${dead}-5`]);
    expect(removeStaleImports(study)).toEqual([join(tmp, `.import-${dead}-5.tmp`)]);
    expect(readdirSync(tmp).sort()).toEqual([".import-x-5.tmp", "study"]);
  });
});

describe("sweep combo folders", () => {
  it("a combo folder whose name holds a newline is imported, not skipped", () => {
    const exp = join(tmp, "exp");
    writeSweepExperiment(exp);
    const combo = "SERVE-max_num_seqs=64-BENCH-random_input_len=2000-random_output_len=100";
    renameSync(join(exp, combo), join(exp, combo.replace("SERVE-", "SERVE-odd\nname-")));
    const report = importResults([exp], join(tmp, "study"));
    // 3 combos × 2 workloads × 3 runs, plus the server that never came up: none left out.
    expect(report.created).toHaveLength(24);
    expect(report.study.runs.filter((r) => r.result.source.includes("odd\nname"))).toHaveLength(3);
  });
});
