// A study outside the working folder (TPS_REPORT_STUDY=/home/…/my-study): its site named its files by their place on
// the author's disk ("/tmp/…/study.yaml:88" on the quality page, "../../tmp/…/bench.log" on each run page and in
// runs.csv's source_file), so the published pages showed where the author keeps the study, and two clones differed.
import {cpSync, mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join, relative} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {namingBase} from "../../loaders/files/naming-base.js";
import {runsForLoader, studyForLoader} from "../../loaders/live/for-loader.js";
import {runDetail} from "../../loaders/runs/run-detail.js";
import type {StudyData} from "../../loaders/analysis/report.js";

const root = mkdtempSync(join(tmpdir(), "tps-naming-base-"));
const dir = join(root, "shelf", "my-study");
const RUN = "engine-selection--sglang--sharegpt";
const named = process.env.TPS_REPORT_STUDY;
let study: StudyData;

beforeAll(async () => {
  mkdirSync(join(root, "shelf"));
  cpSync("data/studies/qwen3-32b-a100", dir, {recursive: true});
  process.env.TPS_REPORT_STUDY = dir;
  study = await studyForLoader();
});
afterAll(() => {
  if (named === undefined) delete process.env.TPS_REPORT_STUDY;
  else process.env.TPS_REPORT_STUDY = named;
  rmSync(root, {recursive: true, force: true});
});

describe("namingBase", () => {
  it("is the working folder for a study inside it, else the folder that holds the study", () => {
    expect(namingBase("data/studies/qwen3-32b-a100", "/work/repo")).toBe("/work/repo");
    expect(namingBase("/work/repo/data/studies/x", "/work/repo")).toBe("/work/repo");
    expect(namingBase("/home/ada/studies/x", "/work/repo")).toBe("/home/ada/studies");
    expect(namingBase("../studies/x", "/work/repo")).toBe("/work/studies");
  });
});

describe("a study outside the working folder", () => {
  it("names its plan and every finding's file from the folder that holds it", () => {
    expect(study.plan.file).toBe("my-study/study.yaml");
    const files = study.report.findings.flatMap((f) => (f.file ? [f.file] : []));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^(my-study\/|data\/gpus\/)/);
  });

  it("names each run's result file so in its row (runs.csv's source_file)", async () => {
    const sources = study.rows.map((r) => r.source_file);
    expect(sources).toContain(`my-study/runs/${RUN}/bench.log`);
    // The seed's two failed runs (TensorRT-LLM with AWQ and with FP8) printed no result: they name none.
    expect(sources.filter((s) => s === null)).toHaveLength(2);
    for (const source of sources) if (source !== null) expect(source).toMatch(/^my-study\/runs\//);
    const {rows} = await runsForLoader();
    expect(rows.map((r) => r.source_file)).toEqual(sources);
  });

  it("names it so when TPS_REPORT_STUDY gives it relative to the working folder (../../tmp/…)", async () => {
    // The relative path is the working folder's: named from the study's parent, it is still my-study.
    process.env.TPS_REPORT_STUDY = relative(process.cwd(), dir);
    try {
      const named = await studyForLoader();
      expect(named.plan.file).toBe("my-study/study.yaml");
      expect(named.rows.map((r) => r.source_file)).toEqual(study.rows.map((r) => r.source_file));
    } finally {
      process.env.TPS_REPORT_STUDY = dir;
    }
  });

  it("names a run page's logs so, and still reads them", async () => {
    const detail = await runDetail(dir, RUN, study.plan);
    expect(detail.logs.map((l) => l.file)).toEqual([`my-study/runs/${RUN}/bench.log`]);
    expect(detail.logs[0].text).toContain("Serving Benchmark Result");
    expect(detail.row.source_file).toBe(`my-study/runs/${RUN}/bench.log`);
  });
});
