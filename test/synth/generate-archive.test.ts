// The synthetic archive generator: study layout the loaders read, determinism, and files that say what was simulated.
import {createHash} from "node:crypto";
import {existsSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {loadStudy, type StudyData} from "../../loaders/analysis/report.js";
import {synthPlan, SEED_RUNS} from "../support/synth/study-plan.js";
import {writeArchive} from "../support/synth/write-archive.js";
import {plannedSynthRuns} from "../support/synth/write-run.js";

const ROOT = "test/.tmp/synth";
const A = join(ROOT, "a");
const B = join(ROOT, "b");
const C = join(ROOT, "c");
let study: StudyData;

function digest(dir: string): string {
  const hash = createHash("sha256");
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (name === "synth.json") continue;
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(path.slice(dir.length)).update(readFileSync(path));
    }
  };
  walk(dir);
  return hash.digest("hex");
}

beforeAll(async () => {
  rmSync(ROOT, {recursive: true, force: true});
  await writeArchive(A, {scale: 1, seed: "test", jobs: 1, entry: ""});
  study = await loadStudy(A);
});

afterAll(() => rmSync(ROOT, {recursive: true, force: true}));

describe("synthetic archive layout", () => {
  it("holds the seed's run count, every planned run, in the study layout", () => {
    expect(study.runs).toHaveLength(SEED_RUNS);
    expect(readdirSync(join(A, "runs")).filter((n) => n.startsWith("."))).toEqual([]);
    for (const run of study.runs) {
      const files = readdirSync(run.dir).sort();
      if (run.meta.status === "ok") expect(files).toContain("bench.log");
      else expect(files).toEqual(["run.json", "server.log"]);
      expect(existsSync(join(run.dir, "result.json"))).toBe(run.meta.bench_argv.includes("--save-detailed"));
    }
  });

  it("reads back with no error finding: plan, run metadata and printed figures agree", () => {
    expect(study.report.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(study.report.findings.filter((f) => f.code === "run-missing" || f.code === "run-unplanned")).toEqual([]);
    const failed = study.rows.filter((r) => r.status === "failed").map((r) => r.candidate);
    expect(failed.sort()).toEqual(["trtllm-awq", "trtllm-fp8"]);
  });

  it("keeps the seed's engine ordering in the first step", () => {
    expect(study.report.steps[0].standings.sharegpt.map((s) => s.candidate)).toEqual(["trtllm", "vllm", "sglang"]);
  });

  it("scales the run count with k and adds repeats, steps and candidates", () => {
    for (const scale of [10, 100, 1000]) {
      const plan = synthPlan(scale, "test");
      const runs = plannedSynthRuns(plan).length;
      expect(runs).toBe(SEED_RUNS * scale);
      // The selection scenario runs 3 repeats per point from 10× on (it used to be 3 trial scenarios).
      expect(plan.scenarios.find((s) => s.id === "sharegpt")?.repeats).toBe(3);
      expect(plannedSynthRuns(plan).filter((r) => r.repeat === 3).length).toBeGreaterThan(scale);
    }
    expect(synthPlan(1000, "test").steps.length).toBeGreaterThan(100);
  });
});

describe("determinism", () => {
  it("writes the same bytes for the same seed, other bytes for another seed", async () => {
    await writeArchive(B, {scale: 1, seed: "test", jobs: 1, entry: ""});
    await writeArchive(C, {scale: 1, seed: "other", jobs: 1, entry: ""});
    expect(digest(B)).toBe(digest(A));
    expect(digest(C)).not.toBe(digest(A));
  });
});
